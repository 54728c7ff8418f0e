/**
 * What can be monitored: station types (SL 323 `sttp` plus the network meters of the utility), data fields with
 * their units, aggregation and plausibility limits, monitor types (the data categories of the history panel), and
 * the thinning windows of spec 1 §9.
 */

/** How values of a field combine over a window: accumulations add up, states average. */
export type Agg = 'sum' | 'mean';

export interface FieldDef {
  field: string;
  name: string;
  nameEn: string;
  unit: string;
  monitorType: MonitorType;
  agg: Agg;
  /** physical range: values outside are impossible (sensor error codes, dropouts) */
  physMin: number;
  physMax: number;
  /** largest believable change per hour; undefined = no rate check (rain, which starts abruptly) */
  maxRatePerHour?: number;
  /** absolute floor of the Hampel threshold in field units; undefined = no Hampel (intermittent series) */
  hampelFloor?: number;
  decimals: number;
}

export const MONITOR_TYPES = ['RAIN', 'WATER_REGIMEN', 'WATER_SUPPLY', 'PRESSURE', 'FLOW', 'WATER_QUALITY'] as const;
export type MonitorType = (typeof MONITOR_TYPES)[number];

export interface MonitorTypeDef {
  code: MonitorType;
  name: string;
  nameEn: string;
  /** the time field name of the data type (spec 1 §3: RAIN → hour, WATER_REGIMEN → mot) */
  timeField: string;
  /** default data fields when a query names only the type */
  dataFields: string[];
}

export const MONITOR_TYPE_DEFS: Record<MonitorType, MonitorTypeDef> = {
  RAIN: { code: 'RAIN', name: '雨情', nameEn: 'Rainfall', timeField: 'hour', dataFields: ['hourW'] },
  WATER_REGIMEN: { code: 'WATER_REGIMEN', name: '水情', nameEn: 'Water level', timeField: 'mot', dataFields: ['z'] },
  WATER_SUPPLY: {
    code: 'WATER_SUPPLY',
    name: '供水',
    nameEn: 'Water supply',
    timeField: 'tm',
    dataFields: ['waterSupply', 'electricityConsumption', 'waterAmount'],
  },
  PRESSURE: { code: 'PRESSURE', name: '压力', nameEn: 'Pressure', timeField: 'tm', dataFields: ['pressure'] },
  FLOW: { code: 'FLOW', name: '流量', nameEn: 'Flow', timeField: 'tm', dataFields: ['flow'] },
  WATER_QUALITY: {
    code: 'WATER_QUALITY',
    name: '水质',
    nameEn: 'Water quality',
    timeField: 'tm',
    dataFields: ['turbidity', 'chlorine', 'ph'],
  },
};

const f = (d: FieldDef) => d;
export const FIELDS: Record<string, FieldDef> = {
  hourW: f({
    field: 'hourW',
    name: '时段雨量',
    nameEn: 'Hourly rainfall',
    unit: 'mm',
    monitorType: 'RAIN',
    agg: 'sum',
    physMin: 0,
    physMax: 200,
    decimals: 1,
  }),
  z: f({
    field: 'z',
    name: '水位',
    nameEn: 'Water level',
    unit: 'm',
    monitorType: 'WATER_REGIMEN',
    agg: 'mean',
    physMin: -10,
    physMax: 200,
    maxRatePerHour: 2,
    hampelFloor: 0.3,
    decimals: 2,
  }),
  q: f({
    field: 'q',
    name: '流量',
    nameEn: 'Discharge',
    unit: 'm³/s',
    monitorType: 'WATER_REGIMEN',
    agg: 'mean',
    physMin: 0,
    physMax: 10000,
    hampelFloor: 5,
    decimals: 2,
  }),
  waterSupply: f({
    field: 'waterSupply',
    name: '供水量',
    nameEn: 'Water supply',
    unit: 'm³/h',
    monitorType: 'WATER_SUPPLY',
    agg: 'mean',
    physMin: 0,
    physMax: 100000,
    hampelFloor: 500,
    decimals: 0,
  }),
  electricityConsumption: f({
    field: 'electricityConsumption',
    name: '用电量',
    nameEn: 'Electricity consumption',
    unit: 'kWh',
    monitorType: 'WATER_SUPPLY',
    agg: 'sum',
    physMin: 0,
    physMax: 20000,
    hampelFloor: 60,
    decimals: 1,
  }),
  waterAmount: f({
    field: 'waterAmount',
    name: '水量',
    nameEn: 'Water amount',
    unit: 'm³',
    monitorType: 'WATER_SUPPLY',
    agg: 'sum',
    physMin: 0,
    physMax: 50000,
    hampelFloor: 150,
    decimals: 0,
  }),
  pressure: f({
    field: 'pressure',
    name: '压力',
    nameEn: 'Pressure',
    unit: 'MPa',
    monitorType: 'PRESSURE',
    agg: 'mean',
    physMin: 0.01,
    physMax: 1.0,
    maxRatePerHour: 0.6,
    hampelFloor: 0.05,
    decimals: 3,
  }),
  flow: f({
    field: 'flow',
    name: '瞬时流量',
    nameEn: 'Flow',
    unit: 'm³/h',
    monitorType: 'FLOW',
    agg: 'mean',
    physMin: 0,
    physMax: 20000,
    hampelFloor: 150,
    decimals: 1,
  }),
  turbidity: f({
    field: 'turbidity',
    name: '浊度',
    nameEn: 'Turbidity',
    unit: 'NTU',
    monitorType: 'WATER_QUALITY',
    agg: 'mean',
    physMin: 0,
    physMax: 20,
    hampelFloor: 0.1,
    decimals: 2,
  }),
  chlorine: f({
    field: 'chlorine',
    name: '余氯',
    nameEn: 'Residual chlorine',
    unit: 'mg/L',
    monitorType: 'WATER_QUALITY',
    agg: 'mean',
    physMin: 0,
    physMax: 4,
    hampelFloor: 0.15,
    decimals: 2,
  }),
  ph: f({
    field: 'ph',
    name: 'pH',
    nameEn: 'pH',
    unit: '',
    monitorType: 'WATER_QUALITY',
    agg: 'mean',
    physMin: 0,
    physMax: 14,
    hampelFloor: 0.3,
    decimals: 2,
  }),
};

