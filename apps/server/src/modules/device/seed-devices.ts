/** The demo utility's devices: valves (seed-valves.ts), water-quality analysers, pumps and cameras. Data only. */
import { type DeviceSeed, VALVE_SEED } from './seed-valves.ts';

export type { DeviceSeed };

/** An online analyser: residual chlorine at least `chlorineLower`, turbidity and pH within GB 5749. */
const analyser = (chlorineLower: number, alarmLevel: number): DeviceSeed['rule'] => ({
  items: [
    { field: 'chlorine', lower: chlorineLower, upper: 2 },
    { field: 'turbidity', upper: 1 },
    { field: 'ph', lower: 6.5, upper: 8.5 },
  ],
  offlineMinutes: 60,
  alarmLevel,
  running: true,
});

/** A booster pump set: its outlet pressure band and its delivery ceiling. */
const boosterPump = (pressureLower: number, supplyUpper: number): DeviceSeed['rule'] => ({
  items: [
    { field: 'pressure', lower: pressureLower, upper: 0.55 },
    { field: 'waterSupply', upper: supplyUpper },
  ],
  offlineMinutes: 60,
  alarmLevel: 2,
  running: true,
});

/** A plant's high-lift pump: the delivery it should stay within. */
const plantPump = (lower: number, upper: number, running: boolean): DeviceSeed['rule'] => ({
  items: [{ field: 'waterSupply', lower, upper }],
  offlineMinutes: 60,
  alarmLevel: 2,
  running,
});

/** A camera only reports that it is online. */
const camera = (running: boolean): DeviceSeed['rule'] => ({ items: [], offlineMinutes: 30, alarmLevel: 1, running });

/** Water-quality analysers, pumps and cameras. */
const OTHER_SEED: DeviceSeed[] = [
  {
    code: 'SZ-SC001',
    name: '第四水厂出厂水质在线分析仪',
    type: 'waterQuality',
    stcd: 'SZ001',
    model: 'CL17sc',
    manufacturer: '哈希水质分析仪器',
    installDate: '2019-01-10',
    dx: 8,
    dy: 5,
    rule: analyser(0.5, 3),
  },
  {
    code: 'SZ-ZWQ01',
    name: '政务区管网水质监测仪',
    type: 'waterQuality',
    stcd: 'SZ002',
    model: 'WQ-5000',
    manufacturer: '杭州聚光科技',
    installDate: '2021-10-18',
    dx: -6,
    dy: 9,
    rule: analyser(0.3, 2),
  },
  {
    code: 'SZ-BH001',
    name: '滨湖新区管网水质监测仪',
    type: 'waterQuality',
    model: 'WQ-5000',
    manufacturer: '杭州聚光科技',
    installDate: '2023-05-06',
    lgtd: 117.2921,
    lttd: 31.7362,
    address: '合肥市包河区滨湖新区紫云路',
  },
  {
    code: 'BZ-BH001',
    name: '滨湖加压泵站1#机组',
    type: 'pump',
    stcd: 'BZ001',
    model: 'KQSN300-M6',
    manufacturer: '上海凯泉泵业',
    installDate: '2018-06-01',
    dx: 15,
    dy: 0,
    rule: boosterPump(0.36, 2900),
  },
  {
    code: 'BZ-GX001',
    name: '高新区加压泵站1#机组',
    type: 'pump',
    stcd: 'BZ002',
    model: 'KQSN250-M9',
    manufacturer: '上海凯泉泵业',
    installDate: '2019-09-12',
    dx: -12,
    dy: 6,
    rule: boosterPump(0.34, 2400),
  },
  {
    code: 'BZ-SC001',
    name: '第四水厂送水泵房2#泵',
    type: 'pump',
    stcd: 'SC001',
    model: 'SLOW500-700',
    manufacturer: '上海连成集团',
    installDate: '2015-03-18',
    dx: 40,
    dy: -15,
    rule: plantPump(6000, 20000, true),
  },
  {
    code: 'BZ-SC002',
    name: '第六水厂送水泵房1#泵',
    type: 'pump',
    stcd: 'SC002',
    model: 'SLOW600-800',
    manufacturer: '上海连成集团',
    installDate: '2017-12-05',
    dx: -30,
    dy: 20,
    rule: plantPump(10_000, 32_000, false),
  },
  {
    code: 'SP-SC001',
    name: '第四水厂大门监控',
    type: 'video',
    stcd: 'SC001',
    model: 'DS-2CD3T46',
    manufacturer: '海康威视',
    installDate: '2020-01-15',
    dx: 60,
    dy: 40,
    rule: camera(true),
  },
  {
    code: 'SP-BZ001',
    name: '滨湖加压泵站机房监控',
    type: 'video',
    stcd: 'BZ001',
    model: 'DS-2CD3T46',
    manufacturer: '海康威视',
    installDate: '2020-03-02',
    dx: 5,
    dy: 10,
    rule: camera(true),
  },
  {
    code: 'SP-SC002',
    name: '第六水厂清水池监控',
    type: 'video',
    stcd: 'SC002',
    model: 'IPC-HFW4433',
    manufacturer: '大华股份',
    installDate: '2021-06-21',
    dx: -50,
    dy: -30,
    rule: camera(false),
  },
  {
    code: 'SP-DMA02',
    name: '瑶海DMA02阀门井监控',
    type: 'video',
    stcd: 'LL002',
    model: 'IPC-HFW4433',
    manufacturer: '大华股份',
    installDate: '2022-08-09',
    dx: -12,
    dy: 16,
  },
];

/** Every demo device, valves first (the order they are created in). */
export const DEVICE_SEED: DeviceSeed[] = [...VALVE_SEED, ...OTHER_SEED];
