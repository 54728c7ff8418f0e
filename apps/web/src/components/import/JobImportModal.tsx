/**
 * The frame of an import dialog whose job the server runs in stages (network, series): an ImportModal worded from the
 * dialog's strings section (`<section>.title`, `<section>.dryRun`, `<section>.apply`), the dialog's settings (its
 * children), then, while the server works, its stage (`<section>.stage.<stage>`, the stage's own name when unworded)
 * and bar, then what the dry run showed (`report`).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportModal, importButtons } from './ImportModal';
import { ImportProgress } from './ImportProgress';
import type { JobStage } from './useImportJob';

export function JobImportModal({
  open,
  onClose,
  section,
  width,
  testId,
  job,
  pct,
  dryLoading,
  children,
  report,
}: {
  open: boolean;
  onClose: () => void;
  /** the dialog's strings section (`netImport`, `seriesImport`) */
  section: string;
  width: number;
  /** prefix of the test ids (`<testId>-dry`, `<testId>-apply`, `<testId>-progress`) */
  testId: string;
  /** the dialog's state: its file, whether it may import, its run, and the server's stage while it works */
  job: Parameters<typeof importButtons>[0] & { prog: JobStage | null };
  /** how far the server is, when it tells; without it the bar stands at 99 without a figure */
  pct?: number;
  dryLoading?: boolean;
  /** the settings */
  children: ReactNode;
  /** the dry run's report and what goes with it */
  report?: ReactNode;
}) {
  const { t } = useTranslation();
  const { prog } = job;
  return (
    <ImportModal
      open={open}
      title={t(`${section}.title`)}
      width={width}
      testId={testId}
      {...importButtons(job)}
      dryLoading={dryLoading}
      dryLabel={t(`${section}.dryRun`)}
      applyLabel={t(`${section}.apply`)}
      onClose={onClose}
    >
      {children}
      {job.busy && prog && (
        <ImportProgress
          testId={`${testId}-progress`}
          text={t(`${section}.stage.${prog.stage}`, { defaultValue: prog.stage })}
          percent={pct ?? 99}
          showInfo={pct !== undefined}
        />
      )}
      {report}
    </ImportModal>
  );
}
