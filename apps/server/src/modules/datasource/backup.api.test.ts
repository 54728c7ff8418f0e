/**
 * Backups are queued, bounded and survivable (issue 17): while a backup is held between two of its reads the
 * server keeps answering health and ordinary pages, a second backup is refused, the running one cannot be deleted;
 * the finished file holds every row; a backup a dead process left running is failed at start-up and deletable.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { newId } from '../../core/ids.ts';
import { jobQueueOf } from '../../core/job-queue.ts';
import { backupHooks, MSG_BACKUP_BUSY, MSG_INTERRUPTED } from './backup.ts';
import { MSG_SYNC_BUSY } from './sync.ts';

const S = '/api/system/DataBackup';

describe('backups beside ordinary work', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
    await t.signIn();
  });
  afterAll(async () => {
    backupHooks.betweenPages = undefined;
    await t?.close();
  });

  const rowOf = async (id: string) =>
    (await t.get(S, { pageSize: 500 })).json().data.list.find((b: any) => b.id === id);

  it('answers pages while a backup runs, refuses a second one, and writes every row', async () => {
    let reads = 0;
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let reached!: () => void;
    const inside = new Promise<void>((r) => {
      reached = r;
    });
    backupHooks.betweenPages = async () => {
      reads++;
      if (reads === 3) {
        reached();
        await held;
      }
    };
    const started = (await t.post(S, { description: '并行测试' })).json();
    expect(started).toMatchObject({ code: 200, msg: '备份已开始' });
    const id = started.data.id;
    await inside;

    // the backup is between two reads: ordinary requests are served meanwhile
    const health = await t.call({ method: 'GET', url: '/api/health' });
    expect(health.json().data.status).toBe('UP');
    const users = (await t.get('/api/blade-system/user/list', { current: 1, size: 10 })).json();
    expect(users.code).toBe(200);
    expect(users.data.records.length).toBeGreaterThan(0);
    const again = await t.post(S, { description: '第二个' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ success: false, msg: MSG_BACKUP_BUSY });
    expect((await t.del(`${S}/${id}`)).json().msg).toBe('备份进行中，不能删除');
    // all of that completed before the backup did
    expect((await rowOf(id)).state).toBe('running');
    expect(reads).toBe(3);

    release();
    let row: any;
    for (let i = 0; i < 240; i++) {
      row = await rowOf(id);
      if (row.state !== 'running' && row.state !== 'queued') break;
      await new Promise((ok) => setTimeout(ok, 250));
    }
    expect(row).toMatchObject({ state: 'done', description: '并行测试' });
    expect(reads).toBeGreaterThan(3);
    const text = gunzipSync((await t.get(`${S}/${id}/Actions/Download`)).rawPayload).toString('utf8');
    // every row of a table with a primary key, and of one without, is in the file exactly once
    const pool = t.app.ctx.database.pool;
    const noKey = (
      await pool.query<{ t: string }>(
        `select c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and c.reltuples > 0
            and not exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary)
            and c.relname not in ('spatial_ref_sys') order by c.relname limit 1`,
      )
    ).rows.map((r) => r.t);
    for (const table of ['blade_user', 'blade_menu', ...noKey]) {
      const block = text.split(`COPY public."${table}" (`)[1].split('\n\\.\n')[0].split('\n').slice(1);
      const { n } = (await pool.query<{ n: string }>(`select count(*) as n from "${table}"`)).rows[0];
      expect(block.length, table).toBe(Number(n));
      expect(new Set(block).size, table).toBe(block.length);
    }
    backupHooks.betweenPages = undefined;
    expect((await t.del(`${S}/${id}`)).json().msg).toBe('删除成功');
  });

  it('fails a backup a stopped process left running, at start-up, and lets it be deleted', async () => {
    const pool = t.app.ctx.database.pool;
    const id = newId();
    await pool.query(`insert into ds_backup (id, file_name, state) values ($1, 'swp_backup_gone.sql.gz', 'running')`, [
      id,
    ]);
    expect((await t.del(`${S}/${id}`)).json().msg).toBe('备份进行中，不能删除');
    // a restart on the same database
    const again = await buildApp({ config: t.config, database: t.app.ctx.database, logger: false });
    await again.close();
    if (t.app.ctx.database.kind === 'postgresql') {
      // another instance may still be writing it: only a row without a heartbeat for a minute is given up
      expect((await rowOf(id)).state).toBe('running');
      await pool.query(`update ds_backup set update_time = now() - interval '2 minutes' where id = $1`, [id]);
    }
    expect(await rowOf(id)).toMatchObject({ state: 'failed', message: MSG_INTERRUPTED });
    expect((await t.del(`${S}/${id}`)).json().msg).toBe('删除成功');
  });

  it('queues a backup while the instance’s long jobs are at their limit, then runs it', async () => {
    // two long jobs of other tenants hold both slots (SWP_JOB_LIMIT 2)
    const queue = jobQueueOf(t.app.ctx);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const busy = ['100001', '100002'].map((tenantId) =>
      queue.submit({ kind: 'datasync', tenantId, busyMessage: 'busy' }, () => held),
    );
    const r = (await t.post(S, { description: '排队测试' })).json();
    expect(r).toMatchObject({ code: 200, data: { position: 1 } });
    expect(r.msg).toContain('备份已排队');
    expect(await rowOf(r.data.id)).toMatchObject({ state: 'queued' });
    // queued counts as one: a second is refused too
    expect((await t.post(S, {})).json().msg).toBe(MSG_BACKUP_BUSY);
    release();
    await Promise.all(busy.map((b) => b.result));
    let row: any;
    for (let i = 0; i < 240; i++) {
      row = await rowOf(r.data.id);
      if (row.state !== 'running' && row.state !== 'queued') break;
      await new Promise((ok) => setTimeout(ok, 250));
    }
    expect(row).toMatchObject({ state: 'done', description: '排队测试' });
    expect(row.rowCount).toBeGreaterThan(0);
  });

  it('runs one data sync per tenant: another while one runs is refused with 429', async () => {
    const queue = jobQueueOf(t.app.ctx);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const running = queue.submit({ kind: 'datasync', tenantId: '000000', busyMessage: MSG_SYNC_BUSY }, () => held);
    const body = { dbLinkFrom: '0', dbLinkTo: '0', table: 'blade_user' };
    const res = await t.post('/api/system/DataSync/Actions/Execute', body);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 429, success: false, msg: MSG_SYNC_BUSY });
    // bad input is still a 400 first
    expect((await t.post('/api/system/DataSync/Actions/Execute', { dbLinkFrom: 'x' })).statusCode).toBe(400);
    release();
    await running.result;
    // the slot is free again: the request gets past the queue (and is refused for what it asks)
    const after = (await t.post('/api/system/DataSync/Actions/Execute', body)).json();
    expect(after.msg).toBe('目标不能是本系统数据库');
  });
});
