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

export const DEMO_STATIONS: StationSeed[] = [
  // Rain gauges (PP)
  {
    stcd: '62912001',
    stnm: '蜀山雨量站',
    sttp: 'PP',
    lgtd: 117.183,
    lttd: 31.857,
    location: '蜀山区',
    address: '合肥市蜀山区蜀山森林公园',
    deviceType: 'RAIN_GAUGE',
    sim: { model: 'rain', factor: 1.04 },
    steps: { hourW: HOURLY },
  },
  {
    stcd: '62912002',
    stnm: '北城雨量站',
    sttp: 'PP',
    lgtd: 117.252,
    lttd: 31.982,
    location: '长丰县',
    address: '合肥市长丰县北城街道',
    deviceType: 'RAIN_GAUGE',
    sim: { model: 'rain', factor: 0.97 },
    steps: { hourW: HOURLY },
  },
  {
    stcd: '62912003',
    stnm: '肥西雨量站',
    sttp: 'PP',
    lgtd: 117.157,
    lttd: 31.706,
    location: '肥西县',
    address: '合肥市肥西县上派镇',
    deviceType: 'RAIN_GAUGE',
    sim: { model: 'rain', factor: 1.02 },
    steps: { hourW: HOURLY },
  },
  {
    stcd: '62912004',
    stnm: '滨湖雨量站',
    sttp: 'PP',
    lgtd: 117.29,
    lttd: 31.735,
    location: '包河区',
    address: '合肥市包河区滨湖新区',
    deviceType: 'RAIN_GAUGE',
    sim: { model: 'rain', factor: 1.08 },
    steps: { hourW: HOURLY },
  },
  {
    stcd: '62912005',
    stnm: '瑶海雨量站',
    sttp: 'PP',
    lgtd: 117.33,
    lttd: 31.87,
    location: '瑶海区',
    address: '合肥市瑶海区和平路',
    deviceType: 'RAIN_GAUGE',
    sim: { model: 'rain', factor: 0.99 },
    steps: { hourW: HOURLY },
  },
  // River level stations (ZZ), gauging stations (ZQ), gate (DD): each with a co-located rain gauge
  {
    stcd: '62902010',
    stnm: '南淝河亳州路桥站',
    sttp: 'ZZ',
    lgtd: 117.282,
    lttd: 31.873,
    location: '南淝河',
    address: '合肥市庐阳区亳州路桥',
    deviceType: 'RADAR_LEVEL',
    sim: river(350, 0.45, 18, 3, 4, 6.5),
    steps: levelSteps,
  },
  {
    stcd: '62902020',
    stnm: '十五里河站',
    sttp: 'ZZ',
    lgtd: 117.255,
    lttd: 31.77,
    location: '十五里河',
    address: '合肥市包河区十五里河',
    deviceType: 'RADAR_LEVEL',
    sim: river(111, 0.5, 10, 2, 1.2, 10, 1.03),
    steps: levelSteps,
  },
  {
    stcd: '62902030',
    stnm: '派河站',
    sttp: 'ZZ',
    lgtd: 117.12,
    lttd: 31.74,
    location: '派河',
    address: '合肥市肥西县派河大桥',
    deviceType: 'RADAR_LEVEL',
    sim: river(585, 0.4, 30, 5, 6, 7),
    steps: levelSteps,
  },
  {
    stcd: '62902040',
    stnm: '店埠河站',
    sttp: 'ZZ',
    lgtd: 117.45,
    lttd: 31.9,
    location: '店埠河',
    address: '合肥市肥东县店埠镇',
    deviceType: 'RADAR_LEVEL',
    sim: river(400, 0.42, 24, 4, 4.5, 8, 0.98),
    steps: levelSteps,
  },
  {
    stcd: '62902050',
    stnm: '南淝河施口站',
    sttp: 'ZQ',
    lgtd: 117.4,
    lttd: 31.72,
    location: '南淝河',
    address: '合肥市包河区施口',
    deviceType: 'ADCP',
    sim: river(1400, 0.4, 36, 8, 15, 5.5),
    steps: { z: QUARTER, q: QUARTER, hourW: HOURLY },
  },
  {
    stcd: '62902060',
    stnm: '二十埠河站',
    sttp: 'ZQ',
    lgtd: 117.36,
    lttd: 31.92,
    location: '二十埠河',
    address: '合肥市新站区二十埠河',
    deviceType: 'ADCP',
    sim: river(150, 0.5, 12, 2, 1.5, 11),
    steps: { z: QUARTER, q: QUARTER, hourW: HOURLY },
  },
  {
    stcd: '62902200',
    stnm: '南淝河节制闸',
    sttp: 'DD',
    lgtd: 117.38,
    lttd: 31.78,
    location: '南淝河',
    address: '合肥市包河区南淝河节制闸',
    deviceType: 'RADAR_LEVEL',
    sim: river(900, 0.42, 30, 6, 10, 7.2),
    steps: levelSteps,
  },
  // Reservoirs (RR)
  {
    stcd: '62902100',
    stnm: '董铺水库',
    sttp: 'RR',
    lgtd: 117.17,
    lttd: 31.89,
    location: '董铺水库',
    address: '合肥市蜀山区董铺水库大坝',
    deviceType: 'RADAR_LEVEL',
    sim: { model: 'reservoir', factor: 1, area: 207, c: 0.5, k: 240, surface: 14, zBase: 28, swing: 0.4 },
    steps: levelSteps,
  },
  {
    stcd: '62902110',
    stnm: '大房郢水库',
    sttp: 'RR',
    lgtd: 117.22,
    lttd: 31.95,
    location: '大房郢水库',
    address: '合肥市庐阳区大房郢水库大坝',
    deviceType: 'RADAR_LEVEL',
    sim: { model: 'reservoir', factor: 0.97, area: 184, c: 0.5, k: 240, surface: 12, zBase: 28.5, swing: 0.35 },
    steps: levelSteps,
  },
  // Water plants (SC): supply, electricity and water amount
  {
    stcd: 'SC001',
    stnm: '第四水厂',
    sttp: 'SC',
    lgtd: 117.31,
    lttd: 31.93,
    location: '瑶海区',
    address: '合肥市瑶海区第四水厂',
    deviceType: 'FLOW',
    sim: { model: 'plant', base: 12_500, energy: 0.28, pressure: 0.45, pumps: 3, tank: 4 },
    steps: { ...{ waterSupply: QUARTER, electricityConsumption: QUARTER, waterAmount: QUARTER }, ...pumpSteps(3) },
  },
  {
    stcd: 'SC002',
    stnm: '第六水厂',
    sttp: 'SC',
    lgtd: 117.2,
    lttd: 31.93,
    location: '庐阳区',
    address: '合肥市庐阳区第六水厂',
    deviceType: 'FLOW',
    sim: { model: 'plant', base: 20_000, energy: 0.26, pressure: 0.46, pumps: 3, tank: 4.2 },
    steps: { ...{ waterSupply: QUARTER, electricityConsumption: QUARTER, waterAmount: QUARTER }, ...pumpSteps(3) },
  },
  {
    stcd: 'SC003',
    stnm: '第八水厂',
    sttp: 'SC',
    lgtd: 117.13,
    lttd: 31.8,
    location: '高新区',
    address: '合肥市高新区第八水厂',
    deviceType: 'FLOW',
    sim: { model: 'plant', base: 8300, energy: 0.3, pressure: 0.44, pumps: 3, tank: 3.8 },
    steps: { ...{ waterSupply: QUARTER, electricityConsumption: QUARTER, waterAmount: QUARTER }, ...pumpSteps(3) },
  },
  // Booster pump stations (BZ): the same meters plus outlet pressure
  {
    stcd: 'BZ001',
    stnm: '滨湖加压泵站',
    sttp: 'BZ',
    lgtd: 117.28,
    lttd: 31.74,
    location: '包河区',
    address: '合肥市包河区滨湖加压泵站',
    deviceType: 'FLOW',
    sim: { model: 'plant', base: 1800, energy: 0.12, pressure: 0.42, pumps: 3, tank: 3 },
    steps: {
      ...{ waterSupply: QUARTER, electricityConsumption: QUARTER, waterAmount: QUARTER, pressure: QUARTER },
      ...pumpSteps(3),
    },
  },
  {
    stcd: 'BZ002',
    stnm: '高新区加压泵站',
    sttp: 'BZ',
    lgtd: 117.12,
    lttd: 31.83,
    location: '高新区',
    address: '合肥市高新区加压泵站',
    deviceType: 'FLOW',
    sim: { model: 'plant', base: 1500, energy: 0.11, pressure: 0.4, pumps: 3, tank: 2.8 },
    steps: {
      ...{ waterSupply: QUARTER, electricityConsumption: QUARTER, waterAmount: QUARTER, pressure: QUARTER },
      ...pumpSteps(3),
    },
  },
  // Pressure points (YL)
  {
    stcd: 'YL001',
    stnm: '长江西路压力点',
    sttp: 'YL',
    lgtd: 117.21,
    lttd: 31.86,
    location: '蜀山区',
    address: '合肥市蜀山区长江西路',
    deviceType: 'PRESS',
    sim: { model: 'pressure', p0: 0.415, c: 0.058 },
    steps: { pressure: FIVE },
  },
  {
    stcd: 'YL002',
    stnm: '包河大道压力点',
    sttp: 'YL',
    lgtd: 117.3,
    lttd: 31.82,
    location: '包河区',
    address: '合肥市包河区包河大道',
    deviceType: 'PRESS',
    sim: { model: 'pressure', p0: 0.405, c: 0.055 },
    steps: { pressure: FIVE },
  },
  {
    stcd: 'YL003',
    stnm: '政务区压力点',
    sttp: 'YL',
    lgtd: 117.23,
    lttd: 31.81,
    location: '政务区',
    address: '合肥市政务区潜山路',
    deviceType: 'PRESS',
    sim: { model: 'pressure', p0: 0.42, c: 0.06 },
    steps: { pressure: FIVE },
  },
  {
    stcd: 'YL004',
    stnm: '新站区压力点',
    sttp: 'YL',
    lgtd: 117.36,
    lttd: 31.9,
    location: '新站区',
    address: '合肥市新站区文忠路',
    deviceType: 'PRESS',
    sim: { model: 'pressure', p0: 0.395, c: 0.052 },
    steps: { pressure: FIVE },
  },
  // District metered areas' inlet meters (LL): flow and pressure, with bursts
  {
    stcd: 'LL001',
    stnm: '蜀山DMA01进水口',
    sttp: 'LL',
    lgtd: 117.19,
    lttd: 31.85,
    location: 'DMA01',
    address: '合肥市蜀山区黄山路',
    deviceType: 'FLOW',
    sim: { model: 'flow', base: 650, p0: 0.41, c: 0.056 },
    steps: { flow: FIVE, pressure: FIVE },
  },
  {
    stcd: 'LL002',
    stnm: '瑶海DMA02进水口',
    sttp: 'LL',
    lgtd: 117.34,
    lttd: 31.87,
    location: 'DMA02',
    address: '合肥市瑶海区胜利路',
    deviceType: 'FLOW',
    sim: { model: 'flow', base: 900, p0: 0.4, c: 0.054 },
    steps: { flow: FIVE, pressure: FIVE },
  },
  {
    stcd: 'LL003',
    stnm: '包河DMA03进水口',
    sttp: 'LL',
    lgtd: 117.29,
    lttd: 31.8,
    location: 'DMA03',
    address: '合肥市包河区徽州大道',
    deviceType: 'FLOW',
    sim: { model: 'flow', base: 750, p0: 0.415, c: 0.057 },
    steps: { flow: FIVE, pressure: FIVE },
  },
  // Water quality (SZ)
  {
    stcd: 'SZ001',
    stnm: '第四水厂出厂水质',
    sttp: 'SZ',
    lgtd: 117.312,
    lttd: 31.932,
    location: '瑶海区',
    address: '合肥市瑶海区第四水厂',
    deviceType: 'QUALITY',
    sim: { model: 'quality', chlorine: 0.75, turbidity: 0.18, ph: 7.35 },
    steps: { turbidity: QUARTER, chlorine: QUARTER, ph: QUARTER },
  },
  {
    stcd: 'SZ002',
    stnm: '政务区管网水质',
    sttp: 'SZ',
    lgtd: 117.24,
    lttd: 31.82,
    location: '政务区',
    address: '合肥市政务区怀宁路',
    deviceType: 'QUALITY',
    sim: { model: 'quality', chlorine: 0.45, turbidity: 0.3, ph: 7.45 },
    steps: { turbidity: QUARTER, chlorine: QUARTER, ph: QUARTER },
  },
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
