/** The demo utility's job objects: patrol routes along its streets, construction sites, pump stations. */
import { boxRing } from '@swp/contract';
import { FACILITY_NAME } from './catalog.ts';
import { draw } from './seed-common.ts';

export const STREETS_1 = [
  '长江西路',
  '黄山路',
  '望江西路',
  '潜山路',
  '金寨路',
  '合作化南路',
  '包河大道',
  '徽州大道',
  '繁华大道',
];
export const STREETS_2 = ['阜阳路', '濉溪路', '亳州路', '淮河路', '宿州路', '临泉路', '铜陵路', '长江东路', '蒙城路'];
const ROUTE_FACILITIES = ['pipe', 'valve', 'hydrant', 'meter', 'valve'];

export interface JobSeed {
  code: string;
  name: string;
  facility: string;
  lon: number;
  lat: number;
  address: string;
}

/** 5 objects 350 m apart along a street, from a start point and a heading (deterministic per route). */
export function routeObjects(team: 1 | 2, r: number, street: string): JobSeed[] {
  const key = `route-${team}-${r}`;
  const lon0 = team === 1 ? 117.18 + 0.12 * draw(key, 1) : 117.26 + 0.08 * draw(key, 1);
  const lat0 = team === 1 ? 31.78 + 0.06 * draw(key, 2) : 31.86 + 0.05 * draw(key, 2);
  const heading = 2 * Math.PI * draw(key, 3);
  const dLon = (350 * Math.cos(heading)) / (111_320 * Math.cos((lat0 * Math.PI) / 180));
  const dLat = (350 * Math.sin(heading)) / 110_540;
  return ROUTE_FACILITIES.map((f, k) => ({
    code: `JO${team}${String(r).padStart(2, '0')}${k + 1}`,
    name: `${street}${FACILITY_NAME[f]}${k + 1}号`,
    facility: f,
    lon: lon0 + k * dLon,
    lat: lat0 + k * dLat,
    address: `合肥市${team === 1 ? (r % 2 ? '蜀山区' : '包河区') : r % 2 ? '庐阳区' : '瑶海区'}${street}`,
  }));
}

export const SITES: JobSeed[] = [
  {
    code: 'CS101',
    name: '地铁 8 号线黄山路站施工工地',
    facility: 'construction',
    lon: 117.245,
    lat: 31.842,
    address: '合肥市蜀山区黄山路',
  },
  {
    code: 'CS102',
    name: '包河大道快速化改造工地',
    facility: 'construction',
    lon: 117.311,
    lat: 31.801,
    address: '合肥市包河区包河大道',
  },
  {
    code: 'CS103',
    name: '望江西路综合管廊工地',
    facility: 'construction',
    lon: 117.222,
    lat: 31.826,
    address: '合肥市蜀山区望江西路',
  },
  {
    code: 'CS201',
    name: '阜阳路高架匝道施工工地',
    facility: 'construction',
    lon: 117.291,
    lat: 31.887,
    address: '合肥市庐阳区阜阳路',
  },
  {
    code: 'CS202',
    name: '铜陵路雨污分流改造工地',
    facility: 'construction',
    lon: 117.318,
    lat: 31.872,
    address: '合肥市瑶海区铜陵路',
  },
  {
    code: 'CS203',
    name: '濉溪路地块房建工地',
    facility: 'construction',
    lon: 117.276,
    lat: 31.879,
    address: '合肥市庐阳区濉溪路',
  },
];
export const PUMPS: JobSeed[] = [
  {
    code: 'PS01',
    name: '琥珀山庄加压泵站',
    facility: 'pump_station',
    lon: 117.262,
    lat: 31.866,
    address: '合肥市蜀山区琥珀山庄',
  },
  {
    code: 'PS02',
    name: '滨湖新区加压泵站',
    facility: 'pump_station',
    lon: 117.298,
    lat: 31.742,
    address: '合肥市包河区滨湖新区',
  },
  {
    code: 'PS03',
    name: '新站区加压泵站',
    facility: 'pump_station',
    lon: 117.356,
    lat: 31.905,
    address: '合肥市新站区',
  },
  {
    code: 'PS04',
    name: '高新区加压泵站',
    facility: 'pump_station',
    lon: 117.141,
    lat: 31.832,
    address: '合肥市高新区',
  },
];

/** a closed rectangle around points, `pad` metres out, in whole metres */
export const ring = (pts: { x: number; y: number }[], pad = 300) => boxRing(pts, pad);
