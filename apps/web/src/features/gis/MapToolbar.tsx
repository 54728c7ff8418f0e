/**
 * The tool row over 管网地图: network layers with their legend colours, overlays, search by code, measure, burst
 * analysis, network import / export and (platform tenant only) the L-Town network.
 */
import { Button, Card, Checkbox, Input, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OVERLAYS, type OverlayKey } from '../../components/map/mapApi';
import { LEGEND, NETWORK_LAYERS, type NetworkLayerKey } from '../../components/map/NetworkMap';

export type Mode = 'identify' | 'measure' | 'analyse';

export interface MapToolbarProps {
  visible: NetworkLayerKey[];
  onVisible(v: NetworkLayerKey[]): void;
  overlays: OverlayKey[];
  onOverlays(v: OverlayKey[]): void;
  code: string;
  onCode(code: string): void;
  onSearch(): void;
  mode: Mode;
  onMode(mode: Mode): void;
  /** the analyse button was pressed (the caller closes the popup, which would cover the place to click) */
  onAnalyse(): void;
  canAnalyse: boolean;
  canImport: boolean;
  platform: boolean;
  busy: boolean;
  measure: number | null;
  onImport(): void;
  onDownload(format: 'geojson' | 'inp'): void;
  onLTown(): void;
}

function LayerLabel({ layer }: { layer: NetworkLayerKey }) {
  const { t } = useTranslation();
  return (
    <span>
      <span
        style={{
          display: 'inline-block',
          width: 10,
          height: 10,
          marginRight: 4,
          background: LEGEND[layer],
          borderRadius: 2,
        }}
      />
      {t(`gis.layer.${layer}`)}
    </span>
  );
}

export function MapToolbar(p: MapToolbarProps) {
  const { t } = useTranslation();
  const { mode } = p;
  return (
    <Card size="small">
      <Space wrap>
        <Checkbox.Group
          value={p.visible}
          onChange={(v) => p.onVisible(v as NetworkLayerKey[])}
          options={NETWORK_LAYERS.map((k) => ({ value: k, label: <LayerLabel layer={k} /> }))}
        />
        <Checkbox.Group
          aria-label={t('swpMap.layers')}
          data-testid="gis-overlays"
          value={p.overlays}
          onChange={(v) => p.onOverlays(v as OverlayKey[])}
          options={OVERLAYS.map((k) => ({ value: k, label: t(`swpMap.overlay.${k}`) }))}
        />
        <Input.Search
          value={p.code}
          onChange={(e) => p.onCode(e.target.value)}
          onSearch={p.onSearch}
          placeholder={t('gis.searchCode')}
          style={{ width: 220 }}
          data-testid="gis-search"
        />
        <Button
          type={mode === 'measure' ? 'primary' : 'default'}
          onClick={() => p.onMode(mode === 'measure' ? 'identify' : 'measure')}
        >
          {t('gis.measure')}
        </Button>
        {p.canAnalyse && (
          <Button
            danger={mode === 'analyse'}
            type={mode === 'analyse' ? 'primary' : 'default'}
            onClick={() => {
              p.onAnalyse();
              p.onMode(mode === 'analyse' ? 'identify' : 'analyse');
            }}
            data-testid="gis-analyse"
          >
            {t('button.gisAnalyse')}
          </Button>
        )}
        {p.canImport && (
          <Button onClick={p.onImport} data-testid="gis-import">
            {t('button.gisImport')}
          </Button>
        )}
        <Button onClick={() => p.onDownload('geojson')} data-testid="gis-export-geojson">
          {t('netImport.exportGeoJson')}
        </Button>
        <Button onClick={() => p.onDownload('inp')} data-testid="gis-export-inp">
          {t('netImport.exportInp')}
        </Button>
        {p.canImport && p.platform && (
          <Button onClick={p.onLTown} loading={p.busy} title={t('netImport.lTownHint')} data-testid="gis-l-town">
            {t('netImport.lTown')}
          </Button>
        )}
        {p.measure !== null && <Tag color="magenta">{t('gis.measured', { m: p.measure.toFixed(1) })}</Tag>}
        <Typography.Text type="secondary">
          {t(mode === 'analyse' ? 'gis.analyseHint' : mode === 'measure' ? 'gis.measureHint' : 'gis.identifyHint')}
        </Typography.Text>
      </Space>
    </Card>
  );
}
