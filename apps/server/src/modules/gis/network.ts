/**
 * The demo utility's pipe network, generated deterministically from a seed (pure: same options, same network).
 *
 * Streets form a grid with irregularity (jittered crossings, bent streets, a few missing blocks); every fifth
 * street carries a main (DN400–DN800), the others distribution pipes (DN100–DN300). Valves sit a few metres from
 * the crossings on part of the street ends (mains more often), a few of them inoperable. Plants and a tank feed
 * the grid through outlet mains; booster pumps, water-quality points and DMA inlet meters sit where the monitoring
 * stations of `modules/monitor` are (same codes, `MONITOR_TIES`). DMAs are rectangles of blocks fed through one
 * inlet meter; their other boundary crossings get a normally closed valve. Service connections (meters with a
 * customer count) hang on distribution pipes, a few of them critical users (hospitals, schools).
 *
 * Coordinates are EPSG:4548 metres (x easting, y northing).
 */
import { toEpsg4548 } from '../monitor/index.ts';

export interface GenNode {
  gid: number;
  kind: 'junction' | 'valve' | 'pump' | 'source' | 'hydrant' | 'meter' | 'wq';
  dno: string;
  name: string | null;
  x: number;
  y: number;
  elevation: number | null;
  diameter: number | null;
  operable: number | null;
  normalState: string | null;
  subtype: string | null;
  customerCount: number | null;
  criticalType: string | null;
  pipeGid: number | null;
  stationCode: string | null;
  dmaCode: string | null;
  capacity: number | null;
  address: string | null;
}

export interface GenPipe {
  gid: number;
  dno: string;
  from: number;
  to: number;
  diameter: number;
  material: string;
  installYear: number;
  length: number;
  pressureZone: string;
  pipeClass: 'main' | 'distribution';
  roadName: string;
  dmaCode: string | null;
  coords: [number, number][];
}

export interface GenDma {
  gid: number;
  dno: string;
  name: string;
  stationCode: string;
  nightUse: number;
  ring: [number, number][];
}

export interface GenRoad {
  name: string;
  coords: [number, number][];
}

export interface GenPlace {
  name: string;
  kind: string;
  x: number;
  y: number;
}

export interface Network {
  nodes: GenNode[];
  pipes: GenPipe[];
  dmas: GenDma[];
  roads: GenRoad[];
  places: GenPlace[];
}

export interface NetworkOptions {
  seed: number;
  cols: number;
  rows: number;
  /** street spacing, metres */
  spacing: number;
  /** lon/lat of the south-west crossing */
  origin: [number, number];
  /** tie plants, pumps, DMAs and water-quality points to the monitoring stations */
  stations: boolean;
}

/** Monitoring stations the network is tied to (codes, names and places as seeded by modules/monitor). */
export const MONITOR_TIES = {
  sources: [
    { code: 'SC001', name: '第四水厂', lon: 117.31, lat: 31.93, capacity: 300_000, subtype: 'plant' },
    { code: 'SC002', name: '第六水厂', lon: 117.2, lat: 31.93, capacity: 400_000, subtype: 'plant' },
    { code: 'SC003', name: '第八水厂', lon: 117.13, lat: 31.8, capacity: 200_000, subtype: 'plant' },
  ],
  pumps: [
    { code: 'BZ001', name: '滨湖加压泵站', lon: 117.28, lat: 31.74, power: 315 },
    { code: 'BZ002', name: '高新区加压泵站', lon: 117.12, lat: 31.83, power: 250 },
  ],
  dmas: [
    { code: 'LL001', dno: 'DMA01', name: '蜀山DMA01', lon: 117.19, lat: 31.85 },
    { code: 'LL002', dno: 'DMA02', name: '瑶海DMA02', lon: 117.34, lat: 31.87 },
    { code: 'LL003', dno: 'DMA03', name: '包河DMA03', lon: 117.29, lat: 31.8 },
  ],
  wq: [
    { code: 'SZ001', name: '第四水厂出厂水质', lon: 117.312, lat: 31.932 },
    { code: 'SZ002', name: '政务区管网水质', lon: 117.24, lat: 31.82 },
  ],
} as const;

/** The demo network: about 5,000 pipes over the area of the monitoring stations (117.12–117.36°E). */
export const DEMO_NETWORK: NetworkOptions = {
  seed: 20_261_124,
  cols: 40,
  rows: 40,
  spacing: 600,
  origin: [117.118, 31.728],
  stations: true,
};

