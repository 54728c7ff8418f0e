/**
 * 方案比选: define and run a what-if (burst shutdown, fire flow, demand growth of the network or one DMA, pump and
 * valve settings, water age and source tracing), then compare two finished runs side
 * by side: their findings in one table and each on its own map.
 */
import { useQuery } from '@tanstack/react-query';
import { Space } from 'antd';
import { useState } from 'react';
import { hydraulicApi } from '../../api/hydraulic';
import { usePermission } from '../../stores/session';
import { CompareCard } from './CompareCard';
import { ScenarioForm } from './ScenarioForm';
import { useRun } from './useRun';

export default function ScenarioPage() {
  const canRun = usePermission('hydraulic_run');
  const runs = useQuery({ queryKey: ['hydraulic-runs'], queryFn: hydraulicApi.runs, refetchInterval: 3000 });
  const { run, start } = useRun();
  const [pair, setPair] = useState<[string?, string?]>([]);
  const done = (runs.data ?? []).filter((r) => r.state === 'done');
  const byId = new Map(done.map((r) => [r.id, r]));
  const a = pair[0] ? byId.get(pair[0]) : undefined;
  const b = pair[1] ? byId.get(pair[1]) : undefined;

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {canRun && <ScenarioForm run={run} start={start} />}
      <CompareCard done={done} pair={pair} onPair={setPair} a={a} b={b} />
    </Space>
  );
}
