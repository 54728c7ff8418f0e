/**
 * Turns a parsed network into rows of the spatial store: coordinates into EPSG:4548, EPANET valves and pumps (links)
 * into GIS point features with two short connector pipes to their EPANET nodes (the valve-shutdown graph has valves
 * as nodes), pipes without end nodes (GeoJSON, Shapefile) snapped to the point at their end or given a generated
 * junction, every row checked (rejected with its reason) and fingerprinted (`sig`) so a re-import can tell what
 * changed. The counts and warnings of the report come from here.
 */
import { createHash } from 'node:crypto';
import type { NetworkCounts, NetworkImportWarning } from '@swp/contract';
import { toEpsg4548 } from '../../monitor/index.ts';
import type { NodeAttrs } from '../network.ts';
import { noMeasures } from '../network-grid.ts';
import type { HydraulicModel, ImpLink, ImpNode, ParsedNetwork, Rejected } from './model.ts';
import { SLICE, yieldToLoop } from './model.ts';

export type Crs = 'EPSG:4548' | 'EPSG:4490' | 'EPSG:4326' | 'local';
export interface CrsOptions {
  crs: Crs;
  offsetX: number;
  offsetY: number;
}

export interface NodeRow extends NodeAttrs {
  dno: string;
  kind: 'junction' | 'valve' | 'pump' | 'source' | 'hydrant' | 'meter';
  hydraulic: Record<string, unknown> | null;
  sig: string;
}

export interface PipeRow {
  dno: string;
  from: string;
  to: string;
  diameter: number;
  material: string;
  installYear: number | null;
  length: number;
  pipeClass: string;
  coords: [number, number][];
  hydraulic: Record<string, unknown> | null;
  sig: string;
}

export type Warning = NetworkImportWarning;

export type Counts = NetworkCounts;

export interface Built {
  nodes: NodeRow[];
  pipes: PipeRow[];
  model: HydraulicModel | null;
  counts: Counts;
  warnings: Warning[];
  rejected: Rejected[];
}

/** EPSG:4548's plausible extent (3° zone around 117°E, mainland latitudes): a guard against a wrong CRS choice. */
const X_RANGE = [250_000, 750_000];
const Y_RANGE = [1_000_000, 6_500_000];
const GRAPH_KINDS = new Set(['junction', 'valve', 'pump', 'source']);
/** A pipe's end within this distance (m) of a point feature joins it. */
const SNAP = 0.01;

const round3 = (v: number) => Math.round(v * 1000) / 1000;
export const fingerprint = (v: unknown) => createHash('sha1').update(JSON.stringify(v)).digest('hex');

export function transformer(o: CrsOptions): (x: number, y: number) => [number, number] | string {
  return (x, y) => {
    let p: [number, number];
    if (o.crs === 'EPSG:4548') p = [x, y];
    else if (o.crs === 'local') p = [x + o.offsetX, y + o.offsetY];
    else {
      if (x < 115.5 || x > 118.5 || y < 0 || y > 60)
        return `经纬度 (${x}, ${y}) 不在 EPSG:4548 的带内 115.5–118.5°E (x is the longitude)`;
      const q = toEpsg4548(x, y);
      p = [q.x, q.y];
    }
    if (p[0] < X_RANGE[0] || p[0] > X_RANGE[1] || p[1] < Y_RANGE[0] || p[1] > Y_RANGE[1])
      return `坐标 (${round3(p[0])}, ${round3(p[1])}) 超出 EPSG:4548 范围: 请检查坐标系或偏移量 (outside EPSG:4548: check crs/offset)`;
    return [round3(p[0]), round3(p[1])];
  };
}

const lineLength = (c: [number, number][]) => {
  let s = 0;
  for (let i = 1; i < c.length; i++) s += Math.hypot(c[i][0] - c[i - 1][0], c[i][1] - c[i - 1][1]);
  return s;
};

