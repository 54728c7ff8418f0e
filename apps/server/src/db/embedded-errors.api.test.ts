/**
 * The embedded database keeps a connection's replies in step with its statements after an error in the extended
 * protocol (ready-filter.ts). Before the filter, a ROLLBACK after a unique violation took the stray ReadyForQuery as
 * its own reply and every later statement on the connection got the rows of the one before.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type EmbeddedDb, startEmbedded } from './embedded.ts';

let e: EmbeddedDb;
let c: pg.Client;
beforeAll(async () => {
  e = await startEmbedded('memory://');
  c = new pg.Client({ connectionString: e.url });
  await c.connect();
  await c.query('create table o (id int primary key, cid text)');
  await c.query('create unique index o_cid on o (cid)');
});
afterAll(async () => {
  await c?.end();
  await e?.stop();
});

it('after a unique violation in a transaction and its rollback, each statement gets its own rows', async () => {
  for (let k = 0; k < 20; k++) {
    await c.query('insert into o (id) values ($1), ($2)', [k * 10 + 1, k * 10 + 2]);
    const codes: string[] = [];
    for (const id of [k * 10 + 1, k * 10 + 2]) {
      await c.query('BEGIN');
      try {
        await c.query('select id from o where id = $1 for update', [id]);
        await c.query('update o set cid = $1 where id = $2', [`c${k}`, id]);
        await c.query('COMMIT');
        codes.push('ok');
      } catch (err) {
        codes.push((err as { code?: string }).code ?? 'other');
        await c.query('ROLLBACK');
      }
    }
    expect(codes).toEqual(['ok', '23505']);
    const r = await c.query('select $1::int as x, $2::text as y', [k, `v${k}`]);
    expect(r.rows).toEqual([{ x: k, y: `v${k}` }]);
  }
});

it('a statement refused at parse, at bind or at run leaves the connection in step', async () => {
  for (const bad of ['selec $1::int', 'select $1::int / 0', 'select nosuchcol from o where id = $1']) {
    await expect(c.query(bad, [1])).rejects.toBeTruthy();
    const r = await c.query('select $1::int as x', [7]);
    expect(r.rows).toEqual([{ x: 7 }]);
  }
});
