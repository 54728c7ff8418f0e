/**
 * 抄表记录 (营业收费 › 用户管理): meter reads — meter, read time, reading, and the consumption since the previous read
 * (computed by the server; a lower reading is refused unless flagged as a meter replacement); xlsx import.
 */
import { http } from '../../api/http';
import { type CrudColumn, remarkColumn } from '../../components/crud';
import { type MeterReading, readingApi, readingImportApi, type WaterMeter } from './api';
import { RegisterPage } from './RegisterPage';

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

export default function ReadingPage() {
  return (
    <RegisterPage
      name="reading"
      api={readingApi}
      columnsOf={readingColumns}
      title="reading.title"
      permission="customer_reading"
      importApi={readingImportApi}
      importTitle="customer.importReadings"
      keyTitle="xlsxImport.key"
    />
  );
}
