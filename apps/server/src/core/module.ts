import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/connection.ts';
import type { Leadership } from './jobs.ts';
import type { LiveBus } from './live.ts';

/** What every module gets: settings, the database, the live bus. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  live: LiveBus;
  /** true in the one instance that runs background jobs */
  isLeader(): boolean;
  /** the lock behind isLeader: its term and a database check, used by `LeaderLoop` before each run */
  leadership?: Pick<Leadership, 'term' | 'confirm'>;
}

/**
 * A service family of the spec. Routes are mounted twice, under `/api` and bare (as a gateway would forward them).
 * `seed` must be idempotent: it runs at every start. `lead` starts background jobs in the leader instance only.
 */
export interface ServerModule {
  name: string;
  /**
   * The modules whose `index.ts` this module imports, i.e. what it needs loaded to start and serve (absent = none).
   * Every module of `modules/index.ts` declares it; `module-deps.unit.test.ts` checks it against the real imports and
   * `module-deps.api.test.ts` boots each module with only these (`closureOf` in `core/module-deps.ts`).
   */
  uses?: readonly string[];
  routes?(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
  /** runs once per process before routes: register gate providers, fault sinks, live listeners */
  init?(ctx: AppContext): void | Promise<void>;
  seed?(ctx: AppContext): Promise<void>;
  lead?(ctx: AppContext): void | Promise<void>;
  stop?(): void | Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
