/**
 * xlsx imports of the register (core/xlsx-import.ts does the sheet, the dry run, the report, the one transaction and
 * the progress): customers matched on 户号, meters on 表号 (their customer named by 户号), reads on 表号 + 抄表时间.
 * Each checks a row with the same rules as the forms (register.ts) and, for reads, against the meter's stored reads
 * and the file's earlier rows: a reading lower than the previous one is rejected unless 换表 is 1.
 */
import { eq } from 'drizzle-orm';
import { codeList, codeNamed } from '../../core/code-list.ts';
import { scoped } from '../../core/scoped.ts';
import { formatDateTime, parseDateTime } from '../../core/time.ts';
import { applyUpserts, unchangedFrom, upsertPlan, type XlsxImportSpec } from '../../core/xlsx-import.ts';
import { WATER_CATEGORY } from '../billing/index.ts';
import {
  CALIBERS,
  type ChainRead,
  CUSTOMER_STATUS,
  CUSTOMER_TYPES,
  type CustomerType,
  checkInChain,
  isDate,
  isPhone,
  METER_STATUS,
  METER_TYPES,
  type MeterType,
  MSG,
  placeInChain,
  relinkReads,
} from './register.ts';
import { customer, meterReading, waterMeter } from './schema.ts';

const CODE = /^[A-Za-z0-9_-]{1,32}$/;
const int = (s: string | undefined) => (s === undefined || s.trim() === '' ? undefined : Number(s));
function statusOf(table: Record<number, string>, v: string | undefined): number | undefined | null {
  if (!v) return undefined;
  const n = Number(v);
  if (Number.isInteger(n) && table[n] !== undefined) return n;
  const hit = Object.entries(table).find(([, name]) => name === v.trim());
  return hit ? Number(hit[0]) : null;
}

// ------------------------------------------------------------------------------------------------ customers

type CustomerKey =
  | 'accountNo'
  | 'customerName'
  | 'customerType'
  | 'waterCategory'
  | 'address'
  | 'phone'
  | 'dmaCode'
  | 'status';
type CustomerWrite = Omit<typeof customer.$inferInsert, 'tenantId'> & { id?: string };

export const customerImport: XlsxImportSpec<CustomerKey, CustomerWrite, Map<string, typeof customer.$inferSelect>> = {
  kind: 'customer',
  sheet: '用户档案',
  columns: [
    { header: '户号', key: 'accountNo', width: 14 },
    { header: '用户名称', key: 'customerName', width: 24 },
    { header: '用户类型', key: 'customerType', width: 12 },
    { header: '用水类别', key: 'waterCategory', width: 10 },
    { header: '地址', key: 'address', width: 32 },
    { header: '联系电话', key: 'phone', width: 16 },
    { header: '所属分区', key: 'dmaCode', width: 12 },
    { header: '状态', key: 'status', width: 8 },
  ],
  required: ['accountNo', 'customerName', 'customerType'],
  help: [
    ['户号', '字母、数字、下划线、短横线，最长 32 位；已有户号的行更新该用户'],
    ['用户类型', codeList(CUSTOMER_TYPES)],
    ['用水类别', `${codeList(WATER_CATEGORY)}；留空按用户类型`],
    ['状态', `${codeList(CUSTOMER_STATUS)}；留空为 1`],
  ],
  keyOf: (v) => v.accountNo ?? null,
  async load(db, tenantId) {
    const rows = await scoped(db, tenantId).select(customer, eq(customer.isDeleted, 0));
    return new Map(rows.map((r) => [r.accountNo, r]));
  },
  check(v, have) {
    const accountNo = v.accountNo ?? '';
    if (!CODE.test(accountNo)) return MSG.accountNo;
    const customerName = v.customerName ?? '';
    if (!customerName || customerName.length > 100) return '用户名称必填且最多 100 个字符';
    const customerType = codeNamed<CustomerType>(CUSTOMER_TYPES, v.customerType);
    if (!customerType) return MSG.customerType;
    const waterCategory = int(v.waterCategory) ?? CUSTOMER_TYPES[customerType].category;
    if (WATER_CATEGORY[waterCategory] === undefined) return MSG.waterCategory;
    if (v.phone && !isPhone(v.phone)) return MSG.phone;
    if ((v.address ?? '').length > 255) return '地址不能超过 255 个字符';
    if ((v.dmaCode ?? '').length > 32) return '所属分区不能超过 32 个字符';
    const status = statusOf(CUSTOMER_STATUS, v.status) ?? (v.status ? null : 1);
    if (status === null) return MSG.status;
    const row = {
      accountNo,
      customerName,
      customerType,
      waterCategory,
      address: v.address ?? null,
      phone: v.phone ?? null,
      dmaCode: v.dmaCode ?? null,
      status,
    };
    return upsertPlan(accountNo, row, have.get(accountNo));
  },
  apply: (tx, tenantId, writes, userId, step) => applyUpserts(tx, tenantId, customer, writes, userId, step),
};

