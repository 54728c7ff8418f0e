/**
 * Valve-shutdown (关阀) analysis on the pipe graph, pure and in memory (domain.md; Walski 1993, Jun & Loganathan
 * 2007, EPA WNTR `valve_segments`).
 *
 * The network is a node-edge graph: pipes are edges, valves are nodes that sit on a pipe run (degree 2 usually).
 * 1. Segment: from both ends of the burst pipe, search outward through pipes; stop at every operable valve that is
 *    open (those are the valves to close) and at every normally closed valve (already shut). Inoperable valves are
 *    passed through like junctions.
 * 2. Unintended isolation: with those valves (and every normally closed valve) shut, search from every source
 *    outside the segment; pipes not reached lose supply too.
 * 3. Backup valves: for each valve to close, repeat the segment search as if that valve failed (passed through);
 *    the new boundary valves are its backups.
 *
 * The graph is kept in typed arrays (CSR adjacency). Step 2 does not search the whole network per burst: once per
 * graph, the segments (pipes joined through nodes other than open operable valves) and the open operable valves
 * form a segment graph, searched once from a root joined to every source segment (depth-first, with low links).
 * Closing a burst segment's valves then cuts off exactly the subtrees of that segment whose low link does not reach
 * above it (an articulation point), read from the preorder in time proportional to the answer. Valves that join
 * three or more segments are not a plain cut of one segment node; a burst next to one takes the full search.
 */

export const NODE_JUNCTION = 0;
export const NODE_VALVE = 1;
export const NODE_PUMP = 2;
export const NODE_SOURCE = 3;

export interface NodeInput {
  gid: number;
  kind: 'junction' | 'valve' | 'pump' | 'source';
  /** valves: false when the valve cannot be operated */
  operable?: boolean;
  /** valves: true when normally closed */
  closed?: boolean;
}

export interface PipeInput {
  gid: number;
  from: number;
  to: number;
}

export interface Graph {
  nodeGid: Int32Array;
  nodeKind: Uint8Array;
  nodeOperable: Uint8Array;
  nodeClosed: Uint8Array;
  pipeGid: Int32Array;
  pipeFrom: Int32Array;
  pipeTo: Int32Array;
  /** CSR: pipes of node i are adjPipe[adjStart[i] .. adjStart[i+1]) */
  adjStart: Int32Array;
  adjPipe: Int32Array;
  nodeIndex: Map<number, number>;
  pipeIndex: Map<number, number>;
  sources: Int32Array;
}

const KIND: Record<NodeInput['kind'], number> = {
  junction: NODE_JUNCTION,
  valve: NODE_VALVE,
  pump: NODE_PUMP,
  source: NODE_SOURCE,
};

/** Builds the graph; pipes whose end nodes are unknown are refused (a broken network is a data error). */
export function buildGraph(nodes: NodeInput[], pipes: PipeInput[]): Graph {
  const n = nodes.length;
  const m = pipes.length;
  const nodeGid = new Int32Array(n);
  const nodeKind = new Uint8Array(n);
  const nodeOperable = new Uint8Array(n);
  const nodeClosed = new Uint8Array(n);
  const nodeIndex = new Map<number, number>();
  const sources: number[] = [];
  nodes.forEach((nd, i) => {
    nodeGid[i] = nd.gid;
    nodeKind[i] = KIND[nd.kind];
    nodeOperable[i] = nd.operable === false ? 0 : 1;
    nodeClosed[i] = nd.closed ? 1 : 0;
    nodeIndex.set(nd.gid, i);
    if (nd.kind === 'source') sources.push(i);
  });
  const pipeGid = new Int32Array(m);
  const pipeFrom = new Int32Array(m);
  const pipeTo = new Int32Array(m);
  const pipeIndex = new Map<number, number>();
  const degree = new Int32Array(n + 1);
  pipes.forEach((p, j) => {
    const a = nodeIndex.get(p.from);
    const b = nodeIndex.get(p.to);
    if (a === undefined || b === undefined) throw new Error(`pipe ${p.gid} names an unknown node`);
    pipeGid[j] = p.gid;
    pipeFrom[j] = a;
    pipeTo[j] = b;
    pipeIndex.set(p.gid, j);
    degree[a]++;
    degree[b]++;
  });
  const adjStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) adjStart[i + 1] = adjStart[i] + degree[i];
  const fill = adjStart.slice(0, n);
  const adjPipe = new Int32Array(adjStart[n]);
  for (let j = 0; j < m; j++) {
    adjPipe[fill[pipeFrom[j]]++] = j;
    adjPipe[fill[pipeTo[j]]++] = j;
  }
  return {
    nodeGid,
    nodeKind,
    nodeOperable,
    nodeClosed,
    pipeGid,
    pipeFrom,
    pipeTo,
    adjStart,
    adjPipe,
    nodeIndex,
    pipeIndex,
    sources: Int32Array.from(sources),
  };
}

