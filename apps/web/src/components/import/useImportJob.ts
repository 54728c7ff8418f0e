/**
 * The job of an import dialog: one upload (dry run or apply) under a job id the browser makes up, while which the
 * server's progress for that id is polled (any server instance can answer: the state is kept in the database).
 * The dialog validates its settings first, then hands `start` the call to make with the job id.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface JobStage {
  stage: string;
  done?: number;
  total?: number;
  finished?: boolean;
}

const newJobId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export function useImportJob<P extends JobStage>({
  prefix,
  intervalMs,
  progress,
}: {
  /** first part of the job id (`imp`, `ser`, `net`) */
  prefix: string;
  intervalMs: number;
  /** the server's progress of a job; without it nothing is polled */
  progress?: (jobId: string) => Promise<P>;
}) {
  const [busy, setBusy] = useState(false);
  const [prog, setProg] = useState<P | JobStage | null>(null);
  const poll = useRef<ReturnType<typeof setInterval> | null>(null);

  const stopPoll = useCallback(() => {
    if (poll.current) clearInterval(poll.current);
    poll.current = null;
  }, []);
  useEffect(() => stopPoll, [stopPoll]);

  /** runs `call` with a fresh job id; a failed call was already shown by the client's toast */
  const start = async (call: (jobId: string) => Promise<void>) => {
    const jobId = newJobId(prefix);
    setBusy(true);
    setProg({ stage: 'upload', done: 0, total: 0, finished: false });
    if (progress)
      poll.current = setInterval(() => {
        progress(jobId)
          .then((p) => {
            if (p.stage !== 'unknown') setProg(p);
          })
          .catch(() => {});
      }, intervalMs);
    try {
      await call(jobId);
    } catch {
      // the client showed the server's message
    } finally {
      stopPoll();
      setBusy(false);
      setProg(null);
    }
  };

  return { busy, prog, start };
}
