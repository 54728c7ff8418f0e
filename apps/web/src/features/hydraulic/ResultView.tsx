/**
 * One run on the map: a time slider over its steps, the link measure switch, the legend, and the 24 h curves of the
 * node or link clicked. Used by the model screen and twice, side by side, by the scenario comparison.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Radio, Slider, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hydraulicApi } from '../../api/hydraulic';
import { Curves, hhmm } from './Curves';
import { colourOf, FLOW_STOPS, nodeStops, VELOCITY_STOPS } from './colours';
import { HydraulicMap, type LinkMeasure, type NodeMeasure } from './HydraulicMap';
import { Legend } from './Legend';

export function ResultView({
  runId,
  modelId,
  area,
  testId = 'result',
}: {
  runId: string;
  modelId?: string;
  /** a burst's low-pressure area, drawn under the network */
  area?: [number, number][][];
  testId?: string;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [measure, setMeasure] = useState<LinkMeasure>('velocity');
  const [showPressure, setShowPressure] = useState(false);
  const [picked, setPicked] = useState<{ kind: 'node' | 'link'; code: string }>();
  const geometry = useQuery({
    queryKey: ['hydraulic-geometry', modelId ?? ''],
    queryFn: () => hydraulicApi.geometry(modelId),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const first = useQuery({ queryKey: ['hydraulic-snap', runId, 0], queryFn: () => hydraulicApi.snapshot(runId, 0) });
  const times = first.data?.times ?? [];
  const time = times[Math.min(step, Math.max(0, times.length - 1))] ?? 0;
  const snap = useQuery({
    queryKey: ['hydraulic-snap', runId, time],
    queryFn: () => hydraulicApi.snapshot(runId, time),
    enabled: !!first.data,
    placeholderData: (prev) => prev,
  });
  // a quality run colours its junctions by water age or source share unless pressure is asked for
  const quality = first.data?.quality ?? null;
  const nodeMeasure: NodeMeasure = quality && !showPressure ? quality.mode : 'pressure';
  const curve = useQuery({
    queryKey: ['hydraulic-curve', runId, picked?.kind, picked?.code],
    queryFn: () =>
      picked?.kind === 'node'
        ? hydraulicApi.node(runId, picked.code).then((r) => ({
            times: r.series.map((s) => s.time),
            series: [
              { name: t('hydraulic.pressure'), values: r.series.map((s) => s.pressure) },
              quality && r.series[0]?.quality !== undefined
                ? {
                    name: t(quality.mode === 'age' ? 'hydraulic.legendAge' : 'hydraulic.legendTrace'),
                    values: r.series.map((s) => s.quality ?? 0),
                  }
                : { name: t('hydraulic.head'), values: r.series.map((s) => s.head) },
            ],
          }))
        : hydraulicApi.link(runId, picked?.code as string).then((r) => ({
            times: r.series.map((s) => s.time),
            series: [
              { name: t('hydraulic.flow'), values: r.series.map((s) => s.flow) },
              { name: t('hydraulic.velocity'), values: r.series.map((s) => s.velocity) },
            ],
          })),
    enabled: !!picked,
  });
  // the legend counts what the map paints, from the same colour function
  const counts = useMemo(() => {
    const nodes = new Map<string, number>();
    const links = new Map<string, number>();
    const d = snap.data;
    if (d) {
      d.nodes.types.forEach((type, i) => {
        if (type !== 0) return;
        const q = d.nodes.quality;
        const c =
          nodeMeasure !== 'pressure' && q
            ? colourOf(q[i], nodeStops(nodeMeasure))
            : colourOf(d.nodes.pressure[i], nodeStops('pressure'));
        nodes.set(c, (nodes.get(c) ?? 0) + 1);
      });
      const values = measure === 'flow' ? d.links.flow : d.links.velocity;
      for (const v of values) {
        const c = colourOf(Math.abs(v), measure === 'flow' ? FLOW_STOPS : VELOCITY_STOPS);
        links.set(c, (links.get(c) ?? 0) + 1);
      }
    }
    return { nodes, links };
  }, [snap.data, measure, nodeMeasure]);
  const marks = useMemo(() => Object.fromEntries(times.map((s, i) => [i, i % 6 === 0 ? hhmm(s) : ''])), [times]);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid={testId}>
      <Space wrap>
        <span>{t('hydraulic.colourBy')}</span>
        <Radio.Group
          value={measure}
          onChange={(e) => setMeasure(e.target.value)}
          optionType="button"
          options={[
            { value: 'velocity', label: t('hydraulic.velocity') },
            { value: 'flow', label: t('hydraulic.flow') },
          ]}
        />
        {quality && (
          <Radio.Group
            value={showPressure ? 'pressure' : 'quality'}
            onChange={(e) => setShowPressure(e.target.value === 'pressure')}
            optionType="button"
            data-testid={`${testId}-node-measure`}
            options={[
              { value: 'quality', label: t(quality.mode === 'age' ? 'hydraulic.age' : 'hydraulic.trace') },
              { value: 'pressure', label: t('hydraulic.pressure') },
            ]}
          />
        )}
        <Legend measure={measure} nodeCounts={counts.nodes} linkCounts={counts.links} nodes={nodeMeasure} />
      </Space>
      <Space style={{ width: '100%' }} align="center">
        <span>{t('hydraulic.time')}</span>
        <Typography.Text strong data-testid={`${testId}-time`}>
          {hhmm(snap.data?.time ?? time)}
        </Typography.Text>
      </Space>
      <div data-testid={`${testId}-slider`}>
        <Slider min={0} max={Math.max(0, times.length - 1)} value={step} onChange={setStep} marks={marks} />
      </div>
      <HydraulicMap
        geometry={geometry.data}
        snapshot={snap.data}
        measure={measure}
        nodeMeasure={nodeMeasure}
        area={area}
        onPick={(kind, code) => setPicked({ kind, code })}
        testId={`${testId}-map`}
      />
      {picked && curve.data && (
        <Card size="small" title={`${t('hydraulic.curves')}: ${picked.code}`} data-testid={`${testId}-curves`}>
          <Curves times={curve.data.times} series={curve.data.series} />
        </Card>
      )}
    </Space>
  );
}
