/**
 * The tab bar's menu actions: clear cache (asks first, then clears the server cache and the query cache and
 * remounts the active tab), close others (keeps the chosen tab), close all (back to the welcome tab), search.
 */
import { App, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearCacheCall } from '../api/auth';
import { queryClient } from '../lib/queryClient';
import { useTabs } from '../stores/tabs';
import { useUi } from '../stores/ui';

export type TabAction = 'clearCache' | 'closeOthers' | 'closeAll' | 'search';

export function useTabActions() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();

  const menuItems: MenuProps['items'] = [
    { key: 'clearCache', label: t('tagsView.clearCache') },
    { key: 'closeOthers', label: t('tagsView.closeOthers') },
    { key: 'closeAll', label: t('tagsView.closeAll') },
    { key: 'search', label: t('tagsView.search') },
  ];

  function run(action: TabAction, tabValue?: string) {
    const tabs = useTabs.getState();
    switch (action) {
      case 'clearCache':
        modal.confirm({
          title: t('common.confirmTitle'),
          content: t('tagsView.clearCacheTip'),
          onOk: async () => {
            await clearCacheCall().catch(() => undefined);
            queryClient.clear();
            useTabs.getState().remount([useTabs.getState().active]);
            void message.success(t('tagsView.clearCacheDone'));
          },
        });
        break;
      case 'closeOthers': {
        const current = tabValue ?? tabs.active;
        if (current !== tabs.active) navigate(current);
        tabs.closeOthers(current);
        break;
      }
      case 'closeAll':
        navigate(tabs.closeAll().value);
        break;
      case 'search':
        useUi.getState().setSearchOpen(true);
        break;
    }
  }

  return { menuItems, run };
}
