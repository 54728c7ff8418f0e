/**
 * The live channel: a WebSocket at `/api/ws` (and `/ws`) that carries `{ type: 'message', data }` to the bells of
 * the recipients connected to this instance, and `{ type: topic, data }` for any bus event marked `toSockets`. Events reach every instance through the live bus (PostgreSQL
 * LISTEN/NOTIFY), so a message sent on one instance reaches a socket held by another.
 *
 * Browsers cannot set headers on a WebSocket: the access token comes in the query string (`?token=`, or
 * `?blade-auth=bearer …`) and is checked by the same provider as the HTTP gate. A refused upgrade is an HTTP 401
 * in the usual envelope. The client sends `ping` every 15 s and gets `pong`; a socket silent for longer than
 * `IDLE_MS` is closed, and every `RECHECK_MS` the token is checked again (an expired or revoked token closes the
 * socket with code 4401, and the client reconnects with its current token).
 *
 * A locked screen (issue 24: the session lock, 423 on every call) holds for the live channel too: while the
 * session is locked its sockets stay open but get no events (each is told `{ type: 'session.lock', data: { locked:
 * true } }` once), and delivery resumes when it is unlocked (`locked: false`). The lock state follows the auth
 * module's lock topic on every instance, is taken from the token check when a socket opens, and again on recheck.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { ApiError, unauthorized } from '../../core/envelope.ts';
import { type AuthUser, bearerOf, gateProviders } from '../../core/gate.ts';
import type { LiveEvent } from '../../core/live.ts';
import type { AppContext } from '../../core/module.ts';
import { MAX_STREAMS_PER_USER, tooManyStreams } from '../../core/stream-limit.ts';
import { SESSION_LOCK_TOPIC } from '../auth/index.ts';
import { MESSAGE_TOPIC } from './service.ts';

export const IDLE_MS = 60_000;
export const RECHECK_MS = 60_000;
export const CLOSE_UNAUTHORIZED = 4401;

interface Conn {
  socket: WebSocket;
  user: AuthUser;
  token: string;
  req: FastifyRequest;
  lastSeen: number;
  checkedAt: number;
  /** the session's screen is locked: no events until it is unlocked */
  locked: boolean;
}

/** the frame telling a socket that its session was locked or unlocked */
export const LOCK_FRAME_TYPE = 'session.lock';

/** The sockets of one app instance, by user id. */
export class LiveChannel {
  private byUser = new Map<string, Set<Conn>>();
  private sweeper?: NodeJS.Timeout;
  private offs: (() => void)[];
  /** a socket silent this long is closed */
  idleMs = IDLE_MS;
  /** the token of an open socket is checked again (on a ping) once this much time has passed */
  recheckMs = RECHECK_MS;

  constructor(ctx: AppContext) {
    // messages, and whatever other module addresses its event to the user's sockets (e.g. data-sync progress)
    this.offs = [
      ctx.live.on('*', (ev) => {
        if (ev.topic === MESSAGE_TOPIC || ev.toSockets) this.deliver(ev);
      }),
      ctx.live.on(SESSION_LOCK_TOPIC, (ev) => {
        const d = ev.data as { sessionId?: string; locked?: boolean } | undefined;
        if (d?.sessionId) this.setLocked(String(d.sessionId), d.locked === true);
      }),
    ];
  }

  /** sockets currently open on this instance (for tests and the dashboard) */
  size(userId?: string): number {
    if (userId) return this.byUser.get(userId)?.size ?? 0;
    let n = 0;
    for (const s of this.byUser.values()) n += s.size;
    return n;
  }

  attach(socket: WebSocket, user: AuthUser, token: string, req: FastifyRequest) {
    const now = Date.now();
    const conn: Conn = { socket, user, token, req, lastSeen: now, checkedAt: now, locked: user.locked === true };
    const set = this.byUser.get(user.userId) ?? new Set<Conn>();
    this.byUser.set(user.userId, set);
    set.add(conn);
    socket.on('message', (raw, isBinary) => {
      conn.lastSeen = Date.now();
      const text = isBinary ? '' : raw.toString().trim();
      if (text === 'ping' || text === '{"type":"ping"}') {
        socket.send('pong');
        if (Date.now() - conn.checkedAt >= this.recheckMs) void this.recheck(conn);
      }
    });
    socket.on('ping', () => {
      conn.lastSeen = Date.now();
    });
    socket.on('close', () => this.detach(conn));
    socket.on('error', () => this.detach(conn));
    this.startSweeper();
  }

  private detach(conn: Conn) {
    const set = this.byUser.get(conn.user.userId);
    if (!set) return;
    set.delete(conn);
    if (!set.size) this.byUser.delete(conn.user.userId);
  }

