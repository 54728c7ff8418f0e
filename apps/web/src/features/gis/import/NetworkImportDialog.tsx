/**
 * 导入管网: choose a file (.inp, GeoJSON, zipped Shapefile), its coordinate system and the mode, run a dry run and
 * read the report (counts, changes, warnings, every rejected row), then import. While the server works, its stage
 * and rows written are polled and shown. After an import the map reloads and shows the network.
 */
import { Alert, Checkbox, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportDialogProps } from '../../../components/import/api';
import { JobImportModal } from '../../../components/import/JobImportModal';
import { NetworkReportView } from './NetworkReportView';
import { NetworkSettingsForm } from './NetworkSettingsForm';
import { useNetworkImport } from './useNetworkImport';

export { NetworkReportView } from './NetworkReportView';

/** worded by netImport.title, .dryRun, .apply and .stage.* (JobImportModal) */
export function NetworkImportDialog({ open, onClose, onApplied }: ImportDialogProps) {
  const { t } = useTranslation();
  const s = useNetworkImport(onApplied);
  const { report } = s;
  return (
    <JobImportModal
      open={open}
      onClose={onClose}
      section="netImport"
      width={960}
      testId="net-import"
      job={s}
      pct={s.pct}
      dryLoading={s.busy && !s.canApply}
      report={
        <>
          {report && <NetworkReportView report={report} />}
          {report && report.rejectedCount > 0 && (
            <Checkbox checked={s.skip} onChange={(e) => s.setSkip(e.target.checked)} data-testid="net-import-skip">
              {t('netImport.skipRejected')}
            </Checkbox>
          )}
          {s.stale && <Alert type="info" showIcon message={t('netImport.needDryRun')} />}
        </>
      }
    >
      <NetworkSettingsForm form={s.form} file={s.file} onPick={s.pick} onRemove={s.remove} onChange={s.reset} />
      <Typography.Paragraph type="secondary">{t('netImport.formats')}</Typography.Paragraph>
    </JobImportModal>
  );
}
