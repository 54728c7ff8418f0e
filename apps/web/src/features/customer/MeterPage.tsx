/**
 * 水表档案 (营业收费 › 用户管理): each customer's meters — meter no., customer, caliber, type, the GIS meter feature it
 * stands at, install date, status and the last read (kept by the reads); xlsx import.
 */
import { http } from '../../api/http';
import { type CrudColumn, remarkColumn, statusColumn } from '../../components/crud';
import { type Customer, meterApi, meterImportApi, type WaterMeter } from './api';
import { RegisterPage } from './RegisterPage';

export const METER_TYPES = ['mechanical', 'smart', 'ultrasonic'];
export const CALIBERS = [15, 20, 25, 32, 40, 50, 65, 80, 100, 150, 200, 250, 300];

export function meterColumns(t: (k: string) => string): CrudColumn<WaterMeter>[] {
  return [
    { prop: 'keyword', label: 'customer.keyword', search: true, display: false, hide: true },
    { prop: 'meterNo', label: 'meter.meterNo', required: 'meter.meterNoRequired', width: 130 },
    {
      prop: 'customerId',
      label: 'meter.customer',
      type: 'select',
      options: async () =>
        (await http.get<Customer[]>('/api/swp-customer/customer/select')).map((c) => ({
          value: c.id,
          label: `${c.accountNo} ${c.customerName}`,
        })),
      required: 'meter.customerRequired',
      render: (_v, r) => `${r.accountNo ?? ''} ${r.customerName ?? ''}`,
      width: 220,
    },
    {
      prop: 'caliber',
      label: 'meter.caliber',
      type: 'select',
      options: CALIBERS.map((v) => ({ value: v, label: `DN${v}` })),
      numeric: true,
      required: 'meter.caliberRequired',
      width: 90,
    },
    {
      prop: 'meterType',
      label: 'meter.meterType',
      type: 'select',
      options: METER_TYPES.map((v) => ({ value: v, label: t(`meter.type.${v}`) })),
      required: 'meter.typeRequired',
      search: true,
      width: 100,
    },
    { prop: 'gisCode', label: 'meter.gisCode', width: 120 },
    { prop: 'installDate', label: 'meter.installDate', type: 'date', width: 110 },
    { prop: 'lastReadTime', label: 'meter.lastReadTime', display: false, width: 160 },
    { prop: 'lastReading', label: 'meter.lastReading', display: false, width: 120 },
    statusColumn('customer.status', 'meter.meterStatus', [1, 2, 0], t, { defaultValue: 1, search: true, width: 80 }),
    remarkColumn('customer.remark', { rows: 2, hide: true }),
  ];
}

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
