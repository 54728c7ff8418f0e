/**
 * Readings from many devices become one multi-row ingest per tick of arrivals: the first message of a quiet moment
 * waits BATCH_WAIT_MS for others, and messages that arrive while a write runs wait for the next one, which takes them
 * all (whole messages, at most one ingest statement's worth, so each
 * message is stored by exactly one statement — all of it or none). A message's promise settles when its statement
 * has committed: the MQTT acknowledgement and the HTTP answer wait for it, so an acknowledged reading is stored.
 */
import type { AppContext } from '../../core/module.ts';
import { COPY_CHUNK, ingestReadings, UNNEST_TXN } from '../monitor/index.ts';
import type { ParsedPoints } from './wire.ts';

/**
 * one ingest transaction's rows at most: on PostgreSQL one COPY's (monitor/store.ts COPY_CHUNK), on the embedded
 * database one `unnest` transaction's (UNNEST_TXN). A backlog thus drains in transactions of many seconds of each
 * series, whose rollup rows take many points each; a steady stream makes small ones of what arrived meanwhile.
 */
const BATCH_POINTS = { postgresql: COPY_CHUNK, embedded: UNNEST_TXN };
/**
 * how long the first arrival of a quiet moment waits for others: a thousand devices a second then share a statement
 * of a few hundred points instead of one each (the statement's fixed cost dominates small writes)
 */
export const BATCH_WAIT_MS = 20;

interface Waiting {
  tenantId: string;
  points: ParsedPoints;
  resolve(): void;
  reject(err: unknown): void;
}

export class Batcher {
  private queue: Waiting[] = [];
  private running?: Promise<void>;
  /** points written, statements run and the time spent in them (the bench reads them) */
  written = 0;
  batches = 0;
  busyMs = 0;

  constructor(private ctx: AppContext) {}

  /** Resolves once the points are stored (duplicates of stored points are skipped). */
  add(tenantId: string, points: ParsedPoints): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ tenantId, points, resolve, reject });
      if (!this.running) {
        // let the arrivals of the next moment join before the first write
        this.running = new Promise<void>((r) => setTimeout(r, BATCH_WAIT_MS)).then(() => this.drain());
      }
    });
  }

  private async drain() {
    try {
      const max = BATCH_POINTS[this.ctx.database.kind];
      while (this.queue.length) {
        const take: Waiting[] = [];
        let n = 0;
        while (this.queue.length && (take.length === 0 || n + this.queue[0].points.ts.length <= max)) {
          const w = this.queue.shift() as Waiting;
          take.push(w);
          n += w.points.ts.length;
        }
        const seriesIds = new Array<number>(n);
        const ts = new Array<number>(n);
        const values = new Array<number>(n);
        const tenants = new Set<string>();
        let i = 0;
        for (const w of take) {
          tenants.add(w.tenantId);
          const p = w.points;
          for (let j = 0; j < p.ts.length; j++, i++) {
            seriesIds[i] = p.seriesIds[j];
            ts[i] = p.ts[j];
            values[i] = p.values[j];
          }
        }
        const t0 = performance.now();
        try {
          await ingestReadings(this.ctx, { seriesIds, ts, values }, { tenants });
          this.busyMs += performance.now() - t0;
          this.written += n;
          this.batches++;
          for (const w of take) w.resolve();
        } catch (err) {
          for (const w of take) w.reject(err);
        }
      }
    } finally {
      this.running = undefined;
    }
  }

  /** Waits for the writes in progress and queued. */
  async idle() {
    while (this.running) await this.running;
  }
}
