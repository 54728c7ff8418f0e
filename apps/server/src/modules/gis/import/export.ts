/**
 * The tenant's network back out: GeoJSON (every node and pipe, properties named as the import reads them, so an
 * export imports again unchanged) and EPANET `.inp` (junctions, reservoirs, tanks, pipes, pumps, valves with the
 * hydraulic attributes an import kept; features drawn in the GIS without EPANET data get defaults: demand 0,
 * Hazen-Williams C 130, open). Coordinates are EPSG:4548 metres, or with `crs=local` the file's own coordinates
 * (the stored import offset subtracted), or longitude/latitude with `crs=EPSG:4326` (GeoJSON only).
 */
import { sql } from 'drizzle-orm';
import { tenantSql } from '../../../core/scoped.ts';
import { fromEpsg4548 } from '../../monitor/index.ts';
import { gisNetwork, gisNode, gisPipe } from '../schema.ts';
import type { Exec } from '../store.ts';
import { loadNetworkRows, type NetworkRows, type NodeOut, type PipeOut } from './network-rows.ts';
import {
  type DemandPlan,
  DIURNAL,
  DIURNAL_ID,
  meterDemands,
  PLANT_HEAD_M,
  type PumpDuty,
  pumpCurve,
  pumpDuty,
  type RoughnessRule,
  roughnessOf,
} from './runnable.ts';

export type ExportCrs = 'EPSG:4548' | 'EPSG:4326' | 'local';

const parseLine = (wkt: string): [number, number][] =>
  wkt
    .replace(/^LINESTRING\s*\(|\)$/g, '')
    .split(',')
    .map((p) => p.trim().split(/\s+/).map(Number) as [number, number]);

function projector(crs: ExportCrs, source: { offsetX?: number; offsetY?: number; crs?: string } | null) {
  if (crs === 'EPSG:4326')
    return (x: number, y: number): [number, number] => {
      const g = fromEpsg4548(x, y);
      return [Math.round(g.lon * 1e8) / 1e8, Math.round(g.lat * 1e8) / 1e8];
    };
  const dx = crs === 'local' && source?.crs === 'local' ? (source.offsetX ?? 0) : 0;
  const dy = crs === 'local' && source?.crs === 'local' ? (source.offsetY ?? 0) : 0;
  return (x: number, y: number): [number, number] => [
    Math.round((x - dx) * 1000) / 1000,
    Math.round((y - dy) * 1000) / 1000,
  ];
}

const HYDRAULIC_PROPS = [
  'roughness',
  'minorLoss',
  'demand',
  'pattern',
  'head',
  'initLevel',
  'minLevel',
  'maxLevel',
  'setting',
  'valveType',
];

export async function exportGeoJson(db: Exec, tenantId: string, crs: ExportCrs = 'EPSG:4548') {
  const { nodes, pipes, source } = await loadNetworkRows(db, tenantId);
  const p = projector(crs, source);
  const pick = (h: Record<string, unknown> | null) =>
    Object.fromEntries(HYDRAULIC_PROPS.filter((k) => h?.[k] !== undefined && h?.[k] !== null).map((k) => [k, h?.[k]]));
  const kindOf = (n: NodeOut) => (n.kind === 'source' ? (n.subtype === 'tank' ? 'tank' : 'reservoir') : n.kind);
  const features: unknown[] = [];
  for (const n of nodes)
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: p(n.x, n.y) },
      properties: {
        id: n.dno,
        kind: kindOf(n),
        name: n.name,
        elevation: n.elevation,
        diameter: n.diameter,
        ...(n.kind === 'valve' ? { operable: n.operable, normalState: n.normal_state } : {}),
        ...pick(n.hydraulic),
      },
    });
  for (const x of pipes)
    features.push({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: parseLine(x.coords).map(([a, b]) => p(a, b)) },
      properties: {
        id: x.dno,
        kind: 'pipe',
        from: x.from_dno,
        to: x.to_dno,
        diameter: x.diameter,
        material: x.material || null,
        installYear: x.install_year,
        length: x.length,
        ...pick(x.hydraulic),
        ...(x.hydraulic?.status ? { status: x.hydraulic.status } : {}),
      },
    });
  return {
    type: 'FeatureCollection',
    name: `network-${tenantId}`,
    ...(crs === 'EPSG:4326'
      ? {}
      : { crs: { type: 'name', properties: { name: crs === 'local' ? 'local' : 'urn:ogc:def:crs:EPSG::4548' } } }),
    features,
  };
}