// ------------------------------------------------------------------------------------------------ meters

type MeterKey = 'meterNo' | 'accountNo' | 'caliber' | 'meterType' | 'gisCode' | 'installDate' | 'status';
type MeterWrite = Omit<typeof waterMeter.$inferInsert, 'tenantId'> & { id?: string };
interface MeterState {
  meters: Map<string, typeof waterMeter.$inferSelect>;
  customers: Map<string, string>;
}

export const meterImport: XlsxImportSpec<MeterKey, MeterWrite, MeterState> = {
  kind: 'water-meter',
  sheet: '水表档案',
  columns: [
    { header: '表号', key: 'meterNo', width: 14 },
    { header: '户号', key: 'accountNo', width: 14 },
    { header: '口径DN', key: 'caliber', width: 10 },
    { header: '水表类型', key: 'meterType', width: 12 },
    { header: 'GIS水表编码', key: 'gisCode', width: 14 },
    { header: '安装日期', key: 'installDate', width: 12 },
    { header: '状态', key: 'status', width: 8 },
  ],
  required: ['meterNo', 'accountNo', 'caliber', 'meterType'],
  help: [
    ['表号', '字母、数字、下划线、短横线，最长 32 位；已有表号的行更新该水表'],
    ['户号', '用户档案中已有的户号'],
    ['口径DN', CALIBERS.join(' ')],
    ['水表类型', codeList(METER_TYPES)],
    ['GIS水表编码', '管网地图中水表要素的编码，可留空'],
    ['安装日期', 'YYYY-MM-DD'],
    ['状态', `${codeList(METER_STATUS)}；留空为 1`],
  ],
  keyOf: (v) => v.meterNo ?? null,
  async load(db, tenantId) {
    const s = scoped(db, tenantId);
    const meters = await s.select(waterMeter, eq(waterMeter.isDeleted, 0));
    const customers = await db
      .select({ id: customer.id, accountNo: customer.accountNo })
      .from(customer)
      .where(s.where(customer, eq(customer.isDeleted, 0)));
    return {
      meters: new Map(meters.map((m) => [m.meterNo, m])),
      customers: new Map(customers.map((c) => [c.accountNo, c.id])),
    };
  },
  check(v, st) {
    const meterNo = v.meterNo ?? '';
    if (!CODE.test(meterNo)) return MSG.meterNo;
    const customerId = st.customers.get(v.accountNo ?? '');
    if (!customerId) return `户号 ${v.accountNo ?? ''} 不存在`;
    const caliber = int((v.caliber ?? '').replace(/^DN/i, ''));
    if (caliber === undefined || !(CALIBERS as readonly number[]).includes(caliber)) return MSG.caliber;
    const meterType = codeNamed<MeterType>(METER_TYPES, v.meterType);
    if (!meterType) return MSG.meterType;
    if ((v.gisCode ?? '').length > 32) return 'GIS水表编码不能超过 32 个字符';
    if (v.installDate && !isDate(v.installDate)) return MSG.date;
    const status = statusOf(METER_STATUS, v.status) ?? (v.status ? null : 1);
    if (status === null) return MSG.status;
    const row = {
      meterNo,
      customerId,
      caliber,
      meterType,
      gisCode: v.gisCode ?? null,
      installDate: v.installDate ?? null,
      status,
    };
    return upsertPlan(meterNo, row, st.meters.get(meterNo));
  },
  apply: (tx, tenantId, writes, userId, step) => applyUpserts(tx, tenantId, waterMeter, writes, userId, step),
};

// ------------------------------------------------------------------------------------------------ reads

type ReadKey = 'meterNo' | 'readTime' | 'reading' | 'replacement' | 'remark';
interface ReadWrite {
  id?: string;
  meterId: string;
  readTime: Date;
  reading: number;
  replacement: number;
  remark: string | null;
}
interface ReadState {
  meters: Map<string, string>;
  /** meter id → its reads sorted by time (the stored ones, then the file's checked rows) */
  chains: Map<string, ChainRead[]>;
  stored: Map<string, { id: string; reading: number; replacement: number; remark: string | null }>;
}