const GIS_KIND: Record<ImpNode['kind'], NodeRow['kind']> = {
  junction: 'junction',
  reservoir: 'source',
  tank: 'source',
  valve: 'valve',
  pump: 'pump',
  hydrant: 'hydrant',
  meter: 'meter',
};

export async function buildRows(parsed: ParsedNetwork, crs: CrsOptions): Promise<Built> {
  const b = new RowBuilder(transformer(crs), parsed);
  for (const [i, n] of parsed.nodes.entries()) {
    if (i % SLICE === SLICE - 1) await yieldToLoop();
    b.node(n);
  }
  for (const [i, l] of parsed.links.entries()) {
    if (i % SLICE === SLICE - 1) await yieldToLoop();
    b.link(l);
  }
  b.widenPumpConnectors();
  return b.finish(parsed.model);
}

/** The rows being built: nodes by code (and by snapped point, for pipe ends), pipes, counts, what was refused. */
class RowBuilder {
  readonly rejected: Rejected[];
  readonly warnings: Warning[];
  readonly counts: Counts = {
    junctions: 0,
    pipes: 0,
    valves: 0,
    pumps: 0,
    tanks: 0,
    reservoirs: 0,
    hydrants: 0,
    meters: 0,
  };
  readonly nodes = new Map<string, NodeRow>();
  readonly byPoint = new Map<string, string>();
  readonly pipes: PipeRow[] = [];
  readonly pipeIds = new Set<string>();
  readonly degree = new Map<string, number>();
  generated = 0;

  constructor(
    readonly tf: ReturnType<typeof transformer>,
    parsed: ParsedNetwork,
  ) {
    this.rejected = [...parsed.rejected];
    this.warnings = parsed.warnings.map((m) => ({ type: 'format', id: null, message: m }));
  }

  pointKey(x: number, y: number) {
    return `${Math.round(x / SNAP)}:${Math.round(y / SNAP)}`;
  }

  reject(row: number | null, id: string | null, reason: string) {
    this.rejected.push({ row, id, reason });
  }

  addNode(n: Omit<NodeRow, 'sig'>, row: number | null) {
    if (this.nodes.has(n.dno)) {
      this.warnings.push({ type: 'duplicate', id: n.dno, message: `编号 ${n.dno} 重复, 后者已拒绝 (duplicate id)` });
      this.reject(row, n.dno, `编号重复 (duplicate id ${n.dno})`);
      return false;
    }
    this.nodes.set(n.dno, { ...n, sig: fingerprint(n) });
    if (GRAPH_KINDS.has(n.kind)) this.byPoint.set(this.pointKey(n.x, n.y), n.dno);
    return true;
  }

  addPipe(p: Omit<PipeRow, 'sig'>) {
    this.pipes.push({ ...p, sig: fingerprint(p) });
    this.pipeIds.add(p.dno);
    this.degree.set(p.from, (this.degree.get(p.from) ?? 0) + 1);
    this.degree.set(p.to, (this.degree.get(p.to) ?? 0) + 1);
  }

  /** a pipe end without a node: the node at its point, else a junction generated there */
  endNode(x: number, y: number, pipeId: string): string {
    const k = this.pointKey(x, y);
    const have = this.byPoint.get(k);
    if (have) return have;
    const dno = `J${x.toFixed(2)}_${y.toFixed(2)}`;
    this.generated++;
    this.warnings.push({
      type: 'dangling',
      id: pipeId,
      message: `管线 ${pipeId} 的端点 (${x}, ${y}) 没有节点, 已生成接点 ${dno} (pipe end without a node: junction generated)`,
    });
    this.addNode(
      {
        dno,
        kind: 'junction',
        name: null,
        x,
        y,
        ...noMeasures(),
        hydraulic: null,
      },
      null,
    );
    this.counts.junctions++;
    return dno;
  }

