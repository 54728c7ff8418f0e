/**
 * 导入站点 (站点监测): the shared xlsx import dialog (components/import) over the station import, whose report names
 * rows by station code (`stcd`).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportDialogProps } from '../../../components/import/api';
import { type XlsxImportApi, XlsxImportDialog } from '../../../components/import/XlsxImportDialog';
import { stationImportApi } from './api';

export function StationImportDialog({ open, onClose, onApplied }: ImportDialogProps) {
  const { t } = useTranslation();
  const api = useMemo<XlsxImportApi>(
    () => ({
      template: stationImportApi.template,
      run: async (file, o) => {
        const env = await stationImportApi.run(file, o.dryRun, o.skipRejected);
        const r = env.data;
        return {
          data: {
            ...r,
            rows: r.rows.map((x) => ({ row: x.row, key: x.stcd, action: x.action })),
            rejected: r.rejected.map((x) => ({ row: x.row, key: x.stcd, reason: x.reason })),
          },
        };
      },
    }),
    [],
  );
  return (
    <XlsxImportDialog
      open={open}
      title={t('stationImport.title')}
      keyTitle={t('stationImport.stcd')}
      api={api}
      testId="station-import"
      onClose={onClose}
      onApplied={onApplied}
    />
  );
}