  private async recheck(conn: Conn) {
    conn.checkedAt = Date.now();
    const user = await authenticateToken(conn.token, conn.req).catch(() => null);
    if (!user) conn.socket.close(CLOSE_UNAUTHORIZED, 'token expired');
    else if ((user.locked === true) !== conn.locked) this.lockConn(conn, user.locked === true);
  }

  /** Mutes (locked) or resumes the sockets of one session, on every user's set of this instance. */
  setLocked(sessionId: string, locked: boolean) {
    for (const set of this.byUser.values()) {
      for (const conn of set)
        if (conn.user.sessionId === sessionId && conn.locked !== locked) this.lockConn(conn, locked);
    }
  }

  private lockConn(conn: Conn, locked: boolean) {
    conn.locked = locked;
    if (conn.socket.readyState === conn.socket.OPEN)
      conn.socket.send(JSON.stringify({ type: LOCK_FRAME_TYPE, data: { locked } }));
  }

  /** Sends an event of the bus to every socket of its recipients in its tenant. */
  deliver(ev: LiveEvent) {
    const frame = JSON.stringify({ type: ev.topic, data: ev.data ?? null });
    if (!ev.userIds?.length) {
      // an event for a whole tenant's screens (e.g. new monitoring points): every open socket of the tenant
      if (!ev.toSockets || !ev.tenantId) return;
      for (const set of this.byUser.values()) {
        for (const conn of set) {
          if (conn.user.tenantId === ev.tenantId && !conn.locked && conn.socket.readyState === conn.socket.OPEN)
            conn.socket.send(frame);
        }
      }
      return;
    }
    for (const userId of ev.userIds) {
      const set = this.byUser.get(String(userId));
      if (!set) continue;
      for (const conn of set) {
        if (ev.tenantId && conn.user.tenantId !== ev.tenantId) continue;
        if (conn.locked) continue;
        if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(frame);
      }
    }
  }

  private startSweeper() {
    if (this.sweeper) return;
    this.sweeper = setInterval(
      () => {
        const limit = Date.now() - this.idleMs;
        for (const set of this.byUser.values()) {
          for (const conn of set) if (conn.lastSeen < limit) conn.socket.terminate();
        }
      },
      Math.max(10, this.idleMs / 4),
    );
    this.sweeper.unref();
  }

  close() {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
    for (const off of this.offs) off();
    for (const set of this.byUser.values()) for (const conn of set) conn.socket.close(1001, 'server shutting down');
    this.byUser.clear();
  }
}

async function authenticateToken(token: string, req: FastifyRequest): Promise<AuthUser | null> {
  const providers = gateProviders();
  if (!providers) throw new ApiError(503, 503, '服务启动中');
  return providers.authenticate(token, req);
}

const channels = new WeakMap<AppContext, LiveChannel>();
/** The live channel of an app instance. */
export function channelOf(ctx: AppContext): LiveChannel {
  let ch = channels.get(ctx);
  if (!ch) {
    ch = new LiveChannel(ctx);
    channels.set(ctx, ch);
  }
  return ch;
}

const wsQuery = z
  .object({
    token: z.string().max(4096).optional(),
    'blade-auth': z.string().max(4096).optional(),
  })
  .loose();

/**
 * Registers the socket routes. Called from the unprefixed route scope only: @fastify/websocket listens to the
 * HTTP server's upgrade event, so it must be registered once per server; both paths are declared here.
 */
export async function registerLiveChannel(app: FastifyInstance, ctx: AppContext) {
  if (!app.hasDecorator('websocketServer')) await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const channel = channelOf(ctx);
  app.addHook('onClose', async () => channel.close());
  const authenticate = async (req: FastifyRequest) => {
    const q = req.query as z.infer<typeof wsQuery>;
    const token = q.token?.replace(/^bearer\s+/i, '').trim() || bearerOf(req);
    if (!token) throw unauthorized();
    const user = await authenticateToken(token, req);
    if (!user) throw unauthorized();
    // at most MAX_STREAMS_PER_USER sockets per user: the next upgrade is refused with 429
    if (channel.size(user.userId) >= MAX_STREAMS_PER_USER) throw tooManyStreams();
    req.user = user;
    req.tenantId = user.tenantId;
    (req as FastifyRequest & { liveToken?: string }).liveToken = token;
  };
  for (const path of ['/ws', '/api/ws']) {
    app.get(
      path,
      { websocket: true, config: { access: 'public' }, schema: { querystring: wsQuery }, preHandler: authenticate },
      (socket, req) => {
        channel.attach(socket, req.user!, (req as FastifyRequest & { liveToken?: string }).liveToken!, req);
      },
    );
  }
}