const DEFAULT_OPTIONS = ['Units LPS', 'Headloss H-W', 'Pattern 1', 'Demand Multiplier 1.0'];
const DEFAULT_TIMES = ['Duration 24:00', 'Hydraulic Timestep 1:00', 'Pattern Timestep 1:00', 'Report Timestep 1:00'];
const v = (x: unknown, d: number | string = 0) => (x === undefined || x === null || x === '' ? String(d) : String(x));

type Hyd = { hydraulic: Record<string, unknown> | null };
/** a row's hydraulic attributes (none: {}) */
const h = (n: Hyd) => n.hydraulic ?? {};
/** a valve or pump drawn as a point that is a link in EPANET (imported from a model: it names its two ends) */
const isLink = (n: NodeOut) => (n.kind === 'valve' || n.kind === 'pump') && typeof h(n).from === 'string';
/** a feature's own comment, at the end of its line */
const cm = (n: Hyd) => (h(n).comment ? `\t;${h(n).comment}` : '');
const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

/**
 * The network as an EPANET 2.2 input file. `runnable`: features without imported hydraulic data get the defaults of
 * runnable.ts (plant heads, roughness by material and age, customer demands, closed valves, pump stations drawn as
 * nodes made pumps with curves) so EPANET can run it. `demands`: the hydraulic module's demand plan (meter reads, DMA
 * inflow shares and patterns); `pumps`: design duties of the pump stations by code (measured flow).
 */
export async function exportInp(
  db: Exec,
  tenantId: string,
  crs: Exclude<ExportCrs, 'EPSG:4326'> = 'EPSG:4548',
  opts: InpOptions = {},
) {
  return inpText(await loadNetworkRows(db, tenantId), crs, opts);
}

export type InpOptions = {
  runnable?: boolean;
  demands?: DemandPlan;
  pumps?: Map<string, PumpDuty>;
  /** the tenant's roughness table (else DEFAULT_ROUGHNESS) */
  roughness?: RoughnessRule[];
};

/**
 * The `.inp` text of loaded rows: synchronous and CPU-bound (≈ 1 s per 10,000 pipes on a loaded machine), so the
 * hydraulic module runs it in its worker thread for a model build; `exportInp` runs it inline (the GIS download).
 */
