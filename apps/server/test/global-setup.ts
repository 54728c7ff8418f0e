/**
 * Builds one migrated and seeded database per test run; every suite then starts from a copy of it:
 * the embedded database from a dumped data directory, PostgreSQL (TEST_DATABASE_URL) from a template database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { prepareDatabase } from '../src/app.ts';
import { connectDatabase } from '../src/db/connection.ts';
import { startEmbedded } from '../src/db/embedded.ts';
import { testConfig } from './config.ts';

export default async function setup({ provide }: { provide: (key: string, value: unknown) => void }) {
  process.env.TZ = 'Asia/Shanghai';
  const runId = `${Date.now().toString(36)}${process.pid}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swp-test-'));
  const config = testConfig(dir);
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    const tpl = `swp_tpl_${runId}`;
    await admin.query(`create database ${tpl}`);
    const database = connectDatabase(withDb(pgUrl, tpl), 'postgresql');
    await prepareDatabase(config, database);
    await database.close();
    provide('pgTemplate', tpl);
    return async () => {
      const dbs = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
        `swp_%${runId}%`,
      ]);
      for (const { datname } of dbs.rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  const embedded = await startEmbedded(path.join(dir, 'template'));
  const database = connectDatabase(embedded.url, 'embedded');
  await prepareDatabase(config, database);
  await database.close();
  const tarball = path.join(dir, 'template.tar');
  await embedded.dump(tarball);
  await embedded.stop();
  provide('embeddedTemplate', tarball);
  provide('runId', runId);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

export function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}