/** Options for about `pipes` pipes (the benchmark network), same street density as the demo's. */
export function optionsForPipes(pipes: number, seed = 7): NetworkOptions {
  // this grid (no stations, no DMAs) yields ≈ 3.8 pipes per crossing: 162 × 162 crossings ≈ 100,000 pipes
  const side = Math.max(4, Math.round(Math.sqrt(pipes / 3.8)));
  return { seed, cols: side, rows: side, spacing: 150, origin: [116.9, 31.5], stations: false };
}

/**
 * Crossings one plant serves on a big generated grid: a 25 × 25 cell, ≈ 690 L/s mean demand at the model's default
 * 0.01 L/s per customer (≈ 1.1 L/s per crossing), ≈ 1,070 L/s at the evening peak. On 20,000 pipes the fastest link
 * then runs at 1.8 m/s (a cell of 30 × 30: 3.8 m/s; of 20 × 20: 0.9 m/s, more plants than a city has).
 */
const CROSSINGS_PER_PLANT = 625;

/**
 * The plants inside a big benchmark grid (none up to 25 × 25 crossings, ≈ 2,400 pipes, where the two corner plants
 * suffice; at 4,800 pipes they did not: a fifth of the junctions below 14 m): one in the middle of each cell of a
 * lattice of at most CROSSINGS_PER_PLANT crossings, beside a main crossing. With only
 * the two corner plants a 100,000-pipe grid drew ≈ 30 m³/s through two DN1000 outlets, and 76,158 of its 76,162
 * junctions ended below 14 m (nonsense hydraulics that also make EPANET iterate far more).
 */
function innerPlants(cols: number, rows: number, xy: (i: number, j: number) => [number, number]) {
  const side = Math.sqrt(CROSSINGS_PER_PLANT);
  const gi = Math.ceil(cols / side);
  const gj = Math.ceil(rows / side);
  if (gi < 2 && gj < 2) return [];
  const out: { code: null; name: string; capacity: number; subtype: string; x: number; y: number }[] = [];
  for (let b = 0; b < Math.max(1, gj); b++)
    for (let a = 0; a < Math.max(1, gi); a++) {
      // the cell's middle, moved to the nearest main crossing (mains run every 5th street, offset 2)
      const main = (c: number, n: number) => Math.min(n - 1, Math.max(2, Math.round((c - 2) / 5) * 5 + 2));
      const i = main(((a + 0.5) * cols) / Math.max(1, gi), cols);
      const j = main(((b + 0.5) * rows) / Math.max(1, gj), rows);
      const [x, y] = xy(i, j);
      out.push({
        code: null,
        name: `${out.length + 3}号水厂`,
        capacity: 50_000,
        subtype: 'plant',
        x: x + 40,
        y: y + 40,
      });
    }
  return out;
}

