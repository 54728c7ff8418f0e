/** The progress of a register import: its stage, the rows done of all, and the bar. */
import { useTranslation } from 'react-i18next';
import { ImportProgress } from './ImportProgress';
import type { JobStage } from './useImportJob';

export function XlsxJobProgress({ prog, testId }: { prog: JobStage; testId: string }) {
  const { t } = useTranslation();
  const percent = prog.finished ? 100 : prog.total ? Math.round((100 * (prog.done ?? 0)) / prog.total) : 0;
  const stage = t(`xlsxImport.stage.${prog.stage}`, { defaultValue: t('xlsxImport.stage.unknown') });
  return (
    <ImportProgress
      testId={`${testId}-progress`}
      text={`${stage}${prog.total ? ` ${prog.done} / ${prog.total}` : ''}`}
      percent={percent}
      ariaLabel={t('xlsxImport.progress')}
    />
  );
}
