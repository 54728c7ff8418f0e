/**
 * 方案比选's scenario form: the what-if's type and its own fields (burst pipe, fire hydrant, demand growth, pump and
 * valve settings, water quality), the lowest pressure of service, and the progress of the run it started.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Progress, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dmaApi, type ZoneNode } from '../../api/dma';
import type { Run, Scenario } from '../../api/hydraulic';

type Kind = Scenario['type'];

/** The form's values as the scenario to run (water quality runs over the given days). */
export async function startScenario(
  kind: Kind,
  v: Record<string, unknown>,
  start: (scenario?: Scenario, duration?: number) => Promise<unknown>,
) {
  const minPressure = Number(v.minPressure ?? 14);
  if (kind === 'settings') {
    const pumps = [];
    const valves = [];
    if (v.pump) {
      const off = new Set((v.pumpOff as number[] | undefined) ?? []);
      const speed = v.pumpSpeed === undefined || v.pumpSpeed === null ? 1 : Number(v.pumpSpeed);
      pumps.push({ code: String(v.pump), schedule: Array.from({ length: 24 }, (_, h) => (off.has(h) ? 0 : speed)) });
    }
    if (v.valve)
      valves.push({
        code: String(v.valve),
        ...(v.valveSetting !== undefined && v.valveSetting !== null ? { setting: Number(v.valveSetting) } : {}),
        ...(v.valveStatus ? { status: v.valveStatus as 'open' | 'closed' | 'active' } : {}),
      });
    await start({ type: 'settings', pumps, valves, minPressure });
    return;
  }
  if (kind === 'quality') {
    const mode = (v.mode as 'age' | 'trace' | undefined) ?? 'age';
    await start(
      { type: 'quality', mode, ...(mode === 'trace' ? { node: String(v.node ?? '') } : {}), minPressure },
      Number(v.days ?? 1) * 86400,
    );
    return;
  }
  const scenario: Scenario =
    kind === 'burst'
      ? { type: 'burst', pipeGid: Number(v.pipeGid), minPressure }
      : kind === 'fireFlow'
        ? {
            type: 'fireFlow',
            hydrant: String(v.hydrant),
            residual: Number(v.residual ?? 10),
            time: Number(v.hour ?? 0) * 3600,
            minPressure,
          }
        : kind === 'growth'
          ? { type: 'growth', percent: Number(v.percent), ...(v.dma ? { dma: String(v.dma) } : {}), minPressure }
          : { type: 'base', minPressure };
  await start(scenario);
}

/** Pump and valve settings: a pump off at some hours or at another speed, a valve's setting or status. */
function SettingsFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="pump" label={t('hydraulic.pump')}>
        <Input data-testid="scenario-pump" style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="pumpOff" label={t('hydraulic.pumpOff')}>
        <Select
          mode="multiple"
          aria-label={t('hydraulic.pumpOff')}
          style={{ minWidth: 160 }}
          data-testid="scenario-pump-off"
          options={Array.from({ length: 24 }, (_, h) => ({ value: h, label: `${h}:00` }))}
        />
      </Form.Item>
      <Form.Item name="pumpSpeed" label={t('hydraulic.pumpSpeed')}>
        <InputNumber min={0} max={2} step={0.05} />
      </Form.Item>
      <Form.Item name="valve" label={t('hydraulic.valve')}>
        <Input data-testid="scenario-valve" style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="valveSetting" label={t('hydraulic.valveSetting')}>
        <InputNumber min={0} max={10000} data-testid="scenario-valve-setting" />
      </Form.Item>
      <Form.Item name="valveStatus" label={t('hydraulic.valveStatus')}>
        <Select
          allowClear
          aria-label={t('hydraulic.valveStatus')}
          style={{ width: 110 }}
          options={(['open', 'closed', 'active'] as const).map((k) => ({
            value: k,
            label: t(`hydraulic.status_${k}`),
          }))}
        />
      </Form.Item>
    </>
  );
}

