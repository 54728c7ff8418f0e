/** The demo devices' shape, and the demo valves (pressure points and DMA inlets). Data only: seed.ts writes it. */
import type { RuleItem } from './schema.ts';

export interface DeviceSeed {
  code: string;
  name: string;
  type: 'valve' | 'waterQuality' | 'pump' | 'video';
  stcd?: string;
  model: string;
  manufacturer: string;
  installDate: string;
  /** offset from the station, metres east and north */
  dx?: number;
  dy?: number;
  lgtd?: number;
  lttd?: number;
  address?: string;
  dmaCode?: string;
  featureLayer?: string;
  reportNum?: number;
  rule?: { items: RuleItem[]; offlineMinutes?: number; alarmLevel: number; running: boolean };
}

const pressureValve = (lower: number): DeviceSeed['rule'] => ({
  items: [{ field: 'pressure', lower, upper: 0.6, ratePerHour: 0.6 }],
  offlineMinutes: 30,
  alarmLevel: 2,
  running: true,
});

/** A DMA inlet valve: the district's inflow ceiling, and its pressure floor and the fastest honest pressure change. */
const inletValve = (flowUpper: number, pressureLower: number): DeviceSeed['rule'] => ({
  items: [
    { field: 'flow', upper: flowUpper },
    { field: 'pressure', lower: pressureLower, ratePerHour: 0.6 },
  ],
  offlineMinutes: 30,
  alarmLevel: 3,
  running: true,
});

/** Valves on the pressure points and DMA inlets. */
export const VALVE_SEED: DeviceSeed[] = [
  {
    code: 'FM-YL001',
    name: '长江西路DN400电动闸阀',
    type: 'valve',
    stcd: 'YL001',
    model: 'Z945X-16',
    manufacturer: '安徽铜都流体',
    installDate: '2019-05-12',
    dx: 35,
    dy: -20,
    featureLayer: 'valve',
    reportNum: 3,
    rule: pressureValve(0.29),
  },
  {
    code: 'FM-YL002',
    name: '包河大道DN600电动蝶阀',
    type: 'valve',
    stcd: 'YL002',
    model: 'D941X-10',
    manufacturer: '上海冠龙阀门',
    installDate: '2020-09-03',
    dx: -40,
    dy: 25,
    featureLayer: 'valve',
    reportNum: 3,
    rule: pressureValve(0.28),
  },
  {
    code: 'FM-YL003',
    name: '政务区DN300电动闸阀',
    type: 'valve',
    stcd: 'YL003',
    model: 'Z945X-16',
    manufacturer: '安徽铜都流体',
    installDate: '2018-11-20',
    dx: 20,
    dy: 30,
    featureLayer: 'valve',
    reportNum: 3,
    rule: pressureValve(0.29),
  },
  {
    code: 'FM-YL004',
    name: '新站区DN500电动蝶阀',
    type: 'valve',
    stcd: 'YL004',
    model: 'D941X-10',
    manufacturer: '上海冠龙阀门',
    installDate: '2021-04-16',
    dx: -25,
    dy: -35,
    featureLayer: 'valve',
    reportNum: 3,
    rule: { ...pressureValve(0.28)!, running: false },
  },
  {
    code: 'FM-DMA01',
    name: '蜀山DMA01进水电动阀',
    type: 'valve',
    stcd: 'LL001',
    model: 'D941X-16',
    manufacturer: '上海冠龙阀门',
    installDate: '2020-06-30',
    dx: 12,
    dy: 8,
    dmaCode: 'DMA01',
    featureLayer: 'valve',
    reportNum: 3,
    rule: inletValve(1300, 0.3),
  },
  {
    code: 'FM-DMA02',
    name: '瑶海DMA02进水电动阀',
    type: 'valve',
    stcd: 'LL002',
    model: 'D941X-16',
    manufacturer: '上海冠龙阀门',
    installDate: '2020-07-08',
    dx: -10,
    dy: 14,
    dmaCode: 'DMA02',
    featureLayer: 'valve',
    reportNum: 3,
    rule: inletValve(1800, 0.29),
  },
  {
    code: 'FM-DMA03',
    name: '包河DMA03进水电动阀',
    type: 'valve',
    stcd: 'LL003',
    model: 'D941X-16',
    manufacturer: '上海冠龙阀门',
    installDate: '2021-03-22',
    dx: 9,
    dy: -12,
    dmaCode: 'DMA03',
    featureLayer: 'valve',
    reportNum: 3,
    rule: inletValve(1500, 0.3),
  },
  {
    code: 'FM-HS001',
    name: '黄山路DN200手动闸阀',
    type: 'valve',
    model: 'Z45X-16',
    manufacturer: '安徽铜都流体',
    installDate: '2016-08-15',
    lgtd: 117.2052,
    lttd: 31.8493,
    address: '合肥市蜀山区黄山路与肥西路交口',
    featureLayer: 'valve',
    reportNum: 1,
  },
];
