/** 导入 on the device screen (button `device_base_import`): devices from xlsx through the shared import dialog. */
import { XlsxImportButton } from '../../components/import/XlsxImportButton';
import { xlsxImportApi } from '../../components/import/XlsxImportDialog';

const api = xlsxImportApi('/api/swp-admin/device-base/import', '设备导入模板.xlsx');

export function DeviceImport({ onApplied }: { onApplied: () => void }) {
  return (
    <XlsxImportButton
      code="device_base_import"
      api={api}
      label="device.import"
      title="device.importTitle"
      keyTitle="device.deviceCode"
      testId="device-import"
      onApplied={onApplied}
    />
  );
}