export interface Segment {
  /** pipe indices of the segment */
  pipes: number[];
  /** node indices inside the segment (not the boundary valves) */
  nodes: number[];
  /** node indices of the open operable valves that bound it */
  valves: number[];
  /** node indices of normally closed valves met on the boundary */
  closedValves: number[];
}

/** Scratch buffers reused between calls on the same graph (one analysis at a time per graph). */
const scratch = new WeakMap<Graph, { pipeMark: Int32Array; nodeMark: Int32Array; stack: Int32Array; stamp: number }>();

function buffers(g: Graph) {
  let s = scratch.get(g);
  if (!s) {
    s = {
      pipeMark: new Int32Array(g.pipeGid.length),
      nodeMark: new Int32Array(g.nodeGid.length),
      stack: new Int32Array(g.nodeGid.length + 2),
      stamp: 0,
    };
    scratch.set(g, s);
  }
  s.stamp++;
  return s;
}

/** True when the search must stop at node i: an open operable valve (not failed) or a closed valve. */
function isBoundary(g: Graph, i: number, failed: ReadonlySet<number>): boolean {
  if (g.nodeKind[i] !== NODE_VALVE) return false;
  if (g.nodeClosed[i]) return true;
  return g.nodeOperable[i] === 1 && !failed.has(i);
}

/** The segment around a pipe (by index). `failed` valves (node indices) are passed through. */
export function segmentOf(g: Graph, pipe: number, failed: ReadonlySet<number> = new Set()): Segment {
  const { pipeMark, nodeMark, stack, stamp } = buffers(g);
  const out: Segment = { pipes: [pipe], nodes: [], valves: [], closedValves: [] };
  pipeMark[pipe] = stamp;
  let top = 0;
  for (const end of [g.pipeFrom[pipe], g.pipeTo[pipe]]) {
    if (nodeMark[end] !== stamp) {
      nodeMark[end] = stamp;
      stack[top++] = end;
    }
  }
  while (top > 0) {
    const i = stack[--top];
    if (isBoundary(g, i, failed)) {
      if (g.nodeClosed[i]) out.closedValves.push(i);
      else out.valves.push(i);
      continue;
    }
    out.nodes.push(i);
    for (let k = g.adjStart[i]; k < g.adjStart[i + 1]; k++) {
      const p = g.adjPipe[k];
      if (pipeMark[p] === stamp) continue;
      pipeMark[p] = stamp;
      out.pipes.push(p);
      const o = g.pipeFrom[p] === i ? g.pipeTo[p] : g.pipeFrom[p];
      if (nodeMark[o] !== stamp) {
        nodeMark[o] = stamp;
        stack[top++] = o;
      }
    }
  }
  return out;
}

/**
 * Pipes that lose supply when `shut` valves (node indices) and every normally closed valve are shut and the
 * `segment` pipes are out: everything not reached from a source outside the segment. Returns pipe indices, the
 * segment's own pipes excluded.
 */
