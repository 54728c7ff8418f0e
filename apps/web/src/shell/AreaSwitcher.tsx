/**
 * Business-area switcher (spec 1 §1, §2.3, §6): a dropdown of the top menus, each with its icon. The choice is
 * kept in session storage and the side menu reloads for it; a top menu whose code is a web address opens in a
 * new window instead.
 */
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TopMenu } from '../api/auth';
import { MenuIcon } from '../components/MenuIcon';
import { menuLeaves, menuTarget, topMenuOpensWindow } from '../lib/menu';
import { useTranslateKey } from '../lib/translate';
import { useSession } from '../stores/session';

export function AreaSwitcher() {
  const { t } = useTranslation();
  const translate = useTranslateKey();
  const navigate = useNavigate();
  const topMenus = useSession((s) => s.topMenus);
  const topMenuId = useSession((s) => s.topMenuId);
  const current = topMenus.find((m) => m.id === topMenuId);
  const nameOf = (m: TopMenu) => translate(m.meta?.i18n ?? m.i18n ?? '') ?? m.name;

  async function choose(id: string) {
    const top = topMenus.find((m) => m.id === id);
    if (top && topMenuOpensWindow(top.code)) {
      window.open(top.code, '_blank', 'noopener');
      return;
    }
    const menu = await useSession.getState().chooseTopMenu(id);
    // open the area's own page, else its first entry
    if (top?.path) navigate(top.path);
    else {
      const first = menuLeaves(menu).find((m) => !m.meta?.hidden);
      if (first) {
        const target = menuTarget(first);
        if (target.kind === 'route') navigate(target.to);
      }
    }
  }

  if (!topMenus.length) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [topMenuId || '__all'],
        className: 'swp-area-menu',
        items: [
          { key: '__all', label: t('navbar.allAreas'), icon: <MenuIcon name="AppstoreOutlined" /> },
          { type: 'divider' },
          ...topMenus.map((m) => ({ key: m.id, label: nameOf(m), icon: <MenuIcon name={m.source} /> })),
        ],
        onClick: ({ key }) => void choose(key === '__all' ? '' : key),
      }}
    >
      <Button type="text" className="swp-area-switcher" data-testid="area-switcher" title={t('navbar.area')}>
        <MenuIcon name={current?.source ?? 'AppstoreOutlined'} />
        <span className="swp-area-name">{current ? nameOf(current) : t('navbar.allAreas')}</span>
        <DownOutlined className="swp-area-caret" />
      </Button>
    </Dropdown>
  );
}
