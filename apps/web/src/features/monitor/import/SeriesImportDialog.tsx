/**
 * 导入数据 (站点监测): a CSV or xlsx of time series. The CSV's header is read in the browser to offer its columns; a
 * column whose name is a station code is mapped to that station at once. Dry run → report (per series the points,
 * gaps and time span; every rejected value with its row), then import; the stage is polled while the server works.
 */
import type { ImportDialogProps } from '../../../components/import/api';
import { JobImportModal } from '../../../components/import/JobImportModal';
import { SeriesReportView } from './SeriesReportView';
import { SeriesSettingsForm } from './SeriesSettingsForm';
import { useSeriesImport } from './useSeriesImport';

/** worded by seriesImport.title, .dryRun, .apply and .stage.* (JobImportModal) */
export function SeriesImportDialog({ open, onClose, onApplied }: ImportDialogProps) {
  const s = useSeriesImport(open, onApplied);
  return (
    <JobImportModal
      open={open}
      onClose={onClose}
      section="seriesImport"
      width={980}
      testId="series-import"
      job={s}
      report={
        s.report && <SeriesReportView report={s.report} stationName={s.stationName} skip={s.skip} onSkip={s.setSkip} />
      }
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
    </JobImportModal>
  );
}
