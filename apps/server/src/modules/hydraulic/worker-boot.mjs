// The worker thread's entry: plain JavaScript that loads tsx, so the TypeScript worker runs the same under the
// server (node --import tsx) and under vitest, whose workers do not pass the loader on to new threads.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
