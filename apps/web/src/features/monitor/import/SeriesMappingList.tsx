/** The series of the import: which file column goes to which station's field (one row per column). */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Form, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MonitorDict, Station } from '../../../api/monitor';

export function SeriesMappingList({
  columns,
  stations,
  fields,
}: {
  columns: string[];
  stations: Station[];
  fields: MonitorDict['fields'];
}) {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  return (
    <div style={{ width: '100%' }}>
      <Typography.Text strong>{t('seriesImport.mapping')}</Typography.Text>
      <Form.List name="rows">
        {(rows, { add, remove }) => (
          <div data-testid="series-import-mapping">
            {rows.map((f) => (
              <Space key={f.key} style={{ display: 'flex', marginTop: 6 }}>
                <Form.Item name={[f.name, 'column']} rules={[{ required: true }]} noStyle>
                  <AutoComplete
                    style={{ width: 160 }}
                    placeholder={t('seriesImport.column')}
                    options={columns.map((c) => ({ value: c }))}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'stcd']} rules={[{ required: true }]} noStyle>
                  <Select
                    showSearch
                    style={{ width: 260 }}
                    placeholder={t('seriesImport.station')}
                    optionFilterProp="label"
                    options={stations.map((s) => ({ value: s.stcd, label: `${s.stcd} ${s.stnm}` }))}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'field']} rules={[{ required: true }]} noStyle>
                  <Select
                    style={{ width: 200 }}
                    placeholder={t('seriesImport.field')}
                    options={fields.map((x) => ({
                      value: x.field,
                      label: `${en ? x.nameEn : x.name} (${x.field}${x.unit ? `, ${x.unit}` : ''})`,
                    }))}
                  />
                </Form.Item>
                <MinusCircleOutlined aria-label={t('seriesImport.remove')} onClick={() => remove(f.name)} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} style={{ marginTop: 6 }}>
              {t('seriesImport.addColumn')}
            </Button>
          </div>
        )}
      </Form.List>
    </div>
  );
}
