import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    env: { TZ: 'Asia/Shanghai' },
    // Vitest's default is one worker per core minus one: a single worker on CI's 2-core machine. jsdom suites wait
    // on timers and rendering as much as they compute, so two workers finish much sooner there.
    maxWorkers: 2,
    // a test that renders a whole screen can take seconds on a loaded machine; a hang still fails
    testTimeout: 30_000,
  },
});
