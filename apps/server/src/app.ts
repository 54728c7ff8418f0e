import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { installDocs } from './core/docs.ts';
import { installErrorHandling, setNotFoundFallback } from './core/errors.ts';
import { parseFormData } from './core/form-data.ts';
import { type Grant, installGate, type RouteAccess } from './core/gate.ts';
import { installInputGuard } from './core/input-guard.ts';
import { JobLeadership } from './core/jobs.ts';
import { toJson } from './core/json.ts';
import { LiveBus } from './core/live.ts';
import type { AppContext, ServerModule } from './core/module.ts';
import { type Database, openDatabase } from './db/connection.ts';
import { runMigrations } from './db/migrate.ts';
import { modules as allModules } from './modules/index.ts';

export interface BuildOptions {
  config: Config;
  /** an already-open database (tests); otherwise opened from config */
  database?: Database;
  modules?: ServerModule[];
  logger?: boolean;
}

export interface RouteInfo {
  method: string;
  url: string;
  access: RouteAccess;
  /** undefined on a 'user' route = it declared nothing (administrators only; the access test fails) */
  grant?: Grant;
}

export interface App {
  server: FastifyInstance;
  /** every route registered (method, url, who may call it), for generated tests and docs */
  routes: RouteInfo[];
  ctx: AppContext;
  close(): Promise<void>;
}

/** Migrates and seeds a database without serving it (first start, test templates). */
export async function prepareDatabase(config: Config, database: Database, modules: ServerModule[] = allModules) {
  await runMigrations(database.pool);
  const live = new LiveBus(database.pool, false);
  const ctx: AppContext = { config, database, db: database.db, live, isLeader: () => false };
  // the modules' hooks (tenant provisioning, L-Town steps, process ends) hold in command-line runs too
  for (const m of modules) await m.init?.(ctx);
  await seedAll(ctx, modules);
}

/**
 * Runs every module's (idempotent) seed in order. A seed that already ran against the same module code is skipped,
 * which keeps restarts fast: the fingerprint is a hash of the module folder's sources (tests excluded).
 */
async function seedAll(ctx: AppContext, modules: ServerModule[]) {
  await ctx.database.pool.query(
    'create table if not exists swp_seed_state (module varchar(64) primary key, fingerprint varchar(64) not null, applied_at timestamptz not null default now())',
  );
  const done = new Map(
    (
      await ctx.database.pool.query<{ module: string; fingerprint: string }>(
        'select module, fingerprint from swp_seed_state',
      )
    ).rows.map((r) => [r.module, r.fingerprint]),
  );
  for (const m of modules) {
    if (!m.seed) continue;
    const fp = moduleFingerprint(m.name);
    if (fp && done.get(m.name) === fp) continue;
    const t0 = Date.now();
    await m.seed(ctx);
    const ms = Date.now() - t0;
    if (fp) {
      await ctx.database.pool.query(
        'insert into swp_seed_state (module, fingerprint) values ($1, $2) on conflict (module) do update set fingerprint = excluded.fingerprint, applied_at = now()',
        [m.name, fp],
      );
    }
    if (ms > 500 && ctx.config.logLevel !== 'silent') console.log(`seed ${m.name}: ${ms} ms`);
  }
}

