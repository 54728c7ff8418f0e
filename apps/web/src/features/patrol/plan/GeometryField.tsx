/**
 * The plan's area or route on the pipe-network map (EPSG:4548 plane metres): draw it (a line for a route, a
 * polygon for an area), or make it from the chosen patrol objects (a route through them in code order, an area
 * around them with 200 m of margin). The chosen objects show on the map as dots.
 */
import { boxRing } from '@swp/contract';
import { Button, Space, Typography } from 'antd';
import Feature from 'ol/Feature';
import { LineString, Point, Polygon } from 'ol/geom';
import Draw from 'ol/interaction/Draw';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style } from 'ol/style';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobObject, ScopeType } from '../../../api/patrol';
import { NetworkMap } from '../../../components/map';
import { dot } from '../../../components/map/dot';

export type Coords = [number, number][];

const round = (n: number) => Math.round(n * 100) / 100;

/** The geometry made from objects: the route through them, or the ring around them with a margin. */
export function geometryFromObjects(scope: ScopeType, points: { x: number; y: number }[], pad = 200): Coords {
  if (!points.length) return [];
  if (scope === 'route') return points.map((p) => [round(p.x), round(p.y)]);
  return boxRing(points, pad);
}

const lineStyle = new Style({
  stroke: new Stroke({ color: '#fa541c', width: 3 }),
  fill: new Fill({ color: 'rgba(250, 84, 28, 0.12)' }),
});
const objectStyle = new Style({ image: dot(5, '#fa8c16') });

export function GeometryField({
  value,
  onChange,
  scope,
  objects,
  disabled,
}: {
  value?: Coords | string;
  onChange?: (v: Coords) => void;
  scope: ScopeType;
  /** the chosen objects */
  objects: JobObject[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const coords: Coords = Array.isArray(value) ? value : value ? safeParse(value) : [];
  const map = useRef<OlMap | null>(null);
  const shape = useRef(new VectorSource());
  const dots = useRef(new VectorSource());
  const draw = useRef<Draw | null>(null);
  const [drawing, setDrawing] = useState(false);

  const ready = (m: OlMap) => {
    map.current = m;
    m.addLayer(new VectorLayer({ source: shape.current, style: lineStyle, zIndex: 20 }));
    m.addLayer(new VectorLayer({ source: dots.current, style: objectStyle, zIndex: 21 }));
  };

  // the drawn shape follows the value
  const key = JSON.stringify(coords);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for coords and scope
  useEffect(() => {
    shape.current.clear();
    if (coords.length >= 2) {
      const geom = scope === 'area' && coords.length >= 3 ? new Polygon([coords]) : new LineString(coords);
      shape.current.addFeature(new Feature(geom));
      map.current?.getView().fit(geom.getExtent(), { padding: [40, 40, 40, 40], maxZoom: 9 });
    }
  }, [key, scope]);

  const objectKey = objects.map((o) => o.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: objectKey stands for the objects
  useEffect(() => {
    dots.current.clear();
    for (const o of objects) if (o.x && o.y) dots.current.addFeature(new Feature(new Point([o.x, o.y])));
    const extent = dots.current.getExtent();
    if (!coords.length && objects.length && map.current && extent) {
      map.current.getView().fit(extent, { padding: [60, 60, 60, 60], maxZoom: 9 });
    }
  }, [objectKey]);

  const stopDrawing = () => {
    if (draw.current && map.current) map.current.removeInteraction(draw.current);
    draw.current = null;
    setDrawing(false);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: stop drawing on unmount only
  useEffect(() => stopDrawing, []);

  const startDrawing = () => {
    if (!map.current) return;
    stopDrawing();
    const d = new Draw({ source: new VectorSource(), type: scope === 'area' ? 'Polygon' : 'LineString' });
    d.on('drawend', (e) => {
      const g = e.feature.getGeometry();
      const pts =
        g instanceof Polygon
          ? (g.getCoordinates()[0] as Coords)
          : g instanceof LineString
            ? (g.getCoordinates() as Coords)
            : [];
      onChange?.(pts.map(([x, y]) => [round(x), round(y)]));
      stopDrawing();
    });
    map.current.addInteraction(d);
    draw.current = d;
    setDrawing(true);
  };

  return (
    <div data-testid="plan-geometry">
      {!disabled && (
        <Space wrap style={{ marginBottom: 8 }}>
          <Button size="small" type={drawing ? 'primary' : 'default'} onClick={drawing ? stopDrawing : startDrawing}>
            {drawing
              ? t('patrol.plan.stopDrawing')
              : t(scope === 'area' ? 'patrol.plan.drawArea' : 'patrol.plan.drawRoute')}
          </Button>
          <Button
            size="small"
            disabled={!objects.length}
            onClick={() => onChange?.(geometryFromObjects(scope, objects))}
            data-testid="geometry-from-objects"
          >
            {t('patrol.plan.fromObjects')}
          </Button>
          <Button size="small" disabled={!coords.length} onClick={() => onChange?.([])}>
            {t('patrol.plan.clearGeometry')}
          </Button>
        </Space>
      )}
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }} data-testid="geometry-points">
        {coords.length ? t('patrol.plan.points', { n: coords.length }) : t('patrol.plan.noGeometry')}
      </Typography.Text>
      <NetworkMap onReady={ready} zoom={6} style={{ height: 300 }} testId="plan-map" />
    </div>
  );
}

function safeParse(s: string): Coords {
  try {
    const v = JSON.parse(s);
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}
