/**
 * The live stream of a share link (docs/screen.md): `GET /swp-screen/live/{code}?token=` is a server-sent event
 * stream authorised by the link's token alone (no session). It carries that screen's tenant's new readings —
 * `event: points` with the live bus's `monitor.points` data: the count and the new latest values (station code,
 * field, value, time, step) — which the page applies to its diagram at once; it re-reads the whole screen through
 * its view call (which checks the token again) at a slower pace. The stream closes when the link is revoked or
 * removed (`screen.token.revoked` on the live bus, from any instance) and when it expires.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { openEventStream } from '../../core/event-stream.ts';
import type { AppContext } from '../../core/module.ts';
import { StreamLimit } from '../../core/stream-limit.ts';
import { LIVE_TOPIC, type LivePoints } from '../monitor/index.ts';
import { checkToken, TOKEN_REVOKED_TOPIC } from './tokens.ts';

/** Wall displays opened by one link (per instance); one more is a 429. */
export const MAX_STREAMS_PER_LINK = 60;
const limits = new WeakMap<object, StreamLimit>();
const limitOf = (ctx: object) => {
  let l = limits.get(ctx);
  if (!l) {
    l = new StreamLimit(MAX_STREAMS_PER_LINK);
    limits.set(ctx, l);
  }
  return l;
};

export async function openShareStream(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  code: string,
  token: string,
) {
  const link = await checkToken(ctx, token, code);
  const release = limitOf(ctx).acquire('screen', link.id);
  const res = openEventStream(reply, { 'referrer-policy': 'no-referrer' });
  const offPoints = ctx.live.on(LIVE_TOPIC, (ev) => {
    if (ev.tenantId !== link.tenantId) return;
    const data = (ev.data ?? {}) as LivePoints;
    res.write(
      `event: points\ndata: ${JSON.stringify({ at: Date.now(), points: data.points, values: data.values })}\n\n`,
    );
  });
  const end = (reason: string) => {
    res.write(`event: closed\ndata: ${JSON.stringify({ reason })}\n\n`);
    res.end();
    close();
  };
  const offRevoked = ctx.live.on(TOKEN_REVOKED_TOPIC, (ev) => {
    if ((ev.data as { id?: string } | undefined)?.id === link.id) end('revoked');
  });
  // setTimeout caps at 2^31-1 ms (24.8 days): a longer link is waited for in steps
  let expiry: NodeJS.Timeout;
  const waitExpiry = () => {
    const left = link.expiresAt.getTime() - Date.now();
    if (left <= 0) return end('expired');
    expiry = setTimeout(waitExpiry, Math.min(left, 2 ** 31 - 1));
    expiry.unref?.();
  };
  waitExpiry();
  const beat = setInterval(() => res.write(': ping\n\n'), 15_000);
  beat.unref?.();
  let closed = false;
  function close() {
    if (closed) return;
    closed = true;
    clearInterval(beat);
    clearTimeout(expiry);
    offPoints();
    offRevoked();
    release();
  }
  req.raw.on('close', close);
  res.on('error', close);
}
