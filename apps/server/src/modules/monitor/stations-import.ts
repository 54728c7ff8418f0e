/**
 * Stations that real telemetry or an import feeds (no simulator profile): created or updated by code (`stcd`) with
 * their series, in the caller's transaction when given one. Used by the L-Town demo tenant and the station import.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { FIELDS, STATION_TYPES } from './fields.ts';
import { fromEpsg4548 } from './geo.ts';
import { monitorSeries, monitorStation } from './schema.ts';

export interface NewStation {
  stcd: string;
  stnm: string;
  sttp: string;
  /** EPSG:4548 metres */
  x?: number | null;
  y?: number | null;
  location?: string | null;
  address?: string | null;
  deviceCode?: string | null;
  /** data field → reporting step in seconds */
  fields: Record<string, number>;
}

type Db = AppContext['db'];
type Exec = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Creates missing stations and series, updates the others' names and places; returns the counts. */
export async function upsertStations(db: Exec, tenantId: string, stations: NewStation[], userId: string | null = null) {
  let created = 0;
  let updated = 0;
  for (const s of stations) {
    if (!STATION_TYPES[s.sttp]) throw new Error(`unknown station type ${s.sttp}`);
    for (const f of Object.keys(s.fields)) if (!FIELDS[f]) throw new Error(`unknown field ${f}`);
    const geo = s.x != null && s.y != null ? fromEpsg4548(s.x, s.y) : null;
    const values = {
      stnm: s.stnm,
      sttp: s.sttp,
      category: STATION_TYPES[s.sttp].category,
      location: s.location ?? null,
      address: s.address ?? null,
      deviceCode: s.deviceCode ?? null,
      x: s.x ?? null,
      y: s.y ?? null,
      lgtd: geo ? Math.round(geo.lon * 1e6) / 1e6 : null,
      lttd: geo ? Math.round(geo.lat * 1e6) / 1e6 : null,
      updateUser: userId,
      updateTime: new Date(),
    };
    const [have] = await db
      .select({ id: monitorStation.id })
      .from(monitorStation)
      .where(liveInTenant(monitorStation, tenantId, eq(monitorStation.stcd, s.stcd)))
      .limit(1);
    let id = have?.id;
    if (id) {
      await db.update(monitorStation).set(values).where(eq(monitorStation.id, id));
      updated++;
    } else {
      const [row] = await db
        .insert(monitorStation)
        .values({ tenantId, stcd: s.stcd, ...values, createUser: userId })
        .returning({ id: monitorStation.id });
      id = row.id;
      created++;
    }
    await addSeries(db, id, s.fields);
  }
  return { created, updated };
}

/**
 * Adds the series a station lacks, one per field at its reporting step (seconds), leaving the ones it has; `limits`
 * gives a series its plausibility bounds (the demo seed's, from the simulator's profile). The station import and the
 * demo seed both add series this way.
 */
export async function addSeries(
  db: Exec,
  stationId: string,
  steps: Record<string, number>,
  limits: (field: string, stepSeconds: number) => Partial<typeof monitorSeries.$inferInsert> = () => ({}),
) {
  const rows = Object.entries(steps).map(([field, step]) => ({
    stationId,
    field,
    stepSeconds: step,
    ...limits(field, step),
  }));
  if (rows.length) await db.insert(monitorSeries).values(rows).onConflictDoNothing();
}
