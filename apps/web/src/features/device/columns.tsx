/** The columns of 设备管理 (list, search and the add / edit dialog) for the device type of the open tab. */
import { Form, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { DEVICE_TYPES, type DeviceType, deviceApi } from '../../api/device';
import { type CrudColumn, type FieldContext, remarkColumn, sortColumn } from '../../components/crud';
import { EquipmentInput } from '../../components/map/EquipmentPicker';
import { AddressPointInput } from '../../components/map/MapCoordinateDialog';
import type { DeviceRow } from './DevicePage';
import { RuleState } from './RuleDrawer';
import { OnlineTag } from './TelemetryDrawer';

/** GIS layers a device of a type may stand on (video: any). */
export const FEATURE_LAYERS: Record<DeviceType, string[] | undefined> = {
  valve: ['valve'],
  waterQuality: ['wq', 'meter'],
  pump: ['pump', 'source'],
  video: undefined,
};

const STATE_COLOR: Record<string, string> = {
  NORMAL: 'green',
  ALERT: 'gold',
  DANGER: 'red',
  FAULT: 'orange',
  OFFLINE: 'default',
};

/** The feature picker, limited to the layers of the type being edited. */
function FeatureField({
  ctx,
  value,
  onChange,
  id,
}: {
  ctx: FieldContext;
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
}) {
  const type = Form.useWatch('deviceType', ctx.form) as DeviceType | undefined;
  return (
    <EquipmentInput
      id={id}
      value={value}
      onChange={onChange}
      layers={type ? FEATURE_LAYERS[type] : undefined}
      disabled={ctx.disabled}
    />
  );
}

/** What the device is and where it reports: code, name, type, model and its monitoring point. */
const identityColumns = (t: TFunction): CrudColumn<DeviceRow>[] => [
  {
    prop: 'keyword',
    label: 'device.keyword',
    placeholder: 'device.keywordTip',
    search: true,
    hide: true,
    display: false,
  },
  {
    prop: 'deviceCode',
    label: 'device.deviceCode',
    width: 120,
    required: 'device.codeRequired',
    rules: [{ pattern: /^[A-Za-z0-9_-]{1,64}$/, message: t('device.codeFormat') }],
    trigger: 'onBlur',
  },
  { prop: 'deviceName', label: 'device.deviceName', required: 'device.nameRequired', ellipsis: true },
  {
    prop: 'deviceType',
    label: 'device.deviceType',
    type: 'select',
    hide: true,
    editDisabled: true,
    required: 'device.typeRequired',
    options: DEVICE_TYPES.map((v) => ({ value: v, label: `device.types.${v}` })),
  },
  { prop: 'model', label: 'device.model', width: 110, hide: true },
  { prop: 'manufacturer', label: 'device.manufacturer', hide: true },
  { prop: 'installDate', label: 'device.installDate', type: 'date', hide: true },
  {
    prop: 'stationId',
    label: 'device.station',
    type: 'select',
    tip: 'device.stationTip',
    options: async () => (await deviceApi.stations()).map((s) => ({ value: s.id, label: `${s.stnm}（${s.stcd}）` })),
    render: (_v, r) => (r.stationName ? `${r.stationName}（${r.stcd}）` : '—'),
  },
];

/** The live state, the latest readings (a camera's picture) and the last contact (list only). */
const readingColumns = (t: TFunction): CrudColumn<DeviceRow>[] => [
  {
    prop: 'onlineState',
    label: 'device.onlineState',
    display: false,
    width: 90,
    render: (v: string | null) =>
      v ? <Tag color={STATE_COLOR[v] ?? 'default'}>{t(`device.states.${v}`, v)}</Tag> : '—',
  },
  {
    prop: 'latest',
    label: 'device.latest',
    display: false,
    render: (_v, r) =>
      r.deviceType === 'video' ? (
        // a camera shows its picture, not the readings of the station it watches
        r.videoUrl ? (
          <img
            src={r.videoUrl}
            alt={t('device.videoPicture')}
            data-testid={`video-${r.deviceCode}`}
            style={{ height: 48, borderRadius: 2 }}
          />
        ) : (
          '—'
        )
      ) : r.latest?.length ? (
        <Typography.Text style={{ fontSize: 12 }} title={r.latestTime ?? ''}>
          {r.latest.map((l) => `${l.name} ${l.value}${l.unit ? ` ${l.unit}` : ''}`).join('，')}
        </Typography.Text>
      ) : (
        '—'
      ),
  },
  {
    prop: 'lastContact',
    label: 'device.iot.lastContact',
    display: false,
    width: 170,
    render: (_v, r) => (
      <span data-testid={`last-contact-${r.deviceCode}`}>
        <OnlineTag status={r.telemetry} /> {r.telemetry?.lastContact ?? ''}
      </span>
    ),
  },
];

/** Where it stands (network feature, position, DMA), the valve's report count and the rule's state. */
const placementColumns = (t: TFunction, type: DeviceType): CrudColumn<DeviceRow>[] => [
  {
    prop: 'feature',
    label: 'device.feature',
    tip: 'device.featureTip',
    span: 12,
    render: (_v, r) => (r.featureId ? `${t(`gis.layer.${r.featureLayer}`, r.featureLayer ?? '')} ${r.featureId}` : '—'),
    width: 130,
    component: (ctx) => <FeatureField ctx={ctx} />,
  },
  {
    prop: 'location',
    label: 'device.location',
    tip: 'device.locationTip',
    span: 12,
    hide: true,
    component: (ctx) => <AddressPointInput disabled={ctx.disabled} />,
  },
  { prop: 'address', label: 'device.address', display: false, ellipsis: true },
  {
    prop: 'videoUrl',
    label: 'device.videoUrl',
    tip: 'device.videoUrlTip',
    hide: true,
    display: type === 'video',
    span: 24,
    rules: [{ pattern: /^(https?:\/\/|\/)\S*$/i, message: t('device.videoUrlFormat') }],
  },
  { prop: 'dmaCode', label: 'device.dmaCode', width: 90 },
  {
    prop: 'reportNum',
    label: 'device.reportNum',
    display: false,
    hide: type !== 'valve',
    width: 80,
  },
  {
    prop: 'runStatus',
    label: 'device.runStatus',
    type: 'select',
    numeric: true,
    search: true,
    display: false,
    width: 90,
    options: [
      { value: 1, label: 'device.running' },
      { value: 0, label: 'device.stopped' },
    ],
    render: (v: 0 | 1 | null) => <RuleState status={v} />,
  },
  sortColumn('device.sort', { hide: true, min: 0, defaultValue: 1 }),
  remarkColumn('device.remark', { hide: true, span: 24 }),
];

export const deviceColumns = (t: TFunction, type: DeviceType): CrudColumn<DeviceRow>[] => [
  ...identityColumns(t),
  ...readingColumns(t),
  ...placementColumns(t, type),
];
