import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config.ts';
import { startEmbedded } from './embedded.ts';
import { PreparingClient } from './prepared.ts';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
export type DbKind = 'embedded' | 'postgresql';

export interface Database {
  kind: DbKind;
  pool: pg.Pool;
  db: Db;
  url: string;
  version(): Promise<string>;
  close(): Promise<void>;
}

// int8 stays a string (64-bit ids do not fit a JS number); numeric becomes a number; timestamps stay Dates.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => (v === null ? null : Number(v)));

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return connectDatabase(config.databaseUrl, 'postgresql');
  const embedded = await startEmbedded(`${config.dataDir}/pgdata`);
  return connectDatabase(embedded.url, 'embedded', () => embedded.stop());
}

/** A Database over a URL; `kind` says whether it is the embedded server (one connection) or PostgreSQL. */
export function connectDatabase(url: string, kind: DbKind, onClose?: () => Promise<void>): Database {
  // The embedded server runs one query at a time: a single pooled connection keeps transactions intact.
  const pool = new pg.Pool({
    connectionString: url,
    max: kind === 'embedded' ? 1 : 10,
    idleTimeoutMillis: 30_000,
    Client: PreparingClient,
  });
  pool.on('error', () => {
    /* a dropped idle client is replaced on next use */
  });
  const db = drizzle(pool, { schema });
  return {
    kind,
    pool,
    db,
    url,
    async version() {
      const r = await pool.query<{ v: string }>("select current_setting('server_version') as v");
      return r.rows[0].v;
    },
    async close() {
      await pool.end();
      await onClose?.();
    },
  };
}
