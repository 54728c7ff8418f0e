/**
 * Child process that owns the embedded database. PGlite runs queries on the thread that calls it, so keeping it
 * out of the server process leaves the server's event loop free and lets the server speak plain `pg` to a socket:
 * one database code path for embedded and real PostgreSQL.
 *
 * argv: <dataDir> [loadFrom.tar.gz]. Reports `{ ready: port }` over IPC; stops on SIGTERM or when the parent dies.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const [dataDir, loadFrom] = process.argv.slice(2);

async function main() {
  const fresh = dataDir !== 'memory://' && !fs.existsSync(`${dataDir}/PG_VERSION`);
  if (dataDir !== 'memory://') fs.mkdirSync(dataDir, { recursive: true });
  const loadDataDir =
    loadFrom && (fresh || dataDir === 'memory://') ? new Blob([fs.readFileSync(loadFrom)]) : undefined;
  const db = await PGlite.create(dataDir, { loadDataDir });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 8 });
  await server.start();
  const conn = server.getServerConn();
  const port = Number(conn.split(':').pop());
  process.send?.({ ready: port });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await server.stop();
      await db.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
  process.on('message', (m: any) => {
    if (m?.cmd === 'stop') void stop();
    if (m?.cmd === 'dump' && typeof m.to === 'string') {
      void (async () => {
        const blob = (await db.dumpDataDir('gzip')) as Blob;
        fs.writeFileSync(m.to, Buffer.from(await blob.arrayBuffer()));
        process.send?.({ dumped: m.to });
      })();
    }
  });
}

main().catch((err) => {
  process.send?.({ error: String(err?.stack ?? err) });
  process.exit(1);
});
