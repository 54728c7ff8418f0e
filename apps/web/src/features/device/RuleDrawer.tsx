/**
 * A device's rule (设备规则): limits per monitored field (lower, upper, rate of change per hour), offline timeout and
 * alarm level; 保存规则, 运行 and 停止 with the rule's state; for valves the report count (上报次数: consecutive
 * readings beyond a limit before an alarm).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Device, type DeviceRule, deviceApi, type RuleByCodeType, type RuleInput } from '../../api/device';
import { usePermission } from '../../stores/session';

export function RuleState({ status }: { status: 0 | 1 | null | undefined }) {
  const { t } = useTranslation();
  if (status === 1)
    return (
      <Tag color="green" data-testid="rule-state">
        {t('device.running')}
      </Tag>
    );
  if (status === 0)
    return (
      <Tag color="default" data-testid="rule-state">
        {t('device.stopped')}
      </Tag>
    );
  return (
    <Tag color="warning" data-testid="rule-state">
      {t('device.noRule')}
    </Tag>
  );
}

interface FormItem {
  field?: string;
  lower?: number | null;
  upper?: number | null;
  ratePerHour?: number | null;
}
interface FormValues {
  ruleName?: string;
  alarmLevel: number;
  offlineMinutes?: number | null;
  items: FormItem[];
}

const toForm = (rule: DeviceRule | null): FormValues => ({
  ruleName: rule?.ruleName ?? '',
  alarmLevel: rule?.alarmLevel ?? 2,
  offlineMinutes: rule?.offlineMinutes ?? null,
  items: (rule?.items ?? []).map((i) => ({
    field: i.field,
    lower: i.lower ?? null,
    upper: i.upper ?? null,
    ratePerHour: i.ratePerHour ?? null,
  })),
});

/** The form's values as the rule the server takes (blank numbers become null). */
export function toRuleInput(v: FormValues): RuleInput {
  const n = (x: number | null | undefined) => (x === undefined || x === null || Number.isNaN(x) ? null : Number(x));
  return {
    ruleName: v.ruleName?.trim() || undefined,
    alarmLevel: v.alarmLevel,
    offlineMinutes: n(v.offlineMinutes),
    items: (v.items ?? [])
      .filter((i) => i.field)
      .map((i) => ({ field: i.field as string, lower: n(i.lower), upper: n(i.upper), ratePerHour: n(i.ratePerHour) })),
  };
}

export interface RuleDrawerProps {
  device: Device | null;
  onClose: () => void;
  /** the rule or the report count changed (the list reloads) */
  onChanged?: () => void;
}

