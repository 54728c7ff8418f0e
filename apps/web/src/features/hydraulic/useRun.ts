/** Starting a run and following it until it is done (polls every second while it is queued or running). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { hydraulicApi, type Scenario } from '../../api/hydraulic';

export function useRun() {
  const qc = useQueryClient();
  const [runId, setRunId] = useState<string>();
  const run = useQuery({
    queryKey: ['hydraulic-run', runId],
    queryFn: () => hydraulicApi.get(runId as string),
    enabled: !!runId,
    refetchInterval: (q) => (q.state.data && ['done', 'failed'].includes(q.state.data.state) ? false : 1000),
  });
  const start = async (scenario?: Scenario, duration?: number) => {
    const r = await hydraulicApi.run({ ...(scenario ? { scenario } : {}), ...(duration ? { duration } : {}) });
    setRunId(r.id);
    void qc.invalidateQueries({ queryKey: ['hydraulic-runs'] });
    return r.id;
  };
  return { runId, setRunId, run: run.data, start };
}
