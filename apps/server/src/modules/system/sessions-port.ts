/**
 * What the administration needs from sign-in without importing it (modules meet through index.ts in one direction:
 * auth uses system, never the reverse). The auth module registers how sessions end at its init and listens for
 * client changes on the live bus.
 */
import type { AppContext } from '../../core/module.ts';

/** published after blade_client changes: every instance reloads its clients */
export const CLIENT_CHANGED_TOPIC = 'auth.client.changed';

type SessionRevoker = (ctx: AppContext, userIds: string[], reason: string) => Promise<number>;
let revoker: SessionRevoker | undefined;

export function setSessionRevoker(fn: SessionRevoker) {
  revoker = fn;
}

/** Ends every open session of these users on every instance; 0 when no sign-in module runs. */
export function revokeSessionsOf(ctx: AppContext, userIds: string[], reason: string): Promise<number> {
  return revoker && userIds.length ? revoker(ctx, userIds, reason) : Promise.resolve(0);
}
