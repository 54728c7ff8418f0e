/**
 * 管网地图: the network on OpenLayers in EPSG:4548 with a layer switcher and legend, click to identify (a popup of
 * the feature's attributes), measure, search by code, and the burst analysis drawn on the map with its tables.
 */
import { Alert, App } from 'antd';
import type { Coordinate } from 'ol/coordinate';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import type VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { burstApi } from '../../api/burst';
import { gisApi, type IdentifyResult, type LayerMeta } from '../../components/map/gisApi';
import type { OverlayKey } from '../../components/map/mapApi';
// NetworkMap is the shared map (SwpMap) under the name the screen's tests mock
import { DEFAULT_VISIBLE, type NetworkLayerKey, NetworkMap } from '../../components/map/NetworkMap';
import { useFillHeight } from '../../components/map/useFillHeight';
import { saveBlob } from '../../lib/download';
import { useSession } from '../../stores/session';
import { analysisLayer } from './analysisLayer';
import { BurstPreview, type BurstResult } from './BurstPreview';
import { FeaturePopup } from './FeaturePopup';
import { findByCode } from './findByCode';
import { networkImportApi } from './import/api';
import { NetworkImportDialog } from './import/NetworkImportDialog';
import { MapToolbar, type Mode } from './MapToolbar';
import { addWorkLayers, useMeasure } from './mapLayers';
import { useButton } from './perm';

export default function MapPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [visible, setVisible] = useState<NetworkLayerKey[]>(DEFAULT_VISIBLE);
  const [overlays, setOverlays] = useState<OverlayKey[]>(['devices', 'alarms', 'bursts']);
  /** the map reaches down to the window's bottom edge (no empty band under it) */
  const [mapBox, mapHeight] = useFillHeight(420);
  const [metas, setMetas] = useState<LayerMeta[]>([]);
  const [mode, setMode] = useState<Mode>('identify');
  const [popup, setPopup] = useState<{ r: IdentifyResult; at: Coordinate } | null>(null);
  const [measure, setMeasure] = useState<number | null>(null);
  const [code, setCode] = useState('');
  /** 爆管分析: a preview until 确认 stores it */
  const [burst, setBurst] = useState<BurstResult | null>(null);
  const [busy, setBusy] = useState(false);
  const canAnalyse = useButton('gis_map_analyse');
  const canImport = useButton('gis_network_import');
  const platform = useSession((st) => st.tenantId) === '000000';
  const [importing, setImporting] = useState(false);
  const mapRef = useRef<OlMap | null>(null);
  /** the identified feature's place, marked on the map (the attributes show in a panel over the map's corner) */
  const marker = useRef(new VectorSource());
  const analysis = useRef(analysisLayer());
  const measureSource = useRef(new VectorSource());

  useEffect(() => {
    void gisApi.metas().then(setMetas);
  }, []);

  /** shows the tenant's network: reloads the layers and, when it lies outside the view, fits the view to it */
  const showNetwork = async (reload: boolean) => {
    const map = mapRef.current;
    if (!map) return;
    if (reload) for (const l of map.getLayers().getArray()) (l as VectorLayer<VectorSource>).getSource?.()?.refresh?.();
    const s = await networkImportApi.summary().catch(() => null);
    const e = s?.extent;
    if (!e) return;
    const view = map.getView().calculateExtent(map.getSize());
    const inside = e[0] < view[2] && e[2] > view[0] && e[1] < view[3] && e[3] > view[1];
    if (reload || !inside) map.getView().fit(e, { padding: [40, 40, 40, 40], maxZoom: 14 });
  };

  const download = async (format: 'geojson' | 'inp') => {
    const { blob, fileName } = await networkImportApi.exportFile(format);
    saveBlob(blob, fileName);
  };

  const lTown = async () => {
    setBusy(true);
    try {
      const r = await networkImportApi.lTown();
      message.success(t('netImport.lTownDone', { tenantId: r.data.tenantId }));
    } catch {
      // toast shown by the client
    } finally {
      setBusy(false);
    }
  };

  const ready = (map: OlMap) => {
    mapRef.current = map;
    void showNetwork(false);
    addWorkLayers(map, analysis.current.layer, measureSource.current, marker.current);
  };

  const showPopup = (r: IdentifyResult | null, at?: Coordinate) => setPopup(r && at ? { r, at } : null);

  useEffect(() => {
    marker.current.clear();
    if (popup) marker.current.addFeature(new Feature(new Point(popup.at)));
  }, [popup]);

  // measuring: a line drawn on the map, its length in plane metres
  useMeasure(mapRef, mode, measureSource, setMeasure);

  const onClick = async (x: number, y: number, map: OlMap) => {
    if (mode === 'measure') return;
    if (mode === 'analyse') {
      setBusy(true);
      try {
        // a click previews (nothing stored); the card's 确认 stores the event
        const preview = await burstApi.preview({ x, y });
        setBurst({ preview });
        await analysis.current.draw(preview.analysis, map);
      } finally {
        setBusy(false);
      }
      return;
    }
    const size = map.getSize() ?? [800, 600];
    const extent = map.getView().calculateExtent(size) as [number, number, number, number];
    const r = await gisApi.identify({ x, y, mapExtent: extent, width: size[0], height: size[1], tolerance: 10 });
    showPopup(r[0] ?? null, [x, y]);
  };

  const search = async () => {
    const c = code.trim();
    if (!c) return;
    const found = await findByCode(c, metas);
    if (!found) {
      message.warning(t('gis.notFound', { code: c }));
      return;
    }
    mapRef.current?.getView().animate({ center: found.at, resolution: 0.5, duration: 0 });
    showPopup(found.r, found.at);
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <MapToolbar
        visible={visible}
        onVisible={setVisible}
        overlays={overlays}
        onOverlays={setOverlays}
        code={code}
        onCode={setCode}
        onSearch={search}
        mode={mode}
        onMode={setMode}
        onAnalyse={() => showPopup(null)}
        canAnalyse={canAnalyse}
        canImport={canImport}
        platform={platform}
        busy={busy}
        measure={measure}
        onImport={() => setImporting(true)}
        onDownload={(format) => void download(format)}
        onLTown={() => void lTown()}
      />
      <div ref={mapBox} style={{ position: 'relative' }}>
        <NetworkMap
          visible={visible}
          overlays={overlays}
          onClick={onClick}
          onReady={ready}
          style={{ height: mapHeight }}
          zoom={6}
        />
        <NetworkImportDialog
          open={importing}
          onClose={() => setImporting(false)}
          onApplied={() => {
            setImporting(false);
            void showNetwork(true);
          }}
        />
        <div data-testid="gis-popup" style={{ position: 'absolute', top: 8, right: 8, zIndex: 10 }}>
          {popup && <FeaturePopup r={popup.r} metas={metas} onClose={() => showPopup(null)} />}
        </div>
      </div>
      {busy && <Alert type="info" message={t('gis.analysing')} />}
      {burst && (
        <BurstPreview
          key={`${burst.preview.pipeGid}.${burst.preview.x}.${burst.preview.y}`}
          result={burst}
          onConfirmed={(event) => {
            setBurst({ ...burst, event });
            message.success(t('gis.analysed', { code: event.code }));
          }}
          onCancel={() => {
            setBurst(null);
            analysis.current.clear();
          }}
        />
      )}
    </div>
  );
}
