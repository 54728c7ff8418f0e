/**
 * 导入管网: choose a file (.inp, GeoJSON, zipped Shapefile), its coordinate system and the mode, run a dry run and
 * read the report (counts, changes, warnings, every rejected row), then import. While the server works, its stage
 * and rows written are polled and shown. After an import the map reloads and shows the network.
 */
import { Alert, Checkbox, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportDialogProps } from '../../../components/import/api';
import { ImportModal, importButtons } from '../../../components/import/ImportModal';
import { ImportProgress } from '../../../components/import/ImportProgress';
import { NetworkReportView } from './NetworkReportView';
import { NetworkSettingsForm } from './NetworkSettingsForm';
import { useNetworkImport } from './useNetworkImport';

export { NetworkReportView } from './NetworkReportView';

export function NetworkImportDialog({ open, onClose, onApplied }: ImportDialogProps) {
  const { t } = useTranslation();
  const s = useNetworkImport(onApplied);
  const { report, prog } = s;
  return (
    <ImportModal
      open={open}
      title={t('netImport.title')}
      width={960}
      testId="net-import"
      {...importButtons(s)}
      dryLoading={s.busy && !s.canApply}
      dryLabel={t('netImport.dryRun')}
      applyLabel={t('netImport.apply')}
      onClose={onClose}
    >
      <NetworkSettingsForm form={s.form} file={s.file} onPick={s.pick} onRemove={s.remove} onChange={s.reset} />
      <Typography.Paragraph type="secondary">{t('netImport.formats')}</Typography.Paragraph>
      {s.busy && prog && (
        <ImportProgress
          testId="net-import-progress"
          text={t(`netImport.stage.${prog.stage}`, { defaultValue: prog.stage })}
          percent={s.pct ?? 99}
          showInfo={s.pct !== undefined}
        />
      )}
      {report && <NetworkReportView report={report} />}
      {report && report.rejectedCount > 0 && (
        <Checkbox checked={s.skip} onChange={(e) => s.setSkip(e.target.checked)} data-testid="net-import-skip">
          {t('netImport.skipRejected')}
        </Checkbox>
      )}
      {s.stale && <Alert type="info" showIcon message={t('netImport.needDryRun')} />}
    </ImportModal>
  );
}
