/**
 * 地图与坐标 (spec 2 §2): a 1200-wide dialog with a place input and a map; a click on the map sets the point and
 * fills the place from the offline address service; confirm gives the address value
 * `{ address, longitude, latitude, x, y }` (x easting, y northing in EPSG:4548). `AddressPointInput` is the form
 * field around it.
 */
import { Input, Modal, Space, Typography } from 'antd';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { Style } from 'ol/style';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dot } from './dot';
import { gisApi } from './gisApi';
import { MapPickField, parsePickedValue } from './MapPickField';
import { NetworkMap } from './NetworkMap';

export interface AddressValue {
  address: string;
  longitude: number;
  latitude: number;
  x: number;
  y: number;
}

export function parseAddressValue(v: string | undefined | null): AddressValue | null {
  return parsePickedValue<AddressValue>(v, 'address');
}

const marker = new Style({ image: dot(8, '#f5222d') });

export function MapCoordinateDialog({
  open,
  value,
  onOk,
  onCancel,
}: {
  open: boolean;
  value?: AddressValue | null;
  onOk: (v: AddressValue) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [address, setAddress] = useState(value?.address ?? '');
  const [point, setPoint] = useState<Omit<AddressValue, 'address'> | null>(value ?? null);
  const source = useRef(new VectorSource());

  const ready = (map: OlMap) => {
    map.addLayer(new VectorLayer({ source: source.current, style: marker, zIndex: 20 }));
    if (value) {
      source.current.addFeature(new Feature(new Point([value.x, value.y])));
      map.getView().setCenter([value.x, value.y]);
    }
  };

  const pick = async (x: number, y: number) => {
    source.current.clear();
    source.current.addFeature(new Feature(new Point([x, y])));
    const [geo] = await gisApi.toGeo([{ x, y }]);
    const p = { x: Math.round(x * 1000) / 1000, y: Math.round(y * 1000) / 1000, longitude: geo.x, latitude: geo.y };
    setPoint(p);
    const a = await gisApi.getAddress(geo.x, geo.y);
    setAddress(a.formattedAddress);
  };

  return (
    <Modal
      open={open}
      width={1200}
      title={t('gisMap.coord.title')}
      onCancel={onCancel}
      okText={t('gisMap.ok')}
      cancelText={t('gisMap.cancel')}
      okButtonProps={{ disabled: !point || !address.trim(), 'data-testid': 'coord-ok' } as any}
      onOk={() => point && onOk({ address: address.trim(), ...point })}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          placeholder={t('gisMap.coord.place')}
          data-testid="coord-address"
        />
        <Typography.Text type="secondary" data-testid="coord-point">
          {point
            ? t('gisMap.coord.point', {
                lon: point.longitude.toFixed(6),
                lat: point.latitude.toFixed(6),
                x: point.x.toFixed(3),
                y: point.y.toFixed(3),
              })
            : t('gisMap.coord.hint')}
        </Typography.Text>
        <NetworkMap onClick={pick} onReady={ready} zoom={7} style={{ height: 520 }} testId="coord-map" />
      </Space>
    </Modal>
  );
}

/** A form field holding the address value JSON string, with a button that opens the map dialog. */
export function AddressPointInput({
  value,
  onChange,
  disabled,
  id,
}: {
  value?: string;
  onChange?: (v: string) => void;
  disabled?: boolean;
  id?: string;
}) {
  const { t } = useTranslation();
  const v = parseAddressValue(value);
  return (
    <MapPickField<AddressValue>
      id={id}
      text={v?.address ?? ''}
      placeholder={t('gisMap.coord.placeholder')}
      pickLabel={t('gisMap.coord.pick')}
      testId="coord-pick"
      disabled={disabled}
      onChange={onChange}
      dialog={(p) => <MapCoordinateDialog {...p} value={v} />}
    />
  );
}