export const readingImport: XlsxImportSpec<ReadKey, ReadWrite, ReadState> = {
  kind: 'meter-reading',
  sheet: '抄表记录',
  columns: [
    { header: '表号', key: 'meterNo', width: 14 },
    { header: '抄表时间', key: 'readTime', width: 20 },
    { header: '读数(m³)', key: 'reading', width: 12 },
    { header: '换表', key: 'replacement', width: 8 },
    { header: '备注', key: 'remark', width: 24 },
  ],
  required: ['meterNo', 'readTime', 'reading'],
  maxRows: 100_000,
  help: [
    ['表号', '水表档案中已有的表号'],
    ['抄表时间', 'YYYY-MM-DD HH:mm[:ss] 或 YYYY-MM-DD（按水司所在时区），不能晚于当前时间'],
    ['读数(m³)', '表盘读数；用水量由系统按上次读数计算'],
    ['换表', '1 表示新换水表，读数重新起算（可低于上次读数）；留空为 0'],
  ],
  keyOf: (v) => (v.meterNo ? `${v.meterNo}@${v.readTime ?? ''}` : null),
  async load(db, tenantId) {
    const s = scoped(db, tenantId);
    const meters = await db
      .select({ id: waterMeter.id, meterNo: waterMeter.meterNo })
      .from(waterMeter)
      .where(s.where(waterMeter, eq(waterMeter.isDeleted, 0)));
    const reads = await db
      .select({
        id: meterReading.id,
        meterId: meterReading.meterId,
        t: meterReading.readTime,
        reading: meterReading.reading,
        replacement: meterReading.replacement,
        remark: meterReading.remark,
      })
      .from(meterReading)
      .where(s.where(meterReading, eq(meterReading.isDeleted, 0)))
      .orderBy(meterReading.meterId, meterReading.readTime);
    const chains = new Map<string, ChainRead[]>();
    const stored: ReadState['stored'] = new Map();
    for (const r of reads) {
      const time = new Date(r.t).getTime();
      const c = chains.get(r.meterId) ?? [];
      c.push({ time, reading: Number(r.reading), replacement: r.replacement === 1 });
      chains.set(r.meterId, c);
      stored.set(`${r.meterId}@${time}`, {
        id: r.id,
        reading: Number(r.reading),
        replacement: r.replacement,
        remark: r.remark,
      });
    }
    return { meters: new Map(meters.map((m) => [m.meterNo, m.id])), chains, stored };
  },
  check(v, st) {
    const meterId = st.meters.get(v.meterNo ?? '');
    if (!meterId) return `表号 ${v.meterNo ?? ''} 不存在`;
    const t = parseDateTime(v.readTime ?? '');
    if (!t) return MSG.readTime;
    if (t.getTime() > Date.now() + 60_000) return MSG.future;
    const reading = Number(v.reading);
    if (!/^\s*\d+(\.\d+)?\s*$/.test(v.reading ?? '') || reading > 99_999_999) return MSG.reading;
    const rep = v.replacement ? ['1', '是', 'y', 'yes', 'true'].includes(v.replacement.trim().toLowerCase()) : false;
    if (v.replacement && !rep && !['0', '否', 'n', 'no', 'false'].includes(v.replacement.trim().toLowerCase()))
      return '换表应为 1 或 0';
    if ((v.remark ?? '').length > 255) return '备注不能超过 255 个字符';
    const r: ChainRead = { time: t.getTime(), reading: Math.round(reading * 100) / 100, replacement: rep };
    const chain = st.chains.get(meterId) ?? [];
    const why = checkInChain(chain, r);
    if (why) return why;
    placeInChain(chain, r);
    st.chains.set(meterId, chain);
    const key = `${v.meterNo}@${formatDateTime(t)}`;
    const write: ReadWrite = {
      meterId,
      readTime: t,
      reading: r.reading,
      replacement: rep ? 1 : 0,
      remark: v.remark ?? null,
    };
    const old = st.stored.get(`${meterId}@${r.time}`);
    if (!old) return { key, action: 'insert', write };
    const unchanged = unchangedFrom(old, { reading: r.reading, replacement: write.replacement, remark: write.remark });
    return { key, action: unchanged ? 'unchanged' : 'update', write: { ...write, id: old.id } };
  },
  async apply(tx, tenantId, writes, userId, step) {
    await applyUpserts(tx, tenantId, meterReading, writes, userId, step, {
      batch: 2000,
      set: (w) => ({ reading: w.reading, replacement: w.replacement, remark: w.remark }),
    });
    // consumption, previous read and each meter's last read, checked once more against concurrent writes
    const ids = [...new Set(writes.map((w) => w.meterId))];
    for (let i = 0; i < ids.length; i += 5000) await relinkReads(tx, tenantId, ids.slice(i, i + 5000));
  },
};
