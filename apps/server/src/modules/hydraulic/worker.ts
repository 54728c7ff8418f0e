/**
 * The worker thread's side: runs the engine on what the main thread posts, reports progress, and answers with the
 * result packed as the stored blob (result.ts), its buffer transferred, not copied: the main thread reads the header
 * and views the arrays in place, and stores the same bytes (for a 100,000-pipe network, cloning 176,000 codes and
 * packing 38 MB on the event loop were stalls of their own). One task at a time per worker (pool.ts).
 */
import { parentPort } from 'node:worker_threads';
import type { InpOptions, NetworkText } from '../gis/index.ts';
import { fireFlow, ModelError, type Scenario, simulate } from './engine.ts';
import { buildModelText } from './model-text.ts';
import { pack } from './result.ts';

export type Task =
  | { kind: 'simulate'; inp: string; duration: number; step: number; scenario?: Scenario }
  | { kind: 'fireFlow'; inp: string; node: string; residual: number; time: number; maxFlow?: number }
  /** a model's text from the network rows, as the gis module's JSON text chunks (model.ts) */
  | { kind: 'inp'; text: NetworkText; opts: InpOptions };

/** what a `simulate` task answers: the packed result (result.ts `pack`), unpacked by the main thread */
export type Packed = { blob: Uint8Array };

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
      const blob = pack(r);
      const result: Packed = { blob };
      parentPort?.postMessage({ type: 'done', result }, [blob.buffer as ArrayBuffer]);
    } else if (task.kind === 'inp') {
      parentPort?.postMessage({ type: 'done', result: buildModelText(task.text, task.opts) });
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
