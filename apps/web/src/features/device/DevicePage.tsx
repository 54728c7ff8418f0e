/**
 * 设备管理: devices by type (阀门, 水质, 泵站, 视频) with their live state and latest readings (from the linked
 * monitoring point) and their rule's state; search by keyword and rule state; add / edit / view with the network
 * feature picked on the map (EquipmentPicker), the position from the map & coordinate dialog and the monitoring
 * point; delete with confirmation; per device its rule (RuleDrawer) and its telemetry (TelemetryDrawer: credential,
 * last contact, last values, refusals). The list reloads when new points arrive (live channel, at most every 2 s).
 */
import { Space, Tabs } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../api/crud';
import { DEVICE_TYPES, type Device, type DeviceInput, type DeviceType, deviceApi } from '../../api/device';
import { type DeviceTelemetry, iotApi } from '../../api/iot';
import { LIVE_POINTS } from '../../api/monitor';
import { type CrudHandle, CrudPage, RowButton } from '../../components/crud';
import { type EquipmentValue, parseEquipment } from '../../components/map/EquipmentPicker';
import { parseAddressValue } from '../../components/map/MapCoordinateDialog';
import { useLiveEvent } from '../../lib/useLiveEvent';
import { usePermission } from '../../stores/session';
import { deviceColumns } from './columns';
import { DeviceImport } from './DeviceImport';
import { RuleDrawer } from './RuleDrawer';
import { TelemetryDrawer } from './TelemetryDrawer';

export type DeviceRow = Device & { telemetry?: DeviceTelemetry };
type Row = DeviceRow;

/** The device page with each device's contact record (modules/iot); the list still shows when that read fails. */
const pageApi = {
  ...deviceApi,
  async page(query: Query) {
    const p = await deviceApi.page(query);
    if (!p.records.length) return p;
    try {
      const st = await iotApi.status(p.records.map((r) => r.deviceCode));
      const by = new Map(st.map((s) => [s.deviceCode, s]));
      return { ...p, records: p.records.map((r) => ({ ...r, telemetry: by.get(r.deviceCode) })) };
    } catch {
      return p;
    }
  },
};

/** The picker's value for a stored device (feature layer and code, the device's position). */
export function featureValue(d: Partial<Device>, layerName?: string): string | undefined {
  if (!d.featureId) return undefined;
  const v: EquipmentValue = {
    device: d.featureId,
    id: 0,
    x: d.x ?? 0,
    y: d.y ?? 0,
    longitude: d.lgtd ?? 0,
    latitude: d.lttd ?? 0,
    layer: d.featureLayer ?? undefined,
    layerName,
  };
  return JSON.stringify(v);
}

export function locationValue(d: Partial<Device>): string | undefined {
  if (d.x == null || d.y == null || d.lgtd == null || d.lttd == null) return undefined;
  return JSON.stringify({ address: d.address ?? '', x: d.x, y: d.y, longitude: d.lgtd, latitude: d.lttd });
}

type FormRow = Partial<Device> & { feature?: string; location?: string };

/** The form's values as the device the server saves: the picked feature and position unpacked. */
export function toDeviceInput(v: FormRow): Partial<DeviceInput> {
  const feature = parseEquipment(v.feature);
  const place = parseAddressValue(v.location);
  const text = (s: unknown) => (typeof s === 'string' && s.trim() ? s.trim() : undefined);
  const out: Partial<DeviceInput> = {
    ...(v.id ? { id: String(v.id) } : {}),
    deviceCode: text(v.deviceCode) ?? '',
    deviceName: text(v.deviceName) ?? '',
    deviceType: v.deviceType as DeviceType,
    model: text(v.model),
    manufacturer: text(v.manufacturer),
    installDate: text(v.installDate),
    stationId: v.stationId ? String(v.stationId) : undefined,
    featureLayer: feature?.layer,
    featureId: feature?.device || undefined,
    dmaCode: text(v.dmaCode),
    remark: text(v.remark),
    sort: v.sort ?? undefined,
  };
  if (place) {
    Object.assign(out, { x: place.x, y: place.y, lgtd: place.longitude, lttd: place.latitude, address: place.address });
  } else if (feature && (feature.x || feature.y)) {
    Object.assign(out, { x: feature.x, y: feature.y, lgtd: feature.longitude, lttd: feature.latitude });
  }
  return out;
}

export default function DevicePage() {
  const { t } = useTranslation();
  const [type, setType] = useState<DeviceType>('valve');
  const [ruleOf, setRuleOf] = useState<Device | null>(null);
  const [telemetryOf, setTelemetryOf] = useState<Device | null>(null);
  const handle = useRef<CrudHandle<Device> | null>(null);
  useLiveEvent(LIVE_POINTS, () => handle.current?.reload());
  const canView = usePermission('device_base_view');
  const canRule = usePermission('device_base_rule');
  const canRun = usePermission('device_base_run');

  const columns = useMemo(() => deviceColumns(t, type), [t, type]);

  return (
    <div data-testid="device-page">
      <Tabs
        activeKey={type}
        onChange={(k) => setType(k as DeviceType)}
        items={DEVICE_TYPES.map((k) => ({ key: k, label: t(`device.types.${k}`) }))}
      />
      <CrudPage<Row>
        api={pageApi}
        columns={columns}
        title="device.title"
        permission="device_base"
        query={{ deviceType: type }}
        defaults={{ deviceType: type }}
        handleRef={handle as React.RefObject<CrudHandle<Row> | null>}
        dialogWidth={960}
        beforeOpen={async (mode, row) => {
          if (mode === 'add') return { deviceType: type, sort: 1 };
          const d: Partial<Device> = (row && (await deviceApi.detail(row.id))) ?? row ?? {};
          return {
            ...d,
            feature: featureValue(d, d.featureLayer ? t(`gis.layer.${d.featureLayer}`) : undefined),
            location: locationValue(d),
          } as Partial<Device>;
        }}
        onSave={(values) => deviceApi.submit(toDeviceInput(values as FormRow))}
        actionWidth={260}
        toolbar={(h) => <DeviceImport onApplied={h.reload} />}
        rowActions={(r) => (
          <Space size={0}>
            {(canView || canRule || canRun) && (
              <RowButton onClick={() => setRuleOf(r)} data-testid={`rule-${r.deviceCode}`}>
                {t('device.rule')}
              </RowButton>
            )}
            <RowButton onClick={() => setTelemetryOf(r)} data-testid={`telemetry-${r.deviceCode}`}>
              {t('device.iot.action')}
            </RowButton>
          </Space>
        )}
      />
      <RuleDrawer device={ruleOf} onClose={() => setRuleOf(null)} onChanged={() => handle.current?.reload()} />
      <TelemetryDrawer
        device={telemetryOf}
        onClose={() => {
          setTelemetryOf(null);
          handle.current?.reload();
        }}
      />
    </div>
  );
}
