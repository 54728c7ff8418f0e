/**
 * Regions (`/blade-system/region`): China's administrative divisions as a lazy tree (provinces under '00');
 * add a division under a node, edit its name, sort and remark, remove a division without children.
 */
import { type Region, regionApi } from '../../../api/system';
import { AddChildButton, CrudPage } from '../../../components/crud';
import { usePermission } from '../../../stores/session';
import { regionColumns as columns } from './columns';

const toRow = (n: any): Region => ({
  ...n,
  code: String(n.code ?? n.value),
  name: n.name ?? n.title,
  hasChildren: !!n.hasChildren,
});

const api = {
  key: regionApi.key,
  page: async (q: Record<string, unknown>) => {
    const filters = Object.keys(q).filter((k) => k !== 'current' && k !== 'size');
    if (filters.length) return regionApi.page({ current: 1, size: 200, ...q });
    return ((await regionApi.lazyTree('00')) ?? []).map(toRow);
  },
  detail: (code: string) => regionApi.detailByCode(code),
  submit: (row: Partial<Region>) => regionApi.submit(row),
  remove: async (codes: string[]) => {
    for (const c of codes) await regionApi.removeOne(c);
  },
};

export default function RegionPage() {
  const canAdd = usePermission('region_add');
  return (
    <CrudPage<Region>
      api={api}
      rowKey="code"
      columns={columns}
      title="region.title"
      permission="region"
      paged={false}
      selection={false}
      lazy={async (row) => ((await regionApi.lazyTree(row.code)) ?? []).map(toRow)}
      actionWidth={320}
      rowActions={(row, h) =>
        canAdd &&
        row.regionLevel < 5 && <AddChildButton h={h} child={{ parentCode: row.code }} label="region.addChild" />
      }
    />
  );
}
