/** The columns of one table of a data source (`datasource-table/{id}/table/{name}`: name, type, key, null, comment). */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import { bladeDatasourceApi } from '../../api/lowcode';
import { ColumnsTable, type TableColumn } from '../../components/datasource/ColumnsTable';
import { useLoad } from '../../lib/useLoad';

/** this server's column row as the shared table shows it (key and null come as booleans) */
const asColumn = (c: Row): TableColumn => ({
  name: String(c.name),
  type: String(c.type ?? ''),
  primaryKey: !!c.primaryKey,
  nullable: !!c.nullable,
  comment: String(c.comment ?? ''),
});

export function TableColumns({ id, table }: { id: string; table: string }) {
  const { t } = useTranslation();
  const { data, loading } = useLoad(() => bladeDatasourceApi.table(id, table), `${id}/${table}`);
  const columns: Row[] = Array.isArray(data?.columns) ? data.columns : [];
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('develop.ds.columnsOf', { name: table })}
        {data?.comment ? <Typography.Text type="secondary"> {data.comment}</Typography.Text> : null}
      </Typography.Title>
      <ColumnsTable
        testId="develop-columns"
        rows={columns.map(asColumn)}
        loading={loading}
        scrollY={560}
        emptyText={t('develop.ds.noColumns')}
        titles={{
          column: t('develop.ds.column'),
          type: t('develop.ds.type'),
          primaryKey: t('develop.ds.primaryKey'),
          nullable: t('develop.ds.nullable'),
          comment: t('develop.ds.comment'),
        }}
      />
    </>
  );
}
