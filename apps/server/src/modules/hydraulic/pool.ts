/**
 * Worker threads for the engine, so a 24 h run on a large network never blocks the event loop (the server keeps
 * answering). Workers are started on first use and kept (loading the WebAssembly engine costs about 100 ms); each
 * takes one task at a time, and the job queue (core/job-queue.ts) bounds how many tasks are in flight. A worker that
 * dies is replaced by the next task.
 */
import { Worker } from 'node:worker_threads';
import { badRequest } from '../../core/envelope.ts';
import type { Task } from './worker.ts';

interface Slot {
  worker: Worker;
  busy: boolean;
}

export const WORKERS_BUSY = 'hydraulic workers busy';
const slots: Slot[] = [];
const MAX = 4;

function spawn(): Slot {
  // worker-boot.mjs loads tsx first: the worker is TypeScript
  const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url));
  worker.unref();
  const slot = { worker, busy: false };
  worker.on('error', () => {
    const i = slots.indexOf(slot);
    if (i >= 0) slots.splice(i, 1);
  });
  slots.push(slot);
  return slot;
}

/**
 * Runs a task in a free worker; `onProgress` hears 0–100. Model errors (bad .inp, unknown code) become a 400.
 * `transfer`: buffers of the task moved to the worker rather than copied (unusable here afterwards).
 */
export function runInWorker<T>(task: Task, onProgress?: (pct: number) => void, transfer?: ArrayBuffer[]): Promise<T> {
  const slot = slots.find((s) => !s.busy) ?? (slots.length < MAX ? spawn() : null);
  if (!slot) return Promise.reject(new Error(WORKERS_BUSY));
  slot.busy = true;
  return new Promise<T>((resolve, reject) => {
    const onMessage = (m: { type: string; progress?: number; result?: T; message?: string; model?: boolean }) => {
      if (m.type === 'progress') return onProgress?.(m.progress ?? 0);
      cleanup();
      if (m.type === 'done') resolve(m.result as T);
      else reject(m.model ? badRequest(m.message ?? '') : new Error(m.message));
    };
    const onError = (e: Error) => {
      cleanup();
      reject(e);
    };
    const cleanup = () => {
      slot.worker.off('message', onMessage);
      slot.worker.off('error', onError);
      slot.busy = false;
    };
    slot.worker.on('message', onMessage);
    slot.worker.on('error', onError);
    slot.worker.postMessage(task, transfer);
  });
}

/** Stops the workers (tests, shutdown). */
export async function stopWorkers() {
  const all = slots.splice(0);
  await Promise.all(all.map((s) => s.worker.terminate()));
}
