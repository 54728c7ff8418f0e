/** Draws a valve-shutdown analysis on a map: the segment, the pipes cut off, the valves to close (numbered). */

import Feature from 'ol/Feature';
import EsriJSON from 'ol/format/EsriJSON';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import { dot } from '../../components/map/dot';
import { gisApi, type PipeAnalysis } from '../../components/map/gisApi';

const segStyle = new Style({ stroke: new Stroke({ color: '#f5222d', width: 6 }) });
const isoStyle = new Style({ stroke: new Stroke({ color: '#fa8c16', width: 4, lineDash: [6, 4] }) });
const burstStyle = new Style({
  image: new RegularShape({ points: 8, radius: 11, radius2: 5, fill: new Fill({ color: '#cf1322' }) }),
});
const valveStyle = (n: number, closed = false) =>
  new Style({
    image: dot(9, closed ? '#8c8c8c' : '#fadb14', '#ad2102'),
    text: new Text({ text: String(n), font: 'bold 11px sans-serif', fill: new Fill({ color: '#000' }) }),
  });

/** gid lists go to the GIS query in slices of 500 (where gid in (...)) */
async function pipesOf(gids: number[]) {
  const format = new EsriJSON();
  const out: Feature[] = [];
  for (let i = 0; i < gids.length; i += 500) {
    const fs = await gisApi.query('pipe', { where: `gid in (${gids.slice(i, i + 500).join(',')})`, outFields: 'gid' });
    out.push(...(format.readFeatures(fs as any) as Feature[]));
  }
  return out;
}

export function analysisLayer() {
  const source = new VectorSource();
  const layer = new VectorLayer({ source, zIndex: 30 });
  return {
    layer,
    clear: () => source.clear(),
    async draw(a: PipeAnalysis, map?: OlMap, closed: Set<number> = new Set()) {
      source.clear();
      const [seg, iso] = await Promise.all([pipesOf(a.segmentPipes), pipesOf(a.isolatedPipes)]);
      for (const f of iso) f.setStyle(isoStyle);
      for (const f of seg) f.setStyle(segStyle);
      source.addFeatures([...iso, ...seg]);
      a.valves.forEach((v, i) => {
        const f = new Feature(new Point([v.x, v.y]));
        f.setStyle(valveStyle(i + 1, closed.has(v.gid)));
        f.set('valveGid', v.gid);
        source.addFeature(f);
      });
      const b = new Feature(new Point([a.burst.x, a.burst.y]));
      b.setStyle(burstStyle);
      source.addFeature(b);
      const extent = source.getExtent();
      if (map && seg.length && extent) {
        map.getView().fit(extent, { padding: [60, 60, 60, 60], maxZoom: 9, duration: 0 });
      }
    },
  };
}
