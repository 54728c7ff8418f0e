import os from 'node:os';
import path from 'node:path';

/** Every setting comes from the environment; every default gives the embedded demo. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** unset = embedded PostgreSQL (PGlite) under dataDir */
  databaseUrl?: string;
  captcha: boolean;
  tz: string;
  /** secret that signs tokens; default: generated into dataDir at first start */
  jwtSecret?: string;
  /** max upload size in bytes */
  uploadMaxBytes: number;
  /** seed the demo utility at start */
  seed: boolean;
  /** run background jobs (simulator, schedulers) in this instance when it holds the lock */
  jobs: boolean;
  /** how often (ms) an instance tries the jobs lock, or confirms it still holds it */
  leaderCheckMs: number;
  /** long jobs (backups, data sync) running at once in this instance; more wait in the queue (core/job-queue.ts) */
  jobLimit: number;
  /** days of monitoring history the first start backfills */
  monitorBackfillDays: number;
  logLevel: string;
  /** serve the built web app from this folder when it exists */
  webDist: string;
  /** port of the embedded MQTT broker (SWP_MQTT_PORT, default 1883; 0 or off: none); unused with mqttUrl */
  mqttPort: number | null;
  mqttHost: string;
  /** an external broker (MQTT_URL): the server subscribes to it (shared subscription) instead of embedding one */
  mqttUrl?: string;
  /** this instance's client id at the external broker: stable, so its persistent session survives a restart */
  mqttClientId: string;
  /** the shared subscription's group: instances in one group split the stream (SWP_MQTT_SHARE_GROUP, default swp) */
  mqttShareGroup: string;
}

function bool(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return !['0', 'off', 'false', 'no'].includes(v.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    captcha: bool(env.SWP_CAPTCHA, true),
    tz: env.TZ || 'Asia/Shanghai',
    jwtSecret: env.SWP_JWT_SECRET || undefined,
    uploadMaxBytes: Number(env.SWP_UPLOAD_MAX_BYTES ?? 20 * 1024 * 1024),
    seed: bool(env.SWP_SEED, true),
    jobs: bool(env.SWP_JOBS, true),
    leaderCheckMs: Math.max(500, Number(env.SWP_LEADER_CHECK_MS) || 3000),
    jobLimit: Math.max(1, Number(env.SWP_JOB_LIMIT) || 2),
    monitorBackfillDays: Number(env.SWP_MONITOR_BACKFILL_DAYS ?? 90),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: path.resolve(env.SWP_WEB_DIST ?? path.join(root, 'apps/web/dist')),
    mqttPort: mqttPort(env.SWP_MQTT_PORT),
    mqttHost: env.SWP_MQTT_HOST || '0.0.0.0',
    mqttUrl: env.MQTT_URL || undefined,
    mqttClientId: env.SWP_MQTT_CLIENT_ID || `swp-${os.hostname()}-${env.PORT ?? 8080}`,
    mqttShareGroup: env.SWP_MQTT_SHARE_GROUP || 'swp',
  };
}

function mqttPort(v: string | undefined): number | null {
  if (v === undefined || v === '') return 1883;
  if (['0', 'off', 'false', 'no'].includes(v.toLowerCase())) return null;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`SWP_MQTT_PORT must be a port number or off: ${v}`);
  return n;
}