/** Water quality: age, or tracing from a node, over some days. */
function QualityFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="mode" label={t('hydraulic.qualityMode')}>
        <Select
          aria-label={t('hydraulic.qualityMode')}
          style={{ width: 120 }}
          data-testid="scenario-quality-mode"
          options={(['age', 'trace'] as const).map((k) => ({ value: k, label: t(`hydraulic.${k}`) }))}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.mode !== b.mode}>
        {({ getFieldValue }) =>
          getFieldValue('mode') === 'trace' && (
            <Form.Item name="node" label={t('hydraulic.traceNode')} rules={[{ required: true }]}>
              <Input data-testid="scenario-trace-node" style={{ width: 120 }} />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item name="days" label={t('hydraulic.days')}>
        <InputNumber min={1} max={7} data-testid="scenario-days" />
      </Form.Item>
    </>
  );
}

/** The fields of the chosen kind of what-if. */
function KindFields({ kind, dmaOptions }: { kind: Kind; dmaOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <>
      {kind === 'burst' && (
        <Form.Item name="pipeGid" label={t('hydraulic.pipeGid')} rules={[{ required: true }]}>
          <InputNumber min={1} data-testid="scenario-pipe" />
        </Form.Item>
      )}
      {kind === 'fireFlow' && (
        <>
          <Form.Item name="hydrant" label={t('hydraulic.hydrant')} rules={[{ required: true }]}>
            <Input data-testid="scenario-hydrant" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="residual" label={t('hydraulic.residual')}>
            <InputNumber
              min={0}
              max={100}
              aria-label={t('hydraulic.minPressure')}
              data-testid="scenario-min-pressure"
            />
          </Form.Item>
          <Form.Item name="hour" label={t('hydraulic.fireTime')}>
            <InputNumber min={0} max={24} />
          </Form.Item>
        </>
      )}
      {kind === 'growth' && (
        <>
          <Form.Item name="percent" label={t('hydraulic.percent')} rules={[{ required: true }]}>
            <InputNumber min={-90} max={500} data-testid="scenario-percent" />
          </Form.Item>
          <Form.Item name="dma" label={t('hydraulic.dma')}>
            <Select
              allowClear
              aria-label={t('hydraulic.dma')}
              placeholder={t('hydraulic.wholeNetwork')}
              style={{ width: 200 }}
              options={dmaOptions}
              data-testid="scenario-dma"
            />
          </Form.Item>
        </>
      )}
      {kind === 'settings' && <SettingsFields />}
      {kind === 'quality' && <QualityFields />}
    </>
  );
}

export function ScenarioForm({
  run,
  start,
}: {
  run: Run | undefined;
  start: (scenario?: Scenario, duration?: number) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [kind, setKind] = useState<Kind>('burst');
  const dmas = useQuery({ queryKey: ['dma-tree'], queryFn: dmaApi.tree, enabled: kind === 'growth' });
  const dmaOptions: { value: string; label: string }[] = [];
  const walk = (ns: ZoneNode[]) => {
    for (const n of ns) {
      if (n.hasBoundary) dmaOptions.push({ value: n.code, label: `${n.code} ${n.name}` });
      walk(n.children);
    }
  };
  walk(dmas.data ?? []);

  return (
    <Card size="small" title={t('hydraulic.scenario')}>
      <Form
        form={form}
        layout="inline"
        onFinish={(v) => startScenario(kind, v, start)}
        initialValues={{ minPressure: 14, residual: 10, hour: 8, percent: 20, mode: 'age', days: 2 }}
      >
        <Form.Item label={t('hydraulic.type')}>
          <Select
            data-testid="scenario-type"
            aria-label={t('hydraulic.type')}
            style={{ width: 140 }}
            value={kind}
            onChange={setKind}
            options={(['burst', 'fireFlow', 'growth', 'settings', 'quality', 'base'] as Kind[]).map((k) => ({
              value: k,
              label: t(`hydraulic.${k}`),
            }))}
          />
        </Form.Item>
        <KindFields kind={kind} dmaOptions={dmaOptions} />
        <Form.Item name="minPressure" label={t('hydraulic.minPressure')}>
          <InputNumber min={0} max={100} aria-label={t('hydraulic.minPressure')} data-testid="scenario-min-pressure" />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="scenario-submit">
          {t('hydraulic.submit')}
        </Button>
        {run && run.state !== 'done' && run.state !== 'failed' && (
          <Progress percent={run.progress} style={{ width: 160 }} />
        )}
        {run && <span data-testid="scenario-state">{t(`hydraulic.${run.state}`)}</span>}
      </Form>
    </Card>
  );
}
