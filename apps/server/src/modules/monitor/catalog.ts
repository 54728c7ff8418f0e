/**
 * The demo utility's monitoring stations around Hefei (≈117.2°E, 31.8°N): SL 323 hydrological stations on the
 * city's rivers and reservoirs, and the network's plants, booster stations, pressure points, district inlet meters
 * and water-quality points, each with its simulator profile and raw reporting steps.
 *
 * Raw steps are chosen so the first start (90 days) stays well inside its time budget and the panel's default
 * views stay under 4,000 raw points per series: rain hourly (SL 323 时段雨量), levels and plant meters every
 * 15 minutes, district inlets and pressure points every 5 minutes.
 */
import type { StationSim } from './simulator.ts';

export interface StationSeed {
  stcd: string;
  stnm: string;
  sttp: string;
  lgtd: number;
  lttd: number;
  location: string;
  address: string;
  deviceType: string;
  sim: StationSim;
  /** raw step in seconds per field */
  steps: Record<string, number>;
}

/** The simulator seed of the demo utility. */
export const MONITOR_SEED = 20_260_101;

const HOURLY = 3600;
const QUARTER = 900;
const FIVE = 300;

/** Rating Q = a·(z − z0)^3 with the seasonal-mean baseflow running 1.2 m deep. */
const river = (area: number, c: number, k: number, lag: number, qb: number, z0: number, factor = 1): StationSim => ({
  model: 'river',
  factor,
  area,
  c,
  k,
  lag,
  qb,
  a: qb / 1.2 ** 3,
  b: 3,
  z0,
});

const levelSteps = { z: QUARTER, hourW: HOURLY };

/** A pump station's SCADA: the tank's level and each pump's state, frequency, flow and outlet pressure. */
const pumpSteps = (pumps: number) => ({
  tankLevel: QUARTER,
  ...Object.fromEntries(
    Array.from({ length: pumps }, (_, i) =>
      ['State', 'Freq', 'Flow', 'Press'].map((x) => [`pump${i + 1}${x}`, QUARTER]),
    ).flat(),
  ),
});

/** Where a station stands: its code and name, coordinates, the water body or district it watches, its address. */
type Site = [stcd: string, stnm: string, lgtd: number, lttd: number, location: string, address: string];

/** A station model's parameters, without the model's name. */
type Params<M extends StationSim['model']> = Omit<Extract<StationSim, { model: M }>, 'model'>;

const station = (
  sttp: string,
  deviceType: string,
  [stcd, stnm, lgtd, lttd, location, address]: Site,
  sim: StationSim,
  steps: Record<string, number>,
): StationSeed => ({ stcd, stnm, sttp, lgtd, lttd, location, address, deviceType, sim, steps });

/** Rain gauge (PP): hourly rainfall, the regional storm scaled by `factor`. */
const rainGauge = (site: Site, factor: number) =>
  station('PP', 'RAIN_GAUGE', site, { model: 'rain', factor }, { hourW: HOURLY });

/** River level station (ZZ): a radar level gauge with a co-located rain gauge. */
const riverLevel = (site: Site, sim: StationSim) => station('ZZ', 'RADAR_LEVEL', site, sim, levelSteps);

/** Gauging station (ZQ): level and discharge by ADCP, with a co-located rain gauge. */
const gauging = (site: Site, sim: StationSim) =>
  station('ZQ', 'ADCP', site, sim, { z: QUARTER, q: QUARTER, hourW: HOURLY });

/** Gate (DD): the level upstream of the gate, with a co-located rain gauge. */
const gate = (site: Site, sim: StationSim) => station('DD', 'RADAR_LEVEL', site, sim, levelSteps);

/** Reservoir (RR): the pool level, with a co-located rain gauge. */
const reservoir = (site: Site, sim: Params<'reservoir'>) =>
  station('RR', 'RADAR_LEVEL', site, { model: 'reservoir', ...sim }, levelSteps);

/** The meters of a plant or booster station: supply, electricity and water amount. */
const PLANT_METERS = { waterSupply: QUARTER, electricityConsumption: QUARTER, waterAmount: QUARTER };

/** Water plant (SC): its meters, then its tank and pumps. */
const plant = (site: Site, sim: Params<'plant'>) =>
  station('SC', 'FLOW', site, { model: 'plant', ...sim }, { ...PLANT_METERS, ...pumpSteps(sim.pumps ?? 3) });

