/**
 * Child process that owns the embedded database. PGlite runs queries on the thread that calls it, so keeping it
 * out of the server process leaves the server's event loop free and lets the server speak plain `pg` to a socket:
 * one database code path for embedded and real PostgreSQL.
 *
 * argv: <dataDir> [loadFrom.tar.gz or .tar]. Reports `{ ready: port }` over IPC; stops on SIGTERM or when the parent dies.
 */
import fs from 'node:fs';
import { postgis } from '@electric-sql/pglite-postgis';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
// PostGIS (the spatial store of the pipe network, docs/gis.md): the only published PGlite PostGIS build (0.2.8) is
// linked against PGlite 0.5.8; loaded into 0.5.14 its side module fails to link and breaks every later dlopen
// (plpgsql too). So the embedded server runs PGlite 0.5.8 (installed under the alias `pglite-for-postgis`; same
// PostgreSQL 18 data format) with the extension; pglite-socket only needs the PGliteInterface it has.
import { PGlite } from 'pglite-for-postgis';
import { dropReady, mayAnswerReady } from './ready-filter.ts';

const [dataDir, loadFrom] = process.argv.slice(2);

async function main() {
  const fresh = dataDir !== 'memory://' && !fs.existsSync(`${dataDir}/PG_VERSION`);
  if (dataDir !== 'memory://') fs.mkdirSync(dataDir, { recursive: true });
  const loadDataDir =
    loadFrom && (fresh || dataDir === 'memory://') ? new Blob([fs.readFileSync(loadFrom)]) : undefined;
  const db = await PGlite.create(dataDir, { loadDataDir, extensions: { postgis } });
  // the socket server sees PGlite through the ReadyForQuery filter (ready-filter.ts)
  const filtered = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'execProtocolRawStream') {
        return (message: Uint8Array, opts: { onRawData: (data: Uint8Array) => void }) => {
          if (mayAnswerReady(message)) return target.execProtocolRawStream(message, opts);
          const filter = dropReady();
          return target.execProtocolRawStream(message, {
            ...opts,
            onRawData: (data: Uint8Array) => {
              const out = filter(data);
              if (out.length) opts.onRawData(out);
            },
          });
        };
      }
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  const server = new PGLiteSocketServer({ db: filtered as any, host: '127.0.0.1', port: 0, maxConnections: 8 });
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
        // a plain tar: it loads about a second faster than a gzipped one, and every API suite loads the test template
        const blob = (await db.dumpDataDir('none')) as Blob;
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
