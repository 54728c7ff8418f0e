/**
 * Attribute mapping shared by GeoJSON and Shapefile: a feature's properties (names matched case-insensitively,
 * several usual spellings each, since a Shapefile's field names are at most 10 characters) become a node or a link
 * of the neutral network. docs/import.md lists the names.
 */
import type { ImpLink, ImpNode, NodeKind, ParsedNetwork, Rejected } from './model.ts';

const NAMES = {
  id: ['id', 'code', 'dno', 'gid', 'fid', 'objectid'],
  kind: ['kind', 'type', 'layer', 'featuretype'],
  from: ['from', 'fromnode', 'from_node', 'node1', 'startnode', 'fnode'],
  to: ['to', 'tonode', 'to_node', 'node2', 'endnode', 'tnode'],
  diameter: ['diameter', 'dn', 'dia', 'diam'],
  material: ['material', 'mat', 'pipematerial'],
  length: ['length', 'len', 'shape_len'],
  installYear: ['installyear', 'install_year', 'year', 'instyear'],
  elevation: ['elevation', 'elev', 'z', 'ground'],
  name: ['name', 'label'],
  operable: ['operable', 'oper'],
  normalState: ['normalstate', 'normal_state', 'state', 'status'],
  roughness: ['roughness', 'rough', 'c', 'hw_c'],
  minorLoss: ['minorloss', 'minor_loss', 'minorlos', 'kminor'],
  demand: ['demand', 'basedemand', 'base_dem'],
  pattern: ['pattern', 'pat'],
  head: ['head', 'totalhead'],
  initLevel: ['initlevel', 'init_level', 'initlvl'],
  minLevel: ['minlevel', 'min_level', 'minlvl'],
  maxLevel: ['maxlevel', 'max_level', 'maxlvl'],
  setting: ['setting'],
  valveType: ['valvetype', 'valve_type', 'vtype'],
} as const;
type Name = keyof typeof NAMES;

const KINDS: Record<string, NodeKind | 'pipe'> = {
  junction: 'junction',
  node: 'junction',
  valve: 'valve',
  hydrant: 'hydrant',
  pump: 'pump',
  tank: 'tank',
  reservoir: 'reservoir',
  source: 'reservoir',
  meter: 'meter',
  pipe: 'pipe',
  节点: 'junction',
  阀门: 'valve',
  消火栓: 'hydrant',
  泵站: 'pump',
  水池: 'tank',
  水厂: 'reservoir',
  水表: 'meter',
  管线: 'pipe',
};

export type Geometry =
  | { type: 'Point'; coordinates: number[] }
  | { type: 'LineString'; coordinates: number[][] }
  | { type: 'MultiLineString'; coordinates: number[][][] }
  | { type: 'MultiPoint'; coordinates: number[][] }
  | { type: string; coordinates?: unknown };

/** Reads properties by any of their usual names, case-insensitively. */
export function propertyReader(props: Record<string, unknown>) {
  const lower = new Map<string, unknown>();
  for (const [k, v] of Object.entries(props)) lower.set(k.toLowerCase(), v);
  const get = (n: Name): unknown => {
    for (const k of NAMES[n]) {
      const v = lower.get(k);
      if (v !== undefined && v !== null && v !== '') return v;
    }
    return undefined;
  };
  const text = (n: Name) => {
    const v = get(n);
    return v === undefined ? undefined : String(v).trim();
  };
  const number = (n: Name): number | undefined | typeof Number.NaN => {
    const v = get(n);
    if (v === undefined) return undefined;
    const x = typeof v === 'number' ? v : Number(String(v).trim().replace(',', '.'));
    return Number.isFinite(x) ? x : Number.NaN;
  };
  return { get, text, number };
}

const finite = (c: unknown): c is [number, number] =>
  Array.isArray(c) && c.length >= 2 && Number.isFinite(c[0]) && Number.isFinite(c[1]);

/** What the line and point readers need of the feature being added and of the collector. */
interface FeatureCtx {
  p: ReturnType<typeof propertyReader>;
  num: (n: Name, what: string) => number | undefined | null;
  reject: (reason: string) => unknown;
  kind: NodeKind | 'pipe' | undefined;
  kindText: string;
  hydraulic: Record<string, unknown>;
  row: number;
  nodes: ImpNode[];
  links: ImpLink[];
  nextId: () => string;
}

/** the hydraulic attributes given as properties; null when one is not a number (the feature is rejected) */
function hydraulicOf(p: FeatureCtx['p'], num: FeatureCtx['num']): Record<string, unknown> | null {
  const hydraulic: Record<string, unknown> = {};
  for (const n of [
    'roughness',
    'minorLoss',
    'demand',
    'head',
    'initLevel',
    'minLevel',
    'maxLevel',
    'setting',
  ] as const) {
    const v = num(n, n);
    if (v === null) return null;
    if (v !== undefined) hydraulic[n] = v;
  }
  for (const n of ['pattern', 'valveType'] as const) {
    const v = p.text(n);
    if (v) hydraulic[n] = n === 'valveType' ? v.toUpperCase() : v;
  }
  return hydraulic;
}

