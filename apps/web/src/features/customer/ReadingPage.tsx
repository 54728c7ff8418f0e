/**
 * 抄表记录 (营业收费 › 用户管理): meter reads — meter, read time, reading, and the consumption since the previous read
 * (computed by the server; a lower reading is refused unless flagged as a meter replacement); xlsx import.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { type CrudColumn, CrudPage } from '../../components/crud';
import { XlsxImportButton } from '../../components/import/XlsxImportButton';
import { type MeterReading, readingApi, readingImportApi, type WaterMeter } from './api';

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
    { prop: 'remark', label: 'customer.remark', type: 'textarea', rows: 2, hide: true },
  ];
}

export default function ReadingPage() {
  const { t } = useTranslation();
  const columns = useMemo(() => readingColumns(t), [t]);
  return (
    <CrudPage
      api={readingApi}
      columns={columns}
      title="reading.title"
      permission="customer_reading"
      testId="reading-page"
      toolbar={(h) => (
        <XlsxImportButton
          code="customer_reading_import"
          api={readingImportApi}
          label="customer.import"
          title="customer.importReadings"
          keyTitle="xlsxImport.key"
          testId="reading-import"
          onApplied={h.reload}
        />
      )}
    />
  );
}
