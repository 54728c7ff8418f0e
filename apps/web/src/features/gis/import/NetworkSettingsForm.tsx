/** The settings of a network import: the file, its format, its coordinate system (local: the offset) and the mode. */
import { Form, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImportSettingsForm, type ImportSettingsProps } from '../../../components/import/ImportSettingsForm';
import type { NetworkImportParams } from './api';

export type Settings = Omit<NetworkImportParams, 'dryRun' | 'jobId' | 'skipRejected'>;

export const formatOf = (name: string): Settings['format'] =>
  /\.inp$/i.test(name) ? 'inp' : /\.zip$/i.test(name) ? 'shapefile' : 'geojson';

/** L-Town's documented offset (docs/import.md) is the default for local coordinates */
const DEFAULT_OFFSET = { offsetX: 505000, offsetY: 3515000 };

export function NetworkSettingsForm(props: ImportSettingsProps<Settings>) {
  const { t } = useTranslation();
  const crs = Form.useWatch('crs', props.form);
  return (
    <ImportSettingsForm
      {...props}
      initialValues={{ format: 'inp', crs: 'EPSG:4548', mode: 'merge', ...DEFAULT_OFFSET }}
      fileLabel={t('netImport.file')}
      picker={{ accept: '.inp,.geojson,.json,.zip', label: t('netImport.pick'), testId: 'net-import-file' }}
    >
      <Form.Item name="format" label={t('netImport.format')}>
        <Select
          style={{ width: 150 }}
          options={[
            { value: 'inp', label: 'EPANET .inp' },
            { value: 'geojson', label: 'GeoJSON' },
            { value: 'shapefile', label: 'Shapefile (.zip)' },
          ]}
        />
      </Form.Item>
      <Form.Item name="crs" label={t('netImport.crs')}>
        <Select
          style={{ width: 280 }}
          data-testid="net-import-crs"
          options={[
            { value: 'EPSG:4548', label: 'EPSG:4548 CGCS2000 / 117°E' },
            { value: 'EPSG:4490', label: 'EPSG:4490 CGCS2000 经纬度' },
            { value: 'EPSG:4326', label: 'EPSG:4326 WGS84 经纬度' },
            { value: 'local', label: t('netImport.local') },
          ]}
        />
      </Form.Item>
      {crs === 'local' && (
        <>
          <Form.Item name="offsetX" label={t('netImport.offsetX')} rules={[{ required: true }]}>
            <InputNumber style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="offsetY" label={t('netImport.offsetY')} rules={[{ required: true }]}>
            <InputNumber style={{ width: 130 }} />
          </Form.Item>
        </>
      )}
      <Form.Item name="mode" label={t('netImport.mode')}>
        <Radio.Group
          options={[
            { value: 'merge', label: t('netImport.merge') },
            { value: 'replace', label: t('netImport.replace') },
          ]}
        />
      </Form.Item>
    </ImportSettingsForm>
  );
}
