/**
 * The side menu (spec 1 §2.3): built from the server menu of the chosen business area, items shown when their
 * meta roles are absent or contain the user's roles, names from meta.i18n with the name as fallback. Opening an
 * entry follows its kind (route, embedded frame, dynamic list, external window); at size class 1 or lower the
 * menu collapses after a click.
 */
import { Layout, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MenuIcon } from '../components/MenuIcon';
import { filterByRoles, findMenuForRoute, flattenMenu, type MenuItem, menuName, menuTarget } from '../lib/menu';
import { useOpenMenu } from '../lib/openMenu';
import { shellTheme } from '../lib/themes';
import { useTranslateKey } from '../lib/translate';
import { useSession } from '../stores/session';
import { useUi } from '../stores/ui';
import { prefetchScreen } from './prefetch';

type Items = NonNullable<MenuProps['items']>;

const keyOf = (m: MenuItem) => String(m.id ?? m.path ?? m.name);
const visible = (m: MenuItem) => !m.meta?.hidden;

function ancestors(menu: MenuItem[], key: string): string[] {
  const path: string[] = [];
  const walk = (items: MenuItem[], trail: string[]): boolean => {
    for (const m of items) {
      if (keyOf(m) === key) {
        path.push(...trail);
        return true;
      }
      if (m.children?.length && walk(m.children, [...trail, keyOf(m)])) return true;
    }
    return false;
  };
  walk(menu, []);
  return path;
}

export function Sidebar() {
  const { t } = useTranslation();
  const translate = useTranslateKey();
  const location = useLocation();
  const openMenu = useOpenMenu();
  const menu = useSession((s) => s.menu);
  const roles = useSession((s) => s.roles);
  const collapse = useUi((s) => s.collapse);
  const themeName = useUi((s) => s.themeName);
  const shown = useMemo(() => filterByRoles(menu, roles), [menu, roles]);
  const byKey = useMemo(() => new Map(flattenMenu(shown).map((m) => [keyOf(m), m])), [shown]);

  const items = useMemo(() => {
    const build = (list: MenuItem[]): Items =>
      list.filter(visible).map((m) => {
        const kids = (m.children ?? []).filter(visible);
        const label = menuName(m, translate);
        const icon = <MenuIcon key="icon" name={m.source ?? m.icon} />;
        if (kids.length) return { key: keyOf(m), label, icon, children: build(kids) };
        const target = menuTarget(m);
        return {
          key: keyOf(m),
          label: <span data-path={m.path}>{label}</span>,
          icon,
          title: label,
          // the screen's code starts loading while the pointer rests on its entry
          onMouseEnter: target.kind === 'route' ? () => void prefetchScreen(target.to) : undefined,
        };
      });
    return build(shown);
  }, [shown, translate]);

  const selected = findMenuForRoute(shown, location.pathname, location.search);
  const selectedKey = selected ? keyOf(selected) : '';
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    if (selectedKey) setOpenKeys((keys) => [...new Set([...keys, ...ancestors(shown, selectedKey)])]);
  }, [selectedKey, shown]);

  return (
    <Layout.Sider
      className="swp-sider"
      collapsed={collapse}
      collapsedWidth={64}
      width={220}
      trigger={null}
      theme={shellTheme(themeName).siderMenu}
    >
      <div className="swp-logo" title={t('title')}>
        <span className="swp-logo-mark">{t('shortTitle')}</span>
        {!collapse && <span className="swp-logo-text">{t('title')}</span>}
      </div>
      <div className="swp-sider-menu">
        <Menu
          mode="inline"
          theme={shellTheme(themeName).siderMenu}
          items={items}
          selectedKeys={selectedKey ? [selectedKey] : []}
          openKeys={collapse ? undefined : openKeys}
          onOpenChange={(keys) => setOpenKeys(keys as string[])}
          onClick={({ key }) => {
            const item = byKey.get(String(key));
            if (item) openMenu(item);
          }}
        />
      </div>
    </Layout.Sider>
  );
}
