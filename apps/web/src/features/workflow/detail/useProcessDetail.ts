/**
 * The process detail of a task or an instance; a task that has ended is shown as its instance is now (its open
 * nodes and state).
 */
import { useCallback, useEffect, useState } from 'react';
import { processApi, type WfDetail } from '../../../api/workflow';

export function useProcessDetail(taskId: string | undefined, processInsId: string | undefined) {
  const [detail, setDetail] = useState<WfDetail | null>(null);
  const [loading, setLoading] = useState(true);
  const [missing, setMissing] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      let d = await processApi.detail({ taskId, processInsId });
      // A task that has ended (just handled here, or elsewhere) is no current node: the page shows the instance as
      // it is now, its open nodes and state (issue 24: after 同意 the finished task stayed as 当前节点).
      if (d?.process.taskId && d.process.status === 'done')
        d = (await processApi.detail({ processInsId: String(d.process.processInstanceId) })) ?? d;
      setDetail(d);
      setMissing(!d);
    } catch {
      setMissing(true);
    } finally {
      setLoading(false);
    }
  }, [taskId, processInsId]);

  useEffect(() => {
    void load();
  }, [load]);
  return { detail, loading, missing, load };
}
