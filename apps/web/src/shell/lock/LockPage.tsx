/**
 * The lock screen (/lock, spec 1 §2.1, §4): the signed-in user, the clock, the lock password to unlock (back to
 * the tab that was open), and a way out (log out). Without a lock in place it sends you home.
 */
import { ArrowRightOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Input, Space, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { AppFeedback } from '../../components/AppFeedback';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { displayName } from '../UserMenu';
import { useLogout } from '../useLogout';
import './lock.css';
import { lockReturnPath, unlockSession } from './sessionLock';

function useClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const h = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(h);
  }, []);
  return now;
}

function LockScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const logout = useLogout();
  const isLock = useUi((s) => s.isLock);
  const userInfo = useSession((s) => s.userInfo);
  const [passwd, setPasswd] = useState('');
  const [shake, setShake] = useState(false);
  const now = useClock();

  useEffect(() => {
    document.title = t('lock.pageTitle');
  }, [t]);

  // unlocked (here or in another tab): back to the page that was open
  if (!isLock) return <Navigate to={lockReturnPath()} replace />;

  async function unlock() {
    // checked by the server (the password may have been set in another tab); back to the page that was open
    if (await unlockSession(passwd)) return;
    setShake(true);
    setTimeout(() => setShake(false), 500);
    void message.error(t('lock.wrong'));
  }

  const avatar = typeof userInfo?.avatar === 'string' && userInfo.avatar ? userInfo.avatar : undefined;
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    <div className="swp-lock">
      <div className="swp-lock-time">
        {pad(now.getHours())}:{pad(now.getMinutes())}:{pad(now.getSeconds())}
      </div>
      <div className={`swp-lock-card${shake ? ' is-shaking' : ''}`}>
        <Avatar size={72} src={avatar} icon={<UserOutlined />} />
        <div className="swp-lock-name">{displayName(userInfo)}</div>
        <Space.Compact className="swp-lock-input">
          <Input.Password
            placeholder={t('lock.placeholder')}
            aria-label={t('lock.placeholder')}
            value={passwd}
            autoFocus
            onChange={(e) => setPasswd(e.target.value)}
            onPressEnter={() => void unlock()}
          />
          <Tooltip title={t('lock.unlock')}>
            <Button
              type="primary"
              icon={<ArrowRightOutlined />}
              onClick={() => void unlock()}
              aria-label={t('lock.unlock')}
              data-testid="unlock"
            />
          </Tooltip>
        </Space.Compact>
        <Button type="link" icon={<LogoutOutlined />} onClick={logout} className="swp-lock-logout">
          {t('lock.logout')}
        </Button>
      </div>
    </div>
  );
}

export default function LockPage() {
  return (
    <AppFeedback>
      <LockScreen />
    </AppFeedback>
  );
}