  node(n: ImpNode) {
    if (n.x === undefined || n.y === undefined) {
      this.reject(n.row, n.id, `节点 ${n.id} 没有坐标 (no coordinates)`);
      return;
    }
    const p = this.tf(n.x, n.y);
    if (typeof p === 'string') {
      this.reject(n.row, n.id, p);
      return;
    }
    const kind = GIS_KIND[n.kind];
    const isValve = kind === 'valve';
    const ok = this.addNode(
      {
        dno: n.id,
        kind,
        name: n.name ?? null,
        x: p[0],
        y: p[1],
        elevation: n.elevation ?? null,
        diameter: n.diameter == null ? null : Math.round(n.diameter),
        operable: isValve ? (n.operable ?? 1) : null,
        normalState: isValve ? (n.normalState ?? 'open') : null,
        subtype: n.kind === 'tank' ? 'tank' : n.kind === 'reservoir' ? 'reservoir' : (n.subtype ?? null),
        hydraulic: n.hydraulic && Object.keys(n.hydraulic).length ? { ...n.hydraulic, type: n.kind } : null,
      },
      n.row,
    );
    if (ok) this.counts[`${n.kind}s` as keyof Counts] = (this.counts[`${n.kind}s` as keyof Counts] ?? 0) + 1;
  }

  link(l: ImpLink) {
    if (l.kind === 'pipe' && this.pipeIds.has(l.id)) {
      this.warnings.push({ type: 'duplicate', id: l.id, message: `管线编号 ${l.id} 重复, 后者已拒绝 (duplicate id)` });
      this.reject(l.row, l.id, `管线编号重复 (duplicate pipe id ${l.id})`);
      return;
    }
    let coords: [number, number][];
    let from = l.from;
    let to = l.to;
    if (l.coords) {
      const pts = l.coords.map(([x, y]) => this.tf(x, y));
      const badPt = pts.find((p) => typeof p === 'string');
      if (badPt) {
        this.reject(l.row, l.id, badPt as string);
        return;
      }
      coords = pts as [number, number][];
      if (from && !this.nodes.has(from)) {
        this.reject(l.row, l.id, `起点 ${from} 不存在 (unknown from node)`);
        return;
      }
      if (to && !this.nodes.has(to)) {
        this.reject(l.row, l.id, `终点 ${to} 不存在 (unknown to node)`);
        return;
      }
      from ||= this.endNode(coords[0][0], coords[0][1], l.id);
      to ||= this.endNode(coords[coords.length - 1][0], coords[coords.length - 1][1], l.id);
    } else {
      const a = this.nodes.get(from);
      const b = this.nodes.get(to);
      if (!a || !b) {
        const missing = !a ? from : to;
        this.reject(l.row, l.id, `节点 ${missing} 不存在或已被拒绝 (node ${missing} unknown or rejected)`);
        return;
      }
      const verts: [number, number][] = [];
      for (const [x, y] of l.vertices ?? []) {
        const p = this.tf(x, y);
        if (typeof p !== 'string') verts.push(p);
      }
      coords = [[a.x, a.y], ...verts, [b.x, b.y]];
    }
    if (from === to) {
      this.reject(l.row, l.id, `起点和终点相同 (${from}) (from and to are the same node)`);
      return;
    }
    if (l.kind === 'pipe') {
      const length = round3(l.length ?? lineLength(coords));
      if (length <= 0)
        this.warnings.push({ type: 'zeroLength', id: l.id, message: `管线 ${l.id} 长度为 0 (zero length)` });
      const diameter = Math.round(l.diameter ?? 0);
      this.addPipe({
        dno: l.id,
        from,
        to,
        diameter,
        material: l.material ?? '',
        installYear: l.installYear ?? null,
        length,
        pipeClass: diameter >= 400 ? 'main' : 'distribution',
        coords: lineLength(coords) > 0 ? coords : [coords[0], [coords[0][0] + 0.001, coords[0][1]]],
        hydraulic: l.hydraulic && Object.keys(l.hydraulic).length ? l.hydraulic : null,
      });
      this.counts.pipes++;
      return;
    }
    // not a pipe: a valve or a pump
    this.valveOrPump(l as ImpLink & { kind: 'valve' | 'pump' }, from, to, coords);
  }

