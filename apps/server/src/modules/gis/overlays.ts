/**
 * The map's business layers (issue 24): devices with their live state, open alarms, burst events, DMA zones and
 * staff positions, each as points (or rings) in EPSG:4548 within a view's box, for the shared map's layer panel.
 *
 * These read the tables of the device, alarm, dma and location modules directly in SQL (one statement per layer,
 * always filtered by tenant through the query layer; those modules depend on gis, so their tables are named, not
 * imported): the map only draws and links to those modules' own screens, it never writes them,
 * and a join across module boundaries in one statement is cheaper than a call per feature.
 */
import type { OverlayItem as ContractOverlayItem } from '@swp/contract';
import { sql } from 'drizzle-orm';
import { tenantColumnSqlNamed, tenantSql, tenantSqlNamed } from '../../core/scoped.ts';
import type { Db } from '../../db/connection.ts';
import { user } from '../system/index.ts';
import { burstEvent } from './schema.ts';

export const OVERLAYS = ['devices', 'alarms', 'bursts', 'dmas', 'staff'] as const;
export type OverlayKey = (typeof OVERLAYS)[number];

/** a person is online while their last report is younger than this (as modules/location says) */
const STAFF_ONLINE_S = 300;
/** most points a layer answers for one view */
export const OVERLAY_LIMIT = 2000;

export type OverlayItem = ContractOverlayItem;

type Box = [number, number, number, number] | null;

const inBox = (box: Box, x = sql.raw('x'), y = sql.raw('y')) =>
  box ? sql`and ${x} between ${box[0]} and ${box[2]} and ${y} between ${box[1]} and ${box[3]}` : sql``;

export async function overlay(db: Db, tenantId: string, key: OverlayKey, box: Box): Promise<OverlayItem[]> {
  switch (key) {
    case 'devices': {
      // state: alarm while an open alarm names the device; online while its station reported within the rule's
      // offline timeout (60 min without a rule); unlinked without a station
      const r = await db.execute<any>(sql`
        select d.id::text as id, d.x, d.y, d.device_name as name, d.device_code as code, d.device_type as type,
               d.feature_layer as "featureLayer", d.feature_id as "featureId", d.address, d.station_id::text as "stationId",
               d.video_url as "videoUrl",
               (select count(*)::int from swp_alarm_info a where ${tenantSqlNamed('swp_alarm_info', tenantColumnSqlNamed('swp_device_base', 'd'), 'a')} and a.device_id = d.id
                 and a.alarm_status = 0 and a.is_deleted = 0) as "openAlarms",
               (select max(s.last_ts) from swp_monitor_series s where s.station_id = d.station_id) as "lastTime",
               coalesce((select r.offline_minutes from swp_device_rule r where r.device_id = d.id and r.is_deleted = 0
                 limit 1), 60) as "offlineMinutes"
          from swp_device_base d
         where ${tenantSqlNamed('swp_device_base', tenantId, 'd')} and d.is_deleted = 0 and d.x is not null and d.y is not null
               ${inBox(box, sql.raw('d.x'), sql.raw('d.y'))}
         order by d.sort limit ${OVERLAY_LIMIT}`);
      const now = Date.now();
      return r.rows.map(({ id, x, y, name, lastTime, offlineMinutes, ...p }) => {
        const last = lastTime ? new Date(lastTime).getTime() : null;
        const state =
          p.openAlarms > 0
            ? 'alarm'
            : !p.stationId
              ? 'unlinked'
              : last && now - last <= offlineMinutes * 60_000
                ? 'online'
                : 'offline';
        return { id, x, y, name, state, props: { ...p, lastTime: last ? new Date(last).toISOString() : null } };
      });
    }
    case 'alarms': {
      const r = await db.execute<any>(sql`
        select id::text as id, x, y, title as name, alarm_type as "alarmType", alarm_level as level,
               device_name as "deviceName", dma_name as "dmaName", alarm_value as "alarmValue",
               limit_value as "limitValue", unit, alarm_time as "alarmTime", address
          from swp_alarm_info
         where ${tenantSqlNamed('swp_alarm_info', tenantId)} and is_deleted = 0 and alarm_status = 0 and x is not null and y is not null
               ${inBox(box)}
         order by alarm_time desc limit ${OVERLAY_LIMIT}`);
      return r.rows.map(({ id, x, y, name, level, ...p }) => ({ id, x, y, name, state: String(level), props: p }));
    }
    case 'bursts': {
      const r = await db.execute<any>(sql`
        select id::text as id, x, y, title as name, code, event_status as status, address, occur_time as "occurTime",
               valve_count as "valveCount", affected_customers as "affectedCustomers"
          from swp_dispatch_burst_event
         where ${tenantSql(burstEvent, tenantId)} and is_deleted = 0 ${inBox(box)}
         order by occur_time desc limit ${OVERLAY_LIMIT}`);
      return r.rows.map(({ id, x, y, name, status, ...p }) => ({ id, x, y, name, state: String(status), props: p }));
    }
    case 'dmas': {
      // boundaries are small rings kept as jsonb; a zone whose ring meets the box is drawn whole
      const r = await db.execute<any>(sql`
        select id::text as id, code, name, boundary, parent_id::text as "parentId", population, connections
          from swp_dma where ${tenantSqlNamed('swp_dma', tenantId)} and is_deleted = 0 and boundary is not null
         order by sort, code limit ${OVERLAY_LIMIT}`);
      const out: OverlayItem[] = [];
      for (const { id, name, boundary, ...p } of r.rows) {
        const ring = boundary as [number, number][];
        if (!Array.isArray(ring) || ring.length < 3) continue;
        const xs = ring.map((c) => c[0]);
        const ys = ring.map((c) => c[1]);
        const b = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
        if (box && (b[0] > box[2] || b[2] < box[0] || b[1] > box[3] || b[3] < box[1])) continue;
        out.push({ id, x: (b[0] + b[2]) / 2, y: (b[1] + b[3]) / 2, name, state: 'zone', props: p, ring });
      }
      return out;
    }
    case 'staff': {
      const r = await db.execute<any>(sql`
        select u.id::text as id, l.x, l.y, coalesce(u.real_name, u.account) as name, u.phone, l.ts as "lastTime",
               case when l.ts > now() - make_interval(secs => ${STAFF_ONLINE_S}::float8) then 'online' else 'offline' end as state
          from swp_location_latest l join blade_user u on u.id = l.user_id and u.is_deleted = 0
         where ${tenantSqlNamed('swp_location_latest', tenantId, 'l')} and ${tenantSql(user, tenantId, 'u')} ${inBox(box, sql.raw('l.x'), sql.raw('l.y'))}
         order by l.ts desc limit ${OVERLAY_LIMIT}`);
      return r.rows.map(({ id, x, y, name, state, ...p }) => ({ id, x, y, name, state, props: p }));
    }
  }
}
