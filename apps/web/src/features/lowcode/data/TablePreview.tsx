/** A page of a table's rows (`DataModel/{id}/Table/{name}/Preview`, in primary-key order). */
import { Pagination, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { dataModelApi } from '../../../api/lowcode';
import { emptyLocale } from '../../../components/crud';
import { useLoad } from '../../../lib/useLoad';
import { keyColumns } from './cells';
import { pageIn } from './rows';

export function TablePreview({ dbLinkId, table }: { dbLinkId: string; table: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 20, for: '' });
  const key = `${dbLinkId}/${table}`;
  // another table starts at its first page
  const current = page.for === key ? page.current : 1;
  const { data, loading } = useLoad(
    async () => pageIn(await dataModelApi.preview(dbLinkId, table, { currentPage: current, pageSize: page.size })),
    `${key}/${current}/${page.size}`,
  );
  const rows = data?.rows ?? [];
  return (
    <div data-testid="ds-preview">
      <Table<Row>
        size="small"
        bordered
        rowKey={(r) => String(rows.indexOf(r))}
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content', y: 480 }}
        locale={emptyLocale(t('lowcode.ds.noRows'))}
        columns={keyColumns(rows, <Typography.Text type="secondary">NULL</Typography.Text>)}
      />
      <Pagination
        style={{ marginTop: 8, justifyContent: 'flex-end' }}
        size="small"
        current={current}
        pageSize={page.size}
        total={data?.total ?? 0}
        showSizeChanger
        pageSizeOptions={[20, 50, 100]}
        showTotal={(total) => t('crud.total', { total })}
        onChange={(c, s) => setPage({ current: s === page.size ? c : 1, size: s, for: key })}
      />
    </div>
  );
}
