/** A table name: picked from the connection's tables, or typed (when the list cannot be read, or to name another). */
import { AutoComplete } from 'antd';
import { useTranslation } from 'react-i18next';
import { dataModelApi } from '../../../api/lowcode';
import { useLoad } from '../../../lib/useLoad';
import { rowsIn } from './rows';

interface Props {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  dbLinkId?: string;
  placeholder?: string;
}

export function TableInput({ dbLinkId, placeholder, ...bound }: Props) {
  const { t } = useTranslation();
  const { data } = useLoad(
    async () =>
      rowsIn(await dataModelApi.tables(dbLinkId!, undefined, { silent: true })).map((r) => ({
        table: String(r.table),
        comment: r.tableName,
      })),
    dbLinkId ?? '',
    !!dbLinkId,
  );
  const text = (bound.value ?? '').toLowerCase();
  const options = (data ?? [])
    .filter(
      (r) =>
        !text ||
        r.table.toLowerCase().includes(text) ||
        String(r.comment ?? '')
          .toLowerCase()
          .includes(text),
    )
    .slice(0, 200)
    .map((r) => ({ value: r.table, label: r.comment ? `${r.table} (${r.comment})` : r.table }));
  return (
    <AutoComplete
      {...bound}
      options={options}
      placeholder={placeholder ?? t('lowcode.sync.tableRequired')}
      allowClear
      style={{ width: '100%' }}
    />
  );
}
