/**
 * Who a device is: its row, the series of its bound station (the only ones it may write) and its secret's hash,
 * cached briefly, and secrets verified against the argon2id hash — a verified secret is remembered (as its SHA-256)
 * for a minute, so a device that sends every second costs one argon2 check a minute, not one per message. A new
 * credential drops the device's entries here and, through the live bus, on every other instance at once.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { verify as argonVerify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { deviceBase } from '../device/index.ts';
import { monitorSeries } from '../monitor/index.ts';
import { iotCredential } from './schema.ts';
import type { DeviceKey } from './wire.ts';

export const CREDENTIAL_TOPIC = 'iot.credential';
const ENTRY_TTL_MS = 30_000;
const VERIFIED_TTL_MS = 60_000;

export interface DeviceEntry {
  deviceId: string;
  tenantId: string;
  deviceCode: string;
  stationId: string | null;
  /** field → series id of the bound station */
  fields: Map<string, number>;
  secretHash: string | null;
}

const keyOf = (k: DeviceKey) => `${k.tenantId}/${k.deviceCode}`;
const digest = (s: string) => createHash('sha256').update(s).digest();

export class DeviceDirectory {
  private entries = new Map<string, { at: number; entry: Promise<DeviceEntry | null> }>();
  private verified = new Map<string, { at: number; digest: Buffer; hash: string }>();
  private off: () => void;

  constructor(private ctx: AppContext) {
    this.off = ctx.live.on(CREDENTIAL_TOPIC, (ev) => {
      const d = ev.data as DeviceKey | undefined;
      if (d?.tenantId && d.deviceCode) this.forget(d);
    });
  }

  forget(k: DeviceKey) {
    this.entries.delete(keyOf(k));
    this.verified.delete(keyOf(k));
  }

  /** The device (null when the tenant has no such device), cached for 30 s. */
  lookup(k: DeviceKey, now = Date.now()): Promise<DeviceEntry | null> {
    const key = keyOf(k);
    const hit = this.entries.get(key);
    if (hit && now - hit.at < ENTRY_TTL_MS) return hit.entry;
    const entry = this.load(k);
    this.entries.set(key, { at: now, entry });
    entry.catch(() => this.entries.delete(key));
    if (this.entries.size > 50_000) this.entries.delete(this.entries.keys().next().value as string);
    return entry;
  }

  private async load(k: DeviceKey): Promise<DeviceEntry | null> {
    const [row] = await this.ctx.db
      .select({ id: deviceBase.id, stationId: deviceBase.stationId, secretHash: iotCredential.secretHash })
      .from(deviceBase)
      .leftJoin(iotCredential, eq(iotCredential.deviceId, deviceBase.id))
      .where(liveInTenant(deviceBase, k.tenantId, eq(deviceBase.deviceCode, k.deviceCode)))
      .limit(1);
    if (!row) return null;
    const fields = new Map<string, number>();
    if (row.stationId) {
      const series = await this.ctx.db
        .select({ id: monitorSeries.id, field: monitorSeries.field })
        .from(monitorSeries)
        .where(eq(monitorSeries.stationId, row.stationId));
      for (const s of series) fields.set(s.field, s.id);
    }
    return { deviceId: row.id, ...k, stationId: row.stationId, fields, secretHash: row.secretHash ?? null };
  }

  /** True when `secret` is the device's current secret. */
  async verify(entry: DeviceEntry, secret: string, now = Date.now()): Promise<boolean> {
    if (!entry.secretHash || !secret) return false;
    const key = keyOf(entry);
    const d = digest(secret);
    const hit = this.verified.get(key);
    if (hit && hit.hash === entry.secretHash && now - hit.at < VERIFIED_TTL_MS && timingSafeEqual(hit.digest, d)) {
      return true;
    }
    let ok = false;
    try {
      ok = await argonVerify(entry.secretHash, secret);
    } catch {
      ok = false;
    }
    if (ok) this.verified.set(key, { at: now, digest: d, hash: entry.secretHash });
    return ok;
  }

  close() {
    this.off();
    this.entries.clear();
    this.verified.clear();
  }
}
