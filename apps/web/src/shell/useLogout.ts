/**
 * 退出登录 from the user menu and from the lock screen: asks first, then signs out and goes to the sign-in page.
 */
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../stores/session';

export function useLogout() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  return () => {
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('logoutTip'),
      onOk: async () => {
        await useSession.getState().logout();
        navigate('/login', { replace: true });
      },
    });
  };
}
