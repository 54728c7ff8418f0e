/**
 * Live events across instances. On PostgreSQL they travel by NOTIFY on one channel and every instance LISTENs
 * on a dedicated connection; the embedded database serves a single instance, so events are delivered in-process.
 * Payloads stay small (ids, counts): NOTIFY caps them at 8000 bytes.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';

const CHANNEL = 'swp_live';

export interface LiveEvent {
  topic: string;
  tenantId?: string;
  userIds?: string[];
  data?: unknown;
  /**
   * Also send it to the recipients' open sockets on the live channel (as `{ type: topic, data }`). Events between
   * instances (sessions revoked, menus changed) leave it unset and never reach a browser.
   */
  toSockets?: boolean;
}

export class LiveBus {
  private emitter = new EventEmitter();
  private listener?: pg.Client;
  private closed = false;

  constructor(
    private pool: pg.Pool,
    private crossInstance: boolean,
    private url?: string,
  ) {
    this.emitter.setMaxListeners(0);
  }

  async start() {
    if (!this.crossInstance || !this.url) return;
    await this.connect();
  }

  private async connect() {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        this.dispatch(JSON.parse(n.payload));
      } catch {
        /* a malformed payload is ignored */
      }
    });
    client.on('error', () => this.reconnect(client));
    client.on('end', () => this.reconnect(client));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  private reconnect(client: pg.Client) {
    if (this.closed || this.listener !== client) return;
    this.listener = undefined;
    setTimeout(() => void this.connect().catch(() => this.reconnect(client)), 1000).unref();
  }

  private dispatch(ev: LiveEvent) {
    this.emitter.emit(ev.topic, ev);
    this.emitter.emit('*', ev);
  }

  /** Whether events travel through PostgreSQL (NOTIFY), so they can be sent inside a transaction. */
  get viaDatabase(): boolean {
    return this.crossInstance;
  }

  /** The NOTIFY of an event as a parameter list for `pg_notify($1, $2)` (sent at commit when run in a transaction). */
  notifyArgs(ev: LiveEvent): [string, string] {
    return [CHANNEL, JSON.stringify(ev)];
  }

  async publish(ev: LiveEvent): Promise<void> {
    if (this.crossInstance) {
      await this.pool.query('select pg_notify($1, $2)', this.notifyArgs(ev));
    } else {
      queueMicrotask(() => this.dispatch(ev));
    }
  }

  on(topic: string, fn: (ev: LiveEvent) => void): () => void {
    this.emitter.on(topic, fn);
    return () => this.emitter.off(topic, fn);
  }

  async close() {
    this.closed = true;
    await this.listener?.end().catch(() => {});
  }
}
