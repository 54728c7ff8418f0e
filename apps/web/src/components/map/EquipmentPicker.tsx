/**
 * 设备选择 (spec 2 §2): an 800-wide dialog; a click on the map identifies GIS features (tolerance 50, wkid 4548),
 * the features found are listed by layer type, 5 per page (5/10/20); choosing one gives the equipment selection
 * value `{ device, id, x, y, latitude, longitude }` (device from dno, id from gid; x, y plane; the click is
 * turned into geographic coordinates by the coordinate service). `EquipmentInput` is the form field around it.
 */
import { Empty, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gisApi, type IdentifyResult } from './gisApi';
import { IdentifyResultsTable } from './IdentifyResultsTable';
import { MapPickField, parsePickedValue } from './MapPickField';
import { NetworkMap } from './NetworkMap';

export interface EquipmentValue {
  device: string;
  id: number;
  x: number;
  y: number;
  latitude: number;
  longitude: number;
  /** layer key and name of the feature, for display */
  layer?: string;
  layerName?: string;
}

export function parseEquipment(v: string | undefined | null): EquipmentValue | null {
  return parsePickedValue<EquipmentValue>(v, 'device');
}

export interface EquipmentPickerProps {
  open: boolean;
  /** layer keys the caller accepts (default: every point layer and pipes) */
  layers?: string[];
  onOk: (value: EquipmentValue) => void;
  onCancel: () => void;
  /** where the map opens (EPSG:4548), e.g. the district an alarm came from; default the demo's centre */
  center?: [number, number];
}

export function EquipmentPicker({ open, layers, onOk, onCancel, center }: EquipmentPickerProps) {
  const { t } = useTranslation();
  const [results, setResults] = useState<IdentifyResult[]>([]);
  const [click, setClick] = useState<{ x: number; y: number } | null>(null);
  const [tab, setTab] = useState<string>('');
  const [chosen, setChosen] = useState<IdentifyResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [pageSize, setPageSize] = useState(5);

  const groups = useMemo(() => {
    const m = new Map<string, { name: string; rows: IdentifyResult[] }>();
    for (const r of results) {
      if (layers && !layers.includes(r.layerKey)) continue;
      const g = m.get(r.layerKey) ?? { name: r.layerName, rows: [] };
      g.rows.push(r);
      m.set(r.layerKey, g);
    }
    return m;
  }, [results, layers]);

  const identifyAt = async (x: number, y: number, map: import('ol/Map').default) => {
    setClick({ x, y });
    setChosen(null);
    const size = map.getSize() ?? [800, 480];
    const extent = map.getView().calculateExtent(size) as [number, number, number, number];
    setBusy(true);
    try {
      const r = await gisApi.identify({ x, y, mapExtent: extent, width: size[0], height: size[1], layers: 'all' });
      setResults(r);
      const first = r.find((f) => !layers || layers.includes(f.layerKey));
      setTab(first?.layerKey ?? '');
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!chosen || !click) return;
    const g = chosen.geometry;
    // a point feature gives its own place; a pipe the click
    const x = g?.x ?? click.x;
    const y = g?.y ?? click.y;
    const [geo] = await gisApi.toGeo([{ x, y }]);
    onOk({
      device: String(chosen.attributes.dno ?? ''),
      id: Number(chosen.attributes.gid),
      x,
      y,
      longitude: geo.x,
      latitude: geo.y,
      layer: chosen.layerKey,
      layerName: chosen.layerName,
    });
  };

  return (
    <Modal
      open={open}
      width={800}
      title={t('gisMap.picker.title')}
      onCancel={onCancel}
      onOk={confirm}
      okButtonProps={{ disabled: !chosen, 'data-testid': 'equipment-ok' } as any}
      okText={t('gisMap.ok')}
      cancelText={t('gisMap.cancel')}
      destroyOnHidden
    >
      <NetworkMap onClick={identifyAt} center={center} zoom={8} style={{ height: 320 }} testId="equipment-map" />
      <div style={{ marginTop: 8 }}>
        {groups.size === 0 ? (
          <Empty description={click ? t('gisMap.picker.none') : t('gisMap.picker.hint')} />
        ) : (
          <IdentifyResultsTable
            groups={groups}
            tab={tab}
            setTab={setTab}
            busy={busy}
            chosen={chosen}
            setChosen={setChosen}
            pageSize={pageSize}
            setPageSize={setPageSize}
          />
        )}
      </div>
    </Modal>
  );
}

/** A form field holding the equipment selection JSON string, with a button that opens the picker. */
export function EquipmentInput({
  value,
  onChange,
  layers,
  placeholder,
  disabled,
  id,
  center,
}: {
  value?: string;
  onChange?: (v: string) => void;
  layers?: string[];
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  center?: [number, number];
}) {
  const { t } = useTranslation();
  const v = parseEquipment(value);
  return (
    <MapPickField<EquipmentValue>
      id={id}
      text={v ? `${v.layerName ? `${v.layerName} ` : ''}${v.device}` : ''}
      placeholder={placeholder ?? t('gisMap.picker.placeholder')}
      pickLabel={t('gisMap.picker.pick')}
      testId="equipment-pick"
      disabled={disabled}
      onChange={onChange}
      dialog={(p) => <EquipmentPicker {...p} layers={layers} center={center} />}
    />
  );
}
