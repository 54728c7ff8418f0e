/** The columns of a table of a connection (`DataModel/{id}/Tables/{name}/Fields`). */
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { dataModelApi } from '../../../api/lowcode';
import { ColumnsTable, type TableColumn } from '../../../components/datasource/ColumnsTable';
import { useLoad } from '../../../lib/useLoad';
import { rowsIn } from './rows';

/** this server's field row as the shared table shows it (key and null come as 1 or 0) */
const asColumn = (f: Row): TableColumn => ({
  name: String(f.field),
  type: String(f.dataType ?? ''),
  primaryKey: Number(f.primaryKey) === 1,
  nullable: Number(f.allowNull) === 1,
  comment: String(f.fieldName ?? ''),
});

export function TableFields({ dbLinkId, table }: { dbLinkId: string; table: string }) {
  const { t } = useTranslation();
  const { data, loading } = useLoad(
    async () => rowsIn(await dataModelApi.fields(dbLinkId, table)),
    `${dbLinkId}/${table}`,
  );
  return (
    <ColumnsTable
      testId="ds-fields"
      rows={(data ?? []).map(asColumn)}
      loading={loading}
      scrollY={520}
      emptyText={t('lowcode.ds.noFields')}
      titles={{
        column: t('lowcode.ds.column'),
        type: t('lowcode.ds.type'),
        primaryKey: t('lowcode.ds.primaryKey'),
        nullable: t('lowcode.ds.nullable'),
        comment: t('lowcode.ds.comment'),
      }}
    />
  );
}
