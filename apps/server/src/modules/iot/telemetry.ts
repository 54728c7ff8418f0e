/**
 * The telemetry service every door uses (embedded broker, external broker, HTTP): find the device, check it may
 * write (its secret where the door carries one; its own topic), parse the message into points of its own series,
 * store them through the shared ingest path, and count contacts and refusals per device.
 */
import type { AppContext } from '../../core/module.ts';
import { flushRollups } from '../monitor/index.ts';
import { Batcher } from './batcher.ts';
import { DeviceDirectory, type DeviceEntry } from './directory.ts';
import { DeviceStats, UNKNOWN_CODE } from './stats.ts';
import { type DeviceKey, parseJson, parseReadings, REFUSALS, Refusal } from './wire.ts';

export type Source = 'mqtt' | 'http';

export class Telemetry {
  readonly directory: DeviceDirectory;
  readonly stats: DeviceStats;
  readonly batcher: Batcher;

  constructor(readonly ctx: AppContext) {
    this.directory = new DeviceDirectory(ctx);
    this.stats = new DeviceStats(ctx);
    this.batcher = new Batcher(ctx);
  }

  /** Counts a refusal against the device (or the unknown-device row) and returns it as an error. */
  refuse(k: DeviceKey, known: boolean, r: Refusal): Refusal {
    // a code that is no device (of a tenant that may not exist either) counts in one shared row: bounded
    this.stats.refused(known ? k : { tenantId: UNKNOWN_CODE, deviceCode: UNKNOWN_CODE }, r.reason, r.message);
    return r;
  }

  /** The device a key names, or a counted refusal. */
  async device(k: DeviceKey): Promise<DeviceEntry> {
    const entry = await this.directory.lookup(k);
    if (!entry) throw this.refuse(k, false, new Refusal('device', `${REFUSALS.device}: ${k.deviceCode}@${k.tenantId}`));
    return entry;
  }

  /** Checks a device's secret; a counted refusal when it is wrong (or none was issued). */
  async authenticate(k: DeviceKey, secret: string): Promise<DeviceEntry> {
    const entry = await this.device(k);
    if (!(await this.directory.verify(entry, secret))) {
      throw this.refuse(k, true, new Refusal('auth', REFUSALS.auth));
    }
    return entry;
  }

  /**
   * Stores one message of an authorised device: all its readings or, on a refusal (counted), none. Resolves with
   * the number of points once they are committed.
   */
  async accept(entry: DeviceEntry, source: Source, payload: Buffer | string | unknown, now = Date.now()) {
    let points: ReturnType<typeof parseReadings>;
    try {
      const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? parseJson(payload) : payload;
      points = parseReadings(body, entry.fields, now);
    } catch (e) {
      if (e instanceof Refusal) throw this.refuse(entry, true, e);
      throw e;
    }
    await this.batcher.add(entry.tenantId, points);
    this.stats.stored(entry, source, points.ts.length, Date.now());
    return points.ts.length;
  }

  async close() {
    await this.batcher.idle();
    // the live stream's rollups merged (monitor/rollup-journal.ts) before the store is left
    await flushRollups(this.ctx);
    await this.stats.close();
    this.directory.close();
  }
}
