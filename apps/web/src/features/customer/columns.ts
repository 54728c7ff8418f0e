/** The columns of the registers (用户档案, 水表档案, 抄表记录): list, search bar and dialog fields, one schema each. */
import { http } from '../../api/http';
import { type CrudColumn, remarkColumn, statusColumn } from '../../components/crud';
import type { Customer, MeterReading, WaterMeter } from './api';

export const CUSTOMER_TYPES = ['residential', 'commercial', 'industrial', 'public'];

/** 用户档案 */
export function customerColumns(t: (k: string) => string): CrudColumn<Customer>[] {
  return [
    { prop: 'keyword', label: 'customer.keyword', search: true, display: false, hide: true },
    { prop: 'accountNo', label: 'customer.accountNo', required: 'customer.accountRequired', width: 130 },
    { prop: 'customerName', label: 'customer.customerName', required: 'customer.nameRequired', width: 200 },
    {
      prop: 'customerType',
      label: 'customer.customerType',
      type: 'select',
      options: CUSTOMER_TYPES.map((v) => ({ value: v, label: t(`customer.type.${v}`) })),
      required: 'customer.typeRequired',
      search: true,
      width: 100,
    },
    {
      prop: 'waterCategory',
      label: 'customer.waterCategory',
      type: 'select',
      dict: 'water_category',
      dictSource: 'dict-biz',
      numeric: true,
      width: 130,
    },
    { prop: 'address', label: 'customer.address', ellipsis: true, span: 24 },
    { prop: 'phone', label: 'customer.phone', width: 130 },
    { prop: 'dmaCode', label: 'customer.dmaCode', width: 100 },
    statusColumn('customer.status', 'customer.customerStatus', [1, 2, 0], t, {
      defaultValue: 1,
      search: true,
      width: 80,
    }),
    remarkColumn('customer.remark', { rows: 2, hide: true }),
  ];
}

export const METER_TYPES = ['mechanical', 'smart', 'ultrasonic'];
export const CALIBERS = [15, 20, 25, 32, 40, 50, 65, 80, 100, 150, 200, 250, 300];

/** 水表档案 */
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

/** 抄表记录 */
export function readingColumns(t: (k: string) => string): CrudColumn<MeterReading>[] {
  return [
    { prop: 'meterNo', label: 'meter.meterNo', search: true, display: false, hide: true },
    {
      prop: 'meterId',
      label: 'reading.meter',
      type: 'select',
      options: async () =>
        (await http.get<WaterMeter[]>('/api/swp-customer/meter/select')).map((m) => ({
          value: m.id,
          label: `${m.meterNo} ${m.customerName ?? ''}`,
        })),
      required: 'reading.meterRequired',
      editDisabled: true,
      render: (_v, r) => r.meterNo ?? '',
      width: 140,
    },
    {
      prop: 'readTime',
      label: 'reading.readTime',
      type: 'datetime',
      required: 'reading.readTimeRequired',
      width: 170,
    },
    {
      prop: 'reading',
      label: 'reading.reading',
      type: 'number',
      min: 0,
      max: 99_999_999,
      precision: 2,
      required: 'reading.readingRequired',
      width: 120,
    },
    {
      prop: 'consumption',
      label: 'reading.consumption',
      display: false,
      tip: 'reading.consumptionTip',
      render: (v) => (v === null || v === undefined ? '—' : String(v)),
      width: 120,
    },
    {
      prop: 'replacement',
      label: 'reading.replacement',
      type: 'radio',
      options: [
        { value: 0, label: t('reading.no') },
        { value: 1, label: t('reading.yes') },
      ],
      defaultValue: 0,
      tip: 'reading.replacementTip',
      width: 80,
    },
    remarkColumn('customer.remark', { rows: 2, hide: true }),
  ];
}
