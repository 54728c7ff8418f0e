/**
 * Devices from xlsx (issue 18), through core/xlsx-import.ts: matched on 设备编号 within the tenant. A row is checked
 * with the device form's own schema (`deviceSchema`: code, name, type, model, dates, feature, DMA, address), its
 * station named by 站点编码 must be one of the tenant's monitoring stations, and the 数据字段 it lists must be series
 * of that station (the telemetry a device may write is its station's series). A device type cannot change on
 * update; a device without a position of its own stands at its station. Rules, secrets and report counts are the
 * device screen's business and are left as they are.
 */
import { eq } from 'drizzle-orm';
import { codeList, codeNamed } from '../../core/code-list.ts';
import { scoped } from '../../core/scoped.ts';
import { applyUpserts, unchangedFrom, type XlsxImportSpec } from '../../core/xlsx-import.ts';
import { FIELDS, monitorSeries, monitorStation } from '../monitor/index.ts';
import { deviceBase } from './schema.ts';
import { DEVICE_TYPES, deviceSchema } from './service.ts';

type Key =
  | 'deviceCode'
  | 'deviceName'
  | 'deviceType'
  | 'stcd'
  | 'fields'
  | 'model'
  | 'manufacturer'
  | 'installDate'
  | 'featureLayer'
  | 'featureId'
  | 'dmaCode'
  | 'address'
  | 'remark';

type Write = Omit<typeof deviceBase.$inferInsert, 'tenantId'> & { id?: string };
interface State {
  devices: Map<string, typeof deviceBase.$inferSelect>;
  stations: Map<string, { id: string; lgtd: number | null; lttd: number | null; x: number | null; y: number | null }>;
  fields: Map<string, Set<string>>;
}

export const deviceImport: XlsxImportSpec<Key, Write, State> = {
  kind: 'device',
  sheet: '设备',
  columns: [
    { header: '设备编号', key: 'deviceCode', width: 16 },
    { header: '设备名称', key: 'deviceName', width: 24 },
    { header: '设备类型', key: 'deviceType', width: 12 },
    { header: '站点编码', key: 'stcd', width: 14 },
    { header: '数据字段', key: 'fields', width: 22 },
    { header: '型号', key: 'model', width: 14 },
    { header: '生产厂家', key: 'manufacturer', width: 20 },
    { header: '安装日期', key: 'installDate', width: 12 },
    { header: '图层', key: 'featureLayer', width: 10 },
    { header: '要素编号', key: 'featureId', width: 14 },
    { header: '所属分区', key: 'dmaCode', width: 12 },
    { header: '安装地址', key: 'address', width: 28 },
    { header: '备注', key: 'remark', width: 20 },
  ],
  required: ['deviceCode', 'deviceName', 'deviceType'],
  help: [
    ['设备编号', '字母、数字、下划线、短横线，最长 64 位；已有编号的行更新该设备（类型不能改）'],
    ['设备类型', codeList(DEVICE_TYPES)],
    ['站点编码', '设备上报数据所写入的监测站点（站点监测中的站点编码），可留空'],
    ['数据字段', `设备上报的字段，逗号分隔，须是该站点已有的数据字段；可用字段: ${Object.keys(FIELDS).join(', ')}`],
    ['安装日期', 'YYYY-MM-DD'],
  ],
  keyOf: (v) => v.deviceCode ?? null,
  async load(db, tenantId) {
    const s = scoped(db, tenantId);
    const devices = await s.select(deviceBase, eq(deviceBase.isDeleted, 0));
    const stations = await db
      .select({
        id: monitorStation.id,
        stcd: monitorStation.stcd,
        lgtd: monitorStation.lgtd,
        lttd: monitorStation.lttd,
        x: monitorStation.x,
        y: monitorStation.y,
      })
      .from(monitorStation)
      .where(s.where(monitorStation, eq(monitorStation.isDeleted, 0)));
    const series = await db
      .select({ stationId: monitorSeries.stationId, field: monitorSeries.field })
      .from(monitorSeries)
      .innerJoin(monitorStation, eq(monitorStation.id, monitorSeries.stationId))
      .where(s.where(monitorStation, eq(monitorStation.isDeleted, 0)));
    const fields = new Map<string, Set<string>>();
    for (const r of series) fields.set(r.stationId, (fields.get(r.stationId) ?? new Set()).add(r.field));
    return {
      devices: new Map(devices.map((d) => [d.deviceCode, d])),
      stations: new Map(stations.map(({ stcd, ...st }) => [stcd, st])),
      fields,
    };
  },
  check(v, st) {
    const deviceType = codeNamed(DEVICE_TYPES, v.deviceType);
    if (!deviceType) return `设备类型 ${v.deviceType ?? ''} 无效 (${Object.keys(DEVICE_TYPES).join(' ')})`;
    const parsed = deviceSchema.safeParse({ ...v, deviceType, stcd: undefined, fields: undefined });
    if (!parsed.success) return parsed.error.issues.map((i) => i.message).join('; ');
    const d = parsed.data;
    let station: State['stations'] extends Map<string, infer S> ? S | undefined : never;
    if (v.stcd) {
      station = st.stations.get(v.stcd);
      if (!station) return `站点编码 ${v.stcd} 不存在`;
      const have = st.fields.get(station.id) ?? new Set<string>();
      for (const f of (v.fields ?? '')
        .split(/[,，;；\s]+/)
        .map((x) => x.trim())
        .filter(Boolean)) {
        if (!FIELDS[f]) return `数据字段 ${f} 无效`;
        if (!have.has(f)) return `站点 ${v.stcd} 没有数据字段 ${f}`;
      }
    } else if (v.fields) return '填写数据字段时须填写站点编码';
    const old = st.devices.get(d.deviceCode);
    if (old && old.deviceType !== deviceType) return `设备类型不能修改 (已有设备为 ${old.deviceType})`;
    const row = {
      deviceCode: d.deviceCode,
      deviceName: d.deviceName,
      deviceType,
      model: d.model ?? null,
      manufacturer: d.manufacturer ?? null,
      installDate: d.installDate ?? null,
      stationId: station?.id ?? null,
      featureLayer: d.featureLayer ?? null,
      featureId: d.featureId ?? null,
      dmaCode: d.dmaCode ?? null,
      address: d.address ?? null,
      remark: d.remark ?? null,
    };
    if (old && unchangedFrom(old, row)) return { key: d.deviceCode, action: 'unchanged' };
    // a device without a position of its own stands at its station (as the form saves it)
    const place =
      old?.lgtd != null && old.stationId === row.stationId
        ? {}
        : { x: station?.x ?? null, y: station?.y ?? null, lgtd: station?.lgtd ?? null, lttd: station?.lttd ?? null };
    return {
      key: d.deviceCode,
      action: old ? 'update' : 'insert',
      write: { ...row, ...place, ...(old ? { id: old.id } : { reportNum: deviceType === 'valve' ? 3 : 1 }) },
    };
  },
  apply: (tx, tenantId, writes, userId, step) => applyUpserts(tx, tenantId, deviceBase, writes, userId, step),
};