/** a line feature: a pipe (an id is generated when it has none) */
function addLine(c: FeatureCtx, geometry: Geometry, idIn: string | undefined) {
  let id = idIn;
  if (c.kind && c.kind !== 'pipe')
    return c.reject(`线要素的类型必须是 pipe (a line must be a pipe, got ${c.kindText})`);
  let coords = geometry.coordinates as unknown[];
  if (geometry.type === 'MultiLineString') {
    const parts = coords as unknown[][];
    if (parts.length !== 1) return c.reject('多段线只能有一段 (multi-part lines are not supported)');
    coords = parts[0];
  }
  if (!Array.isArray(coords) || coords.length < 2 || !coords.every(finite))
    return c.reject('线几何至少需要两个有效坐标点 (a line needs two valid points)');
  const diameter = c.num('diameter', '管径');
  const length = c.num('length', '长度');
  const installYear = c.num('installYear', '敷设年代');
  if (diameter === null || length === null || installYear === null) return;
  if (diameter === undefined || diameter <= 0)
    return c.reject('缺少管径或管径不大于 0 (diameter missing or not positive)');
  if (!id) id = c.nextId();
  const status = c.p.text('normalState');
  if (status) c.hydraulic.status = status;
  c.links.push({
    id,
    kind: 'pipe',
    from: c.p.text('from') ?? '',
    to: c.p.text('to') ?? '',
    diameter,
    length,
    material: c.p.text('material') ?? null,
    installYear: installYear ?? null,
    coords: (coords as number[][]).map((c) => [c[0], c[1]]),
    hydraulic: c.hydraulic,
    row: c.row,
  });
  return;
}

/** a point feature: a node of its kind (junction when none is given) */
function addPoint(f: FeatureCtx, geometry: Geometry, id: string | undefined) {
  let c = geometry.coordinates as unknown;
  if (geometry.type === 'MultiPoint') {
    const pts = c as unknown[];
    if (!Array.isArray(pts) || pts.length !== 1) return f.reject('多点只能有一个点 (multi-points are not supported)');
    c = pts[0];
  }
  if (!finite(c)) return f.reject('点坐标无效 (invalid point)');
  if (f.kind === 'pipe') return f.reject('点要素不能是 pipe (a point cannot be a pipe)');
  if (!id) return f.reject('点要素缺少编号 (a point needs an id/code)');
  const elevation = f.num('elevation', '高程');
  const diameter = f.num('diameter', '管径');
  const operable = f.num('operable', '可操作');
  if (elevation === null || diameter === null || operable === null) return;
  const pt = c as number[];
  const z = pt.length > 2 && Number.isFinite(pt[2]) ? pt[2] : undefined;
  const state = f.p.text('normalState')?.toLowerCase();
  f.nodes.push({
    id,
    kind: (f.kind as NodeKind | undefined) ?? 'junction',
    x: pt[0],
    y: pt[1],
    elevation: elevation ?? z ?? null,
    diameter: diameter ?? null,
    name: f.p.text('name') ?? null,
    operable: operable ?? null,
    normalState: state === 'closed' || state === '0' || state === '关' ? 'closed' : state ? 'open' : null,
    hydraulic: f.hydraulic,
    row: f.row,
  });
  return;
}

/** Collects mapped features; call `add` per feature, then `result`. */
export function featureCollector(format: ParsedNetwork['format']) {
  const nodes: ImpNode[] = [];
  const links: ImpLink[] = [];
  const rejected: Rejected[] = [];
  const warnings: string[] = [];
  let generatedIds = 0;
  const nextId = () => `P${++generatedIds}`;

  function add(props: Record<string, unknown>, geometry: Geometry | null, row: number, featureId?: unknown) {
    const p = propertyReader(props ?? {});
    const id = p.text('id') ?? (featureId === undefined || featureId === null ? undefined : String(featureId));
    const reject = (reason: string) => rejected.push({ row, id: id ?? null, reason });
    if (!geometry) return reject('缺少几何 (no geometry)');
    const kindText = (p.text('kind') ?? '').toLowerCase();
    const kind = KINDS[kindText];
    if (kindText && !kind) return reject(`要素类型 ${kindText} 无效 (unknown kind)`);
    if (id && id.length > 32) return reject('编号超过 32 个字符 (id longer than 32 characters)');
    const num = (n: Name, what: string): number | undefined | null => {
      const v = p.number(n);
      if (Number.isNaN(v)) {
        reject(`${what} 不是数值 (${n} not a number)`);
        return null;
      }
      return v;
    };
    const hydraulic = hydraulicOf(p, num);
    if (!hydraulic) return;
    const c: FeatureCtx = { p, num, reject, kind, kindText, hydraulic, row, nodes, links, nextId };
    if (geometry.type === 'LineString' || geometry.type === 'MultiLineString') return addLine(c, geometry, id);
    if (geometry.type === 'Point' || geometry.type === 'MultiPoint') return addPoint(c, geometry, id);
    reject(`不支持的几何类型 ${geometry.type} (only Point and LineString)`);
  }

  function result(): ParsedNetwork {
    if (generatedIds)
      warnings.push(`${generatedIds} 条管线没有编号, 已按顺序编为 P1… (pipes without id numbered in file order)`);
    return { format, nodes, links, model: null, warnings, rejected };
  }
  return { add, result, warnings, rejected };
}
