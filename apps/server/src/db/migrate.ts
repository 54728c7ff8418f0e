import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

const MIGRATION_LOCK = 7_261_001;
const FOLDER = path.join(import.meta.dirname, 'migrations');

/**
 * The journal time of the baseline (0000_baseline, docs/architecture.md "Migrations: the baseline"): the time of the
 * last of the 34 migrations it replaced, so a database they built skips it. drizzle applies a migration when the
 * database's last one is older than it, so a database that stopped part way through the 34 would get the baseline on
 * top of tables it already has; it is refused instead, with what to do.
 */
const BASELINE_WHEN: number = JSON.parse(fs.readFileSync(path.join(FOLDER, 'meta', '_journal.json'), 'utf8')).entries[0]
  .when;
/** The last commit that carries the 34 migrations one by one. */
const LAST_WITH_HISTORY = 'b6dca78';

/** Applies the checked-in migrations; instances starting together wait for each other on an advisory lock. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await refuseHalfMigrated(client);
      await migrate(drizzle(client), { migrationsFolder: FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

async function refuseHalfMigrated(client: pg.PoolClient): Promise<void> {
  const journal = await client.query<{ present: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!journal.rows[0]?.present) return;
  const last = await client.query<{ n: string; at: string | null }>(
    'select count(*) as n, max(created_at) as at from drizzle.__drizzle_migrations',
  );
  const at = Number(last.rows[0]?.at ?? Number.NaN);
  if (!(at < BASELINE_WHEN)) return;
  throw new Error(
    `This database was migrated part way by an older SWP Console (${last.rows[0]?.n} of its 34 migrations, the last ` +
      `from ${new Date(at).toISOString()}). This version starts from a baseline of them all: start the console at ` +
      `commit ${LAST_WITH_HISTORY} on this database once (it applies the rest), then this version.`,
  );
}