export function RuleDrawer({ device, onClose, onChanged }: RuleDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [info, setInfo] = useState<RuleByCodeType | null>(null);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState<'save' | 'run' | 'stop' | 'report' | null>(null);
  const [dirty, setDirty] = useState(false);
  const [reportNum, setReportNum] = useState<number | null>(null);
  const canRule = usePermission('device_base_rule');
  const canEdit = usePermission('device_base_edit');
  const canSave = canRule || canEdit;
  const canRun = usePermission('device_base_run');
  const canReport = usePermission('device_base_report');

  const load = useCallback(
    async (d: Device) => {
      setLoading(true);
      try {
        const r = await deviceApi.ruleByCodeType(d.deviceCode, d.deviceType);
        setInfo(r);
        setReportNum(r.reportNum);
        form.setFieldsValue(toForm(r.rule));
        setDirty(false);
        return r;
      } finally {
        setLoading(false);
      }
    },
    [form],
  );

  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    if (device) void load(device).catch(() => closeRef.current());
    else setInfo(null);
  }, [device, load]);

  const rule = info?.rule ?? null;
  const isVideo = device?.deviceType === 'video';
  const fields = info?.fields ?? [];

  const save = async () => {
    if (!device) return;
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const input = toRuleInput(values);
    if (!input.items.length && !input.offlineMinutes) {
      message.warning(t('device.ruleEmpty'));
      return;
    }
    setBusy('save');
    try {
      await deviceApi.saveRule(device.id, input);
      message.success(t('device.ruleSaved'));
      await load(device);
      onChanged?.();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setBusy(null);
    }
  };

  const runOrStop = async (op: 'run' | 'stop') => {
    if (!device) return;
    setBusy(op);
    try {
      if (op === 'run') await deviceApi.runRule({ deviceId: device.id });
      else await deviceApi.stopRule({ deviceId: device.id });
      message.success(t(op === 'run' ? 'device.ruleRunning' : 'device.ruleStopped'));
      await load(device);
      onChanged?.();
    } catch {
      // shown by the HTTP client
    } finally {
      setBusy(null);
    }
  };

  const saveReport = async () => {
    if (!device || reportNum === null) return;
    setBusy('report');
    try {
      await deviceApi.saveReportNum(device.id, reportNum);
      message.success(t('device.reportSaved'));
      onChanged?.();
    } catch {
      // shown by the HTTP client
    } finally {
      setBusy(null);
    }
  };

  const fieldLabel = (f: RuleByCodeType['fields'][number]) =>
    `${f.name}${f.unit ? `(${f.unit})` : ''}${
      f.lastValue !== null
        ? ` · ${t('device.lastValue', { value: f.lastValue, unit: f.unit, time: f.lastTime ?? '' })}`
        : ''
    }`;

  return (
    <Drawer
      open={!!device}
      width={820}
      title={device ? `${t('device.ruleTitle')} · ${device.deviceName}（${device.deviceCode}）` : ''}
      onClose={onClose}
      destroyOnHidden
      data-testid="rule-drawer"
      extra={
        <Space>
          {canSave && (
            <Button type="primary" onClick={save} loading={busy === 'save'} data-testid="rule-save">
              {t('device.saveRule')}
            </Button>
          )}
          {canRun && rule?.runStatus === 1 && (
            <Button danger onClick={() => runOrStop('stop')} loading={busy === 'stop'} data-testid="rule-stop">
              {t('device.stop')}
            </Button>
          )}
          {canRun && rule && rule.runStatus !== 1 && (
            <Button onClick={() => runOrStop('run')} loading={busy === 'run'} data-testid="rule-run">
              {t('device.run')}
            </Button>
          )}
        </Space>
      }
    >
      <Spin spinning={loading}>
        <Descriptions size="small" bordered column={2} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('device.runStatus')}>
            <RuleState status={rule ? rule.runStatus : null} />
          </Descriptions.Item>
          <Descriptions.Item label={t('device.station')}>
            {device?.stationName ? `${device.stationName}（${device.stcd}）` : '—'}
          </Descriptions.Item>
          {rule?.startTime && <Descriptions.Item label={t('device.startTime')}>{rule.startTime}</Descriptions.Item>}
          {rule?.stopTime && <Descriptions.Item label={t('device.stopTime')}>{rule.stopTime}</Descriptions.Item>}
          {rule?.runStatus === 1 && rule.lastEvalTs && (
            <Descriptions.Item label={t('device.lastEval')}>{rule.lastEvalTs}</Descriptions.Item>
          )}
        </Descriptions>
        {dirty && rule && <Alert type="info" showIcon message={t('device.unsaved')} style={{ marginBottom: 12 }} />}
        {!device?.stationId && !isVideo && (
          <Alert type="warning" showIcon message={t('device.noStation')} style={{ marginBottom: 12 }} />
        )}
        <Form<FormValues>
          form={form}
          layout="vertical"
          disabled={!canSave}
          onValuesChange={() => setDirty(true)}
          initialValues={toForm(null)}
        >
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="ruleName" label={t('device.ruleName')}>
                <Input placeholder={t('device.ruleNamePh')} maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="alarmLevel" label={t('device.alarmLevel')} rules={[{ required: true }]}>
                <Select
                  data-testid="rule-level"
                  options={[1, 2, 3].map((v) => ({ value: v, label: t(`device.levels.${v}`) }))}
                />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="offlineMinutes" label={t('device.offlineMinutes')} tooltip={t('device.offlineTip')}>
                <InputNumber min={1} max={10080} precision={0} style={{ width: '100%' }} data-testid="rule-offline" />
              </Form.Item>
            </Col>
          </Row>
          {isVideo ? (
            <Typography.Text type="secondary">{t('device.videoOnlyOffline')}</Typography.Text>
          ) : (
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
          )}
        </Form>
        {device?.deviceType === 'valve' && (
          <Card size="small" title={t('device.reportNum')} style={{ marginTop: 16 }}>
            <Space>
              <InputNumber
                min={1}
                max={100}
                precision={0}
                value={reportNum}
                onChange={(v) => setReportNum(v)}
                disabled={!canReport}
                data-testid="report-num"
              />
              {canReport && (
                <Button onClick={saveReport} loading={busy === 'report'} data-testid="report-save">
                  {t('device.saveReport')}
                </Button>
              )}
              <Typography.Text type="secondary">{t('device.reportNumTip')}</Typography.Text>
            </Space>
          </Card>
        )}
      </Spin>
    </Drawer>
  );
}
