/**
 * The command-line scripts (gis:generate, seed:monitor-year, demo:l-town) reach the configured database the same way:
 * refuse while a server on this machine holds the embedded one (it serves one process at a time), make the data
 * folder, open the database, run with an application context of their own (no cross-instance live bus, never the
 * leader), and close it whatever happens. The database code is loaded only here, after the script has set TZ.
 */
import fs from 'node:fs';
import type { Config } from '../config.ts';
import type { AppContext } from './module.ts';

async function serverRunning(config: Config): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}/api/health`, { signal: AbortSignal.timeout(1000) });
    const body = (await res.json()) as { data?: { database?: { kind?: string } } };
    return body?.data?.database?.kind === 'embedded';
  } catch {
    return false;
  }
}

export async function withCliDatabase(config: Config, run: (ctx: AppContext) => Promise<void>): Promise<void> {
  if (!config.databaseUrl && (await serverRunning(config))) {
    console.error(`The server on port ${config.port} holds the embedded database: stop it first, then run this again.`);
    process.exit(1);
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const { openDatabase } = await import('../db/connection.ts');
  const { LiveBus } = await import('./live.ts');
  const database = await openDatabase(config);
  try {
    await run({ config, database, db: database.db, live: new LiveBus(database.pool, false), isLeader: () => false });
  } finally {
    await database.close();
  }
}
