/**
 * The 导入 button of a list screen and its xlsx import dialog, shown to holders of the screen's import button; the
 * list reloads once rows are applied. Used by the customer registers and the device list.
 */
import { ImportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../stores/session';
import { type XlsxImportApi, XlsxImportDialog } from './XlsxImportDialog';

export function XlsxImportButton({
  code,
  api,
  label,
  title,
  keyTitle,
  testId,
  onApplied,
}: {
  /** the import button's menu code */
  code: string;
  api: XlsxImportApi;
  /** i18n keys of the button, the dialog's title and the key column of its report */
  label: string;
  title: string;
  keyTitle: string;
  testId: string;
  onApplied: () => void;
}) {
  const { t } = useTranslation();
  const can = usePermission(code);
  const [open, setOpen] = useState(false);
  if (!can) return null;
  return (
    <>
      <Button icon={<ImportOutlined />} data-perm={code} onClick={() => setOpen(true)} data-testid={`${testId}-open`}>
        {t(label)}
      </Button>
      <XlsxImportDialog
        open={open}
        title={t(title)}
        keyTitle={t(keyTitle)}
        api={api}
        testId={testId}
        onClose={() => setOpen(false)}
        onApplied={() => {
          setOpen(false);
          onApplied();
        }}
      />
    </>
  );
}
