/** 管网地图's search by code: the first layer holding a feature with that code (dno), as an identify result. */
import type { Coordinate } from 'ol/coordinate';
import { gisApi, type IdentifyResult, type LayerMeta } from '../../components/map/gisApi';

const SEARCH_LAYERS = ['pipe', 'valve', 'meter', 'hydrant', 'pump', 'source', 'wq', 'junction'];

export async function findByCode(c: string, metas: LayerMeta[]): Promise<{ r: IdentifyResult; at: Coordinate } | null> {
  for (const layer of SEARCH_LAYERS) {
    const fs = await gisApi.query(layer, { where: `dno = '${c.replaceAll("'", "''")}'`, resultRecordCount: 1 });
    const f = fs.features[0];
    if (!f?.geometry) continue;
    const g = f.geometry;
    const at: Coordinate =
      g.x !== undefined && g.y !== undefined
        ? [g.x, g.y]
        : g.paths
          ? [(g.paths[0][0][0] + g.paths[0].at(-1)![0]) / 2, (g.paths[0][0][1] + g.paths[0].at(-1)![1]) / 2]
          : [0, 0];
    const meta = metas.find((m) => m.key === layer);
    const r: IdentifyResult = {
      layerId: meta?.id ?? 0,
      layerid: meta?.id ?? 0,
      layerKey: layer,
      layerName: meta?.name ?? layer,
      dname: meta?.name ?? layer,
      value: c,
      distance: 0,
      attributes: f.attributes,
    };
    return { r, at };
  }
  return null;
}
