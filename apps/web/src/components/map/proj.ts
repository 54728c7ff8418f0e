/**
 * EPSG:4548 (CGCS2000 / 3-degree Gauss-Kruger CM 117°E) for OpenLayers through `ol/proj/proj4`: the map works in
 * plane metres, x = easting, y = northing (domain.md). Level of detail for the network layers is chosen here too.
 */

import { get as getProjection, type Projection } from 'ol/proj';
import { register } from 'ol/proj/proj4';
import proj4 from 'proj4';

export const EPSG_4548 = 'EPSG:4548';
proj4.defs(EPSG_4548, '+proj=tmerc +lat_0=0 +lon_0=117 +k=1 +x_0=500000 +y_0=0 +ellps=GRS80 +units=m +no_defs');
register(proj4);

/** The projection's zone (115.5–118.5°E) in plane metres, roughly 20–45°N. */
export const EXTENT_4548: [number, number, number, number] = [345_000, 2_200_000, 655_000, 5_000_000];

export function projection4548(): Projection {
  const p = getProjection(EPSG_4548) as Projection;
  p.setExtent(EXTENT_4548);
  return p;
}

/** The demo utility's centre (117.24°E, 31.835°N) in plane metres. */
export const DEMO_CENTER: [number, number] = proj4('EPSG:4326', EPSG_4548, [117.24, 31.835]) as [number, number];

export function toLonLat4548(x: number, y: number): [number, number] {
  return proj4(EPSG_4548, 'EPSG:4326', [x, y]) as [number, number];
}

export interface LayerLod {
  /** ArcGIS where clause limiting what is drawn at this resolution, or null to draw nothing */
  where: string | null;
  /** geometry generalisation in metres */
  maxAllowableOffset: number;
}

/**
 * Level of detail by resolution (metres per pixel): at city scale only mains (DN ≥ 400) generalised to a pixel,
 * distribution pipes once a street block is a few dozen pixels wide, small point features closer still. Each
 * extent request is thus bounded (a few thousand features) however large the network is (docs/gis.md).
 */
export function lodFor(layerKey: string, resolution: number): LayerLod {
  const gen = resolution > 2 ? Math.round(resolution) : 0;
  switch (layerKey) {
    case 'pipe':
      if (resolution > 60) return { where: 'diameter >= 800', maxAllowableOffset: gen };
      if (resolution > 12) return { where: 'diameter >= 400', maxAllowableOffset: gen };
      return { where: '1=1', maxAllowableOffset: gen };
    case 'valve':
    case 'junction':
      return { where: resolution > 4 ? null : '1=1', maxAllowableOffset: 0 };
    case 'meter':
    case 'hydrant':
      return { where: resolution > 6 ? null : '1=1', maxAllowableOffset: 0 };
    default:
      return { where: '1=1', maxAllowableOffset: 0 };
  }
}
