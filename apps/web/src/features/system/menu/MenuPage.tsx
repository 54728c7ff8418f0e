/**
 * Menus (`/blade-system/menu`): a lazy tree of menus and their buttons; per menu: add a child or a button, and
 * its data scopes and API scopes.
 */
import { ApiOutlined, FilterOutlined, PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Menu, menuApi } from '../../../api/system';
import { type CrudColumn, CrudPage, type Option, RowButton, remarkColumn, sortColumn } from '../../../components/crud';
import { ScopeDrawer } from '../../../components/ScopeDrawer';
import { TreeSelectField } from '../../../components/widgets';
import { toTreeOptions } from '../../../components/widgets/treeUtils';
import { formScriptOf, withFormScript, withoutFormScript } from '../../../lib/formScript';
import { lazyTreePage } from '../../../lib/lazyTree';
import { usePermission } from '../../../stores/session';
import { FormScriptField } from './FormScriptField';

const menuTree = async () => [
  { value: '0', title: '顶级', children: toTreeOptions(await menuApi.menuList(), { title: 'name', value: 'id' }) },
];

const columns: CrudColumn<Menu>[] = [
  { prop: 'name', label: 'menuMgr.name', search: true, required: 'menuMgr.nameRequired' },
  { prop: 'code', label: 'menuMgr.code', search: true, required: 'menuMgr.codeRequired' },
  { prop: 'alias', label: 'menuMgr.alias' },
  { prop: 'path', label: 'menuMgr.path', search: true },
  { prop: 'source', label: 'menuMgr.source', tip: 'menuMgr.sourceTip' },
  { prop: 'i18n', label: 'menuMgr.i18n', hide: true },
  {
    prop: 'parentId',
    label: 'menuMgr.parentId',
    hide: true,
    span: 24,
    component: () => <TreeSelectField load={menuTree} />,
    defaultValue: '0',
  },
  {
    prop: 'category',
    label: 'menuMgr.category',
    type: 'radio',
    dict: 'menu_category',
    numeric: true,
    required: 'menuMgr.categoryRequired',
    defaultValue: 1,
  },
  {
    prop: 'action',
    label: 'menuMgr.action',
    type: 'radio',
    dict: 'button_func',
    numeric: true,
    defaultValue: 0,
    hide: true,
  },
  { prop: 'isOpen', label: 'menuMgr.isOpen', type: 'radio', dict: 'menu_open', numeric: true, defaultValue: 1 },
  sortColumn('crud.sort', { min: 0, required: 'menuMgr.sortRequired', defaultValue: 1 }),
  { prop: 'propertyJson', label: 'menuMgr.propertyJson', hide: true, span: 24, tip: 'menuMgr.propertyTip' },
  {
    prop: 'formScript',
    label: 'menuMgr.formScript',
    hide: true,
    span: 24,
    tip: 'menuMgr.formScriptTip',
    component: (ctx) => <FormScriptField disabled={ctx.disabled} />,
  },
  { prop: 'saberPath', label: 'menuMgr.saberPath', hide: true, tip: 'menuMgr.dialectTip' },
  { prop: 'saberSource', label: 'menuMgr.saberSource', hide: true },
  { prop: 'swordPath', label: 'menuMgr.swordPath', hide: true, tip: 'menuMgr.dialectTip' },
  { prop: 'swordSource', label: 'menuMgr.swordSource', hide: true },
  remarkColumn('crud.remark', { hide: true }),
];

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
        columns={columns}
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
              <RowButton icon={<PlusOutlined />} onClick={() => h.open('add', { parentId: row.id } as Menu)}>
                {t('menuMgr.addChild')}
              </RowButton>
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
