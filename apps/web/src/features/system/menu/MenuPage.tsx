/**
 * Menus (`/blade-system/menu`): a lazy tree of menus and their buttons; per menu: add a child or a button, and
 * its data scopes and API scopes.
 */
import { ApiOutlined, FilterOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Menu, menuApi } from '../../../api/system';
import { AddChildButton, CrudPage, type Option, RowButton } from '../../../components/crud';
import { ScopeDrawer } from '../../../components/ScopeDrawer';
import { formScriptOf, withFormScript, withoutFormScript } from '../../../lib/formScript';
import { lazyTreePage } from '../../../lib/lazyTree';
import { usePermission } from '../../../stores/session';
import { menuColumns } from './columns';

const api = { ...menuApi, page: lazyTreePage<Menu>(menuApi.lazyList, menuApi.page) };

/** The form script has its own field; on the wire it lives in propertyJson. */
async function openMenu(mode: string, row: Menu | undefined): Promise<Partial<Menu>> {
  const v: Partial<Menu> = mode !== 'add' && row ? ((await menuApi.detail(String(row.id))) ?? row) : (row ?? {});
  return { ...v, formScript: formScriptOf(v.propertyJson), propertyJson: withoutFormScript(v.propertyJson) };
}

function shapeMenu(values: Partial<Menu>): Partial<Menu> {
  const { formScript, ...rest } = values as Partial<Menu> & { formScript?: string };
  return { ...rest, propertyJson: withFormScript(rest.propertyJson, formScript) };
}

/** the option labels of a dictionary-backed column, for rows of the lazy list */
export type { Option };

export default function MenuPage() {
  const { t } = useTranslation();
  const [scope, setScope] = useState<{ kind: 'data' | 'api'; menu: Menu } | null>(null);
  const canAdd = usePermission('menu_add');
  return (
    <>
      <CrudPage<Menu>
        api={api}
        columns={menuColumns}
        title="menuMgr.title"
        permission="menu"
        paged={false}
        beforeOpen={openMenu}
        beforeSubmit={shapeMenu}
        lazy={(row) => menuApi.lazyList({ parentId: row.id })}
        actionWidth={520}
        rowActions={(row, h) => (
          <>
            {canAdd && row.category !== 2 && (
              <AddChildButton h={h} child={{ parentId: row.id }} label="menuMgr.addChild" />
            )}
            {row.category === 1 && (
              <>
                <RowButton icon={<FilterOutlined />} onClick={() => setScope({ kind: 'data', menu: row })}>
                  {t('scope.dataTitle')}
                </RowButton>
                <RowButton icon={<ApiOutlined />} onClick={() => setScope({ kind: 'api', menu: row })}>
                  {t('scope.apiTitle')}
                </RowButton>
              </>
            )}
          </>
        )}
      />
      <ScopeDrawer kind={scope?.kind ?? 'data'} menu={scope?.menu ?? null} onClose={() => setScope(null)} />
    </>
  );
}
