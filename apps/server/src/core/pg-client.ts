/**
 * One pooled connection for a run of explicit transactions (COPY, savepoints and temporary tables need the same
 * connection throughout): each `transaction` is begin … commit and is rolled back when its work fails. A connection
 * whose rollback failed is in an unknown state, so it is destroyed instead of going back to the pool.
 */
import type pg from 'pg';

export type ClientTransaction = <R>(work: () => Promise<R>, begin?: string) => Promise<R>;

export async function withPooledClient<T>(
  pool: pg.Pool,
  run: (client: pg.PoolClient, transaction: ClientTransaction) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const transaction: ClientTransaction = async (work, begin = 'begin') => {
    await client.query(begin);
    try {
      const r = await work();
      await client.query('commit');
      return r;
    } catch (err) {
      await client.query('rollback').catch((e: Error) => {
        broken = e;
      });
      throw err;
    }
  };
  try {
    return await run(client, transaction);
  } finally {
    client.release(broken);
  }
}