  /** an EPANET valve or pump: a point feature halfway, joined to its two nodes by connector pipes */
  valveOrPump(l: ImpLink & { kind: 'valve' | 'pump' }, from: string, to: string, coords: [number, number][]) {
    const mid = Math.floor(coords.length / 2);
    const at: [number, number] =
      coords.length % 2 === 0
        ? [round3((coords[mid - 1][0] + coords[mid][0]) / 2), round3((coords[mid - 1][1] + coords[mid][1]) / 2)]
        : coords[mid];
    const status = String(l.hydraulic?.initStatus ?? '').toUpperCase();
    const diameter = l.diameter == null ? null : Math.round(l.diameter);
    const ok = this.addNode(
      {
        dno: l.id,
        kind: l.kind,
        name: null,
        x: at[0],
        y: at[1],
        elevation: null,
        diameter,
        operable: l.kind === 'valve' ? 1 : null,
        normalState: l.kind === 'valve' ? (status === 'CLOSED' ? 'closed' : 'open') : null,
        subtype: l.kind === 'valve' ? String(l.hydraulic?.valveType ?? '').toLowerCase() || null : null,
        hydraulic: { ...l.hydraulic, type: l.kind, from, to, vertices: coords.slice(1, -1) },
      },
      l.row,
    );
    if (!ok) return;
    this.counts[l.kind === 'valve' ? 'valves' : 'pumps']++;
    const half = coords.length % 2 === 0 ? mid : mid + 1;
    const sides: [string, string, [number, number][]][] = [
      [from, l.id, [...coords.slice(0, half), at]],
      [l.id, to, [at, ...coords.slice(half)]],
    ];
    for (const [k, [a, b, c]] of sides.entries()) {
      const cc = lineLength(c) > 0 ? c : [c[0], [c[0][0] + 0.001, c[0][1]] as [number, number]];
      this.addPipe({
        dno: `${l.id}#${k + 1}`.slice(0, 32),
        from: a,
        to: b,
        diameter: diameter ?? 0,
        material: '',
        installYear: null,
        length: round3(lineLength(cc)),
        pipeClass: 'connector',
        coords: cc,
        hydraulic: { connector: l.id },
      });
    }
  }

  /** a pump (EPANET gives it no diameter) joins its pipes with connectors as wide as the widest pipe at its ends */
  widenPumpConnectors() {
    const widest = new Map<string, number>();
    for (const p of this.pipes)
      if (p.pipeClass !== 'connector')
        for (const n of [p.from, p.to]) widest.set(n, Math.max(widest.get(n) ?? 0, p.diameter));
    const linkWidth = new Map<string, number>();
    for (const p of this.pipes) {
      const link = p.hydraulic?.connector as string | undefined;
      if (!link) continue;
      const w = Math.max(widest.get(p.from) ?? 0, widest.get(p.to) ?? 0);
      linkWidth.set(link, Math.max(linkWidth.get(link) ?? 0, w));
    }
    for (const [i, p] of this.pipes.entries()) {
      if (p.pipeClass !== 'connector' || p.diameter > 0) continue;
      const { sig: _old, ...rest } = p;
      // DN100 when no pipe at either end says more (a pump between two valves)
      rest.diameter = linkWidth.get(p.hydraulic?.connector as string) || 100;
      this.pipes[i] = { ...rest, sig: fingerprint(rest) };
    }
  }

  finish(model: ParsedNetwork['model']): Built {
    if (this.generated)
      this.warnings.push({
        type: 'dangling',
        id: null,
        message: `共 ${this.generated} 个管线端点没有节点, 已生成接点 (generated junctions)`,
      });
    for (const n of this.nodes.values()) {
      if (GRAPH_KINDS.has(n.kind) && !this.degree.has(n.dno))
        this.warnings.push({ type: 'isolated', id: n.dno, message: `节点 ${n.dno} 没有连接任何管线 (isolated node)` });
    }
    const { pipes, counts, warnings, rejected } = this;
    return { nodes: [...this.nodes.values()], pipes, model, counts, warnings, rejected };
  }
}
