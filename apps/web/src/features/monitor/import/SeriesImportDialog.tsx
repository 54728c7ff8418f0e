/**
 * 导入数据 (站点监测): a CSV or xlsx of time series. The CSV's header is read in the browser to offer its columns; a
 * column whose name is a station code is mapped to that station at once. Dry run → report (per series the points,
 * gaps and time span; every rejected value with its row), then import; the stage is polled while the server works.
 */
import { useTranslation } from 'react-i18next';
import type { ImportDialogProps } from '../../../components/import/api';
import { ImportModal, importButtons } from '../../../components/import/ImportModal';
import { ImportProgress } from '../../../components/import/ImportProgress';
import { SeriesReportView } from './SeriesReportView';
import { SeriesSettingsForm } from './SeriesSettingsForm';
import { useSeriesImport } from './useSeriesImport';

export function SeriesImportDialog({ open, onClose, onApplied }: ImportDialogProps) {
  const { t } = useTranslation();
  const s = useSeriesImport(open, onApplied);
  return (
    <ImportModal
      open={open}
      title={t('seriesImport.title')}
      width={980}
      testId="series-import"
      {...importButtons(s)}
      dryLabel={t('seriesImport.dryRun')}
      applyLabel={t('seriesImport.apply')}
      onClose={onClose}
    >
      <SeriesSettingsForm
        form={s.form}
        file={s.file}
        columns={s.columns}
        stations={s.stations}
        fields={s.fields}
        onPick={(f) => void s.pick(f)}
        onRemove={() => s.setFile(null)}
        onChange={() => s.setChecked(false)}
      />
      {s.busy && s.prog && (
        <ImportProgress
          testId="series-import-progress"
          text={t(`seriesImport.stage.${s.prog.stage}`, { defaultValue: s.prog.stage })}
          percent={99}
          showInfo={false}
        />
      )}
      {s.report && <SeriesReportView report={s.report} stationName={s.stationName} skip={s.skip} onSkip={s.setSkip} />}
    </ImportModal>
  );
}
