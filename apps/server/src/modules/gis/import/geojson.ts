/**
 * GeoJSON reader: a FeatureCollection (or one Feature) of Points (junctions, valves, hydrants, pumps, tanks,
 * reservoirs, meters by their `kind`) and LineStrings (pipes). Property names: features.ts, docs/import.md.
 */
import { badRequest } from '../../../core/envelope.ts';
import { featureCollector, type Geometry } from './features.ts';
import { type ParsedNetwork, SLICE, yieldToLoop } from './model.ts';

interface Feature {
  type?: string;
  id?: unknown;
  geometry?: Geometry | null;
  properties?: Record<string, unknown> | null;
}

export async function parseGeoJson(text: string): Promise<ParsedNetwork> {
  let doc: { type?: string; features?: Feature[] } & Feature;
  try {
    doc = JSON.parse(text);
  } catch {
    throw badRequest('导入失败: 文件不是有效的 JSON (not valid JSON)');
  }
  const features = doc?.type === 'FeatureCollection' ? doc.features : doc?.type === 'Feature' ? [doc] : null;
  if (!Array.isArray(features)) throw badRequest('导入失败: GeoJSON 必须是 FeatureCollection 或 Feature');
  const c = featureCollector('geojson');
  for (let i = 0; i < features.length; i++) {
    if (i % SLICE === SLICE - 1) await yieldToLoop();
    const f = features[i];
    if (f?.type !== 'Feature') {
      c.rejected.push({ row: i + 1, id: null, reason: '不是 Feature (not a Feature)' });
      continue;
    }
    c.add(f.properties ?? {}, f.geometry ?? null, i + 1, f.id);
  }
  return c.result();
}