/** mulberry32: small, fast, deterministic. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EW_ROADS = [
  '繁华大道',
  '锦绣大道',
  '望江西路',
  '望江东路',
  '南二环路',
  '徽州大道',
  '黄河路',
  '长江西路',
  '长江中路',
  '长江东路',
  '淮河路',
  '阜阳路',
  '北一环路',
  '蒙城路',
  '北二环路',
  '临泉路',
  '砀山路',
  '凤台路',
  '颍上路',
  '太和路',
  '界首路',
  '天水路',
  '包河大道',
  '九华山路',
  '莲花路',
  '习友路',
  '方兴大道',
  '紫云路',
  '玉兰大道',
  '创新大道',
  '梦园路',
  '永和路',
  '庐州大道',
  '始信路',
  '潜山路',
  '怀宁路',
  '石台路',
  '祁门路',
  '岳西路',
  '芙蓉路',
];
const NS_ROADS = [
  '西二环路',
  '合作化路',
  '科学大道',
  '金寨路',
  '肥西路',
  '安庆路',
  '宿州路',
  '徽州路',
  '美菱大道',
  '马鞍山路',
  '宁国路',
  '青阳路',
  '东流路',
  '当涂路',
  '铜陵路',
  '和平路',
  '裕溪路',
  '大众路',
  '东二环路',
  '龙岗路',
  '站前路',
  '包公大道',
  '贵阳路',
  '南宁路',
  '成都路',
  '西藏路',
  '广西路',
  '云谷路',
  '黄山路',
  '稻香路',
  '翡翠路',
  '香樟大道',
  '天智路',
  '望岳路',
  '科学大道东',
  '明珠大道',
  '仙龙湖路',
  '白水坝路',
  '铜陵北路',
  '新蚌埠路',
];
const COMMUNITY = ['小区', '花园', '家园', '苑', '新村', '公寓', '城'];
const COMMUNITY_HEAD = [
  '翡翠',
  '琥珀',
  '华府',
  '锦绣',
  '天鹅湖',
  '滨湖',
  '紫云',
  '梦园',
  '怡景',
  '万科',
  '绿地',
  '融创',
  '保利',
  '荣城',
  '南七',
  '三里庵',
  '稻香村',
  '西园',
  '龙岗',
  '蜀山',
  '金色',
  '望湖',
  '包河',
  '瑶海',
  '逍遥津',
  '杏花',
];
const CRITICAL = [
  ['安徽省立医院', 'hospital'],
  ['合肥市第一人民医院', 'hospital'],
  ['合肥市第二人民医院', 'hospital'],
  ['安徽医科大学第一附属医院', 'hospital'],
  ['合肥市妇幼保健院', 'hospital'],
  ['合肥一中', 'school'],
  ['合肥八中', 'school'],
  ['合肥六中', 'school'],
  ['合肥师范附小', 'school'],
  ['安徽大学', 'school'],
  ['合肥工业大学', 'school'],
  ['合肥市社会福利院', 'welfare'],
  ['合肥市血液中心', 'hospital'],
  ['合肥市急救中心', 'hospital'],
] as const;
const OLD = ['灰口铸铁', '镀锌钢管'];
const NEW_DIST = ['PE', '球墨铸铁', 'PE', 'PVC-U'];
const MAIN_MAT = ['球墨铸铁', '钢管', '球墨铸铁', 'PCCP'];

const r3 = (v: number) => Math.round(v * 1000) / 1000;
const pad = (n: number, w = 6) => String(n).padStart(w, '0');

/** Generates the network. */
export function generateNetwork(opts: NetworkOptions): Network {
  const rand = rng(opts.seed);
  const { cols, rows, spacing } = opts;
  const o = toEpsg4548(opts.origin[0], opts.origin[1]);
  const nodes: GenNode[] = [];
  const pipes: GenPipe[] = [];
  let nodeGid = 0;
  let pipeGid = 0;
  const blank = (): Omit<GenNode, 'gid' | 'kind' | 'dno' | 'x' | 'y'> => ({
    name: null,
    elevation: null,
    diameter: null,
    operable: null,
    normalState: null,
    subtype: null,
    customerCount: null,
    criticalType: null,
    pipeGid: null,
    stationCode: null,
    dmaCode: null,
    capacity: null,
    address: null,
  });
  const isMainCol = (i: number) => i % 5 === 2;
  const isMainRow = (j: number) => j % 5 === 2;
  const ewName = (j: number) =>
    j < EW_ROADS.length ? EW_ROADS[j] : `${EW_ROADS[j % EW_ROADS.length]}${Math.floor(j / EW_ROADS.length) + 1}段`;
  const nsName = (i: number) =>
    i < NS_ROADS.length ? NS_ROADS[i] : `${NS_ROADS[i % NS_ROADS.length]}${Math.floor(i / NS_ROADS.length) + 1}段`;

  // 1. crossings: jittered grid, streets bent gently
  const jx = new Float64Array(cols * rows);
  const jy = new Float64Array(cols * rows);
  const jGid = new Int32Array(cols * rows);
  const at = (i: number, j: number) => j * cols + i;
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const k = at(i, j);
      jx[k] = r3(o.x + i * spacing + (rand() - 0.5) * 0.2 * spacing + Math.sin(j * 0.37) * 0.08 * spacing);
      jy[k] = r3(o.y + j * spacing + (rand() - 0.5) * 0.2 * spacing + Math.sin(i * 0.29) * 0.08 * spacing);
      jGid[k] = ++nodeGid;
      nodes.push({
        ...blank(),
        gid: nodeGid,
        kind: 'junction',
        dno: `JD-${pad(nodeGid)}`,
        x: jx[k],
        y: jy[k],
        elevation: r3(18 + 12 * Math.sin(i / 9) + 8 * Math.cos(j / 11) + rand()),
      });
    }
  }
  const nodeOf = (gid: number) => nodes[gid - 1];

  // 2. sources and DMAs (they decide pressure zones and boundary valves)
  const nearestCrossing = (x: number, y: number) => {
    const i = Math.min(cols - 1, Math.max(0, Math.round((x - o.x) / spacing)));
    const j = Math.min(rows - 1, Math.max(0, Math.round((y - o.y) / spacing)));
    return [i, j] as const;
  };
  const sources = opts.stations
    ? MONITOR_TIES.sources.map((s) => ({ ...s, ...toEpsg4548(s.lon, s.lat) }))
    : [
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
          x: jx[at(cols - 1, rows - 1)] + 300,
          y: jy[at(cols - 1, rows - 1)] + 300,
        },
        ...innerPlants(cols, rows, (i, j) => [jx[at(i, j)], jy[at(i, j)]]),
      ];
  const zoneOf = (x: number, y: number) => {
    let best = sources[0];
    let bd = Number.POSITIVE_INFINITY;
    for (const s of sources) {
      const d = (s.x - x) ** 2 + (s.y - y) ** 2;
      if (d < bd) {
        bd = d;
        best = s;
      }
    }
    return `${best.name}供水区`;
  };
  const dmaOfCrossing = new Map<number, string>();
  const dmas: GenDma[] = [];
  const dmaInlet = new Map<string, { code: string; ci: number; cj: number }>();
  /** streets sized for a DMA's inflow (both crossings → the least diameter, mm) */
  const trunk = new Map<string, number>();
  const edge = (ka: number, kb: number) => (ka < kb ? `${ka}-${kb}` : `${kb}-${ka}`);
  if (opts.stations) {
    MONITOR_TIES.dmas.forEach((d, n) => {
      const p = toEpsg4548(d.lon, d.lat);
      const [ci, cj] = nearestCrossing(p.x, p.y);
      const i0 = Math.max(1, ci - 2);
      const i1 = Math.min(cols - 2, ci + 3);
      const j0 = Math.max(1, cj - 2);
      const j1 = Math.min(rows - 2, cj + 3);
      for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) dmaOfCrossing.set(at(i, j), d.dno);
      const h = spacing / 2;
      const x0 = r3(o.x + i0 * spacing - h);
      const x1 = r3(o.x + i1 * spacing + h);
      const y0 = r3(o.y + j0 * spacing - h);
      const y1 = r3(o.y + j1 * spacing + h);
      dmas.push({
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
      dmaInlet.set(d.dno, { code: d.code, ci: i0, cj });
      // sized for the zone's whole inflow (170–240 L/s measured on the demo): the feed from the nearest main
      // column west of the inlet and the inlet street DN600, inside the zone a DN400 cross through its centre row
      // and column (without it the zone's streets fell below service pressure at the evening peak)
      const feedFrom = Math.max(0, i0 - 1 - ((i0 - 1 - 2 + 5) % 5));
      for (let i = feedFrom; i < i0; i++) trunk.set(edge(at(i, cj), at(i + 1, cj)), 600);
      for (let i = i0; i < i1; i++) trunk.set(edge(at(i, cj), at(i + 1, cj)), 400);
      for (let j = j0; j < j1; j++) trunk.set(edge(at(ci, j), at(ci, j + 1)), 400);
    });
  }

  // 3. streets → pipes, with valves near the crossings
  const roads: GenRoad[] = [];
  const addValve = (x: number, y: number, diameter: number, closed: boolean, dma: string | null) => {
    nodeGid++;
    const inoperable = !closed && rand() < 0.03;
    nodes.push({
      ...blank(),
      gid: nodeGid,
      kind: 'valve',
      dno: `FM-${pad(nodeGid)}`,
      x: r3(x),
      y: r3(y),
      diameter,
      operable: inoperable ? 0 : 1,
      normalState: closed ? 'closed' : 'open',
      subtype: diameter >= 400 ? 'butterfly' : 'gate',
      dmaCode: dma,
    });
    return nodeGid;
  };
  const addPipe = (
    a: number,
    b: number,
    diameter: number,
    pipeClass: 'main' | 'distribution',
    roadName: string,
    dma: string | null,
  ) => {
    const na = nodeOf(a);
    const nb = nodeOf(b);
    pipeGid++;
    const year = pipeClass === 'main' ? 1990 + Math.floor(rand() * 34) : 1985 + Math.floor(rand() * 39);
    const material =
      pipeClass === 'main'
        ? MAIN_MAT[Math.floor(rand() * MAIN_MAT.length)]
        : year < 2000
          ? OLD[Math.floor(rand() * OLD.length)]
          : NEW_DIST[Math.floor(rand() * NEW_DIST.length)];
    const length = r3(Math.hypot(nb.x - na.x, nb.y - na.y));
    pipes.push({
      gid: pipeGid,
      dno: `GX-${pad(pipeGid)}`,
      from: a,
      to: b,
      diameter,
      material,
      installYear: year,
      length,
      pressureZone: zoneOf((na.x + nb.x) / 2, (na.y + nb.y) / 2),
      pipeClass,
      roadName,
      dmaCode: dma,
      coords: [
        [na.x, na.y],
        [nb.x, nb.y],
      ],
    });
    return pipeGid;
  };
  const street = (ka: number, kb: number, main: boolean, road: string, inlet: boolean) => {
    const da = dmaOfCrossing.get(ka) ?? null;
    const db = dmaOfCrossing.get(kb) ?? null;
    const crossing = da !== db;
    const drawn = main ? [400, 500, 600, 800][Math.floor(rand() * 4)] : [100, 150, 200, 300][Math.floor(rand() * 4)];
    const diameter = Math.max(drawn, trunk.get(edge(ka, kb)) ?? 0);
    const pipeClass = main ? 'main' : 'distribution';
    const ax = jx[ka];
    const ay = jy[ka];
    const bx = jx[kb];
    const by = jy[kb];
    const len = Math.hypot(bx - ax, by - ay);
    const ux = (bx - ax) / len;
    const uy = (by - ay) / len;
    const off = Math.min(8, len / 4);
    const chain: number[] = [jGid[ka]];
    const pValve = main ? 0.7 : 0.45;
    // a boundary crossing gets a normally closed valve on the inside end, unless it is the DMA's inlet
    const valveA = (crossing && da !== null) || rand() < pValve;
    const valveB = (crossing && db !== null) || rand() < pValve;
    if (valveA) chain.push(addValve(ax + ux * off, ay + uy * off, diameter, crossing && da !== null && !inlet, da));
    if (valveB) chain.push(addValve(bx - ux * off, by - uy * off, diameter, crossing && db !== null && !inlet, db));
    chain.push(jGid[kb]);
    const dma = da !== null && da === db ? da : null;
    const made: number[] = [];
    for (let n = 0; n + 1 < chain.length; n++)
      made.push(addPipe(chain[n], chain[n + 1], diameter, pipeClass, road, dma));
    return made;
  };
  const degree = new Int32Array(cols * rows);
  const streetPipes: { pipes: number[]; main: boolean; inlet: string | null }[] = [];
  const inletStreet = (ka: number, kb: number) => {
    for (const [dno, v] of dmaInlet) {
      const inside = at(v.ci, v.cj);
      const outside = at(v.ci - 1, v.cj);
      if ((ka === inside && kb === outside) || (kb === inside && ka === outside)) return dno;
    }
    return null;
  };
  // east-west streets
  for (let j = 0; j < rows; j++) {
    const coords: [number, number][] = [];
    for (let i = 0; i < cols; i++) coords.push([jx[at(i, j)], jy[at(i, j)]]);
    roads.push({ name: ewName(j), coords });
    for (let i = 0; i + 1 < cols; i++) {
      const main = isMainRow(j);
      const ka = at(i, j);
      const kb = at(i + 1, j);
      const inlet = inletStreet(ka, kb);
      if (!main && !inlet && rand() < 0.06 && j > 0 && j < rows - 1) continue; // a missing block
      streetPipes.push({ pipes: street(ka, kb, main, ewName(j), inlet !== null), main, inlet });
      degree[ka]++;
      degree[kb]++;
    }
  }
  // north-south streets
  for (let i = 0; i < cols; i++) {
    const coords: [number, number][] = [];
    for (let j = 0; j < rows; j++) coords.push([jx[at(i, j)], jy[at(i, j)]]);
    roads.push({ name: nsName(i), coords });
    for (let j = 0; j + 1 < rows; j++) {
      const main = isMainCol(i);
      const ka = at(i, j);
      const kb = at(i, j + 1);
      if (!main && rand() < 0.06 && degree[ka] > 1 && i > 0 && i < cols - 1) continue;
      streetPipes.push({ pipes: street(ka, kb, main, nsName(i), false), main, inlet: null });
      degree[ka]++;
      degree[kb]++;
    }
  }

  // 4. sources with their outlet mains, pumps on crossings
  for (const s of sources) {
    nodeGid++;
    const gid = nodeGid;
    nodes.push({
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
    const [ci, cj] = nearestCrossing(s.x, s.y);
    // to the nearest crossing on a main street
    const mi = isMainCol(ci) ? ci : ci - ((ci - 2) % 5);
    const k = at(Math.max(0, Math.min(cols - 1, mi)), cj);
    const valve = addValve(s.x + 10, s.y, 1000, false, null);
    addPipe(gid, valve, 1000, 'main', '出厂干管', null);
    addPipe(valve, jGid[k], 1000, 'main', '出厂干管', null);
  }
  if (opts.stations) {
    for (const p of MONITOR_TIES.pumps) {
      const q = toEpsg4548(p.lon, p.lat);
      const [ci, cj] = nearestCrossing(q.x, q.y);
      const n = nodeOf(jGid[at(ci, cj)]);
      Object.assign(n, { kind: 'pump', dno: p.code, name: p.name, stationCode: p.code, capacity: p.power });
    }
  }

  // 5. features on pipes: DMA inlet meters, hydrants, service connections, water-quality points
  const onPipe = (pg: GenPipe, t: number, side: number) => {
    const [[ax, ay], [bx, by]] = pg.coords;
    const len = Math.max(pg.length, 1);
    return {
      x: r3(ax + (bx - ax) * t - ((by - ay) / len) * side),
      y: r3(ay + (by - ay) * t + ((bx - ax) / len) * side),
    };
  };
  const addFeature = (
    kind: GenNode['kind'],
    prefix: string,
    pg: GenPipe,
    t: number,
    side: number,
    extra: Partial<GenNode>,
  ) => {
    nodeGid++;
    nodes.push({
      ...blank(),
      gid: nodeGid,
      kind,
      dno: `${prefix}-${pad(nodeGid)}`,
      ...onPipe(pg, t, side),
      pipeGid: pg.gid,
      dmaCode: pg.dmaCode,
      address: pg.roadName,
      ...extra,
    });
  };
  for (const s of streetPipes) {
    if (!s.inlet) continue;
    const dma = MONITOR_TIES.dmas.find((d) => d.dno === s.inlet);
    const pg = pipes[s.pipes[Math.floor(s.pipes.length / 2)] - 1];
    addFeature('meter', 'SB', pg, 0.5, 0, {
      dno: dma?.code ?? undefined,
      name: `${dma?.name ?? ''}进水口`,
      subtype: 'dma_inlet',
      diameter: pg.diameter,
      stationCode: dma?.code ?? null,
      dmaCode: s.inlet,
      customerCount: 0,
    });
  }
  const critical = [...CRITICAL];
  let critCursor = 0;
  for (const pg of pipes) {
    if (pg.pipeClass !== 'distribution' || pg.length < 60) continue;
    const r = rand();
    if (r < 0.08) {
      addFeature('hydrant', 'XHS', pg, 0.5, 6, { diameter: 100, name: `${pg.roadName}消火栓` });
    } else if (r < 0.55) {
      const crit = critCursor < critical.length && rand() < 0.02 ? critical[critCursor++] : null;
      const head = COMMUNITY_HEAD[Math.floor(rand() * COMMUNITY_HEAD.length)];
      const tail = COMMUNITY[Math.floor(rand() * COMMUNITY.length)];
      addFeature('meter', 'SB', pg, 0.3 + rand() * 0.4, 15, {
        name: crit ? crit[0] : `${head}${tail}`,
        subtype: 'user',
        diameter: crit ? 150 : 50,
        customerCount: crit ? 1 : 20 + Math.floor(rand() * 280),
        criticalType: crit ? crit[1] : null,
      });
    }
  }
  if (opts.stations) {
    for (const w of MONITOR_TIES.wq) {
      const q = toEpsg4548(w.lon, w.lat);
      let best = pipes[0];
      let bd = Number.POSITIVE_INFINITY;
      for (const pg of pipes) {
        const [[ax, ay], [bx, by]] = pg.coords;
        const d = ((ax + bx) / 2 - q.x) ** 2 + ((ay + by) / 2 - q.y) ** 2;
        if (d < bd) {
          bd = d;
          best = pg;
        }
      }
      addFeature('wq', 'SZ', best, 0.5, 3, { dno: w.code, name: w.name, stationCode: w.code });
    }
  }

  // 6. places for reverse geocoding: the communities and critical users just placed
  const places: GenPlace[] = nodes
    .filter((n) => n.kind === 'meter' && n.subtype === 'user' && n.name && (n.criticalType || rand() < 0.2))
    .map((n) => ({ name: n.name as string, kind: n.criticalType ?? 'community', x: n.x, y: n.y }));
  for (const s of sources) places.push({ name: s.name, kind: 'plant', x: r3(s.x), y: r3(s.y) });

  return { nodes, pipes, dmas, roads, places };
}
