/**
 * Progress of long uploads (imports) for the screen that started them: the client names its job (`jobId`), the
 * import reports its stage and rows done, and `GET …/progress?jobId=` answers them while the upload request is
 * still running. In memory per instance (the poll reaches the instance that runs the import only behind sticky
 * sessions; elsewhere it answers `unknown`, and the screen keeps its spinner). Entries expire after ten minutes.
 */
export interface JobState {
  stage: string;
  done: number;
  total: number;
  finished: boolean;
  error: string | null;
  at: number;
}

const TTL = 10 * 60_000;
const jobs = new Map<string, JobState>();

function sweep(now: number) {
  for (const [k, v] of jobs) if (now - v.at > TTL) jobs.delete(k);
}

export const progress = {
  /** Starts (or restarts) a job; without a jobId the handle records nothing. */
  start(tenantId: string, jobId: string | undefined) {
    const key = jobId ? `${tenantId}:${jobId}` : null;
    const now = Date.now();
    sweep(now);
    const state: JobState = { stage: 'upload', done: 0, total: 0, finished: false, error: null, at: now };
    if (key) jobs.set(key, state);
    const touch = (p: Partial<JobState>) => Object.assign(state, p, { at: Date.now() });
    return {
      stage: (stage: string) => touch({ stage, done: 0, total: 0 }),
      step: (done: number, total: number) => touch({ done, total }),
      finish: () => touch({ stage: 'done', finished: true }),
      fail: (error: string) => touch({ stage: 'failed', finished: true, error }),
    };
  },
  /** The job's state; only the tenant that started it sees it. */
  get(tenantId: string, jobId: string): JobState | null {
    return jobs.get(`${tenantId}:${jobId}`) ?? null;
  },
};
