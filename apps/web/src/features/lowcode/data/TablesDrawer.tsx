/** The 数据表 drawer of a connection: its tables, a table's columns and a preview of its rows. */
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { RowDrawer } from '../../../components/RowDrawer';
import { TableBrowser } from './TableBrowser';

export function TablesDrawer({ source, onClose }: { source: Row | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <RowDrawer row={source} title={(s) => t('lowcode.ds.tablesOf', { name: s.fullName })} size={1200} onClose={onClose}>
      {(s) => <TableBrowser dbLinkId={String(s.id)} />}
    </RowDrawer>
  );
}
