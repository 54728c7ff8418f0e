/**
 * A vector source loaded by view box, as the map's server-read layers are: `load` reads the features of an extent
 * at a resolution, which are added as they come; an extent whose load failed is forgotten, so it is asked for again
 * when next in view. (Listen to `featuresloadend` to follow each load.)
 */
import type { Extent } from 'ol/extent';
import type Feature from 'ol/Feature';
import { bbox } from 'ol/loadingstrategy';
import VectorSource from 'ol/source/Vector';

export function boxSource(load: (extent: Extent, resolution: number) => Promise<Feature[]>): VectorSource {
  const source: VectorSource = new VectorSource({
    strategy: bbox,
    loader: (extent, resolution, _proj, success, failure) => {
      load(extent, resolution)
        .then((features) => {
          source.addFeatures(features);
          success?.(features);
        })
        .catch(() => {
          source.removeLoadedExtent(extent);
          failure?.();
        });
    },
  });
  return source;
}
