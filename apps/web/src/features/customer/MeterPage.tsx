/**
 * 水表档案 (营业收费 › 用户管理): each customer's meters — meter no., customer, caliber, type, the GIS meter feature it
 * stands at, install date, status and the last read (kept by the reads); xlsx import.
 */
import { meterApi, meterImportApi } from './api';
import { meterColumns } from './columns';
import { RegisterPage } from './RegisterPage';

export default function MeterPage() {
  return (
    <RegisterPage
      name="meter"
      api={meterApi}
      columnsOf={meterColumns}
      title="meter.title"
      permission="customer_meter"
      importApi={meterImportApi}
      importTitle="customer.importMeters"
      keyTitle="meter.meterNo"
    />
  );
}
