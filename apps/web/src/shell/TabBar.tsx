/**
 * The tab bar (spec 1 §2.4, §4): card tabs, closable when more than one is open; a context menu on each tab and a
 * dropdown offer clear cache (asks 是否需要清除缓存? then reports 清除完毕), close others (keeps the current tab
 * and the first page), close all (back to the welcome tab) and search (the menu search overlay). Closing the
 * active tab activates the previous one, or the first if it was the first.
 */
import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearCacheCall } from '../api/auth';
import { queryClient } from '../lib/queryClient';
import { isClosable } from '../lib/tabs';
import { useTabs } from '../stores/tabs';
import { useUi } from '../stores/ui';
import { tabTitle } from './translate';

type Action = 'clearCache' | 'closeOthers' | 'closeAll' | 'search';

export function TabBar() {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const list = useTabs((s) => s.list);
  const active = useTabs((s) => s.active);
  const closable = isClosable(list);
  // the menus are held open here and closed before their action runs: an action that changes the tabs re-renders
  // the tab the context menu belongs to, and left to itself the menu sometimes stayed open over the new tab bar
  const [menuOf, setMenuOf] = useState<string | null>(null);
  const [moreOpen, setMoreOpen] = useState(false);

  const menuItems: MenuProps['items'] = [
    { key: 'clearCache', label: t('tagsView.clearCache') },
    { key: 'closeOthers', label: t('tagsView.closeOthers') },
    { key: 'closeAll', label: t('tagsView.closeAll') },
    { key: 'search', label: t('tagsView.search') },
  ];

  function close(value: string) {
    const next = useTabs.getState().close(value);
    if (next) navigate(next.value);
  }

  function run(action: Action, tabValue?: string) {
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

  return (
    <div className="swp-tabs" data-testid="tab-bar">
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={active}
        onChange={(key) => navigate(key)}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        items={list.map((tab) => ({
          key: tab.value,
          closable,
          label: (
            <Dropdown
              trigger={['contextMenu']}
              open={menuOf === tab.value}
              onOpenChange={(open) => setMenuOf(open ? tab.value : null)}
              menu={{
                items: menuItems,
                onClick: ({ key }) => {
                  setMenuOf(null);
                  run(key as Action, tab.value);
                },
              }}
            >
              <span className="swp-tab-label" data-tab={tab.value}>
                {tabTitle(tab, i18n.language)}
              </span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={
          <Dropdown
            trigger={['click']}
            open={moreOpen}
            onOpenChange={setMoreOpen}
            menu={{
              items: menuItems,
              onClick: ({ key }) => {
                setMoreOpen(false);
                run(key as Action);
              },
            }}
          >
            <Button size="small" type="text" className="swp-tabs-more" data-testid="tabs-more">
              {t('tagsView.menu')} <DownOutlined />
            </Button>
          </Dropdown>
        }
      />
    </div>
  );
}
