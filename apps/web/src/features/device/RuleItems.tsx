/** The limit items of a device rule: per monitored field a lower and upper limit and a rate of change per hour. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RuleByCodeType } from '../../api/device';

export function RuleItems({ fields, canSave }: { fields: RuleByCodeType['fields']; canSave: boolean }) {
  const { t } = useTranslation();
  const fieldLabel = (f: RuleByCodeType['fields'][number]) =>
    `${f.name}${f.unit ? `(${f.unit})` : ''}${
      f.lastValue !== null
        ? ` · ${t('device.lastValue', { value: f.lastValue, unit: f.unit, time: f.lastTime ?? '' })}`
        : ''
    }`;

  return (
    <Card size="small" title={t('device.items')}>
      <Form.List name="items">
        {(list, { add, remove }) => (
          <>
            {list.map(({ key, name }) => (
              <Row gutter={8} key={key} align="top" data-testid="rule-item">
                <Col span={8}>
                  <Form.Item
                    name={[name, 'field']}
                    label={t('device.field')}
                    rules={[{ required: true, message: t('device.fieldRequired') }]}
                  >
                    <Select
                      data-testid="rule-item-field"
                      options={fields.map((f) => ({ value: f.field, label: fieldLabel(f) }))}
                      popupMatchSelectWidth={false}
                    />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item name={[name, 'lower']} label={t('device.lower')}>
                    <InputNumber style={{ width: '100%' }} data-testid="rule-item-lower" />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item
                    name={[name, 'upper']}
                    label={t('device.upper')}
                    dependencies={[['items', name, 'lower']]}
                    rules={[
                      ({ getFieldValue }) => ({
                        validator: (_, v) => {
                          const lo = getFieldValue(['items', name, 'lower']);
                          if (v == null || lo == null || v > lo) return Promise.resolve();
                          return Promise.reject(new Error(t('device.upperAboveLower')));
                        },
                      }),
                    ]}
                  >
                    <InputNumber style={{ width: '100%' }} data-testid="rule-item-upper" />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Form.Item
                    name={[name, 'ratePerHour']}
                    label={t('device.ratePerHour')}
                    dependencies={[
                      ['items', name, 'lower'],
                      ['items', name, 'upper'],
                    ]}
                    rules={[
                      ({ getFieldValue }) => ({
                        validator: (_, v) => {
                          const lo = getFieldValue(['items', name, 'lower']);
                          const up = getFieldValue(['items', name, 'upper']);
                          if (v != null || lo != null || up != null) return Promise.resolve();
                          return Promise.reject(new Error(t('device.itemNeedsLimit')));
                        },
                      }),
                    ]}
                  >
                    <InputNumber min={0.0001} style={{ width: '100%' }} data-testid="rule-item-rate" />
                  </Form.Item>
                </Col>
                <Col span={2}>
                  <Form.Item label=" ">
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => remove(name)}
                      aria-label={t('device.removeItem')}
                    />
                  </Form.Item>
                </Col>
              </Row>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ field: undefined, lower: null, upper: null, ratePerHour: null })}
              disabled={!canSave || !fields.length || list.length >= Math.min(20, fields.length)}
              data-testid="rule-add-item"
            >
              {t('device.addItem')}
            </Button>
          </>
        )}
      </Form.List>
    </Card>
  );
}