export function isolatedPipes(g: Graph, segmentPipes: readonly number[], shut: readonly number[]): number[] {
  const { pipeMark, nodeMark, stack, stamp } = buffers(g);
  const out = -stamp; // a second mark for the segment's pipes
  for (const p of segmentPipes) pipeMark[p] = out;
  const shutSet = new Set(shut);
  let top = 0;
  for (const s of g.sources) {
    if (nodeMark[s] === stamp) continue;
    nodeMark[s] = stamp;
    stack[top++] = s;
  }
  while (top > 0) {
    const i = stack[--top];
    if (g.nodeKind[i] === NODE_VALVE && (g.nodeClosed[i] || (shutSet.size && shutSet.has(i)))) continue;
    for (let k = g.adjStart[i]; k < g.adjStart[i + 1]; k++) {
      const p = g.adjPipe[k];
      if (pipeMark[p] === stamp || pipeMark[p] === out) continue;
      pipeMark[p] = stamp;
      const o = g.pipeFrom[p] === i ? g.pipeTo[p] : g.pipeFrom[p];
      if (nodeMark[o] !== stamp) {
        nodeMark[o] = stamp;
        stack[top++] = o;
      }
    }
  }
  const lost: number[] = [];
  for (let p = 0; p < g.pipeGid.length; p++) if (pipeMark[p] !== stamp && pipeMark[p] !== out) lost.push(p);
  return lost;
}

export interface ShutdownResult {
  burstPipe: number;
  /** pipe gids of the burst segment */
  segmentPipes: number[];
  /** valve gids to close */
  valves: number[];
  /** normally closed valve gids met on the segment boundary (nothing to do) */
  closedValves: number[];
  /** pipe gids that lose supply through unintended isolation */
  isolatedPipes: number[];
  /** valve gid → backup valve gids to close if that valve fails */
  backups: Record<number, number[]>;
  /** true when a source sits inside the segment (the burst cuts a plant or tank off) */
  sourceInSegment: boolean;
}

const baselines = new WeakMap<Graph, Set<number>>();

/** Pipes no source reaches even before any burst (cut off by normally closed valves): never counted as lost. */
function baselineUnfed(g: Graph): Set<number> {
  let b = baselines.get(g);
  if (!b) {
    b = new Set(isolatedPipes(g, [], []));
    baselines.set(g, b);
  }
  return b;
}

/** Step 2 by the full search: pipes cut off by closing `seg`'s valves (not those unfed before), ascending. */
export function searchCutOff(g: Graph, seg: Segment): number[] {
  const unfed = baselineUnfed(g);
  return isolatedPipes(g, seg.pipes, seg.valves).filter((p) => !unfed.has(p));
}

/**
 * The segment graph of a network, searched once from a root joined to every source segment. Segment nodes are
 * 0..segments-1, valve nodes segments..segments+valves-1, the root last.
 */
export interface SegmentIndex {
  segments: number;
  /** segment of each pipe */
  segOfPipe: Int32Array;
  /** CSR: pipes of segment k are segPipe[segPipeStart[k] .. segPipeStart[k+1]) */
  segPipeStart: Int32Array;
  segPipe: Int32Array;
  /** CSR adjacency of the segment graph (segment ↔ valve, root → source segments) */
  adjStart: Int32Array;
  adj: Int32Array;
  /** distinct segments next to each graph node (valves: how many segments the valve joins) */
  degree: Int32Array;
  /** preorder number (-1: not reached from a source), lowest preorder reachable by a back edge, subtree size */
  pre: Int32Array;
  low: Int32Array;
  size: Int32Array;
  parent: Int32Array;
  /** node at each preorder number */
  order: Int32Array;
}

const indexes = new WeakMap<Graph, SegmentIndex>();

/** True at open operable valves: the nodes where segments end and that closing shuts. */
const isOpenValve = (g: Graph, i: number) =>
  g.nodeKind[i] === NODE_VALVE && !g.nodeClosed[i] && g.nodeOperable[i] === 1;

