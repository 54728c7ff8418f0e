/** The settings of a series import: the file, how its CSV is written (separator, decimal, time) and the mapping. */
import { AutoComplete, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MonitorDict, Station } from '../../../api/monitor';
import { ImportSettingsForm, type ImportSettingsProps } from '../../../components/import/ImportSettingsForm';
import { SeriesMappingList } from './SeriesMappingList';

export interface MapRow {
  column?: string;
  stcd?: string;
  field?: string;
}
export interface Settings {
  separator: string;
  decimal: '.' | ',';
  timestampColumn: string;
  timestampFormat: string;
  rows: MapRow[];
}

export function SeriesSettingsForm({
  columns,
  stations,
  fields,
  ...settings
}: ImportSettingsProps<Settings> & {
  columns: string[];
  stations: Station[];
  fields: MonitorDict['fields'];
}) {
  const { t } = useTranslation();
  return (
    <ImportSettingsForm
      {...settings}
      initialValues={{ separator: 'auto', decimal: '.', timestampFormat: 'YYYY-MM-DD HH:mm:ss', rows: [] }}
      fileLabel={t('seriesImport.file')}
      picker={{ accept: '.csv,.txt,.xlsx', label: t('seriesImport.pick'), testId: 'series-import-file' }}
    >
      <Form.Item name="separator" label={t('seriesImport.separator')}>
        <Select
          style={{ width: 100 }}
          options={[
            { value: 'auto', label: t('seriesImport.auto') },
            { value: ';', label: ';' },
            { value: ',', label: ',' },
            { value: '\t', label: 'Tab' },
          ]}
        />
      </Form.Item>
      <Form.Item name="decimal" label={t('seriesImport.decimal')}>
        <Select
          style={{ width: 90 }}
          data-testid="series-import-decimal"
          options={[
            { value: '.', label: '1.5' },
            { value: ',', label: '1,5' },
          ]}
        />
      </Form.Item>
      <Form.Item name="timestampColumn" label={t('seriesImport.tsColumn')} rules={[{ required: true }]}>
        <AutoComplete style={{ width: 150 }} options={columns.map((c) => ({ value: c }))} />
      </Form.Item>
      <Form.Item
        name="timestampFormat"
        label={t('seriesImport.tsFormat')}
        tooltip={t('seriesImport.tsFormatHint')}
        rules={[{ required: true }]}
      >
        <Input style={{ width: 190 }} />
      </Form.Item>
      <SeriesMappingList columns={columns} stations={stations} fields={fields} />
    </ImportSettingsForm>
  );
}
