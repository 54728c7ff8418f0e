import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    env: { TZ: 'Asia/Shanghai' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.unit.test.ts'],
          env: { TZ: 'Asia/Shanghai' },
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/**/*.api.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          env: { TZ: 'Asia/Shanghai' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // In CI one retry, as the browser tests have: a single timing flake on a loaded 2-core machine must not
          // throw away a whole run; `npm test` names every test again at its end, so a flake stays visible.
          retry: process.env.CI ? 1 : 0,
          // Each suite boots its own database; two at a time suits a 2-core machine.
          maxWorkers: 2,
          fileParallelism: true,
        },
      },
    ],
  },
});