/** Booster pump station (BZ): a plant's meters plus outlet pressure, then its tank and pumps. */
const booster = (site: Site, sim: Params<'plant'>) =>
  station(
    'BZ',
    'FLOW',
    site,
    { model: 'plant', ...sim },
    { ...PLANT_METERS, pressure: QUARTER, ...pumpSteps(sim.pumps ?? 3) },
  );

/** Pressure point (YL): network pressure every five minutes. */
const pressurePoint = (site: Site, sim: Params<'pressure'>) =>
  station('YL', 'PRESS', site, { model: 'pressure', ...sim }, { pressure: FIVE });

/** District metered area's inlet meter (LL): flow and pressure every five minutes, with bursts. */
const inletMeter = (site: Site, sim: Params<'flow'>) =>
  station('LL', 'FLOW', site, { model: 'flow', ...sim }, { flow: FIVE, pressure: FIVE });

/** Water-quality point (SZ): turbidity, free chlorine and pH. */
const qualityPoint = (site: Site, sim: Params<'quality'>) =>
  station('SZ', 'QUALITY', site, { model: 'quality', ...sim }, { turbidity: QUARTER, chlorine: QUARTER, ph: QUARTER });

export const DEMO_STATIONS: StationSeed[] = [
  // Rain gauges (PP)
  rainGauge(['62912001', '蜀山雨量站', 117.183, 31.857, '蜀山区', '合肥市蜀山区蜀山森林公园'], 1.04),
  rainGauge(['62912002', '北城雨量站', 117.252, 31.982, '长丰县', '合肥市长丰县北城街道'], 0.97),
  rainGauge(['62912003', '肥西雨量站', 117.157, 31.706, '肥西县', '合肥市肥西县上派镇'], 1.02),
  rainGauge(['62912004', '滨湖雨量站', 117.29, 31.735, '包河区', '合肥市包河区滨湖新区'], 1.08),
  rainGauge(['62912005', '瑶海雨量站', 117.33, 31.87, '瑶海区', '合肥市瑶海区和平路'], 0.99),
  // River level stations (ZZ), gauging stations (ZQ), gate (DD)
  riverLevel(
    ['62902010', '南淝河亳州路桥站', 117.282, 31.873, '南淝河', '合肥市庐阳区亳州路桥'],
    river(350, 0.45, 18, 3, 4, 6.5),
  ),
  riverLevel(
    ['62902020', '十五里河站', 117.255, 31.77, '十五里河', '合肥市包河区十五里河'],
    river(111, 0.5, 10, 2, 1.2, 10, 1.03),
  ),
  riverLevel(['62902030', '派河站', 117.12, 31.74, '派河', '合肥市肥西县派河大桥'], river(585, 0.4, 30, 5, 6, 7)),
  riverLevel(
    ['62902040', '店埠河站', 117.45, 31.9, '店埠河', '合肥市肥东县店埠镇'],
    river(400, 0.42, 24, 4, 4.5, 8, 0.98),
  ),
  gauging(['62902050', '南淝河施口站', 117.4, 31.72, '南淝河', '合肥市包河区施口'], river(1400, 0.4, 36, 8, 15, 5.5)),
  gauging(
    ['62902060', '二十埠河站', 117.36, 31.92, '二十埠河', '合肥市新站区二十埠河'],
    river(150, 0.5, 12, 2, 1.5, 11),
  ),
  gate(
    ['62902200', '南淝河节制闸', 117.38, 31.78, '南淝河', '合肥市包河区南淝河节制闸'],
    river(900, 0.42, 30, 6, 10, 7.2),
  ),
  // Reservoirs (RR)
  reservoir(['62902100', '董铺水库', 117.17, 31.89, '董铺水库', '合肥市蜀山区董铺水库大坝'], {
    factor: 1,
    area: 207,
    c: 0.5,
    k: 240,
    surface: 14,
    zBase: 28,
    swing: 0.4,
  }),
  reservoir(['62902110', '大房郢水库', 117.22, 31.95, '大房郢水库', '合肥市庐阳区大房郢水库大坝'], {
    factor: 0.97,
    area: 184,
    c: 0.5,
    k: 240,
    surface: 12,
    zBase: 28.5,
    swing: 0.35,
  }),
  // Water plants (SC)
  plant(['SC001', '第四水厂', 117.31, 31.93, '瑶海区', '合肥市瑶海区第四水厂'], {
    base: 12_500,
    energy: 0.28,
    pressure: 0.45,
    pumps: 3,
    tank: 4,
  }),
  plant(['SC002', '第六水厂', 117.2, 31.93, '庐阳区', '合肥市庐阳区第六水厂'], {
    base: 20_000,
    energy: 0.26,
    pressure: 0.46,
    pumps: 3,
    tank: 4.2,
  }),
  plant(['SC003', '第八水厂', 117.13, 31.8, '高新区', '合肥市高新区第八水厂'], {
    base: 8300,
    energy: 0.3,
    pressure: 0.44,
    pumps: 3,
    tank: 3.8,
  }),
  // Booster pump stations (BZ)
  booster(['BZ001', '滨湖加压泵站', 117.28, 31.74, '包河区', '合肥市包河区滨湖加压泵站'], {
    base: 1800,
    energy: 0.12,
    pressure: 0.42,
    pumps: 3,
    tank: 3,
  }),
  booster(['BZ002', '高新区加压泵站', 117.12, 31.83, '高新区', '合肥市高新区加压泵站'], {
    base: 1500,
    energy: 0.11,
    pressure: 0.4,
    pumps: 3,
    tank: 2.8,
  }),
  // Pressure points (YL)
  pressurePoint(['YL001', '长江西路压力点', 117.21, 31.86, '蜀山区', '合肥市蜀山区长江西路'], { p0: 0.415, c: 0.058 }),
  pressurePoint(['YL002', '包河大道压力点', 117.3, 31.82, '包河区', '合肥市包河区包河大道'], { p0: 0.405, c: 0.055 }),
  pressurePoint(['YL003', '政务区压力点', 117.23, 31.81, '政务区', '合肥市政务区潜山路'], { p0: 0.42, c: 0.06 }),
  pressurePoint(['YL004', '新站区压力点', 117.36, 31.9, '新站区', '合肥市新站区文忠路'], { p0: 0.395, c: 0.052 }),
  // District metered areas' inlet meters (LL)
  inletMeter(['LL001', '蜀山DMA01进水口', 117.19, 31.85, 'DMA01', '合肥市蜀山区黄山路'], {
    base: 650,
    p0: 0.41,
    c: 0.056,
  }),
  inletMeter(['LL002', '瑶海DMA02进水口', 117.34, 31.87, 'DMA02', '合肥市瑶海区胜利路'], {
    base: 900,
    p0: 0.4,
    c: 0.054,
  }),
  inletMeter(['LL003', '包河DMA03进水口', 117.29, 31.8, 'DMA03', '合肥市包河区徽州大道'], {
    base: 750,
    p0: 0.415,
    c: 0.057,
  }),
  // Water quality (SZ)
  qualityPoint(['SZ001', '第四水厂出厂水质', 117.312, 31.932, '瑶海区', '合肥市瑶海区第四水厂'], {
    chlorine: 0.75,
    turbidity: 0.18,
    ph: 7.35,
  }),
  qualityPoint(['SZ002', '政务区管网水质', 117.24, 31.82, '政务区', '合肥市政务区怀宁路'], {
    chlorine: 0.45,
    turbidity: 0.3,
    ph: 7.45,
  }),
];

