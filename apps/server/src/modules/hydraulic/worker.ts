/**
 * The worker thread's side: runs the engine on what the main thread posts, reports progress, and answers with the
 * result (its Float32 buffers transferred, not copied). One task at a time per worker (pool.ts).
 */
import { parentPort } from 'node:worker_threads';
import { fireFlow, ModelError, type Scenario, simulate } from './engine.ts';

export type Task =
  | { kind: 'simulate'; inp: string; duration: number; step: number; scenario?: Scenario }
  | { kind: 'fireFlow'; inp: string; node: string; residual: number; time: number; maxFlow?: number };

// the engine warns on the console for every step with negative pressures (a burst, a disconnected street):
// expected in what-if runs, and the results say it; keep the server's log for the server
console.warn = () => {};

parentPort?.on('message', async (task: Task) => {
  try {
    if (task.kind === 'simulate') {
      let last = -1;
      const r = await simulate(task.inp, {
        duration: task.duration,
        step: task.step,
        scenario: task.scenario,
        onProgress: (f) => {
          const pct = Math.floor(f * 100);
          if (pct >= last + 5) {
            last = pct;
            parentPort?.postMessage({ type: 'progress', progress: pct });
          }
        },
      });
      parentPort?.postMessage({ type: 'done', result: r }, [
        r.pressure.buffer,
        r.head.buffer,
        r.flow.buffer,
        r.velocity.buffer,
      ] as ArrayBuffer[]);
    } else {
      const r = await fireFlow(task.inp, task.node, task);
      parentPort?.postMessage({ type: 'done', result: r });
    }
  } catch (e) {
    parentPort?.postMessage({
      type: 'error',
      message: e instanceof Error ? e.message : String(e),
      model: e instanceof ModelError,
    });
  }
});
