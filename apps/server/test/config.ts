import { type Config, loadConfig } from '../src/config.ts';

/** Settings for tests: captcha off, no background jobs, a short monitoring backfill, a throw-away data dir. */
export function testConfig(dataDir: string, over: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    dataDir,
    captcha: false,
    jobs: false,
    monitorBackfillDays: 7,
    logLevel: 'silent',
    jwtSecret: 'test-secret-test-secret-test-secret',
    webDist: '/nonexistent',
    // suites that test MQTT start a broker on a free port of their own
    mqttPort: null,
    ...over,
  };
}
