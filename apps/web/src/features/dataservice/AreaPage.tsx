/** Areas (`/api/system/Area`): a lazy tree of city / district / DMA zone / estate; add under a node, enable/disable. */
import { useRef } from 'react';
import type { Row } from '../../api/crud';
import { areaApi } from '../../api/jnpf';
import { AddChildButton, type CrudHandle, CrudPage } from '../../components/crud';
import { areaColumns } from './columns';

const api = {
  key: '/api/system/Area',
  page: async (q: Row) => (await areaApi.list('0', q.keyword ? { keyword: q.keyword } : undefined))?.list ?? [],
  detail: (id: string) => areaApi.info(id),
  submit: (row: Row) => (row.id ? areaApi.update(row.id, row) : areaApi.create(row)),
  remove: async (ids: string[]) => {
    for (const id of ids) await areaApi.remove(id);
  },
};

export default function AreaPage() {
  const handle = useRef<CrudHandle | null>(null);
  return (
    <CrudPage
      api={api}
      columns={areaColumns(() => handle.current?.reload())}
      title="area.title"
      permission="area"
      paged={false}
      handleRef={handle}
      lazy={async (row) => (await areaApi.list(String(row.id)))?.list ?? []}
      beforeSubmit={(v, mode, row) => ({
        ...v,
        parentId: mode === 'add' ? ((v as Row).parentId ?? '0') : row?.parentId,
      })}
      defaults={{ parentId: '0' }}
      actionWidth={330}
      rowActions={(row, h) => <AddChildButton h={h} child={{ parentId: row.id }} label="area.addChild" />}
    />
  );
}
