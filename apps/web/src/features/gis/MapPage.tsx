/**
 * 管网地图: the network on OpenLayers in EPSG:4548 with a layer switcher and legend, click to identify (a popup of
 * the feature's attributes), measure, search by code, and the burst analysis drawn on the map with its tables.
 */
import { Alert, App, Button, Card, Checkbox, Descriptions, Input, Space, Tag, Typography } from 'antd';
import type { Coordinate } from 'ol/coordinate';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import Draw from 'ol/interaction/Draw';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style } from 'ol/style';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { burstApi } from '../../api/burst';
import { gisApi, type IdentifyResult, type LayerMeta } from '../../components/map/gisApi';
import { OVERLAYS, type OverlayKey } from '../../components/map/mapApi';
// NetworkMap is the shared map (SwpMap) under the name the screen's tests mock
import {
  DEFAULT_VISIBLE,
  LEGEND,
  NETWORK_LAYERS,
  type NetworkLayerKey,
  NetworkMap,
} from '../../components/map/NetworkMap';
import { useFillHeight } from '../../components/map/useFillHeight';
import { saveBlob } from '../../lib/download';
import { useSession } from '../../stores/session';
import { analysisLayer } from './analysisLayer';
import { attributeText } from './attributeText';
import { BurstPreview, type BurstResult } from './BurstPreview';
import { networkImportApi } from './import/api';
import { NetworkImportDialog } from './import/NetworkImportDialog';
import { useButton } from './perm';

type Mode = 'identify' | 'measure' | 'analyse';

const SEARCH_LAYERS = ['pipe', 'valve', 'meter', 'hydrant', 'pump', 'source', 'wq', 'junction'];

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
  const drawRef = useRef<Draw | null>(null);
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
    map.addLayer(analysis.current.layer);
    map.addLayer(
      new VectorLayer({
        source: measureSource.current,
        zIndex: 40,
        style: new Style({ stroke: new Stroke({ color: '#eb2f96', width: 2, lineDash: [4, 4] }) }),
      }),
    );
    map.addLayer(
      new VectorLayer({
        source: marker.current,
        zIndex: 50,
        style: new Style({
          image: new Circle({
            radius: 9,
            fill: new Fill({ color: 'rgba(250, 84, 28, 0.25)' }),
            stroke: new Stroke({ color: '#fa541c', width: 2 }),
          }),
        }),
      }),
    );
  };

  const showPopup = (r: IdentifyResult | null, at?: Coordinate) => setPopup(r && at ? { r, at } : null);

  useEffect(() => {
    marker.current.clear();
    if (popup) marker.current.addFeature(new Feature(new Point(popup.at)));
  }, [popup]);

  // measuring: a line drawn on the map, its length in plane metres
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (drawRef.current) {
      map.removeInteraction(drawRef.current);
      drawRef.current = null;
    }
    if (mode !== 'measure') return;
    const draw = new Draw({ source: measureSource.current, type: 'LineString' });
    draw.on('drawstart', () => {
      measureSource.current.clear();
      setMeasure(null);
    });
    draw.on('drawend', (e) => setMeasure((e.feature.getGeometry() as any).getLength()));
    map.addInteraction(draw);
    drawRef.current = draw;
  }, [mode]);

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
      mapRef.current?.getView().animate({ center: at, resolution: 0.5, duration: 0 });
      const meta = metas.find((m) => m.key === layer);
      showPopup(
        {
          layerId: meta?.id ?? 0,
          layerid: meta?.id ?? 0,
          layerKey: layer,
          layerName: meta?.name ?? layer,
          dname: meta?.name ?? layer,
          value: c,
          distance: 0,
          attributes: f.attributes,
        },
        at,
      );
      return;
    }
    message.warning(t('gis.notFound', { code: c }));
  };

  const aliasOf = (layerKey: string, field: string) =>
    metas.find((m) => m.key === layerKey)?.fieldAliases[field] ?? field;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Card size="small">
        <Space wrap>
          <Checkbox.Group
            value={visible}
            onChange={(v) => setVisible(v as NetworkLayerKey[])}
            options={NETWORK_LAYERS.map((k) => ({
              value: k,
              label: (
                <span>
                  <span
                    style={{
                      display: 'inline-block',
                      width: 10,
                      height: 10,
                      marginRight: 4,
                      background: LEGEND[k],
                      borderRadius: 2,
                    }}
                  />
                  {t(`gis.layer.${k}`)}
                </span>
              ),
            }))}
          />
          <Checkbox.Group
            aria-label={t('swpMap.layers')}
            data-testid="gis-overlays"
            value={overlays}
            onChange={(v) => setOverlays(v as OverlayKey[])}
            options={OVERLAYS.map((k) => ({ value: k, label: t(`swpMap.overlay.${k}`) }))}
          />
          <Input.Search
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onSearch={search}
            placeholder={t('gis.searchCode')}
            style={{ width: 220 }}
            data-testid="gis-search"
          />
          <Button
            type={mode === 'measure' ? 'primary' : 'default'}
            onClick={() => setMode(mode === 'measure' ? 'identify' : 'measure')}
          >
            {t('gis.measure')}
          </Button>
          {canAnalyse && (
            <Button
              danger={mode === 'analyse'}
              type={mode === 'analyse' ? 'primary' : 'default'}
              onClick={() => {
                // the popup would cover the place to click
                showPopup(null);
                setMode(mode === 'analyse' ? 'identify' : 'analyse');
              }}
              data-testid="gis-analyse"
            >
              {t('button.gisAnalyse')}
            </Button>
          )}
          {canImport && (
            <Button onClick={() => setImporting(true)} data-testid="gis-import">
              {t('button.gisImport')}
            </Button>
          )}
          <Button onClick={() => void download('geojson')} data-testid="gis-export-geojson">
            {t('netImport.exportGeoJson')}
          </Button>
          <Button onClick={() => void download('inp')} data-testid="gis-export-inp">
            {t('netImport.exportInp')}
          </Button>
          {canImport && platform && (
            <Button
              onClick={() => void lTown()}
              loading={busy}
              title={t('netImport.lTownHint')}
              data-testid="gis-l-town"
            >
              {t('netImport.lTown')}
            </Button>
          )}
          {measure !== null && <Tag color="magenta">{t('gis.measured', { m: measure.toFixed(1) })}</Tag>}
          <Typography.Text type="secondary">
            {t(mode === 'analyse' ? 'gis.analyseHint' : mode === 'measure' ? 'gis.measureHint' : 'gis.identifyHint')}
          </Typography.Text>
        </Space>
      </Card>
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
          {popup && (
            <Card
              size="small"
              title={`${popup.r.layerName} ${String(popup.r.attributes.dno ?? popup.r.value)}`}
              extra={
                <Button size="small" type="text" onClick={() => showPopup(null)}>
                  ×
                </Button>
              }
              style={{ width: 320, maxHeight: 440, overflow: 'auto' }}
            >
              <Descriptions size="small" column={1} bordered>
                {Object.entries(popup.r.attributes).map(([k, v]) => (
                  <Descriptions.Item key={k} label={aliasOf(popup.r.layerKey, k)}>
                    {attributeText(t, popup.r.layerKey, k, v)}
                  </Descriptions.Item>
                ))}
              </Descriptions>
            </Card>
          )}
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
