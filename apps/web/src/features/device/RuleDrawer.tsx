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
import { validValues } from '../../lib/validValues';
import { usePermission } from '../../stores/session';
import { RuleItems } from './RuleItems';

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

/** The rule's state, the device's station and the rule's run times. */
function RuleSummary({ device, rule }: { device: Device | null; rule: DeviceRule | null }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** 保存规则, then 停止 a running rule or 运行 a stopped one. */
function RuleButtons(p: {
  canSave: boolean;
  canRun: boolean;
  rule: DeviceRule | null;
  busy: string | null;
  onSave(): void;
  onRunOrStop(op: 'run' | 'stop'): void;
}) {
  const { t } = useTranslation();
  const { canSave, canRun, rule, busy, onSave, onRunOrStop } = p;
  return (
    <Space>
      {canSave && (
        <Button type="primary" onClick={onSave} loading={busy === 'save'} data-testid="rule-save">
          {t('device.saveRule')}
        </Button>
      )}
      {canRun && rule?.runStatus === 1 && (
        <Button danger onClick={() => onRunOrStop('stop')} loading={busy === 'stop'} data-testid="rule-stop">
          {t('device.stop')}
        </Button>
      )}
      {canRun && rule && rule.runStatus !== 1 && (
        <Button onClick={() => onRunOrStop('run')} loading={busy === 'run'} data-testid="rule-run">
          {t('device.run')}
        </Button>
      )}
    </Space>
  );
}

/** A valve's 上报次数: consecutive readings beyond a limit before an alarm. */
function ReportNumCard({
  reportNum,
  onReportNum,
  canReport,
  saving,
  onSave: saveReport,
}: {
  reportNum: number | null;
  onReportNum(v: number | null): void;
  canReport: boolean;
  saving: boolean;
  onSave(): void;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('device.reportNum')} style={{ marginTop: 16 }}>
      <Space>
        <InputNumber
          min={1}
          max={100}
          precision={0}
          value={reportNum}
          onChange={(v) => onReportNum(v)}
          disabled={!canReport}
          data-testid="report-num"
        />
        {canReport && (
          <Button onClick={saveReport} loading={saving} data-testid="report-save">
            {t('device.saveReport')}
          </Button>
        )}
        <Typography.Text type="secondary">{t('device.reportNumTip')}</Typography.Text>
      </Space>
    </Card>
  );
}

/** The device's rule, its fields and report count: loaded into the form when a device is given. */
function useRuleInfo(device: Device | null, onClose: () => void) {
  const [form] = Form.useForm<FormValues>();
  const [info, setInfo] = useState<RuleByCodeType | null>(null);
  const [loading, setLoading] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [reportNum, setReportNum] = useState<number | null>(null);

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
  return { form, info, loading, dirty, setDirty, reportNum, setReportNum, load };
}

/** The drawer's rule: loaded when a device is given; 保存规则, 运行 / 停止 and the valve's report count. */
function useDeviceRule({ device, onClose, onChanged }: RuleDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const loaded = useRuleInfo(device, onClose);
  const { form, info, reportNum, load } = loaded;
  const [busy, setBusy] = useState<'save' | 'run' | 'stop' | 'report' | null>(null);

  const rule = info?.rule ?? null;
  const isVideo = device?.deviceType === 'video';
  const fields = info?.fields ?? [];

  /** Runs one of the drawer's actions with its button busy; the HTTP client has shown a failure's message. */
  const act = async (op: NonNullable<typeof busy>, work: () => Promise<void>) => {
    setBusy(op);
    try {
      await work();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setBusy(null);
    }
  };

  const save = async () => {
    if (!device) return;
    const values = await validValues(form);
    if (!values) return;
    const input = toRuleInput(values);
    if (!input.items.length && !input.offlineMinutes) {
      message.warning(t('device.ruleEmpty'));
      return;
    }
    await act('save', async () => {
      await deviceApi.saveRule(device.id, input);
      message.success(t('device.ruleSaved'));
      await load(device);
      onChanged?.();
    });
  };

  const runOrStop = async (op: 'run' | 'stop') => {
    if (!device) return;
    await act(op, async () => {
      if (op === 'run') await deviceApi.runRule({ deviceId: device.id });
      else await deviceApi.stopRule({ deviceId: device.id });
      message.success(t(op === 'run' ? 'device.ruleRunning' : 'device.ruleStopped'));
      await load(device);
      onChanged?.();
    });
  };

  const saveReport = async () => {
    if (!device || reportNum === null) return;
    await act('report', async () => {
      await deviceApi.saveReportNum(device.id, reportNum);
      message.success(t('device.reportSaved'));
      onChanged?.();
    });
  };

  return { ...loaded, busy, rule, isVideo, fields, save, runOrStop, saveReport };
}

export function RuleDrawer(props: RuleDrawerProps) {
  const { device, onClose } = props;
  const { t } = useTranslation();
  const canRule = usePermission('device_base_rule');
  const canEdit = usePermission('device_base_edit');
  const canSave = canRule || canEdit;
  const canRun = usePermission('device_base_run');
  const canReport = usePermission('device_base_report');
  const {
    form,
    loading,
    busy,
    dirty,
    setDirty,
    reportNum,
    setReportNum,
    rule,
    isVideo,
    fields,
    save,
    runOrStop,
    saveReport,
  } = useDeviceRule(props);

  return (
    <Drawer
      open={!!device}
      width={820}
      title={device ? `${t('device.ruleTitle')} · ${device.deviceName}（${device.deviceCode}）` : ''}
      onClose={onClose}
      destroyOnHidden
      data-testid="rule-drawer"
      extra={
        <RuleButtons canSave={canSave} canRun={canRun} rule={rule} busy={busy} onSave={save} onRunOrStop={runOrStop} />
      }
    >
      <Spin spinning={loading}>
        <RuleSummary device={device} rule={rule} />
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
            <RuleItems fields={fields} canSave={canSave} />
          )}
        </Form>
        {device?.deviceType === 'valve' && (
          <ReportNumCard
            reportNum={reportNum}
            onReportNum={setReportNum}
            canReport={canReport}
            saving={busy === 'report'}
            onSave={saveReport}
          />
        )}
      </Spin>
    </Drawer>
  );
}
