/** The features a click identified, one tab per layer, 5 per page (5/10/20); a row click or its radio chooses it. */
import { Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IdentifyResult } from './gisApi';

export function IdentifyResultsTable({
  groups,
  tab,
  setTab,
  busy,
  chosen,
  setChosen,
  pageSize,
  setPageSize,
}: {
  groups: Map<string, { name: string; rows: IdentifyResult[] }>;
  tab: string;
  setTab: (tab: string) => void;
  busy: boolean;
  chosen: IdentifyResult | null;
  setChosen: (r: IdentifyResult | null) => void;
  /** kept by the picker while it is open */
  pageSize: number;
  setPageSize: (n: number) => void;
}) {
  const { t } = useTranslation();
  const active = groups.get(tab);
  return (
    <>
      <Tabs
        size="small"
        activeKey={tab}
        onChange={setTab}
        items={[...groups].map(([k, g]) => ({ key: k, label: `${g.name} (${g.rows.length})` }))}
      />
      <Table<IdentifyResult>
        size="small"
        loading={busy}
        rowKey={(r) => `${r.layerKey}.${r.attributes.gid}`}
        dataSource={active?.rows ?? []}
        pagination={{
          pageSize,
          pageSizeOptions: [5, 10, 20],
          showSizeChanger: true,
          onShowSizeChange: (_, s) => setPageSize(s),
        }}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: chosen ? [`${chosen.layerKey}.${chosen.attributes.gid}`] : [],
          onChange: (_, rows) => setChosen(rows[0] ?? null),
        }}
        onRow={(r) => ({ onClick: () => setChosen(r) })}
        columns={[
          { title: t('gisMap.picker.code'), render: (_, r) => String(r.attributes.dno ?? '') },
          { title: t('gisMap.picker.name'), render: (_, r) => String(r.attributes.name ?? r.value ?? '') },
          { title: t('gisMap.picker.layer'), render: (_, r) => <Tag>{r.layerName}</Tag> },
          { title: t('gisMap.picker.distance'), render: (_, r) => `${r.distance.toFixed(1)} m` },
        ]}
      />
    </>
  );
}
