/**
 * 数据权限 / 接口权限 (`/authority/datascope`, `/authority/apiscope`): the menus as a lazy tree; each menu opens
 * its scopes in a drawer.
 */
import { ApiOutlined, FilterOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Menu, menuApi } from '../../../api/system';
import { CrudPage, RowButton } from '../../../components/crud';
import { READ_ONLY_LIST } from '../../../components/crud/readOnly';
import { ScopeDrawer } from '../../../components/ScopeDrawer';
import { lazyTreePage } from '../../../lib/lazyTree';
import { scopeColumns as columns } from './columns';

const api = {
  ...menuApi,
  page: lazyTreePage<Menu>(menuApi.lazyMenuList, (q) => menuApi.page({ ...q, category: 1 })),
};

export function ScopePage({ kind }: { kind: 'data' | 'api' }) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<Menu | null>(null);
  return (
    <>
      <CrudPage<Menu>
        api={api}
        columns={columns}
        paged={false}
        selection={false}
        {...READ_ONLY_LIST}
        lazy={(row) => menuApi.lazyMenuList({ parentId: row.id })}
        actionWidth={160}
        rowActions={(row) => (
          <RowButton icon={kind === 'data' ? <FilterOutlined /> : <ApiOutlined />} onClick={() => setMenu(row)}>
            {t(kind === 'data' ? 'scope.dataSetting' : 'scope.apiSetting')}
          </RowButton>
        )}
      />
      <ScopeDrawer kind={kind} menu={menu} onClose={() => setMenu(null)} />
    </>
  );
}
