/** Moved to `lib/routes.ts` (issue 23: shell and features may not import app/); kept so older imports still compile. */
export * from '../lib/routes';
