/** The generator behind `generateNetwork` (see network.ts for what the network holds). */

import { rng } from '../../core/rng.ts';
import { toEpsg4548 } from '../monitor/index.ts';
import type { GenDma, GenNode, GenPipe, GenPlace, GenRoad, Network, NetworkOptions } from './network.ts';
import { blank, innerPlants, onPipe, pad, r3 } from './network-grid.ts';
import { COMMUNITY, COMMUNITY_HEAD, CRITICAL, EW_ROADS, MAIN_MAT, NEW_DIST, NS_ROADS, OLD } from './network-names.ts';
import { MONITOR_TIES } from './network-ties.ts';

type Source = { code: string | null; name: string; capacity: number; subtype: string; x: number; y: number };
type StreetPipes = { pipes: number[]; main: boolean; inlet: string | null };
const isMainCol = (i: number) => i % 5 === 2;
const isMainRow = (j: number) => j % 5 === 2;
const ewName = (j: number) =>
  j < EW_ROADS.length ? EW_ROADS[j] : `${EW_ROADS[j % EW_ROADS.length]}${Math.floor(j / EW_ROADS.length) + 1}段`;
const nsName = (i: number) =>
  i < NS_ROADS.length ? NS_ROADS[i] : `${NS_ROADS[i % NS_ROADS.length]}${Math.floor(i / NS_ROADS.length) + 1}段`;
const edge = (ka: number, kb: number) => (ka < kb ? `${ka}-${kb}` : `${kb}-${ka}`);

/**
 * Builds one network in phases (crossings, sources and DMAs, streets, outlets and pumps, features on pipes,
 * places). The phases share one random sequence, so `build` calls them in a fixed order: reordering them (or the
 * draws inside them) changes the network.
 */
export class NetworkBuilder {
  private readonly rand: () => number;
  private readonly cols: number;
  private readonly rows: number;
  private readonly spacing: number;
  private readonly o: { x: number; y: number };
  private readonly nodes: GenNode[] = [];
  private readonly pipes: GenPipe[] = [];
  private nodeGid = 0;
  private pipeGid = 0;
  private readonly jx: Float64Array;
  private readonly jy: Float64Array;
  private readonly jGid: Int32Array;
  private sources: Source[] = [];
  private readonly dmaOfCrossing = new Map<number, string>();
  private readonly dmas: GenDma[] = [];
  private readonly dmaInlet = new Map<string, { code: string; ci: number; cj: number }>();
  /** streets sized for a DMA's inflow (both crossings → the least diameter, mm) */
  private readonly trunk = new Map<string, number>();
  private readonly roads: GenRoad[] = [];
  private readonly degree: Int32Array;
  private readonly streetPipes: StreetPipes[] = [];

  constructor(private readonly opts: NetworkOptions) {
    this.rand = rng(opts.seed);
    this.cols = opts.cols;
    this.rows = opts.rows;
    this.spacing = opts.spacing;
    this.o = toEpsg4548(opts.origin[0], opts.origin[1]);
    this.jx = new Float64Array(opts.cols * opts.rows);
    this.jy = new Float64Array(opts.cols * opts.rows);
    this.jGid = new Int32Array(opts.cols * opts.rows);
    this.degree = new Int32Array(opts.cols * opts.rows);
  }

  build(): Network {
    // 1. crossings: jittered grid, streets bent gently
    this.layCrossings();
    // 2. sources and DMAs (they decide pressure zones and boundary valves)
    this.sources = this.pickSources();
    if (this.opts.stations)
      MONITOR_TIES.dmas.forEach((d, n) => {
        this.addDma(d, n);
      });
    // 3. streets → pipes, with valves near the crossings
    this.layEastWestStreets();
    this.layNorthSouthStreets();
    // 4. sources with their outlet mains, pumps on crossings
    for (const s of this.sources) this.connectSource(s);
    if (this.opts.stations) this.placePumps();
    // 5. features on pipes: DMA inlet meters, hydrants, service connections, water-quality points
    this.placeInletMeters();
    this.placeServiceFeatures();
    if (this.opts.stations) this.placeWqPoints();
    // 6. places for reverse geocoding: the communities and critical users just placed
    const places = this.places();
    return { nodes: this.nodes, pipes: this.pipes, dmas: this.dmas, roads: this.roads, places };
  }

