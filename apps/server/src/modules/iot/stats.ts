/**
 * Per-device contact records: counted in memory and written with one statement a second (and before they are
 * read), so a device sending every second costs no extra write of its own. A crash loses at most a second of counts
 * — never readings.
 */
import type { AppContext } from '../../core/module.ts';
import type { DeviceKey, RefusalReason } from './wire.ts';

export const FLUSH_MS = 1000;
/** the code under which refusals for codes that are no device of the tenant are counted */
export const UNKNOWN_CODE = '*';

interface Pending {
  tenantId: string;
  deviceCode: string;
  messages: number;
  points: number;
  contact: number | null;
  source: string | null;
  refusals: Record<string, number>;
  lastRefusal: string | null;
  lastRefusalAt: number | null;
}

const UPSERT = `
insert into swp_iot_device_stat as s (tenant_id, device_code, last_contact, last_source, messages, points, refusals,
                                      last_refusal, last_refusal_at)
select t, c, to_timestamp(lc / 1000.0), src, m, p, r, lr, to_timestamp(lra / 1000.0)
  from unnest($1::text[], $2::text[], $3::float8[], $4::text[], $5::bigint[], $6::bigint[], $7::jsonb[], $8::text[],
              $9::float8[]) as u(t, c, lc, src, m, p, r, lr, lra)
on conflict (tenant_id, device_code) do update set
  last_contact = coalesce(greatest(s.last_contact, excluded.last_contact), s.last_contact, excluded.last_contact),
  last_source = case when excluded.last_contact is not null and (s.last_contact is null or excluded.last_contact >= s.last_contact)
                     then excluded.last_source else s.last_source end,
  messages = s.messages + excluded.messages,
  points = s.points + excluded.points,
  refusals = (select coalesce(jsonb_object_agg(k, coalesce((s.refusals ->> k)::bigint, 0) + coalesce((excluded.refusals ->> k)::bigint, 0)), '{}'::jsonb)
                from jsonb_object_keys(s.refusals || excluded.refusals) as k),
  last_refusal = coalesce(excluded.last_refusal, s.last_refusal),
  last_refusal_at = coalesce(excluded.last_refusal_at, s.last_refusal_at)`;

export class DeviceStats {
  private pending = new Map<string, Pending>();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private ctx: AppContext) {}

  private of(k: DeviceKey): Pending {
    const key = `${k.tenantId}/${k.deviceCode}`;
    let p = this.pending.get(key);
    if (!p) {
      p = {
        tenantId: k.tenantId,
        deviceCode: k.deviceCode,
        messages: 0,
        points: 0,
        contact: null,
        source: null,
        refusals: {},
        lastRefusal: null,
        lastRefusalAt: null,
      };
      this.pending.set(key, p);
    }
    this.schedule();
    return p;
  }

  stored(k: DeviceKey, source: string, points: number, at = Date.now()) {
    const p = this.of(k);
    p.messages++;
    p.points += points;
    p.contact = Math.max(p.contact ?? 0, at);
    p.source = source;
  }

  refused(k: DeviceKey, reason: RefusalReason, message: string, at = Date.now()) {
    const p = this.of(k);
    p.refusals[reason] = (p.refusals[reason] ?? 0) + 1;
    p.lastRefusal = `${reason}: ${message}`.slice(0, 255);
    p.lastRefusalAt = at;
  }

  private schedule() {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch((err) => console.error('[iot] stats flush failed:', err));
    }, FLUSH_MS);
    this.timer.unref?.();
  }

  /** Writes what was counted (one statement); resolves when it is stored. */
  flush(): Promise<void> {
    this.flushing = this.flushing
      .catch(() => {})
      .then(async () => {
        if (!this.pending.size) return;
        const rows = [...this.pending.values()];
        this.pending.clear();
        try {
          await this.ctx.database.pool.query(UPSERT, [
            rows.map((r) => r.tenantId),
            rows.map((r) => r.deviceCode),
            rows.map((r) => r.contact),
            rows.map((r) => r.source),
            rows.map((r) => r.messages),
            rows.map((r) => r.points),
            rows.map((r) => JSON.stringify(r.refusals)),
            rows.map((r) => r.lastRefusal),
            rows.map((r) => r.lastRefusalAt),
          ]);
        } catch (err) {
          // counted again at the next flush rather than lost
          for (const r of rows) {
            const p = this.of(r);
            p.messages += r.messages;
            p.points += r.points;
            p.contact = Math.max(p.contact ?? 0, r.contact ?? 0) || null;
            p.source ??= r.source;
            for (const [k, n] of Object.entries(r.refusals)) p.refusals[k] = (p.refusals[k] ?? 0) + n;
            p.lastRefusal ??= r.lastRefusal;
            p.lastRefusalAt ??= r.lastRefusalAt;
          }
          throw err;
        }
      });
    return this.flushing;
  }

  async close() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush().catch(() => {});
  }
}