/**
 * Per-pump series of a pump station (plants' clear-water pumps, booster stations), as a station's SCADA reports them:
 * `pump{n}State` run state (1 running, 0 stopped), `pump{n}Freq` VFD frequency, `pump{n}Flow` the pump's flow,
 * `pump{n}Press` its outlet pressure; pumps are numbered 1–MAX_PUMPS. Intermittent by nature: no rate or Hampel check.
 */
export const MAX_PUMPS = 4;
export const PUMP_FIELD = /^pump([1-9])(State|Freq|Flow|Press)$/;
/** What each pump reports: every part is a mean from 0 up, named and scaled alike for pump 1 to MAX_PUMPS. */
const PUMP_PARTS: Record<
  string,
  Pick<FieldDef, 'name' | 'nameEn' | 'unit' | 'monitorType' | 'physMax' | 'decimals'>
> = {
  State: { name: '运行状态', nameEn: 'state', unit: '', monitorType: 'WATER_SUPPLY', physMax: 1, decimals: 0 },
  Freq: { name: '频率', nameEn: 'frequency', unit: 'Hz', monitorType: 'WATER_SUPPLY', physMax: 60, decimals: 1 },
  Flow: { name: '流量', nameEn: 'flow', unit: 'm³/h', monitorType: 'FLOW', physMax: 20000, decimals: 0 },
  Press: {
    name: '出口压力',
    nameEn: 'outlet pressure',
    unit: 'MPa',
    monitorType: 'PRESSURE',
    physMax: 1.6,
    decimals: 3,
  },
};
for (let n = 1; n <= MAX_PUMPS; n++) {
  for (const [part, p] of Object.entries(PUMP_PARTS)) {
    FIELDS[`pump${n}${part}`] = f({
      field: `pump${n}${part}`,
      name: `${n}#泵${p.name}`,
      nameEn: `Pump ${n} ${p.nameEn}`,
      unit: p.unit,
      monitorType: p.monitorType,
      agg: 'mean',
      physMin: 0,
      physMax: p.physMax,
      decimals: p.decimals,
    });
  }
}
/** Level of a station's clear-water tank (清水池) or storage tank (调蓄水池). */
FIELDS.tankLevel = f({
  field: 'tankLevel',
  name: '水池液位',
  nameEn: 'Tank level',
  unit: 'm',
  monitorType: 'WATER_SUPPLY',
  agg: 'mean',
  physMin: 0,
  physMax: 10,
  maxRatePerHour: 1.5,
  decimals: 2,
});

/** Station types: the SL 323 hydrological codes and the network points of the utility. */
export const STATION_TYPES: Record<string, { name: string; nameEn: string; category: 'HYDRO' | 'NETWORK' }> = {
  PP: { name: '雨量站', nameEn: 'Rain gauge', category: 'HYDRO' },
  ZZ: { name: '河道水位站', nameEn: 'River level station', category: 'HYDRO' },
  ZQ: { name: '河道水文站', nameEn: 'River gauging station', category: 'HYDRO' },
  RR: { name: '水库水文站', nameEn: 'Reservoir station', category: 'HYDRO' },
  DD: { name: '堰闸水文站', nameEn: 'Gate/dam station', category: 'HYDRO' },
  TT: { name: '潮位站', nameEn: 'Tide station', category: 'HYDRO' },
  SC: { name: '水厂', nameEn: 'Water plant', category: 'NETWORK' },
  BZ: { name: '加压泵站', nameEn: 'Booster pump station', category: 'NETWORK' },
  YL: { name: '压力监测点', nameEn: 'Pressure point', category: 'NETWORK' },
  LL: { name: '流量监测点', nameEn: 'Flow meter', category: 'NETWORK' },
  SZ: { name: '水质监测点', nameEn: 'Water quality point', category: 'NETWORK' },
};

/** Thinning windows of spec 1 §9, in minutes. */
export const WINDOWS = { '30M': 30, '1H': 60, '3H': 180, '6H': 360, '12H': 720, '24H': 1440 } as const;
export type WindowCode = keyof typeof WINDOWS;
export const WINDOW_CODES = Object.keys(WINDOWS) as WindowCode[];

/** Most points a series may carry in one reply. */
export const MAX_POINTS = 4000;

/** Threshold codes (spec 1 §3, §9): 保证水位 LOW_WL (red) lies above 警戒水位 ALERT_WL (yellow). */
export const THRESHOLDS = {
  LOW_WL: { name: '保证水位', color: 'red' },
  ALERT_WL: { name: '警戒水位', color: 'yellow' },
} as const;

export function monitorTypeOf(field: string): MonitorType | undefined {
  return FIELDS[field]?.monitorType;
}