  private at(i: number, j: number) {
    return j * this.cols + i;
  }

  private nodeOf(gid: number) {
    return this.nodes[gid - 1];
  }

  private nearestCrossing(x: number, y: number) {
    const i = Math.min(this.cols - 1, Math.max(0, Math.round((x - this.o.x) / this.spacing)));
    const j = Math.min(this.rows - 1, Math.max(0, Math.round((y - this.o.y) / this.spacing)));
    return [i, j] as const;
  }

  private layCrossings() {
    const { cols, rows, spacing, o, rand, jx, jy } = this;
    for (let j = 0; j < rows; j++) {
      for (let i = 0; i < cols; i++) {
        const k = this.at(i, j);
        jx[k] = r3(o.x + i * spacing + (rand() - 0.5) * 0.2 * spacing + Math.sin(j * 0.37) * 0.08 * spacing);
        jy[k] = r3(o.y + j * spacing + (rand() - 0.5) * 0.2 * spacing + Math.sin(i * 0.29) * 0.08 * spacing);
        this.jGid[k] = ++this.nodeGid;
        this.nodes.push({
          ...blank(),
          gid: this.nodeGid,
          kind: 'junction',
          dno: `JD-${pad(this.nodeGid)}`,
          x: jx[k],
          y: jy[k],
          elevation: r3(18 + 12 * Math.sin(i / 9) + 8 * Math.cos(j / 11) + rand()),
        });
      }
    }
  }

  private pickSources(): Source[] {
    const { cols, rows, jx, jy, opts } = this;
    if (opts.stations) return MONITOR_TIES.sources.map((s) => ({ ...s, ...toEpsg4548(s.lon, s.lat) }));
    return [
      {
        code: null,
        name: '一号水厂',
        capacity: 300_000,
        subtype: 'plant',
        ...toEpsg4548(opts.origin[0], opts.origin[1]),
      },
      {
        code: null,
        name: '二号水厂',
        capacity: 300_000,
        subtype: 'plant',
        x: jx[this.at(cols - 1, rows - 1)] + 300,
        y: jy[this.at(cols - 1, rows - 1)] + 300,
      },
      ...innerPlants(cols, rows, (i, j) => [jx[this.at(i, j)], jy[this.at(i, j)]]),
    ];
  }

  private zoneOf(x: number, y: number) {
    let best = this.sources[0];
    let bd = Number.POSITIVE_INFINITY;
    for (const s of this.sources) {
      const d = (s.x - x) ** 2 + (s.y - y) ** 2;
      if (d < bd) {
        bd = d;
        best = s;
      }
    }
    return `${best.name}供水区`;
  }

