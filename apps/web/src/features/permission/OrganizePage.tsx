/**
 * 组织管理 (`/api/permission/Organize`, the JNPF dialect over the same organisations as 机构管理): the company and
 * department tree (`Organize/Selector`, every level), a keyword shows the matching nodes; add (a company through
 * `POST Organize`, a department or team through `POST Organize/Department`), edit, view and delete by id, the
 * parent chosen from `Organize/Selector` (without the node itself and its descendants when editing), and
 * enable/disable through `{id}/Actions/State`.
 */
import { App } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi, Row } from '../../api/crud';
import { type OrgRow, permissionApi } from '../../api/permission';
import { AddChildButton, type CrudHandle, CrudPage } from '../../components/crud';
import { filterOrgTree, toOptions } from './logic';
import { organizeColumns } from './organizeColumns';

const ORG = permissionApi.organize;

/** The fields `Organize` reads on a write. */
const wire = (row: Row) => ({
  parentId: row.parentId === undefined || row.parentId === null || row.parentId === '' ? '0' : String(row.parentId),
  fullName: row.fullName,
  enCode: row.enCode ?? null,
  sortCode: row.sortCode,
  description: row.description ?? null,
  enabledMark: row.enabledMark,
});

export const organizeCrudApi: CrudApi<OrgRow> = {
  key: '/api/permission/Organize',
  page: async (q) => filterOrgTree((await ORG.selector())?.list ?? [], q.keyword),
  detail: (id) => ORG.info(id),
  submit: (row) => {
    if (row.id) return ORG.update(String(row.id), wire(row));
    if (Number(row.deptCategory) === 1) return ORG.createCompany(wire(row));
    return ORG.createDepartment({ ...wire(row), deptCategory: Number(row.deptCategory ?? 2) });
  },
  remove: async (ids) => {
    for (const id of ids) await ORG.remove(id);
  },
};

export default function OrganizePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const handle = useRef<CrudHandle<OrgRow> | null>(null);

  const parents = async (excludeId?: string) => [
    { value: '0', title: t('perm.org.root'), children: toOptions((await ORG.selector(excludeId))?.list) },
  ];

  const toggle = async (row: OrgRow, on: boolean) => {
    try {
      await ORG.state(String(row.id), on ? 1 : 0);
      message.success(t('crud.operationSuccess'));
    } catch {
      // the HTTP client has shown the server's reason
    }
    handle.current?.reload();
  };

  const columns = organizeColumns({ t, parents, toggle });

  return (
    <CrudPage<OrgRow>
      api={organizeCrudApi}
      columns={columns}
      title="perm.org.title"
      permission="permission_organize"
      paged={false}
      tree
      index={false}
      handleRef={handle}
      actionWidth={330}
      rowActions={(row, h) => (
        <AddChildButton h={h} child={{ parentId: String(row.id), deptCategory: 2 }} label="perm.org.addChild" />
      )}
    />
  );
}
