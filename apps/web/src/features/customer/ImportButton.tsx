/** The 导入 button of a register screen and its import dialog (shown to holders of the screen's import button). */
import { ImportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type XlsxImportApi, XlsxImportDialog } from '../../components/import/XlsxImportDialog';
import { usePermission } from '../../stores/session';

export function ImportButton({
  code,
  api,
  title,
  keyTitle,
  testId,
  onApplied,
}: {
  /** the import button's menu code */
  code: string;
  api: XlsxImportApi;
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
        {t('customer.import')}
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