function moduleFingerprint(name: string): string | undefined {
  const dir = path.join(import.meta.dirname, 'modules', name);
  if (!fs.existsSync(dir)) return undefined;
  const hash = crypto.createHash('sha256');
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !e.name.includes('.test.')) hash.update(e.name).update(fs.readFileSync(p));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/** Builds the whole server: database, migrations, seed, gate, every module's routes, the web app. */
export async function buildApp(opts: BuildOptions): Promise<App> {
  const { config } = opts;
  const modules = opts.modules ?? allModules;
  const database = opts.database ?? (await openDatabase(config));
  await runMigrations(database.pool);

  const crossInstance = database.kind === 'postgresql';
  const live = new LiveBus(database.pool, crossInstance, database.url);
  await live.start();
  const jobs = new JobLeadership({
    url: database.url,
    crossInstance,
    checkMs: config.leaderCheckMs,
    // every gain opens a term; the loops of an earlier term have stopped themselves (core/jobs.ts LeaderLoop)
    onLead: () => {
      if (config.jobs) for (const m of modules) void m.lead?.(ctx);
    },
    onLose: () => {
      if (config.logLevel !== 'silent') console.warn('[jobs] lost the jobs lock: background jobs stop here');
    },
  });
  const ctx: AppContext = { config, database, db: database.db, live, isLeader: jobs.isLeader, leadership: jobs };

  for (const m of modules) await m.init?.(ctx);
  if (config.seed) await seedAll(ctx, modules);

  const server = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    logController: new LogController({ disableRequestLogging: true }),
  });
  server.decorate('ctx', ctx);
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  server.setReplySerializer((payload) => toJson(payload));
  // Forms arrive from the Sword client and from Basic-auth sign-in; parse them into plain objects.
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // Sword posts its forms as FormData (multipart): text fields only. A RegExp parser is consulted after exact types,
  // so the upload routes' own @fastify/multipart (registered in their scopes) still receives the files.
  server.addContentTypeParser(/^multipart\/form-data/i, { parseAs: 'buffer' }, (req, body, done) => {
    try {
      done(null, parseFormData(body as Buffer, String(req.headers['content-type'] ?? '')));
    } catch (e) {
      done(e as Error, undefined);
    }
  });
  installErrorHandling(server);
  installGate(server);
  installInputGuard(server);
  // the OpenAPI generator must see every route: registered before them
  await installDocs(server);
  const routes: RouteInfo[] = [];
  server.addHook('onRoute', (r) => {
    const access: RouteAccess = r.config?.access ?? 'user';
    // deny by default, enforced at start: a route behind the gate names who may call it (core/gate.ts Grant)
    if (access === 'user' && r.config?.grant === undefined && r.url.startsWith('/api/')) {
      throw new Error(
        `route ${[r.method].flat().join(',')} ${r.url} declares no grant (byMenu, signedIn or adminOnly)`,
      );
    }
    for (const method of [r.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: r.url, access, grant: r.config?.grant });
    }
  });

  for (const prefix of ['/api', '']) {
    await server.register(
      async (scope) => {
        for (const m of modules) await m.routes?.(scope, ctx);
      },
      { prefix },
    );
  }
  serveWeb(server, config);
  await server.ready();

  await jobs.start();

  return {
    server,
    routes,
    ctx,
    async close() {
      await server.close();
      for (const m of modules) await m.stop?.();
      await jobs.stop();
      await live.close();
      if (!opts.database) await database.close();
    },
  };
}

/** Serves the built single-page app; unknown non-API paths get index.html so the client router decides. */
function serveWeb(server: FastifyInstance, config: Config) {
  const index = path.join(config.webDist, 'index.html');
  if (!fs.existsSync(index)) return;
  const page = builtPage(index);
  // the field app (移动应用): a second entry of the same build, its own shell at /app/ (the service worker's scope)
  const appPage = builtPage(path.join(config.webDist, 'app.html'));
  // the built files are public: the gate must not ask them for a client or a token
  server.register(async (scope) => {
    scope.addHook('onRoute', (r) => {
      r.config = { ...((r.config as object | undefined) ?? {}), access: 'public' } as typeof r.config;
    });
    await scope.register(import('@fastify/static'), { root: config.webDist, wildcard: true, index: false });
  });
  server.get('/', { config: { access: 'public' } }, (_req, reply) => reply.type('text/html').send(page()));
  setNotFoundFallback((req, reply) => {
    const p = req.url.split('?')[0];
    const apiLike = /^\/(api|blade-|swp-|lc-gis|ws)/.test(p) || req.method !== 'GET' || path.extname(p) !== '';
    if (apiLike) return false;
    // the service worker's scope is /app/ (with the slash), so the bare path goes there
    if (p === '/app') {
      reply.redirect('/app/');
      return true;
    }
    if (p.startsWith('/app/')) {
      const html = appPage();
      if (!html) return false;
      // the shell must be revalidated, or a phone keeps an old build's chunk names after an update
      reply.header('cache-control', 'no-cache').type('text/html').send(html);
      return true;
    }
    // the public valve page carries its share token in the URL: nothing it loads or links to may see it
    // (and so do the big screens opened by their share links)
    if (/^\/list-operate\/shutValue\/?$/i.test(p) || /^\/screen\/\w+\/?$/.test(p))
      reply.header('referrer-policy', 'no-referrer');
    reply.type('text/html').send(page());
    return true;
  });
}

/** A built HTML page, read again when a new build replaces it, so a running server never points at chunks that are gone. */
function builtPage(file: string): () => Buffer | undefined {
  let html: Buffer | undefined;
  let htmlTime = 0;
  return () => {
    try {
      const t = fs.statSync(file).mtimeMs;
      if (t !== htmlTime) {
        html = fs.readFileSync(file);
        htmlTime = t;
      }
    } catch {
      /* a build in progress (or no such entry): keep the last good page */
    }
    return html;
  };
}
