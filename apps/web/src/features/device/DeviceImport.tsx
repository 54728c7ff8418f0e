/** 导入 on the device screen (button `device_base_import`): devices from xlsx through the shared import dialog. */
import { ImportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { XlsxImportDialog, xlsxImportApi } from '../../components/import/XlsxImportDialog';
import { usePermission } from '../../stores/session';

const api = xlsxImportApi('/api/swp-admin/device-base/import', '设备导入模板.xlsx');

export function DeviceImport({ onApplied }: { onApplied: () => void }) {
  const { t } = useTranslation();
  const can = usePermission('device_base_import');
  const [open, setOpen] = useState(false);
  if (!can) return null;
  return (
    <>
      <Button
        icon={<ImportOutlined />}
        data-perm="device_base_import"
        onClick={() => setOpen(true)}
        data-testid="device-import-open"
      >
        {t('device.import')}
      </Button>
      <XlsxImportDialog
        open={open}
        title={t('device.importTitle')}
        keyTitle={t('device.deviceCode')}
        api={api}
        testId="device-import"
        onClose={() => setOpen(false)}
        onApplied={() => {
          setOpen(false);
          onApplied();
        }}
      />
    </>
  );
}
