/**
 * What the benches that start the server as a child process share: a scratch database's URL, waiting until the
 * server answers, stopping it, autocannon as a promise and percentiles of sorted samples.
 */
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

/** The URL of another database on the same server. */
export function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** Polls `url` until it answers 2xx; fails when the child exits or `limitMs` passes. Returns the wait in ms. */
export async function waitHealthy(url: string, limitMs: number, child: ChildProcess): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < limitMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.ok) return Date.now() - t0;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not healthy within ${limitMs} ms`);
}

/** Stops the server (SIGTERM) and waits for it to exit. */
export async function stop(p: ChildProcess) {
  if (p.exitCode !== null) return;
  const done = new Promise((r) => p.once('exit', r));
  p.kill('SIGTERM');
  await done;
}

/** autocannon as a promise. */
export function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
}

/** The p-th percentile of ascending samples. */
export const pctOf = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
