import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';

export interface EmbeddedDb {
  url: string;
  /** write a plain tar of the whole data directory (used to make test templates) */
  dump(to: string): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the embedded PostgreSQL in a child process and returns a connection URL to it. */
export async function startEmbedded(dataDir: string, loadFrom?: string): Promise<EmbeddedDb> {
  const entry = path.join(import.meta.dirname, 'pglite-server.ts');
  const child: ChildProcess = fork(entry, [dataDir, ...(loadFrom ? [loadFrom] : [])], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const onMsg = (m: any) => {
      if (m?.ready) {
        child.off('message', onMsg);
        resolve(m.ready);
      } else if (m?.error) reject(new Error(`embedded database failed: ${m.error}`));
    };
    child.on('message', onMsg);
    child.once('exit', (code) => reject(new Error(`embedded database exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    dump: (to) =>
      new Promise((resolve, reject) => {
        const onMsg = (m: any) => {
          if (m?.dumped === to) {
            child.off('message', onMsg);
            resolve();
          }
        };
        child.on('message', onMsg);
        child.send({ cmd: 'dump', to }, (err) => err && reject(err));
      }),
    stop: async () => {
      if (child.exitCode === null) child.send({ cmd: 'stop' });
      await exited;
    },
  };
}