  private addDma(d: (typeof MONITOR_TIES.dmas)[number], n: number) {
    const { cols, rows, spacing, o, trunk } = this;
    const at = (i: number, j: number) => this.at(i, j);
    const p = toEpsg4548(d.lon, d.lat);
    const [ci, cj] = this.nearestCrossing(p.x, p.y);
    const i0 = Math.max(1, ci - 2);
    const i1 = Math.min(cols - 2, ci + 3);
    const j0 = Math.max(1, cj - 2);
    const j1 = Math.min(rows - 2, cj + 3);
    for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) this.dmaOfCrossing.set(at(i, j), d.dno);
    const h = spacing / 2;
    const x0 = r3(o.x + i0 * spacing - h);
    const x1 = r3(o.x + i1 * spacing + h);
    const y0 = r3(o.y + j0 * spacing - h);
    const y1 = r3(o.y + j1 * spacing + h);
    this.dmas.push({
      gid: n + 1,
      dno: d.dno,
      name: d.name,
      stationCode: d.code,
      nightUse: 18 + n * 4,
      ring: [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
        [x0, y0],
      ],
    });
    // the inlet: the crossing on the DMA's edge nearest the inlet station
    this.dmaInlet.set(d.dno, { code: d.code, ci: i0, cj });
    // sized for the zone's whole inflow (170–240 L/s measured on the demo): the feed from the nearest main
    // column west of the inlet and the inlet street DN600, inside the zone a DN400 cross through its centre row
    // and column (without it the zone's streets fell below service pressure at the evening peak)
    const feedFrom = Math.max(0, i0 - 1 - ((i0 - 1 - 2 + 5) % 5));
    for (let i = feedFrom; i < i0; i++) trunk.set(edge(at(i, cj), at(i + 1, cj)), 600);
    for (let i = i0; i < i1; i++) trunk.set(edge(at(i, cj), at(i + 1, cj)), 400);
    for (let j = j0; j < j1; j++) trunk.set(edge(at(ci, j), at(ci, j + 1)), 400);
  }

  private addValve(x: number, y: number, diameter: number, closed: boolean, dma: string | null) {
    this.nodeGid++;
    const inoperable = !closed && this.rand() < 0.03;
    this.nodes.push({
      ...blank(),
      gid: this.nodeGid,
      kind: 'valve',
      dno: `FM-${pad(this.nodeGid)}`,
      x: r3(x),
      y: r3(y),
      diameter,
      operable: inoperable ? 0 : 1,
      normalState: closed ? 'closed' : 'open',
      subtype: diameter >= 400 ? 'butterfly' : 'gate',
      dmaCode: dma,
    });
    return this.nodeGid;
  }

  private addPipe(
    a: number,
    b: number,
    diameter: number,
    pipeClass: 'main' | 'distribution',
    roadName: string,
    dma: string | null,
  ) {
    const { rand } = this;
    const na = this.nodeOf(a);
    const nb = this.nodeOf(b);
    this.pipeGid++;
    const year = pipeClass === 'main' ? 1990 + Math.floor(rand() * 34) : 1985 + Math.floor(rand() * 39);
    const material =
      pipeClass === 'main'
        ? MAIN_MAT[Math.floor(rand() * MAIN_MAT.length)]
        : year < 2000
          ? OLD[Math.floor(rand() * OLD.length)]
          : NEW_DIST[Math.floor(rand() * NEW_DIST.length)];
    const length = r3(Math.hypot(nb.x - na.x, nb.y - na.y));
    this.pipes.push({
      gid: this.pipeGid,
      dno: `GX-${pad(this.pipeGid)}`,
      from: a,
      to: b,
      diameter,
      material,
      installYear: year,
      length,
      pressureZone: this.zoneOf((na.x + nb.x) / 2, (na.y + nb.y) / 2),
      pipeClass,
      roadName,
      dmaCode: dma,
      coords: [
        [na.x, na.y],
        [nb.x, nb.y],
      ],
    });
    return this.pipeGid;
  }

  /** One block of street between two crossings: its pipes, split by the valves near either end. */
  private street(ka: number, kb: number, main: boolean, road: string, inlet: boolean) {
    const { rand, jx, jy } = this;
    const da = this.dmaOfCrossing.get(ka) ?? null;
    const db = this.dmaOfCrossing.get(kb) ?? null;
    const crossing = da !== db;
    const drawn = main ? [400, 500, 600, 800][Math.floor(rand() * 4)] : [100, 150, 200, 300][Math.floor(rand() * 4)];
    const diameter = Math.max(drawn, this.trunk.get(edge(ka, kb)) ?? 0);
    const pipeClass = main ? 'main' : 'distribution';
    const ax = jx[ka];
    const ay = jy[ka];
    const bx = jx[kb];
    const by = jy[kb];
    const len = Math.hypot(bx - ax, by - ay);
    const ux = (bx - ax) / len;
    const uy = (by - ay) / len;
    const off = Math.min(8, len / 4);
    const chain: number[] = [this.jGid[ka]];
    const pValve = main ? 0.7 : 0.45;
    // a boundary crossing gets a normally closed valve on the inside end, unless it is the DMA's inlet
    const valveA = (crossing && da !== null) || rand() < pValve;
    const valveB = (crossing && db !== null) || rand() < pValve;
    if (valveA)
      chain.push(this.addValve(ax + ux * off, ay + uy * off, diameter, crossing && da !== null && !inlet, da));
    if (valveB)
      chain.push(this.addValve(bx - ux * off, by - uy * off, diameter, crossing && db !== null && !inlet, db));
    chain.push(this.jGid[kb]);
    const dma = da !== null && da === db ? da : null;
    const made: number[] = [];
    for (let n = 0; n + 1 < chain.length; n++)
      made.push(this.addPipe(chain[n], chain[n + 1], diameter, pipeClass, road, dma));
    return made;
  }

  private inletStreet(ka: number, kb: number) {
    for (const [dno, v] of this.dmaInlet) {
      const inside = this.at(v.ci, v.cj);
      const outside = this.at(v.ci - 1, v.cj);
      if ((ka === inside && kb === outside) || (kb === inside && ka === outside)) return dno;
    }
    return null;
  }

  private layEastWestStreets() {
    const { cols, rows, jx, jy, degree } = this;
    for (let j = 0; j < rows; j++) {
      const coords: [number, number][] = [];
      for (let i = 0; i < cols; i++) coords.push([jx[this.at(i, j)], jy[this.at(i, j)]]);
      this.roads.push({ name: ewName(j), coords });
      for (let i = 0; i + 1 < cols; i++) {
        const main = isMainRow(j);
        const ka = this.at(i, j);
        const kb = this.at(i + 1, j);
        const inlet = this.inletStreet(ka, kb);
        if (!main && !inlet && this.rand() < 0.06 && j > 0 && j < rows - 1) continue; // a missing block
        this.streetPipes.push({ pipes: this.street(ka, kb, main, ewName(j), inlet !== null), main, inlet });
        degree[ka]++;
        degree[kb]++;
      }
    }
  }

  private layNorthSouthStreets() {
    const { cols, rows, jx, jy, degree } = this;
    for (let i = 0; i < cols; i++) {
      const coords: [number, number][] = [];
      for (let j = 0; j < rows; j++) coords.push([jx[this.at(i, j)], jy[this.at(i, j)]]);
      this.roads.push({ name: nsName(i), coords });
      for (let j = 0; j + 1 < rows; j++) {
        const main = isMainCol(i);
        const ka = this.at(i, j);
        const kb = this.at(i, j + 1);
        if (!main && this.rand() < 0.06 && degree[ka] > 1 && i > 0 && i < cols - 1) continue;
        this.streetPipes.push({ pipes: this.street(ka, kb, main, nsName(i), false), main, inlet: null });
        degree[ka]++;
        degree[kb]++;
      }
    }
  }

  private connectSource(s: Source) {
    this.nodeGid++;
    const gid = this.nodeGid;
    this.nodes.push({
      ...blank(),
      gid,
      kind: 'source',
      dno: s.code ?? `SC-${pad(gid)}`,
      name: s.name,
      x: r3(s.x),
      y: r3(s.y),
      subtype: s.subtype,
      capacity: s.capacity,
      stationCode: s.code,
    });
    const [ci, cj] = this.nearestCrossing(s.x, s.y);
    // to the nearest crossing on a main street
    const mi = isMainCol(ci) ? ci : ci - ((ci - 2) % 5);
    const k = this.at(Math.max(0, Math.min(this.cols - 1, mi)), cj);
    const valve = this.addValve(s.x + 10, s.y, 1000, false, null);
    this.addPipe(gid, valve, 1000, 'main', '出厂干管', null);
    this.addPipe(valve, this.jGid[k], 1000, 'main', '出厂干管', null);
  }

  private placePumps() {
    for (const p of MONITOR_TIES.pumps) {
      const q = toEpsg4548(p.lon, p.lat);
      const [ci, cj] = this.nearestCrossing(q.x, q.y);
      const n = this.nodeOf(this.jGid[this.at(ci, cj)]);
      Object.assign(n, { kind: 'pump', dno: p.code, name: p.name, stationCode: p.code, capacity: p.power });
    }
  }

  private addFeature(
    kind: GenNode['kind'],
    prefix: string,
    pg: GenPipe,
    t: number,
    side: number,
    extra: Partial<GenNode>,
  ) {
    this.nodeGid++;
    this.nodes.push({
      ...blank(),
      gid: this.nodeGid,
      kind,
      dno: `${prefix}-${pad(this.nodeGid)}`,
      ...onPipe(pg, t, side),
      pipeGid: pg.gid,
      dmaCode: pg.dmaCode,
      address: pg.roadName,
      ...extra,
    });
  }

  private placeInletMeters() {
    for (const s of this.streetPipes) {
      if (!s.inlet) continue;
      const dma = MONITOR_TIES.dmas.find((d) => d.dno === s.inlet);
      const pg = this.pipes[s.pipes[Math.floor(s.pipes.length / 2)] - 1];
      this.addFeature('meter', 'SB', pg, 0.5, 0, {
        dno: dma?.code ?? undefined,
        name: `${dma?.name ?? ''}进水口`,
        subtype: 'dma_inlet',
        diameter: pg.diameter,
        stationCode: dma?.code ?? null,
        dmaCode: s.inlet,
        customerCount: 0,
      });
    }
  }

  /** Hydrants and service connections (a few of them critical users) on the longer distribution pipes. */
  private placeServiceFeatures() {
    const { rand } = this;
    const critical = [...CRITICAL];
    let critCursor = 0;
    for (const pg of this.pipes) {
      if (pg.pipeClass !== 'distribution' || pg.length < 60) continue;
      const r = rand();
      if (r < 0.08) {
        this.addFeature('hydrant', 'XHS', pg, 0.5, 6, { diameter: 100, name: `${pg.roadName}消火栓` });
      } else if (r < 0.55) {
        const crit = critCursor < critical.length && rand() < 0.02 ? critical[critCursor++] : null;
        const head = COMMUNITY_HEAD[Math.floor(rand() * COMMUNITY_HEAD.length)];
        const tail = COMMUNITY[Math.floor(rand() * COMMUNITY.length)];
        this.addFeature('meter', 'SB', pg, 0.3 + rand() * 0.4, 15, {
          name: crit ? crit[0] : `${head}${tail}`,
          subtype: 'user',
          diameter: crit ? 150 : 50,
          customerCount: crit ? 1 : 20 + Math.floor(rand() * 280),
          criticalType: crit ? crit[1] : null,
        });
      }
    }
  }

  private placeWqPoints() {
    for (const w of MONITOR_TIES.wq) {
      const q = toEpsg4548(w.lon, w.lat);
      let best = this.pipes[0];
      let bd = Number.POSITIVE_INFINITY;
      for (const pg of this.pipes) {
        const [[ax, ay], [bx, by]] = pg.coords;
        const d = ((ax + bx) / 2 - q.x) ** 2 + ((ay + by) / 2 - q.y) ** 2;
        if (d < bd) {
          bd = d;
          best = pg;
        }
      }
      this.addFeature('wq', 'SZ', best, 0.5, 3, { dno: w.code, name: w.name, stationCode: w.code });
    }
  }

  private places(): GenPlace[] {
    const places: GenPlace[] = this.nodes
      .filter((n) => n.kind === 'meter' && n.subtype === 'user' && n.name && (n.criticalType || this.rand() < 0.2))
      .map((n) => ({ name: n.name as string, kind: n.criticalType ?? 'community', x: n.x, y: n.y }));
    for (const s of this.sources) places.push({ name: s.name, kind: 'plant', x: r3(s.x), y: r3(s.y) });
    return places;
  }
}