/** 1. segments: pipes joined through nodes that are neither open operable valves nor closed valves */
function pipeSegments(g: Graph) {
  const n = g.nodeGid.length;
  const m = g.pipeGid.length;
  const segOfPipe = new Int32Array(m).fill(-1);
  const stack = new Int32Array(n + 1);
  const seen = new Int32Array(n).fill(-1);
  const isSourceSeg: number[] = [];
  let segments = 0;
  for (let p0 = 0; p0 < m; p0++) {
    if (segOfPipe[p0] !== -1) continue;
    const k = segments++;
    segOfPipe[p0] = k;
    let source = false;
    let top = 0;
    for (const end of [g.pipeFrom[p0], g.pipeTo[p0]]) {
      if (seen[end] !== k) {
        seen[end] = k;
        stack[top++] = end;
      }
    }
    while (top > 0) {
      const i = stack[--top];
      if (g.nodeKind[i] === NODE_VALVE && (g.nodeClosed[i] || g.nodeOperable[i] === 1)) continue;
      if (g.nodeKind[i] === NODE_SOURCE) source = true;
      for (let a = g.adjStart[i]; a < g.adjStart[i + 1]; a++) {
        const p = g.adjPipe[a];
        if (segOfPipe[p] !== -1) continue;
        segOfPipe[p] = k;
        const o = g.pipeFrom[p] === i ? g.pipeTo[p] : g.pipeFrom[p];
        if (seen[o] !== k) {
          seen[o] = k;
          stack[top++] = o;
        }
      }
    }
    if (source) isSourceSeg.push(k);
  }
  const segPipeStart = new Int32Array(segments + 1);
  for (let p = 0; p < m; p++) segPipeStart[segOfPipe[p] + 1]++;
  for (let k = 0; k < segments; k++) segPipeStart[k + 1] += segPipeStart[k];
  const segPipe = new Int32Array(m);
  const fillPipe = segPipeStart.slice(0, segments);
  for (let p = 0; p < m; p++) segPipe[fillPipe[segOfPipe[p]]++] = p;
  return { segments, segOfPipe, isSourceSeg, segPipeStart, segPipe };
}

/** 2. the segment graph: a valve node per open operable valve, joined to the segments of its pipes */
function segmentGraph(g: Graph, segments: number, segOfPipe: Int32Array, isSourceSeg: number[]) {
  const n = g.nodeGid.length;
  const valveNode = new Int32Array(n).fill(-1);
  let nodes = segments;
  for (let i = 0; i < n; i++) if (isOpenValve(g, i)) valveNode[i] = nodes++;
  const root = nodes++;
  const edges: number[] = [];
  const degree = new Int32Array(nodes);
  for (let i = 0; i < n; i++) {
    const v = valveNode[i];
    if (v < 0) continue;
    const first = edges.length;
    for (let a = g.adjStart[i]; a < g.adjStart[i + 1]; a++) {
      const k = segOfPipe[g.adjPipe[a]];
      let dup = false;
      for (let e = first + 1; e < edges.length; e += 2) if (edges[e] === k) dup = true;
      if (!dup) {
        edges.push(v, k);
        degree[v]++;
      }
    }
  }
  for (const k of isSourceSeg) edges.push(root, k);
  const adjStart = new Int32Array(nodes + 1);
  for (let e = 0; e < edges.length; e += 2) {
    adjStart[edges[e] + 1]++;
    adjStart[edges[e + 1] + 1]++;
  }
  for (let i = 0; i < nodes; i++) adjStart[i + 1] += adjStart[i];
  const adj = new Int32Array(edges.length);
  const fill = adjStart.slice(0, nodes);
  for (let e = 0; e < edges.length; e += 2) {
    adj[fill[edges[e]]++] = edges[e + 1];
    adj[fill[edges[e + 1]]++] = edges[e];
  }
  return { nodes, root, adjStart, adj, degree };
}

