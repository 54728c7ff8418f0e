/** Moved to `lib/useLiveEvent.ts` (issue 23: features use shared layers only); kept so older imports still compile. */
export { useLiveEvent } from '../../lib/useLiveEvent';
