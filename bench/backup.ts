/**
 * Backups beside ordinary work (issue 17): on the embedded database (one connection), five backups are requested at
 * once; while the accepted one runs, health and the user list are called back to back and their latencies kept.
 * Goal: health p99 under 1 s throughout. `npm run bench -- backup` (PORT 18130, data in .tmp/bench-backup-data;
 * BENCH_KEEP_DATA=1 reuses a seeded data directory).
 */
import fs from 'node:fs';
import path from 'node:path';
import { adminToken, BASIC, runAlone, spawnServer, stop, waitHealthy } from './harness.ts';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_BACKUP_PORT ?? 18130);
const url = (p: string) => `http://127.0.0.1:${PORT}${p}`;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

async function timed(input: string, init?: RequestInit): Promise<{ ms: number; status: number }> {
  const t0 = performance.now();
  const r = await fetch(input, init);
  await r.arrayBuffer();
  return { ms: performance.now() - t0, status: r.status };
}

export async function benchBackup(): Promise<{ name: string; lines: string[] }> {
  const dataDir = path.join(root, '.tmp/bench-backup-data');
  if (!process.env.BENCH_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  const p = spawnServer(PORT, dataDir, { DATABASE_URL: '', SWP_JOBS: 'off' });
  try {
    await waitHealthy(url('/api/health'), 600_000, p);
    const headers = { authorization: BASIC, 'blade-auth': `bearer ${await adminToken(PORT, '000000')}` };
    const rows = (await fetch(url('/api/health'))).ok;
    if (!rows) throw new Error('unhealthy');

    // idle figures first
    const idle: number[] = [];
    for (let i = 0; i < 50; i++) idle.push((await timed(url('/api/health'))).ms);

    const t0 = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(url('/api/system/DataBackup'), {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ description: 'bench' }),
        }).then(async (r) => ({ status: r.status, msg: ((await r.json()) as { msg: string }).msg })),
      ),
    );
    const health: number[] = [];
    const users: number[] = [];
    let failures = 0;
    let state = 'running';
    let rowCount = 0;
    while (state === 'running' || state === 'queued') {
      const [h, u] = await Promise.all([
        timed(url('/api/health')),
        timed(url('/api/blade-system/user/list?current=1&size=10'), { headers }),
      ]);
      health.push(h.ms);
      users.push(u.ms);
      if (h.status !== 200 || u.status !== 200) failures++;
      const list = (await fetch(url('/api/system/DataBackup?pageSize=5'), { headers }).then((r) => r.json())) as {
        data: { list: { state: string; description: string; rowCount: number }[] };
      };
      const b = list.data.list.find((x) => x.description === 'bench');
      state = b?.state ?? 'missing';
      rowCount = b?.rowCount ?? 0;
      await new Promise((r) => setTimeout(r, 50));
    }
    const took = Date.now() - t0;
    const accepted = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 429);
    const p99 = pct(health, 99);
    return {
      name: 'Backups beside ordinary work (embedded database, one connection)',
      lines: [
        '| figure | measured | goal | met |',
        '|---|---|---|---|',
        `| five simultaneous backups: health p99 while the backup runs (p50 / max) | ${p99.toFixed(0)} ms (${pct(health, 50).toFixed(0)} / ${Math.max(...health).toFixed(0)} ms, ${health.length} calls) | < 1000 ms | ${p99 < 1000 && failures === 0 ? 'yes' : 'no'} |`,
        `| user list meanwhile, p50 / p99 | ${pct(users, 50).toFixed(0)} / ${pct(users, 99).toFixed(0)} ms | | |`,
        `| health idle, p50 / p99 | ${pct(idle, 50).toFixed(0)} / ${pct(idle, 99).toFixed(0)} ms | | |`,
        `| the five requests | ${accepted} accepted, ${refused.length} refused (429 ${refused[0]?.msg ?? ''}) | 1 runs | ${accepted === 1 ? 'yes' : 'no'} |`,
        `| the backup: state, rows, time | ${state}, ${rowCount} rows, ${(took / 1000).toFixed(1)} s | | |`,
        `| failed calls meanwhile | ${failures} | 0 | ${failures === 0 ? 'yes' : 'no'} |`,
        '',
        'Health and the user list called back to back (one of each in flight) for as long as the backup ran;',
        'SWP_JOBS=off so the simulator does not compete; demo data with 90 days of monitoring history.',
      ],
    };
  } finally {
    await stop(p);
  }
}

await runAlone(import.meta.url, benchBackup);