export function inpText(
  rows: NetworkRows,
  crs: Exclude<ExportCrs, 'EPSG:4326'> = 'EPSG:4548',
  opts: InpOptions = {},
): string {
  const { tenantId, nodes, pipes, model, source } = rows;
  const fill = opts.runnable === true;
  const p = projector(crs, source);
  const out: string[] = [];
  const section = (name: string, header: string | null, lines: string[]) => {
    out.push(`[${name}]`);
    if (header) out.push(`;${header}`);
    out.push(...lines, '');
  };
  const graphNodes = nodes.filter((n) => ['junction', 'valve', 'pump', 'source'].includes(n.kind) && !isLink(n));
  const junctions = graphNodes.filter((n) => n.kind !== 'source');
  const reservoirs = graphNodes.filter((n) => n.kind === 'source' && n.subtype !== 'tank');
  const tanks = graphNodes.filter((n) => n.kind === 'source' && n.subtype === 'tank');
  const xy = new Map(nodes.map((n) => [n.gid, [n.x, n.y] as [number, number]]));
  const demandOf = fill ? meterDemands(nodes, pipes, xy, opts.demands) : new Map<number, Map<string, number>>();
  const topElevation = junctions.reduce((m, n) => Math.max(m, n.elevation ?? 0), 0);
  const closedValves = new Set(
    nodes.filter((n) => fill && n.kind === 'valve' && !n.hydraulic && n.normal_state === 'closed').map((n) => n.gid),
  );
  /** a junction's computed demands, largest first: [pattern, L/s] */
  const demandsOf = (n: NodeOut) => [...(demandOf.get(n.gid) ?? [])].sort((a, b) => b[1] - a[1]);
  const junctionLine = (n: NodeOut) => {
    const first = h(n).demand === undefined ? demandsOf(n)[0] : undefined;
    const d = h(n).demand ?? (first ? r4(first[1]) : undefined);
    const pattern = first ? first[0] : h(n).pattern;
    return `${n.dno}\t${v(h(n).elevation ?? n.elevation)}\t${v(d)}\t${v(pattern, '')}${cm(n)}`;
  };
  const stations = fill ? nodes.filter((n) => n.kind === 'pump' && !n.hydraulic) : [];
  const { suctionOf, suctionPipes } = pumpSuctions(nodes, pipes, xy, closedValves, stations);
  const suctionNodes = [...suctionOf.values()];
  const endOf = (x: PipeOut, end: 'from' | 'to') => {
    const g = end === 'from' ? x.from_node : x.to_node;
    const s = suctionPipes.get(x.gid) === g ? suctionOf.get(g) : undefined;
    return s ? s.dno : end === 'from' ? x.from_dno : x.to_dno;
  };
  const reservoirHead = (n: NodeOut) =>
    h(n).head ?? (fill ? (n.elevation ?? topElevation) + PLANT_HEAD_M : n.elevation);

  section('TITLE', null, model?.title?.length ? model.title : [`SWP Console network of tenant ${tenantId}`]);
  section('JUNCTIONS', 'ID\tElev\tDemand\tPattern', [...junctions, ...suctionNodes].map(junctionLine));
  section(
    'RESERVOIRS',
    'ID\tHead\tPattern',
    reservoirs.map((n) => `${n.dno}\t${v(reservoirHead(n))}\t${v(h(n).pattern, '')}${cm(n)}`),
  );
  section(
    'TANKS',
    'ID\tElevation\tInitLevel\tMinLevel\tMaxLevel\tDiameter\tMinVol\tVolCurve\tOverflow',
    tanks.map(tankLine),
  );
  section(
    'PIPES',
    'ID\tNode1\tNode2\tLength\tDiameter\tRoughness\tMinorLoss\tStatus',
    pipeLines(pipes, endOf, closedValves, fill, opts.roughness),
  );
  section(
    'PUMPS',
    'ID\tNode1\tNode2\tParameters',
    nodes
      .filter((n) => n.kind === 'pump' && isLink(n))
      .map((n) => `${n.dno}\t${h(n).from}\t${h(n).to}\t${v(h(n).parameters, '')}${cm(n)}`)
      .concat(
        stations
          .filter((n) => suctionOf.has(n.gid))
          .map((n) => `${n.dno}\t${n.dno}_S\t${n.dno}\tHEAD PC_${n.dno}\t;${n.name ?? ''}`),
      ),
  );
  section(
    'VALVES',
    'ID\tNode1\tNode2\tDiameter\tType\tSetting\tMinorLoss',
    nodes.filter((n) => n.kind === 'valve' && isLink(n)).map(valveLine),
  );
  section('DEMANDS', 'Junction\tDemand\tPattern\tCategory', demandLines(junctions, demandsOf));
  const later = laterLines(nodes, pipes, graphNodes);
  section('STATUS', 'ID\tStatus/Setting', later.status);
  section('EMITTERS', 'Junction\tCoefficient', later.em);
  section('QUALITY', 'Node\tInitQual', later.q);
  section('PATTERNS', 'ID\tMultipliers', patternLines(demandOf, model, opts));
  section('CURVES', 'ID\tX-Value\tY-Value', curveLines(model, stations, suctionOf, opts));
  const raw =
    model?.sections ?? (fill ? { OPTIONS: DEFAULT_OPTIONS, TIMES: DEFAULT_TIMES } : { OPTIONS: DEFAULT_OPTIONS });
  for (const [name, lines] of Object.entries(raw)) section(name, null, lines);
  section(
    'COORDINATES',
    'Node\tX-Coord\tY-Coord',
    [...graphNodes, ...suctionNodes].map((n) => {
      const [x, y] = p(n.x, n.y);
      return `${n.dno}\t${x}\t${y}`;
    }),
  );
  section('VERTICES', 'Link\tX-Coord\tY-Coord', vertexLines(nodes, pipes, p));
  out.push('[END]', '');
  return out.join('\n');
}

/**
 * pump stations drawn as nodes: the pipes towards the sources (fewer pipes away, by breadth-first search over the
 * open pipes) move to a suction node; the pump lifts from it into the station's node
 */
