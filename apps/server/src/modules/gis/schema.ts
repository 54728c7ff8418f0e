/**
 * The pipe network's spatial store (PostGIS, EPSG:4548: x easting, y northing, metres) and the burst events of
 * the dispatch calls.
 *
 * - `swp_gis_pipe`: pipes, the edges of the network graph (`from_node`/`to_node` are node gids).
 * - `swp_gis_node`: every point feature. Graph nodes are kinds `junction`, `valve`, `pump`, `source`; kinds
 *   `hydrant`, `meter` (service connections and DMA inlet meters) and `wq` (water-quality points) hang on a pipe
 *   (`pipe_gid`). One table keeps identify and the graph load to one scan; the layers of the GIS service are views
 *   of it by kind (layers.ts).
 * - `swp_gis_dma`: district metered areas; their inlet meters are meters with `meter_type = 'dma_inlet'`.
 * - `swp_gis_road`, `swp_gis_place`: named streets and places for offline reverse geocoding.
 * - `swp_gis_network`: one row per tenant whose `version` moves on every network write (graph cache key).
 * - `swp_dispatch_burst_event`, `swp_dispatch_event_valve`: 爆管事件 with the stored valve-shutdown analysis and
 *   the valves a crew closes.
 *
 * PostGIS is created by the migration that creates these tables.
 */