/** Per-series plausibility limits from the station's profile (outlier filter). */
export function seriesLimits(sim: StationSim, field: string, stepSeconds: number, thresholds?: { lowWl: number }) {
  const stepH = stepSeconds / 3600;
  if (field === 'z' && sim.model === 'river') {
    return { physMin: sim.z0 - 0.5, physMax: Math.ceil((thresholds?.lowWl ?? sim.z0 + 8) + 6), hampelFloor: null };
  }
  if (field === 'z' && sim.model === 'reservoir') {
    return { physMin: sim.zBase - 8, physMax: Math.ceil((thresholds?.lowWl ?? sim.zBase + 2) + 4), hampelFloor: null };
  }
  if (field === 'q' && sim.model === 'river') return { physMin: 0, physMax: null, hampelFloor: Math.max(2, sim.qb) };
  if (sim.model === 'plant') {
    // clear-water tanks damp the plant's swings: a quarter of the base is more than any honest change within an hour
    if (field === 'waterSupply') return { physMin: 0, physMax: sim.base * 3, hampelFloor: sim.base * 0.15 };
    if (field === 'waterAmount')
      return { physMin: 0, physMax: sim.base * 3 * stepH, hampelFloor: sim.base * 0.15 * stepH };
    if (field === 'electricityConsumption') {
      return {
        physMin: 0,
        physMax: sim.base * 3 * stepH * sim.energy,
        hampelFloor: sim.base * 0.15 * stepH * sim.energy,
      };
    }
  }
  if (sim.model === 'flow' && field === 'flow')
    return { physMin: 0, physMax: sim.base * 5, hampelFloor: sim.base * 0.2 };
  return { physMin: null, physMax: null, hampelFloor: null };
}