/** 3. depth-first from the root (iterative): preorder, low links, subtree sizes */
function depthFirst(nodes: number, root: number, adjStart: Int32Array, adj: Int32Array) {
  const pre = new Int32Array(nodes).fill(-1);
  const low = new Int32Array(nodes);
  const size = new Int32Array(nodes);
  const parent = new Int32Array(nodes).fill(-1);
  const order = new Int32Array(nodes);
  const next = new Int32Array(nodes); // adjacency cursor per node
  const path = new Int32Array(nodes);
  let counter = 0;
  let depth = 0;
  pre[root] = low[root] = counter;
  order[counter++] = root;
  next[root] = adjStart[root];
  path[depth++] = root;
  while (depth > 0) {
    const u = path[depth - 1];
    if (next[u] < adjStart[u + 1]) {
      const w = adj[next[u]++];
      if (pre[w] === -1) {
        parent[w] = u;
        pre[w] = low[w] = counter;
        order[counter++] = w;
        next[w] = adjStart[w];
        path[depth++] = w;
      } else if (w !== parent[u] && pre[w] < low[u]) low[u] = pre[w];
    } else {
      depth--;
      size[u] = counter - pre[u];
      const pu = parent[u];
      if (pu >= 0 && low[u] < low[pu]) low[pu] = low[u];
    }
  }
  return { pre, low, size, parent, order };
}

export function segmentIndex(g: Graph): SegmentIndex {
  const cached = indexes.get(g);
  if (cached) return cached;
  const { segments, segOfPipe, isSourceSeg, segPipeStart, segPipe } = pipeSegments(g);
  const { nodes, root, adjStart, adj, degree } = segmentGraph(g, segments, segOfPipe, isSourceSeg);
  const { pre, low, size, parent, order } = depthFirst(nodes, root, adjStart, adj);
  const idx: SegmentIndex = {
    segments,
    segOfPipe,
    segPipeStart,
    segPipe,
    adjStart,
    adj,
    degree,
    pre,
    low,
    size,
    parent,
    order,
  };
  indexes.set(g, idx);
  return idx;
}

/**
 * Step 2 from the segment index: pipes cut off from every source when the segment of `pipe` is closed (its own
 * pipes and those unfed before not counted), ascending; undefined when a valve next to the segment joins three or
 * more segments (closing it also parts the others: the full search answers that).
 */
export function cutOff(g: Graph, pipe: number): number[] | undefined {
  const x = segmentIndex(g);
  const s = x.segOfPipe[pipe];
  if (x.pre[s] === -1) return []; // the segment was unfed: closing it cuts nothing off
  for (let a = x.adjStart[s]; a < x.adjStart[s + 1]; a++) if (x.degree[x.adj[a]] > 2) return undefined;
  const out: number[] = [];
  for (let a = x.adjStart[s]; a < x.adjStart[s + 1]; a++) {
    const v = x.adj[a];
    // a valve below the segment in the tree whose subtree reaches no higher than the segment: cut off with it
    if (x.parent[v] !== s || x.low[v] < x.pre[s]) continue;
    for (let i = x.pre[v]; i < x.pre[v] + x.size[v]; i++) {
      const k = x.order[i];
      if (k < x.segments) for (let q = x.segPipeStart[k]; q < x.segPipeStart[k + 1]; q++) out.push(x.segPipe[q]);
    }
  }
  return out.sort((a, b) => a - b);
}

/** The whole analysis for a burst on the pipe with gid `pipeGid`. */
export function shutdownAnalysis(g: Graph, pipeGid: number): ShutdownResult {
  const pipe = g.pipeIndex.get(pipeGid);
  if (pipe === undefined) throw new Error(`unknown pipe ${pipeGid}`);
  const seg = segmentOf(g, pipe);
  const segmentPipes = seg.pipes.map((p) => g.pipeGid[p]);
  const valves = seg.valves.map((v) => g.nodeGid[v]);
  const closedValves = seg.closedValves.map((v) => g.nodeGid[v]);
  const sourceInSegment = seg.nodes.some((i) => g.nodeKind[i] === NODE_SOURCE);
  const lost = (cutOff(g, pipe) ?? searchCutOff(g, seg)).map((p) => g.pipeGid[p]);
  const backups: Record<number, number[]> = {};
  const primary = new Set(seg.valves);
  for (const v of seg.valves) {
    const alt = segmentOf(g, pipe, new Set([v]));
    backups[g.nodeGid[v]] = alt.valves.filter((x) => !primary.has(x)).map((x) => g.nodeGid[x]);
  }
  return {
    burstPipe: pipeGid,
    segmentPipes,
    valves,
    closedValves,
    isolatedPipes: lost,
    backups,
    sourceInSegment,
  };
}
