/**
 * The tab bar (spec 1 §2.4, §4): card tabs, closable when more than one is open; a context menu on each tab and a
 * dropdown offer clear cache (asks 是否需要清除缓存? then reports 清除完毕), close others (keeps the current tab
 * and the first page), close all (back to the welcome tab) and search (the menu search overlay). Closing the
 * active tab activates the previous one, or the first if it was the first.
 */
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isClosable } from '../lib/tabs';
import { tabTitle } from '../lib/translate';
import { useTabs } from '../stores/tabs';
import { type TabAction, useTabActions } from './useTabActions';

export function TabBar() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { menuItems, run } = useTabActions();
  const list = useTabs((s) => s.list);
  const active = useTabs((s) => s.active);
  const closable = isClosable(list);
  // the menus are held open here and closed before their action runs: an action that changes the tabs re-renders
  // the tab the context menu belongs to, and left to itself the menu sometimes stayed open over the new tab bar
  const [menuOf, setMenuOf] = useState<string | null>(null);
  const [moreOpen, setMoreOpen] = useState(false);

  function close(value: string) {
    const next = useTabs.getState().close(value);
    if (next) navigate(next.value);
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
                  run(key as TabAction, tab.value);
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
                run(key as TabAction);
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
