/**
 * The data scopes or API scopes of one menu, in a drawer (spec 2 §2 "menus with data scopes and API scopes";
 * the 数据权限 / 接口权限 screens).
 */
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiScopeApi, dataScopeApi, type Menu } from '../api/system';
import { type CrudColumn, CrudPage, remarkColumn } from './crud';

const dataColumns: CrudColumn[] = [
  { prop: 'scopeName', label: 'scope.scopeName', search: true, required: 'scope.dataNameRequired' },
  { prop: 'resourceCode', label: 'scope.resourceCode', required: 'scope.resourceRequired' },
  {
    prop: 'scopeType',
    label: 'scope.dataType',
    type: 'select',
    dict: 'data_scope_type',
    numeric: true,
    required: 'scope.typeRequired',
    defaultValue: 1,
  },
  { prop: 'scopeColumn', label: 'scope.scopeColumn', tip: 'scope.columnTip' },
  { prop: 'scopeValue', label: 'scope.scopeValue', type: 'textarea', span: 24, tip: 'scope.valueTip', hide: true },
  { prop: 'scopeField', label: 'scope.scopeField', hide: true, defaultValue: '*' },
  remarkColumn('crud.remark', { hide: true }),
];

const apiColumns: CrudColumn[] = [
  { prop: 'scopeName', label: 'scope.scopeName', search: true, required: 'scope.apiNameRequired' },
  { prop: 'resourceCode', label: 'scope.resourceCode', required: 'scope.resourceRequired' },
  { prop: 'scopePath', label: 'scope.scopePath', required: 'scope.pathRequired', span: 24, tip: 'scope.pathTip' },
  {
    prop: 'scopeType',
    label: 'scope.apiType',
    type: 'select',
    dict: 'api_scope_type',
    numeric: true,
    required: 'scope.apiTypeRequired',
    defaultValue: 1,
  },
  remarkColumn('crud.remark', { hide: true }),
];

export function ScopeDrawer({ kind, menu, onClose }: { kind: 'data' | 'api'; menu: Menu | null; onClose(): void }) {
  const { t } = useTranslation();
  const title = menu ? `${menu.name} · ${t(kind === 'data' ? 'scope.dataTitle' : 'scope.apiTitle')}` : '';
  return (
    <Drawer open={!!menu} title={title} size={1000} onClose={onClose} destroyOnHidden>
      {menu && (
        <CrudPage
          api={kind === 'data' ? dataScopeApi : apiScopeApi}
          columns={kind === 'data' ? dataColumns : apiColumns}
          query={{ menuId: menu.id }}
          defaults={{ menuId: menu.id, resourceCode: menu.code }}
          title={kind === 'data' ? 'scope.dataTitle' : 'scope.apiTitle'}
          permission={kind === 'data' ? 'data_scope' : 'api_scope'}
          testId={`scope-${kind}`}
        />
      )}
    </Drawer>
  );
}
