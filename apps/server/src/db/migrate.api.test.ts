/**
 * The baseline migration (docs/architecture.md "Migrations: the baseline"): a new database gets the whole schema from
 * it, a database the 34 earlier migrations built skips it, and one they left part way is refused with what to do,
 * before anything is written.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { type EmbeddedDb, startEmbedded } from './embedded.ts';
import { runMigrations } from './migrate.ts';

const journal = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'migrations', 'meta', '_journal.json'), 'utf8'),
) as { entries: { when: number; tag: string }[] };
const BASELINE_WHEN = journal.entries[0]!.when;

let e: EmbeddedDb;
let pool: pg.Pool;
beforeAll(async () => {
  e = await startEmbedded('memory://');
  pool = new pg.Pool({ connectionString: e.url, max: 2 });
});
afterAll(async () => {
  await pool?.end();
  await e?.stop();
});
beforeEach(async () => {
  await pool.query('drop schema if exists drizzle cascade');
});

/** A journal as the 34 earlier migrations left it, the last at `lastAt`. */
async function oldJournal(count: number, lastAt: number) {
  await pool.query('create schema drizzle');
  await pool.query(
    'create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  for (let k = count - 1; k >= 0; k--) {
    await pool.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      `h${k}`,
      lastAt - k,
    ]);
  }
}
const tableExists = async (name: string) =>
  (await pool.query<{ t: string | null }>('select to_regclass($1) as t', [name])).rows[0]?.t != null;

it('the baseline is the only migration, and its journal time is that of the last migration it replaced', () => {
  expect(journal.entries.map((x) => x.tag)).toEqual(['0000_baseline']);
  // 0033_monitor_rollup_journal's time: a database the 34 built counts as up to date
  expect(BASELINE_WHEN).toBe(1796515856008);
});

it('a database the 34 earlier migrations built skips the baseline', async () => {
  await oldJournal(34, BASELINE_WHEN);
  await runMigrations(pool);
  expect(await tableExists('blade_user')).toBe(false);
  const n = await pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
  expect(n.rows[0].n).toBe(34);
});

it('a database left part way through them is refused with what to do, and nothing is written', async () => {
  await oldJournal(20, BASELINE_WHEN - 50_000);
  await expect(runMigrations(pool)).rejects.toThrow(
    /part way by an older SWP Console \(20 of its 34 migrations.*commit b6dca78/,
  );
  expect(await tableExists('blade_user')).toBe(false);
  const n = await pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
  expect(n.rows[0].n).toBe(20);
});

it('a new database gets the whole schema from the baseline, once', async () => {
  await runMigrations(pool);
  for (const t of ['blade_user', 'swp_gis_pipe', 'swp_monitor_point', 'wf_task', 'swp_quality_indicator']) {
    expect(await tableExists(t)).toBe(true);
  }
  // the hand-written parts: the raw points partitioned by month, the user list's expression index, the fill factor
  const part = await pool.query(
    "select count(*)::int as n from pg_partitioned_table where partrelid = 'swp_monitor_point'::regclass",
  );
  expect(part.rows[0].n).toBe(1);
  expect(await tableExists('idx_user_dept_ids')).toBe(true);
  const ff = await pool.query("select reloptions from pg_class where relname = 'swp_monitor_series'");
  expect(ff.rows[0].reloptions).toEqual(['fillfactor=50']);
  await runMigrations(pool);
  const rows = await pool.query('select created_at from drizzle.__drizzle_migrations');
  expect(rows.rows.map((r) => Number(r.created_at))).toEqual([BASELINE_WHEN]);
});