function pumpSuctions(
  nodes: NodeOut[],
  pipes: PipeOut[],
  xy: Map<number, [number, number]>,
  closedValves: Set<number>,
  stations: NodeOut[],
) {
  const suctionOf = new Map<number, NodeOut>();
  const suctionPipes = new Map<number, number>();
  if (!stations.length) return { suctionOf, suctionPipes };
  const open = pipes.filter(
    (x) => x.pipe_class !== 'connector' && !closedValves.has(x.from_node) && !closedValves.has(x.to_node),
  );
  const adj = new Map<number, number[]>();
  for (const x of open) {
    adj.set(x.from_node, [...(adj.get(x.from_node) ?? []), x.to_node]);
    adj.set(x.to_node, [...(adj.get(x.to_node) ?? []), x.from_node]);
  }
  const hops = new Map<number, number>();
  let frontier = nodes.filter((n) => n.kind === 'source').map((n) => n.gid);
  for (const g of frontier) hops.set(g, 0);
  for (let d = 1; frontier.length; d++) {
    const next: number[] = [];
    for (const g of frontier)
      for (const o of adj.get(g) ?? [])
        if (!hops.has(o)) {
          hops.set(o, d);
          next.push(o);
        }
    frontier = next;
  }
  for (const st of stations) {
    const mine = hops.get(st.gid);
    if (mine === undefined) continue;
    const toward = open.filter((x) => {
      if (x.from_node !== st.gid && x.to_node !== st.gid) return false;
      const other = x.from_node === st.gid ? x.to_node : x.from_node;
      return (hops.get(other) ?? Number.POSITIVE_INFINITY) < mine;
    });
    if (!toward.length) continue;
    const o = toward[0].from_node === st.gid ? toward[0].to_node : toward[0].from_node;
    const [ox, oy] = xy.get(o) ?? [st.x, st.y];
    const len = Math.hypot(ox - st.x, oy - st.y) || 1;
    suctionOf.set(st.gid, {
      ...st,
      gid: -st.gid,
      kind: 'junction',
      dno: `${st.dno}_S`,
      hydraulic: null,
      x: st.x + ((ox - st.x) / len) * 5,
      y: st.y + ((oy - st.y) / len) * 5,
    });
    for (const x of toward) suctionPipes.set(x.gid, st.gid);
  }
  return { suctionOf, suctionPipes };
}

/** [DEMANDS]: the computed demands of a junction drawing on more than one pattern, then the model's own */
function demandLines(junctions: NodeOut[], demandsOf: (n: NodeOut) => [string, number][]): string[] {
  const demands: string[] = [];
  for (const n of junctions) {
    // a junction drawing on more than one pattern lists them all here (they replace the [JUNCTIONS] demand)
    const computed = h(n).demand === undefined ? demandsOf(n) : [];
    if (computed.length > 1) for (const [pat, lps] of computed) demands.push(`${n.dno}\t${r4(lps)}\t${pat}`);
  }
  for (const n of junctions)
    for (const d of (h(n).demands as
      | { demand: number; pattern: string | null; category: string | null }[]
      | undefined) ?? [])
      demands.push(`${n.dno}\t${d.demand}\t${d.pattern ?? ''}${d.category ? `\t;${d.category}` : ''}`);
  return demands;
}

/** [PATTERNS]: the computed demand patterns in use, then the model's own */
function patternLines(demandOf: Map<number, Map<string, number>>, model: NetworkRows['model'], opts: InpOptions) {
  const pats: string[] = [];
  const used = new Set([...demandOf.values()].flatMap((m) => [...m.keys()]));
  const computedPatterns: Record<string, number[]> = { [DIURNAL_ID]: DIURNAL, ...(opts.demands?.patterns ?? {}) };
  for (const [id, m] of Object.entries(computedPatterns))
    if (used.has(id)) for (let i = 0; i < m.length; i += 6) pats.push(`${id}\t${m.slice(i, i + 6).join('\t')}`);
  for (const [id, m] of Object.entries(model?.patterns ?? {}))
    for (let i = 0; i < m.length; i += 6) pats.push(`${id}\t${m.slice(i, i + 6).join('\t')}`);
  return pats;
}

/** [CURVES]: the model's own, then a pump curve for each pump station given a suction node */
function curveLines(
  model: NetworkRows['model'],
  stations: NodeOut[],
  suctionOf: Map<number, NodeOut>,
  opts: InpOptions,
) {
  const curves: string[] = [];
  for (const [id, c] of Object.entries(model?.curves ?? {})) {
    if (c.type) curves.push(`;${c.type}:`);
    for (const [x, y] of c.points) curves.push(`${id}\t${x}\t${y}`);
  }
  for (const n of stations) {
    if (!suctionOf.has(n.gid)) continue;
    const duty = opts.pumps?.get(n.dno) ?? pumpDuty(n.capacity, null);
    curves.push(`;PUMP: ${n.dno} design ${duty.flowLps} L/s at ${duty.headM} m`);
    for (const [x, y] of pumpCurve(duty.flowLps, duty.headM)) curves.push(`PC_${n.dno}\t${x}\t${y}`);
  }
  return curves;
}

