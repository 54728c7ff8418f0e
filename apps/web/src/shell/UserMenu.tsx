/**
 * Avatar and nickname dropdown (spec 1 §2.3): home, personal information, switch department/role (switch mode
 * only), log out after a translated confirmation.
 */
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { website } from '../lib/website';
import { useSession } from '../stores/session';
import { useLogout } from './useLogout';

const SwitchDialog = lazy(() => import('./SwitchDialog'));

export function displayName(info: Record<string, unknown> | null | undefined): string {
  if (!info) return '';
  for (const k of ['nick_name', 'nickName', 'real_name', 'realName', 'user_name', 'account']) {
    const v = info[k];
    if (typeof v === 'string' && v) return v;
  }
  return '';
}

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const userInfo = useSession((s) => s.userInfo);
  const switchMode = useSession((s) => s.config.switchMode);
  const [switching, setSwitching] = useState(false);
  const name = displayName(userInfo);
  const avatar = typeof userInfo?.avatar === 'string' && userInfo.avatar ? userInfo.avatar : undefined;

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'home', label: t('navbar.dashboard') },
            { key: 'info', label: t('navbar.userinfo') },
            ...(switchMode ? [{ key: 'switch', label: t('navbar.switchDept') }] : []),
            { type: 'divider' as const },
            { key: 'logout', label: t('navbar.logOut'), danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'home') navigate(website.firstPage.value);
            else if (key === 'info') navigate('/info/index');
            else if (key === 'switch') setSwitching(true);
            else if (key === 'logout') logout();
          },
        }}
      >
        <button type="button" className="swp-user" data-testid="user-menu">
          <Avatar size={28} src={avatar} icon={<UserOutlined />} />
          <span className="swp-user-name">{name}</span>
          <DownOutlined className="swp-user-caret" />
        </button>
      </Dropdown>
      {switching && (
        <Suspense>
          <SwitchDialog
            open
            userId={String(userInfo?.user_id ?? '')}
            onCancel={() => setSwitching(false)}
            onDone={() => {
              setSwitching(false);
              navigate(website.firstPage.value);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
