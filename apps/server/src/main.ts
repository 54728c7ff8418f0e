import fs from 'node:fs';
import { loadConfig } from './config.ts';

const config = loadConfig();
process.env.TZ = config.tz;
fs.mkdirSync(config.dataDir, { recursive: true });

const { buildApp } = await import('./app.ts');
const started = Date.now();
const app = await buildApp({ config });
await app.server.listen({ port: config.port, host: config.host });
app.server.log.info(
  `SWP Console ready at http://localhost:${config.port} (${app.ctx.database.kind} database, ${Date.now() - started} ms)`,
);

let closing = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, async () => {
    if (closing) return;
    closing = true;
    await app.close().catch(() => {});
    process.exit(0);
  });
}
