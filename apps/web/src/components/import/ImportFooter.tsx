/** The buttons of an import dialog: close, dry run (needs a file), import (needs a clean dry run). */
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export function ImportFooter({
  testId,
  busy,
  canDry,
  canApply,
  dryLoading,
  dryLabel,
  applyLabel,
  onRun,
  onClose,
}: {
  /** prefix of the test ids (`<testId>-dry`, `<testId>-apply`) */
  testId: string;
  busy: boolean;
  canDry: boolean;
  canApply: boolean;
  dryLoading?: boolean;
  dryLabel: string;
  applyLabel: string;
  onRun: (dryRun: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button onClick={onClose} disabled={busy}>
        {t('common.close')}
      </Button>
      <Button onClick={() => onRun(true)} disabled={!canDry || busy} loading={dryLoading} data-testid={`${testId}-dry`}>
        {dryLabel}
      </Button>
      <Button type="primary" onClick={() => onRun(false)} disabled={!canApply || busy} data-testid={`${testId}-apply`}>
        {applyLabel}
      </Button>
    </Space>
  );
}