/** [VERTICES]: the inner points of the pipes and of the links drawn as points, projected */
function vertexLines(nodes: NodeOut[], pipes: PipeOut[], p: (x: number, y: number) => [number, number]) {
  const verts: string[] = [];
  for (const x of pipes) {
    if (x.pipe_class === 'connector') continue;
    const c = parseLine(x.coords);
    for (const [a, b] of c.slice(1, -1)) {
      const [px, py] = p(a, b);
      verts.push(`${x.dno}\t${px}\t${py}`);
    }
  }
  for (const n of nodes)
    if (isLink(n))
      for (const [a, b] of (h(n).vertices as [number, number][] | undefined) ?? []) {
        const [px, py] = p(a, b);
        verts.push(`${n.dno}\t${px}\t${py}`);
      }
  return verts;
}

function tankLine(n: NodeOut) {
  const t = h(n);
  return (
    [
      n.dno,
      v(t.elevation ?? n.elevation),
      v(t.initLevel),
      v(t.minLevel),
      v(t.maxLevel, 5),
      v(t.diameter, 10),
      v(t.minVol),
      v(t.volCurve, ''),
      v(t.overflow, ''),
    ].join('\t') + cm(n)
  );
}

function valveLine(n: NodeOut) {
  return (
    [
      n.dno,
      h(n).from,
      h(n).to,
      v(h(n).diameter ?? n.diameter),
      v(h(n).valveType, 'TCV'),
      v(h(n).setting),
      v(h(n).minorLoss),
    ].join('\t') + cm(n)
  );
}

/** [STATUS], [EMITTERS], [QUALITY]: what the model said of its features' initial state */
function laterLines(nodes: NodeOut[], pipes: PipeOut[], graphNodes: NodeOut[]) {
  const status: string[] = [];
  for (const x of [...nodes, ...pipes]) if (h(x).initStatus) status.push(`${x.dno}\t${h(x).initStatus}`);
  const em: string[] = [];
  const q: string[] = [];
  for (const n of graphNodes) {
    if (h(n).emitter !== undefined) em.push(`${n.dno}\t${h(n).emitter}`);
    if (h(n).initQuality !== undefined) q.push(`${n.dno}\t${h(n).initQuality}`);
  }
  return { status, em, q };
}

/** [PIPES]: a runnable model's pipes without a model's own roughness get it from material and age */
function pipeLines(
  pipes: PipeOut[],
  endOf: (x: PipeOut, end: 'from' | 'to') => string,
  closedValves: Set<number>,
  fill: boolean,
  roughness: RoughnessRule[] | undefined,
) {
  const thisYear = new Date().getFullYear();
  return pipes
    .filter((x) => x.pipe_class !== 'connector')
    .map((x) => {
      const t = h(x);
      return (
        [
          x.dno,
          endOf(x, 'from'),
          endOf(x, 'to'),
          v(t.length ?? x.length),
          v(t.diameter ?? x.diameter),
          v(t.roughness, fill && !x.hydraulic ? roughnessOf(x.material, x.install_year, thisYear, roughness) : 130),
          v(t.minorLoss),
          v(t.status, closedValves.has(x.from_node) || closedValves.has(x.to_node) ? 'Closed' : 'Open'),
        ].join('\t') + cm(x)
      );
    });
}

/** What the map and the import dialog show of the tenant's network: where it is and what it holds. */
export async function networkSummary(db: Exec, tenantId: string) {
  const r = await db.execute<{
    version: number | null;
    source: Record<string, unknown> | null;
    pipes: number;
    nodes: number;
    xmin: number | null;
    ymin: number | null;
    xmax: number | null;
    ymax: number | null;
  }>(sql`
    select n.version, n.source, e.pipes, e.nodes, ST_XMin(e.box) as xmin, ST_YMin(e.box) as ymin,
      ST_XMax(e.box) as xmax, ST_YMax(e.box) as ymax
    from (select
        (select count(*)::int from swp_gis_pipe where ${tenantSql(gisPipe, tenantId)} and is_deleted = 0) as pipes,
        (select count(*)::int from swp_gis_node where ${tenantSql(gisNode, tenantId)} and is_deleted = 0) as nodes,
        (select ST_Extent(geom) from swp_gis_pipe where ${tenantSql(gisPipe, tenantId)} and is_deleted = 0) as box) e
      left join swp_gis_network n on ${tenantSql(gisNetwork, tenantId, 'n')}`);
  const x = r.rows[0];
  return {
    version: x?.version ?? 0,
    pipes: x?.pipes ?? 0,
    nodes: x?.nodes ?? 0,
    extent: x?.xmin == null ? null : [x.xmin, x.ymin, x.xmax, x.ymax],
    lastImport: x?.source ?? null,
  };
}
