/**
 * One leader, always (issue 17): two instances on one PostgreSQL database; the leader's lock connection is cut
 * with pg_terminate_backend from an admin connection. Exactly one instance leads again, and no two instances ever
 * ran the (test) job in the same period. Needs TEST_DATABASE_URL (the embedded database serves one instance).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../../test/harness.ts';
import { connectDatabase } from '../db/connection.ts';
import { LeaderLoop } from './jobs.ts';
import type { AppContext, ServerModule } from './module.ts';

/** A module whose only job records which instance ran it, in which term, and when (the database's clock). */
function recorder(instance: string): ServerModule {
  const loops: LeaderLoop[] = [];
  return {
    name: `leader-test-${instance}`,
    lead(ctx: AppContext) {
      const term = ctx.leadership?.term() ?? 0;
      const loop = new LeaderLoop(
        ctx,
        'leader test',
        async () => {
          await ctx.database.pool.query(
            `insert into swp_leader_test (instance, term, started) values ($1, $2, clock_timestamp())`,
            [instance, term],
          );
        },
        50,
      );
      loops.push(loop);
      loop.start(0);
    },
    async stop() {
      await Promise.all(loops.map((l) => l.stop()));
    },
  };
}

const until = async (what: string, cond: () => Promise<boolean> | boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('one jobs leader across instances', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: pg.Client;
  const over = { jobs: true, leaderCheckMs: 500 };

  beforeAll(async () => {
    a = await bootTestApp(over, undefined, [recorder('a')]);
    await a.app.ctx.database.pool.query(
      'create table swp_leader_test (instance text not null, term int not null, started timestamptz not null)',
    );
    const url = a.app.ctx.database.url as string;
    b = await bootTestApp(over, connectDatabase(url, 'postgresql'), [recorder('b')]);
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await b?.close();
    await a?.close();
  });

  const leaders = () => [a, b].filter((t) => t.app.ctx.isLeader());
  const runs = async () =>
    (
      await admin.query<{ instance: string; term: number; started: Date }>(
        'select instance, term, started from swp_leader_test order by started',
      )
    ).rows;

  it('cuts the leader’s lock connection: one leader again, no job run by two', async () => {
    await until('a first leader', () => leaders().length === 1);
    const first = leaders()[0];
    const firstName = first === a ? 'a' : 'b';
    const firstTerm = first.app.ctx.leadership?.term();
    await until('a run of the first leader', async () => (await runs()).length > 2);

    const lock = await admin.query<{ pid: number }>(
      `select pid from pg_locks where locktype = 'advisory' and granted and classid = 0 and objid = 7261002
          and database = (select oid from pg_database where datname = current_database())`,
    );
    expect(lock.rows).toHaveLength(1);
    const cut = await admin.query<{ ok: boolean; at: Date }>(
      'select pg_terminate_backend($1) as ok, clock_timestamp() as at',
      [lock.rows[0].pid],
    );
    expect(cut.rows[0].ok).toBe(true);
    const cutAt = cut.rows[0].at.getTime();

    // the old leader drops its flag; one instance (possibly the same, in a new term) leads again
    await until('a new term', () =>
      [a, b].some((t) => t.app.ctx.isLeader() && (t !== first || t.app.ctx.leadership?.term() !== firstTerm)),
    );
    expect(leaders()).toHaveLength(1);
    await until('a run in the new term', async () =>
      (await runs()).some((r) => r.started.getTime() > cutAt && (r.instance !== firstName || r.term !== firstTerm)),
    );
    expect(leaders()).toHaveLength(1);

    // the lock is held by exactly one session again
    const held = await admin.query(
      `select pid from pg_locks where locktype = 'advisory' and granted and classid = 0 and objid = 7261002
          and database = (select oid from pg_database where datname = current_database())`,
    );
    expect(held.rows).toHaveLength(1);

    // each (instance, term) ran in one unbroken stretch: no run of the old leader after the new one began
    const seen: string[] = [];
    for (const r of await runs()) {
      const key = `${r.instance}/${r.term}`;
      if (seen.at(-1) === key) continue;
      expect(seen, `runs of ${key} resumed after another leader ran`).not.toContain(key);
      seen.push(key);
    }
    expect(seen.length).toBeGreaterThanOrEqual(2);
  });
});
