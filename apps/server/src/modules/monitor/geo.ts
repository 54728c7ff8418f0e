/** EPSG:4548 (CGCS2000 / 3-degree Gauss-Kruger CM 117°E) ⇄ longitude/latitude, through proj4 (domain.md). */
import proj4 from 'proj4';

export const EPSG_4548 = '+proj=tmerc +lat_0=0 +lon_0=117 +k=1 +x_0=500000 +y_0=0 +ellps=GRS80 +units=m +no_defs';
proj4.defs('EPSG:4548', EPSG_4548);

/** lon/lat (degrees) → x easting, y northing (metres), rounded to the millimetre. */
export function toEpsg4548(lon: number, lat: number): { x: number; y: number } {
  const [x, y] = proj4('EPSG:4326', 'EPSG:4548', [lon, lat]);
  return { x: Math.round(x * 1000) / 1000, y: Math.round(y * 1000) / 1000 };
}

/** x easting, y northing (metres) → lon/lat (degrees). */
export function fromEpsg4548(x: number, y: number): { lon: number; lat: number } {
  const [lon, lat] = proj4('EPSG:4548', 'EPSG:4326', [x, y]);
  return { lon, lat };
}
