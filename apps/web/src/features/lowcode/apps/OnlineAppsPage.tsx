/**
 * 在线应用 (`/onlineApps`): the group the low-code designer publishes modules into. Opened itself (it has no screen
 * of its own in the spec), it shows the published applications the user may open as cards, each opening its
 * screen as the side menu would; with none published yet, an empty state that leads to 功能设计.
 */
import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Card, Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MenuIcon } from '../../../components/MenuIcon';
import { filterByRoles, findMenuForRoute, type MenuItem, menuLeaves, menuName } from '../../../lib/menu';
import { useOpenMenu } from '../../../lib/openMenu';
import { useTranslateKey } from '../../../lib/translate';
import { useSession } from '../../../stores/session';

export const ONLINE_APPS_PATH = '/onlineApps';
const DESIGN_PATH = '/onlineDev/webDesign';

/** The entries below the 在线应用 group that a user can open (hidden ones left out). */
export function publishedApps(menu: MenuItem[]): MenuItem[] {
  const group = findMenuForRoute(menu, ONLINE_APPS_PATH);
  return menuLeaves(group?.children ?? []).filter((m) => !m.meta?.hidden);
}

export default function OnlineAppsPage() {
  const { t } = useTranslation();
  const translate = useTranslateKey();
  const navigate = useNavigate();
  const openMenu = useOpenMenu();
  const menuAll = useSession((s) => s.menuAll);
  const roles = useSession((s) => s.roles);
  const shown = useMemo(() => filterByRoles(menuAll, roles), [menuAll, roles]);
  const apps = useMemo(() => publishedApps(shown), [shown]);
  const canDesign = !!findMenuForRoute(shown, DESIGN_PATH);

  return (
    <Card title={t('lowcode.apps.title')} data-testid="online-apps-page">
      {apps.length === 0 ? (
        <Empty description={t('lowcode.apps.empty')}>
          {canDesign && (
            <Button type="primary" onClick={() => navigate(DESIGN_PATH)}>
              {t('lowcode.apps.toDesign')}
            </Button>
          )}
        </Empty>
      ) : (
        <ul
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
            gap: 16,
            listStyle: 'none',
            margin: 0,
            padding: 0,
          }}
        >
          {apps.map((m) => (
            <li key={String(m.id ?? m.path)}>
              <Card
                hoverable
                tabIndex={0}
                onClick={() => openMenu(m)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    openMenu(m);
                  }
                }}
              >
                <Card.Meta
                  avatar={m.source || m.icon ? <MenuIcon name={m.source ?? m.icon} /> : <AppstoreOutlined />}
                  title={menuName(m, translate)}
                />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
