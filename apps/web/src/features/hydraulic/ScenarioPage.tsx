/**
 * 方案比选: define and run a what-if (burst shutdown, fire flow, demand growth of the network or one DMA, pump and
 * valve settings, water age and source tracing), then compare two finished runs side
 * by side: their findings in one table and each on its own map.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, InputNumber, Progress, Row, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dmaApi, type ZoneNode } from '../../api/dma';
import { hydraulicApi, type Run, type Scenario } from '../../api/hydraulic';
import { usePermission } from '../../stores/session';
import { ResultView } from './ResultView';
import { useRun } from './useRun';

type Kind = Scenario['type'];

function label(t: (k: string) => string, r: Run) {
  const s = r.scenario;
  const type = t(`hydraulic.${s?.type ?? 'base'}`);
  const what =
    s?.type === 'burst'
      ? ` ${s.pipeGid}`
      : s?.type === 'fireFlow'
        ? ` ${s.hydrant}`
        : s?.type === 'growth'
          ? ` ${s.percent}%${s.dma ? ` ${s.dma}` : ''}`
          : s?.type === 'settings'
            ? ` ${[...(s.pumps ?? []), ...(s.valves ?? [])].map((x) => x.code).join(',')}`
            : s?.type === 'quality'
              ? ` ${t(`hydraulic.${s.mode}`)}${s.node ? ` ${s.node}` : ''}`
              : '';
  return `${type}${what} · ${new Date(r.createTime).toLocaleTimeString()}`;
}

export default function ScenarioPage() {
  const { t } = useTranslation();
  const canRun = usePermission('hydraulic_run');
  const [form] = Form.useForm();
  const [kind, setKind] = useState<Kind>('burst');
  const runs = useQuery({ queryKey: ['hydraulic-runs'], queryFn: hydraulicApi.runs, refetchInterval: 3000 });
  const { run, start } = useRun();
  const [pair, setPair] = useState<[string?, string?]>([]);
  const done = (runs.data ?? []).filter((r) => r.state === 'done');
  const byId = new Map(done.map((r) => [r.id, r]));
  const a = pair[0] ? byId.get(pair[0]) : undefined;
  const b = pair[1] ? byId.get(pair[1]) : undefined;

  const dmas = useQuery({ queryKey: ['dma-tree'], queryFn: dmaApi.tree, enabled: kind === 'growth' });
  const dmaOptions: { value: string; label: string }[] = [];
  const walk = (ns: ZoneNode[]) => {
    for (const n of ns) {
      if (n.hasBoundary) dmaOptions.push({ value: n.code, label: `${n.code} ${n.name}` });
      walk(n.children);
    }
  };
  walk(dmas.data ?? []);

  const submit = async (v: Record<string, unknown>) => {
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
  };

  const rows = [
    { key: 'type', name: t('hydraulic.type'), f: (r: Run) => t(`hydraulic.${r.scenario?.type ?? 'base'}`) },
    { key: 'below', name: t('hydraulic.below'), f: (r: Run) => r.summary?.belowCount ?? '' },
    { key: 'newly', name: t('hydraulic.newlyBelow'), f: (r: Run) => r.summary?.newlyBelowCount ?? '' },
    { key: 'customers', name: t('hydraulic.customers'), f: (r: Run) => r.summary?.customerCount ?? '' },
    { key: 'valves', name: t('hydraulic.valves'), f: (r: Run) => (r.summary?.valves ?? []).join(', ') },
    { key: 'flow', name: t('hydraulic.availableFlow'), f: (r: Run) => r.summary?.flow ?? '' },
    { key: 'static', name: t('hydraulic.staticPressure'), f: (r: Run) => r.summary?.staticPressure ?? '' },
    { key: 'area', name: t('hydraulic.lowArea'), f: (r: Run) => r.summary?.area?.areaM2 ?? '' },
    { key: 'dropped', name: t('hydraulic.dropped'), f: (r: Run) => r.summary?.droppedCount ?? '' },
    { key: 'maxDrop', name: t('hydraulic.maxDrop'), f: (r: Run) => r.summary?.maxDrop ?? '' },
    {
      key: 'quality',
      name: t('hydraulic.qualityMeanMax'),
      f: (r: Run) => (r.summary?.type === 'quality' ? `${r.summary.mean} / ${r.summary.max} ${r.summary.unit}` : ''),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {canRun && (
        <Card size="small" title={t('hydraulic.scenario')}>
          <Form
            form={form}
            layout="inline"
            onFinish={submit}
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
            {kind === 'settings' && (
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
            )}
            {kind === 'quality' && (
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
            )}
            <Form.Item name="minPressure" label={t('hydraulic.minPressure')}>
              <InputNumber
                min={0}
                max={100}
                aria-label={t('hydraulic.minPressure')}
                data-testid="scenario-min-pressure"
              />
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
      )}
      <Card size="small" title={t('hydraulic.compare')}>
        <Space wrap>
          {[0, 1].map((i) => (
            <Select
              key={i}
              data-testid={`compare-${i}`}
              style={{ width: 300 }}
              placeholder={t(i === 0 ? 'hydraulic.left' : 'hydraulic.right')}
              aria-label={t(i === 0 ? 'hydraulic.left' : 'hydraulic.right')}
              value={pair[i]}
              onChange={(v) => setPair((p) => (i === 0 ? [v, p[1]] : [p[0], v]))}
              options={done.map((r) => ({ value: r.id, label: label(t, r) }))}
            />
          ))}
        </Space>
        {a && b ? (
          <>
            <Table
              size="small"
              pagination={false}
              style={{ marginTop: 12 }}
              data-testid="compare-table"
              rowKey="key"
              dataSource={rows}
              columns={[
                { title: '', dataIndex: 'name' },
                { title: t('hydraulic.left'), render: (_, row) => String(row.f(a)) },
                { title: t('hydraulic.right'), render: (_, row) => String(row.f(b)) },
              ]}
            />
            <Row gutter={12} style={{ marginTop: 12 }}>
              <Col span={12}>
                <ResultView runId={a.id} modelId={a.modelId} area={a.summary?.area?.polygons} testId="compare-a" />
              </Col>
              <Col span={12}>
                <ResultView runId={b.id} modelId={b.modelId} area={b.summary?.area?.polygons} testId="compare-b" />
              </Col>
            </Row>
          </>
        ) : (
          <p style={{ marginTop: 12 }}>{t('hydraulic.pickTwo')}</p>
        )}
      </Card>
    </Space>
  );
}
