/**
 * The tenant's online basemap of a SwpMap (Tianditu, XYZ or WMTS; `onlineLayer.ts`): loaded once the map exists
 * and again after the setting is saved; `mode` picks it or the offline one, and the offline one takes over when its
 * tiles keep failing (`fellBack`).
 */
import type OlMap from 'ol/Map';
import { type RefObject, useCallback, useEffect, useState } from 'react';
import type { basemapLayer } from './basemapLayer';
import { mapApi } from './mapApi';
import { type OnlineBasemap, onlineBasemap } from './onlineLayer';

export type BasemapMode = 'online' | 'offline';

export function useOnlineBasemap(
  mapRef: RefObject<OlMap | null>,
  base: ReturnType<typeof basemapLayer>,
  basemap: boolean,
  /** a share link's basemap route: such a screen keeps the offline basemap */
  shared: boolean,
) {
  const [online, setOnline] = useState<OnlineBasemap | null>(null);
  const [mode, setMode] = useState<BasemapMode>('offline');
  const [fellBack, setFellBack] = useState(false);
  const [tilesRev, setTilesRev] = useState(0);

  const loadOnline = useCallback(
    (map: OlMap, signal: { stop: boolean }) =>
      mapApi
        .tiles()
        .then(async (cfg) => {
          if (signal.stop || !cfg.layers.length) return null;
          const ob = await onlineBasemap(cfg);
          if (signal.stop) return null;
          for (const l of ob.layers) map.addLayer(l);
          return ob;
        })
        .catch(() => null),
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: tilesRev asks for a reload after saving the setting
  useEffect(() => {
    const map = mapRef.current;
    // a screen opened by a share link reads its basemap through the link (basemapSource) and has no session for
    // the tenant's tile setting: it keeps the offline basemap
    if (!map || !basemap || shared) return;
    const signal = { stop: false };
    let ob: OnlineBasemap | null = null;
    let unwatch = () => {};
    void loadOnline(map, signal).then((got) => {
      if (!got) {
        setOnline(null);
        setMode('offline');
        return;
      }
      ob = got;
      setOnline(got);
      setFellBack(false);
      setMode('online');
      // tiles keep failing (no internet, a wrong key): the offline basemap takes over
      unwatch = got.watch(() => {
        setMode('offline');
        setFellBack(true);
      });
    });
    return () => {
      signal.stop = true;
      unwatch();
      for (const l of ob?.layers ?? []) map.removeLayer(l);
    };
  }, [basemap, loadOnline, tilesRev]);
  const showOnline = basemap && !!online && mode === 'online';
  useEffect(() => {
    base.layer.setVisible(basemap && !showOnline);
    for (const l of online?.layers ?? []) l.setVisible(showOnline);
  }, [basemap, base, online, showOnline]);

  return {
    online,
    mode,
    fellBack,
    showOnline,
    /** the user's pick of the basemap */
    choose: (m: BasemapMode) => {
      setMode(m);
      setFellBack(false);
    },
    dismissFallback: () => setFellBack(false),
    /** after the setting was saved */
    reload: () => setTilesRev((r) => r + 1),
  };
}