import { doublePrecision, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { businessTable, geometry, idAndTenant, idType } from '../../core/columns.ts';

export const gisPipe = businessTable(
  'swp_gis_pipe',
  {
    /** object id of the feature (ArcGIS OBJECTID / gid), unique per tenant */
    gid: integer('gid').notNull(),
    /** pipe code (管线编号) */
    dno: varchar('dno', { length: 32 }).notNull(),
    fromNode: integer('from_node').notNull(),
    toNode: integer('to_node').notNull(),
    /** nominal diameter DN, mm */
    diameter: integer('diameter').notNull(),
    material: varchar('material', { length: 32 }).notNull(),
    /** null when the source does not say (imported networks) */
    installYear: integer('install_year'),
    /** metres */
    length: doublePrecision('length').notNull(),
    pressureZone: varchar('pressure_zone', { length: 32 }),
    /** main | distribution */
    pipeClass: varchar('pipe_class', { length: 16 }).notNull(),
    roadName: varchar('road_name', { length: 64 }),
    dmaCode: varchar('dma_code', { length: 32 }),
    geom: geometry('geom', 'LineString').notNull(),
    /** EPANET attributes of an imported pipe (roughness, minor loss, status, …; import/inp.ts), for the .inp export */
    hydraulic: jsonb('hydraulic'),
    /** fingerprint of what an import wrote (a re-import of the same row changes nothing) */
    sig: varchar('sig', { length: 40 }),
  },
  (t) => [
    uniqueIndex('uk_gis_pipe_gid').on(t.tenantId, t.gid),
    index('idx_gis_pipe_dno').on(t.tenantId, t.dno),
    index('idx_gis_pipe_geom').using('gist', t.geom),
  ],
);

export const gisNode = businessTable(
  'swp_gis_node',
  {
    gid: integer('gid').notNull(),
    /** junction | valve | pump | source | hydrant | meter | wq */
    kind: varchar('kind', { length: 16 }).notNull(),
    dno: varchar('dno', { length: 32 }).notNull(),
    name: varchar('name', { length: 100 }),
    /** ground elevation, m */
    elevation: doublePrecision('elevation'),
    diameter: integer('diameter'),
    /** valves: 1 operable, 0 cannot be operated (seized, buried) */
    operable: integer('operable'),
    /** valves: open | closed (normal state; closed ones bound DMAs) */
    normalState: varchar('normal_state', { length: 8 }),
    /** valves: gate | butterfly; sources: plant | tank; meters: user | dma_inlet */
    subtype: varchar('subtype', { length: 16 }),
    /** meters: customers behind the service connection */
    customerCount: integer('customer_count'),
    /** meters: hospital | school | ... for critical users, else null */
    criticalType: varchar('critical_type', { length: 16 }),
    /** features hanging on a pipe (hydrant, meter, wq) */
    pipeGid: integer('pipe_gid'),
    /** monitoring station code (modules/monitor) for features that report telemetry */
    stationCode: varchar('station_code', { length: 32 }),
    dmaCode: varchar('dma_code', { length: 32 }),
    /** sources: capacity in m³/d; pumps: power in kW */
    capacity: doublePrecision('capacity'),
    address: varchar('address', { length: 255 }),
    geom: geometry('geom', 'Point').notNull(),
    /** EPANET attributes of an imported node (demands, patterns, tank levels; valve and pump link data) */
    hydraulic: jsonb('hydraulic'),
    /** fingerprint of what an import wrote */
    sig: varchar('sig', { length: 40 }),
  },
  (t) => [
    uniqueIndex('uk_gis_node_gid').on(t.tenantId, t.gid),
    index('idx_gis_node_kind').on(t.tenantId, t.kind),
    index('idx_gis_node_dno').on(t.tenantId, t.dno),
    index('idx_gis_node_pipe').on(t.tenantId, t.pipeGid),
    index('idx_gis_node_geom').using('gist', t.geom),
  ],
);

export const gisDma = businessTable(
  'swp_gis_dma',
  {
    gid: integer('gid').notNull(),
    /** DMA code, e.g. DMA01 */
    dno: varchar('dno', { length: 32 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** monitoring station code of the inlet flow meter */
    stationCode: varchar('station_code', { length: 32 }),
    /** legitimate night use, m³/h (burst detection subtracts it) */
    nightUse: doublePrecision('night_use'),
    geom: geometry('geom', 'Polygon').notNull(),
  },
  (t) => [uniqueIndex('uk_gis_dma_gid').on(t.tenantId, t.gid), index('idx_gis_dma_geom').using('gist', t.geom)],
);

export const gisRoad = pgTable(
  'swp_gis_road',
  {
    ...idAndTenant(),
    name: varchar('name', { length: 64 }).notNull(),
    geom: geometry('geom', 'LineString').notNull(),
  },
  (t) => [index('idx_gis_road_geom').using('gist', t.geom)],
);

export const gisPlace = pgTable(
  'swp_gis_place',
  {
    ...idAndTenant(),
    name: varchar('name', { length: 64 }).notNull(),
    /** community | school | hospital | park | plant | ... */
    kind: varchar('kind', { length: 16 }).notNull(),
    geom: geometry('geom', 'Point').notNull(),
  },
  (t) => [index('idx_gis_place_geom').using('gist', t.geom)],
);

export const gisNetwork = pgTable('swp_gis_network', {
  tenantId: varchar('tenant_id', { length: 12 }).primaryKey(),
  version: integer('version').default(1).notNull(),
  /** the imported EPANET model's patterns, curves and model-wide sections (import/model.ts HydraulicModel) */
  model: jsonb('model'),
  /** the last import: format, crs, offset, file name, time */
  source: jsonb('source'),
  updateTime: timestamp('update_time', { withTimezone: true }).defaultNow(),
});

export const burstEvent = businessTable(
  'swp_dispatch_burst_event',
  {
    /** event code, e.g. BG202611240001 */
    code: varchar('code', { length: 32 }).notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    pipeGid: integer('pipe_gid').notNull(),
    pipeDno: varchar('pipe_dno', { length: 32 }),
    /** burst point, EPSG:4548 */
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    address: varchar('address', { length: 255 }),
    dmaCode: varchar('dma_code', { length: 32 }),
    /** manual | alarm */
    source: varchar('source', { length: 16 }).default('manual').notNull(),
    alarmId: idType('alarm_id'),
    occurTime: timestamp('occur_time', { withTimezone: true }).defaultNow().notNull(),
    /** 0 待处置, 1 关阀中, 2 已关阀, 3 已作废 (a mistaken event, kept with its reason) */
    eventStatus: integer('event_status').default(0).notNull(),
    /** 作废: why, when and by whom (the event stays in the list and the log) */
    voidReason: varchar('void_reason', { length: 500 }),
    voidTime: timestamp('void_time', { withTimezone: true }),
    voidUser: idType('void_user'),
    valveCount: integer('valve_count').default(0).notNull(),
    affectedCustomers: integer('affected_customers').default(0).notNull(),
    criticalCount: integer('critical_count').default(0).notNull(),
    /** the stored analysis (analysis.ts ShutdownResult, enriched with codes and coordinates) */
    analysis: jsonb('analysis').notNull(),
    /** network version the analysis ran on */
    networkVersion: integer('network_version').notNull(),
    /** key of the event's share links (public shutValue page); a new key revokes the links given out */
    shareKey: varchar('share_key', { length: 64 }),
  },
  (t) => [
    uniqueIndex('uk_dispatch_burst_code').on(t.tenantId, t.code),
    index('idx_dispatch_burst_time').on(t.tenantId, t.occurTime),
  ],
);

export const eventValve = businessTable(
  'swp_dispatch_event_valve',
  {
    eventId: idType('event_id').notNull(),
    valveGid: integer('valve_gid').notNull(),
    valveDno: varchar('valve_dno', { length: 32 }).notNull(),
    /** order in which the crew closes the valves (nearest first) */
    seq: integer('seq').notNull(),
    /** close | backup */
    role: varchar('role', { length: 8 }).notNull(),
    /** backups: the valve (gid) they stand in for */
    forValveGid: integer('for_valve_gid'),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    diameter: integer('diameter'),
    /** metres from the burst point */
    distance: doublePrecision('distance').notNull(),
    closed: integer('closed').default(0).notNull(),
    closedTime: timestamp('closed_time', { withTimezone: true }),
    /** user id, or `link` when marked through the public shutValue page */
    closedBy: varchar('closed_by', { length: 32 }),
  },
  (t) => [
    index('idx_dispatch_valve_event').on(t.eventId),
    uniqueIndex('uk_dispatch_valve').on(t.eventId, t.role, t.valveGid, t.forValveGid),
  ],
);

/**
 * The online basemap of a tenant (issue 24): none, Tianditu (with the tenant's key), an XYZ template or a WMTS
 * capabilities URL, set by an administrator; `config` is the validated setting (`tiles.ts`). One row per tenant.
 */
export const gisTileSetting = pgTable('swp_gis_tile_setting', {
  tenantId: varchar('tenant_id', { length: 12 }).primaryKey(),
  config: jsonb('config').notNull(),
  updateUser: idType('update_user'),
  updateTime: timestamp('update_time', { withTimezone: true }).defaultNow(),
});
