/** The 数据表 drawer of a connection: its tables, a table's columns and a preview of its rows. */
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { TableBrowser } from './TableBrowser';

export function TablesDrawer({ source, onClose }: { source: Row | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={!!source}
      title={source ? t('lowcode.ds.tablesOf', { name: source.fullName }) : ''}
      size={1200}
      onClose={onClose}
      destroyOnHidden
    >
      {source && <TableBrowser dbLinkId={String(source.id)} />}
    </Drawer>
  );
}
