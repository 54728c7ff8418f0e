/**
 * The register's rules and the three resources (`/swp-customer/customer`, `/swp-customer/meter`,
 * `/swp-customer/reading`). The rules are plain functions the imports (import.ts) share with the forms:
 * a customer's type and water category, a meter's caliber and type, and the read chain of a meter — each read's
 * consumption is its reading less the previous read's (a replacement read starts again: consumption = reading), a
 * lower reading than the previous one is refused unless flagged as a replacement. `relinkReads` recomputes the
 * chain of the meters a write touched in one statement and refuses a chain that would go backwards.
 */
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { codeList } from '../../core/code-list.ts';
import { badRequest } from '../../core/envelope.ts';
import { firstLiveRef } from '../../core/live-row.ts';
import { buttonGrants, defineResource, type Row, type Tx } from '../../core/resource.ts';
import { scoped, tenantSql } from '../../core/scoped.ts';
import { formatDateTime, parseDateTime } from '../../core/time.ts';
import type { Db } from '../../db/connection.ts';
import { WATER_CATEGORY } from '../billing/index.ts';
import { customer, meterReading, waterMeter } from './schema.ts';

export const CUSTOMER_TYPES = {
  residential: { name: '居民', nameEn: 'Residential', category: 1 },
  commercial: { name: '商业', nameEn: 'Commercial', category: 2 },
  industrial: { name: '工业', nameEn: 'Industrial', category: 2 },
  public: { name: '公共', nameEn: 'Public', category: 2 },
} as const;
export type CustomerType = keyof typeof CUSTOMER_TYPES;
export const METER_TYPES = {
  mechanical: { name: '机械表', nameEn: 'Mechanical' },
  smart: { name: '智能表', nameEn: 'Smart' },
  ultrasonic: { name: '超声波表', nameEn: 'Ultrasonic' },
} as const;
export type MeterType = keyof typeof METER_TYPES;
/** DN of customer meters (GB/T 778) */
export const CALIBERS = [15, 20, 25, 32, 40, 50, 65, 80, 100, 150, 200, 250, 300] as const;
export const CUSTOMER_STATUS: Record<number, string> = { 1: '正常', 2: '暂停', 0: '销户' };
export const METER_STATUS: Record<number, string> = { 1: '在用', 2: '停用', 0: '拆除' };

export const MSG = {
  accountNo: '户号只能包含字母、数字、下划线和短横线，最长 32 位',
  name: '请输入用户名称',
  customerType: `用户类型无效 (${Object.keys(CUSTOMER_TYPES).join(' ')})`,
  waterCategory: `用水类别无效 (${codeList(WATER_CATEGORY, ', ')})`,
  phone: '联系电话格式不正确',
  duplicateAccount: '户号已存在',
  meterNo: '表号只能包含字母、数字、下划线和短横线，最长 32 位',
  duplicateMeter: '表号已存在',
  caliber: `口径无效 (DN ${CALIBERS.join(' ')})`,
  meterType: `水表类型无效 (${Object.keys(METER_TYPES).join(' ')})`,
  noCustomer: '用户不存在',
  noMeter: '水表不存在',
  date: '日期格式应为 YYYY-MM-DD',
  readTime: '抄表时间格式应为 YYYY-MM-DD HH:mm[:ss]',
  future: '抄表时间不能晚于当前时间',
  reading: '读数必须是 0 到 99999999 之间的数',
  lower: (prev: number, at: string) => `读数低于上次读数 ${prev} m³ (${at})，如为换表请勾选换表`,
  duplicateRead: '该水表在此时间已有抄表记录',
  status: '状态无效',
} as const;

const CODE = /^[A-Za-z0-9_-]{1,32}$/;
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const num = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blank(v));
const optText = (max: number, label: string) =>
  z.preprocess(blank, z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).nullish());
/** An optional code of `codes` (a number or its text); `msg` refuses another number, `error` (if any) a non-number. */
const optCode = (codes: Record<number, unknown>, msg: string, error?: string) =>
  z.preprocess(
    num,
    z
      .number(error === undefined ? undefined : { error })
      .refine((n) => codes[n] !== undefined, msg)
      .optional(),
  );
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const isDate = (s: string) => {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};
export const isPhone = (s: string) => /^[0-9+\-() ]{5,32}$/.test(s);

// ------------------------------------------------------------------------------------------------ customers

export const customerResource = defineResource({
  code: 'customer',
  base: '/swp-customer/customer',
  table: customer,
  grant: buttonGrants('customer_info', ['customer_info', 'customer_meter', 'customer_reading'], {
    pick: ['customer_info', 'customer_meter', 'customer_reading'],
  }),
  routes: ['list', 'page', 'detail', 'submit', 'remove', 'select'],
  input: {
    accountNo: z.preprocess(blank, z.string({ error: '请输入户号' }).trim().regex(CODE, MSG.accountNo)),
    customerName: z.preprocess(blank, z.string({ error: MSG.name }).trim().min(1, MSG.name).max(100)),
    address: optText(255, '地址'),
    phone: z.preprocess(blank, z.string().trim().refine(isPhone, MSG.phone).nullish()),
    customerType: z.enum(Object.keys(CUSTOMER_TYPES) as [CustomerType, ...CustomerType[]], {
      error: MSG.customerType,
    }),
    waterCategory: optCode(WATER_CATEGORY, MSG.waterCategory, MSG.waterCategory),
    dmaCode: optText(32, '所属分区'),
    status: optCode(CUSTOMER_STATUS, MSG.status),
    remark: optText(255, '备注'),
  },
  unique: [{ fields: ['accountNo'], message: MSG.duplicateAccount }],
  order: (cols) => [asc(cols.get('accountNo')!)],
  params: ['keyword'],
  hooks: {
    where(q) {
      const k = typeof q.keyword === 'string' ? q.keyword.trim() : '';
      if (!k) return undefined;
      const like = `%${k}%`;
      return sql`(${customer.accountNo} ilike ${like} or ${customer.customerName} ilike ${like} or ${customer.address} ilike ${like})`;
    },
    beforeSave(data, h) {
      if (data.waterCategory === undefined && h.isNew)
        data.waterCategory = CUSTOMER_TYPES[data.customerType as CustomerType].category;
    },
    async beforeRemove(rows, h) {
      const ids = rows.map((r) => String(r.id));
      const m = await firstLiveRef(h.tx, waterMeter, waterMeter.customerId, ids, { meterNo: waterMeter.meterNo });
      if (m) throw badRequest(`用户下还有水表 ${m.meterNo}，请先删除或转移水表`);
    },
    decorate(rows) {
      return rows.map((r) => ({
        ...r,
        customerTypeName: CUSTOMER_TYPES[r.customerType as CustomerType]?.name ?? r.customerType,
        waterCategoryName: WATER_CATEGORY[r.waterCategory] ?? '',
        statusName: CUSTOMER_STATUS[r.status] ?? '',
      }));
    },
  },
});

// ------------------------------------------------------------------------------------------------ meters

async function namesOf(db: Db, tenantId: string, table: 'customer' | 'meter', ids: string[]) {
  const out = new Map<string, { code: string; name?: string }>();
  const list = [...new Set(ids.filter(Boolean))];
  if (!list.length) return out;
  const s = scoped(db, tenantId);
  if (table === 'customer') {
    for (const r of await s.select(customer, inArray(customer.id, list)))
      out.set(r.id, { code: r.accountNo, name: r.customerName });
  } else {
    for (const r of await s.select(waterMeter, inArray(waterMeter.id, list))) out.set(r.id, { code: r.meterNo });
  }
  return out;
}

export const meterResource = defineResource({
  code: 'water_meter',
  base: '/swp-customer/meter',
  table: waterMeter,
  grant: buttonGrants('customer_meter', ['customer_meter', 'customer_reading', 'customer_info'], {
    pick: ['customer_meter', 'customer_reading'],
  }),
  routes: ['list', 'page', 'detail', 'submit', 'remove', 'select'],
  input: {
    meterNo: z.preprocess(blank, z.string({ error: '请输入表号' }).trim().regex(CODE, MSG.meterNo)),
    customerId: z.preprocess(
      blank,
      z.union([z.string().regex(/^\d{1,19}$/, MSG.noCustomer), z.number().int()], { error: '请选择用户' }),
    ),
    caliber: z.preprocess(
      num,
      z.number({ error: MSG.caliber }).refine((n) => (CALIBERS as readonly number[]).includes(n), MSG.caliber),
    ),
    meterType: z.enum(Object.keys(METER_TYPES) as [MeterType, ...MeterType[]], { error: MSG.meterType }),
    gisCode: optText(32, 'GIS 水表编码'),
    installDate: z.preprocess(blank, z.string().trim().refine(isDate, MSG.date).nullish()),
    status: optCode(METER_STATUS, MSG.status),
    remark: optText(255, '备注'),
  },
  unique: [{ fields: ['meterNo'], message: MSG.duplicateMeter }],
  order: (cols) => [asc(cols.get('meterNo')!)],
  params: ['keyword'],
  hidden: [],
  hooks: {
    // the subqueries name the tenant as a value, not the outer row's column: a correlated one ran once per row
    // (36,000 reads × a scan of the meters on PostgreSQL)
    where(q, req) {
      const k = typeof q.keyword === 'string' ? q.keyword.trim() : '';
      if (!k) return undefined;
      const like = `%${k}%`;
      return sql`(${waterMeter.meterNo} ilike ${like} or ${waterMeter.gisCode} ilike ${like} or ${waterMeter.customerId} in (select id from swp_customer c where ${tenantSql(customer, req.tenantId, 'c')} and c.is_deleted = 0 and (c.account_no ilike ${like} or c.customer_name ilike ${like})))`;
    },
    async beforeSave(data, h) {
      if (data.customerId !== undefined) {
        const c = await scoped(h.tx, h.req.tenantId).first(
          customer,
          eq(customer.id, String(data.customerId)),
          eq(customer.isDeleted, 0),
        );
        if (!c) throw badRequest(MSG.noCustomer);
        data.customerId = c.id;
      }
    },
    async beforeRemove(rows, h) {
      await scoped(h.tx, h.req.tenantId).update(
        meterReading,
        { isDeleted: 1 },
        inArray(
          meterReading.meterId,
          rows.map((r) => String(r.id)),
        ),
      );
    },
    async decorate(rows, req, ctx) {
      const names = await namesOf(
        ctx.db,
        req.tenantId,
        'customer',
        rows.map((r) => r.customerId),
      );
      return rows.map((r) => ({
        ...r,
        accountNo: names.get(r.customerId)?.code ?? '',
        customerName: names.get(r.customerId)?.name ?? '',
        meterTypeName: METER_TYPES[r.meterType as MeterType]?.name ?? r.meterType,
        statusName: METER_STATUS[r.status] ?? '',
        lastReadTime: r.lastReadTime ? formatDateTime(new Date(r.lastReadTime)) : null,
      }));
    },
  },
});

// ------------------------------------------------------------------------------------------------ reads

export interface ChainRead {
  time: number;
  reading: number;
  replacement: boolean;
}

/**
 * Where a read would sit in a meter's chain (sorted by time): the reason it is refused, or null. The previous read
 * must not be higher (unless this read is a replacement), the next must not be lower (unless it is one).
 */
export function checkInChain(chain: ChainRead[], r: ChainRead): string | null {
  let i = 0;
  while (i < chain.length && chain[i].time < r.time) i++;
  const prev = chain[i - 1];
  const next = chain[i]?.time === r.time ? chain[i + 1] : chain[i];
  if (prev && !r.replacement && r.reading < prev.reading)
    return MSG.lower(prev.reading, formatDateTime(new Date(prev.time)));
  if (next && !next.replacement && next.reading < r.reading)
    return `读数高于之后 ${formatDateTime(new Date(next.time))} 的读数 ${next.reading} m³`;
  return null;
}

/** Puts a read into a sorted chain (replacing one at the same time). */
export function placeInChain(chain: ChainRead[], r: ChainRead) {
  let i = 0;
  while (i < chain.length && chain[i].time < r.time) i++;
  if (chain[i]?.time === r.time) chain[i] = r;
  else chain.splice(i, 0, r);
}

/**
 * Recomputes consumption and previous read time of every read of the meters, and each meter's last read. Refuses
 * (400, the transaction rolls back) when a read lies below its predecessor without being a replacement.
 */
export async function relinkReads(tx: Tx | Db, tenantId: string, meterIds: string[]) {
  if (!meterIds.length) return;
  const ids = sql.join(
    [...new Set(meterIds)].map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const bad = await tx.execute<{ meter_no: string; read_time: string; reading: number; prev: number }>(sql`
    select m.meter_no, to_char(c.read_time, 'YYYY-MM-DD HH24:MI:SS') as read_time, c.reading::float8 as reading,
           c.prev::float8 as prev
    from (select meter_id, read_time, reading, replacement,
                 lag(reading) over (partition by meter_id order by read_time) as prev
          from swp_meter_reading where ${tenantSql(meterReading, tenantId)} and is_deleted = 0 and meter_id in (${ids})) c
    join swp_water_meter m on m.id = c.meter_id
    where c.replacement = 0 and c.reading < c.prev limit 1`);
  const b = bad.rows[0];
  if (b)
    throw badRequest(
      `水表 ${b.meter_no} 在 ${b.read_time} 的读数 ${b.reading} m³ 低于上次读数 ${b.prev} m³，如为换表请勾选换表`,
    );
  await tx.execute(sql`
    with c as (
      select id, reading, replacement,
             lag(reading) over w as prev, lag(read_time) over w as prev_time
      from swp_meter_reading where ${tenantSql(meterReading, tenantId)} and is_deleted = 0 and meter_id in (${ids})
      window w as (partition by meter_id order by read_time))
    update swp_meter_reading r
       set consumption = case when c.replacement = 1 then c.reading when c.prev is null then null
                              else c.reading - c.prev end,
           prev_read_time = c.prev_time
      from c
     where r.id = c.id
       and (r.consumption is distinct from (case when c.replacement = 1 then c.reading when c.prev is null then null
                                                 else c.reading - c.prev end)
            or r.prev_read_time is distinct from c.prev_time)`);
  await tx.execute(sql`
    update swp_water_meter m
       set last_read_time = l.read_time, last_reading = l.reading
      from (select m2.id, (select r.read_time from swp_meter_reading r where r.meter_id = m2.id and r.is_deleted = 0
                            order by r.read_time desc limit 1) as read_time,
                          (select r.reading from swp_meter_reading r where r.meter_id = m2.id and r.is_deleted = 0
                            order by r.read_time desc limit 1) as reading
              from swp_water_meter m2 where ${tenantSql(waterMeter, tenantId, 'm2')} and m2.id in (${ids})) l
     where m.id = l.id
       and (m.last_read_time is distinct from l.read_time or m.last_reading is distinct from l.reading)`);
}

const readTimeInput = z.preprocess(
  (v) => (typeof v === 'string' ? (parseDateTime(v) ?? v) : v),
  z.date({ error: MSG.readTime }).refine((d) => d.getTime() <= Date.now() + 60_000, MSG.future),
);

export const readingResource = defineResource({
  code: 'meter_reading',
  base: '/swp-customer/reading',
  table: meterReading,
  grant: buttonGrants('customer_reading', ['customer_reading', 'customer_meter']),
  routes: ['list', 'page', 'detail', 'submit', 'remove'],
  input: {
    meterId: z.preprocess(
      blank,
      z.union([z.string().regex(/^\d{1,19}$/, MSG.noMeter), z.number().int()], { error: '请选择水表' }),
    ),
    readTime: readTimeInput,
    reading: z.preprocess(
      num,
      z.number({ error: MSG.reading }).refine((n) => Number.isFinite(n) && n >= 0 && n <= 99_999_999, MSG.reading),
    ),
    replacement: z.preprocess(
      (v) => (v === true ? 1 : v === false ? 0 : num(v)),
      z
        .number()
        .refine((n) => n === 0 || n === 1, '换表标记应为 0 或 1')
        .optional(),
    ),
    remark: optText(255, '备注'),
  },
  unique: [{ fields: ['meterId', 'readTime'], message: MSG.duplicateRead }],
  order: (cols) => [desc(cols.get('readTime')!), desc(cols.get('id')!)],
  params: ['keyword', 'meterNo'],
  hooks: {
    where(q, req) {
      const conds: SQL[] = [];
      const k = typeof q.keyword === 'string' ? q.keyword.trim() : '';
      const no = typeof q.meterNo === 'string' ? q.meterNo.trim() : '';
      if (k || no)
        conds.push(
          sql`${meterReading.meterId} in (select id from swp_water_meter m where ${tenantSql(waterMeter, req.tenantId, 'm')} and m.is_deleted = 0 and m.meter_no ilike ${`%${k || no}%`})`,
        );
      return conds.length ? and(...conds) : undefined;
    },
    async beforeSave(data, h) {
      const row: Row = { ...h.existing, ...data };
      const m = await scoped(h.tx, h.req.tenantId).first(
        waterMeter,
        eq(waterMeter.id, String(row.meterId)),
        eq(waterMeter.isDeleted, 0),
      );
      if (!m) throw badRequest(MSG.noMeter);
      if (h.existing && String(h.existing.meterId) !== m.id) throw badRequest('抄表记录的水表不能修改');
      data.meterId = m.id;
      // a clear message before the chain check of relinkReads (which guards every write)
      const chain = (
        await h.tx
          .select({
            id: meterReading.id,
            t: meterReading.readTime,
            r: meterReading.reading,
            x: meterReading.replacement,
          })
          .from(meterReading)
          .where(and(eq(meterReading.meterId, m.id), eq(meterReading.isDeleted, 0)))
          .orderBy(asc(meterReading.readTime))
      )
        .filter((c) => !h.existing || c.id !== String(h.existing.id))
        .map((c) => ({ time: new Date(c.t).getTime(), reading: Number(c.r), replacement: c.x === 1 }));
      const why = checkInChain(chain, {
        time: new Date(row.readTime).getTime(),
        reading: Number(row.reading),
        replacement: Number(row.replacement ?? 0) === 1,
      });
      if (why) throw badRequest(why);
    },
    async afterSave(row, h) {
      const ids = [String(row.meterId)];
      if (h.existing && String(h.existing.meterId) !== String(row.meterId)) ids.push(String(h.existing.meterId));
      await relinkReads(h.tx, h.req.tenantId, ids);
    },
    async afterRemove(rows, h) {
      await relinkReads(
        h.tx,
        h.req.tenantId,
        rows.map((r) => String(r.meterId)),
      );
    },
    async decorate(rows, req, ctx) {
      const meters = await namesOf(
        ctx.db,
        req.tenantId,
        'meter',
        rows.map((r) => r.meterId),
      );
      return rows.map((r) => ({ ...r, meterNo: meters.get(r.meterId)?.code ?? '' }));
    },
  },
});

/**
 * GIS meter feature code → average consumption over the last three months of reads, in L/s (the meters standing at
 * one feature add up). A read's consumption covers (prevReadTime, readTime]; the average divides the reads' volume
 * in the window by the time they cover. Meters without two reads in the window are left out.
 */
export async function meterConsumption(db: Db, tenantId: string, now = new Date()): Promise<Map<string, number>> {
  const since = new Date(now.getTime());
  since.setMonth(since.getMonth() - 3);
  const r = await db.execute<{ gis_code: string; lps: number }>(sql`
    select gis_code, sum(lps)::float8 as lps from (
      select m.gis_code,
             sum(r.consumption) * 1000 / nullif(extract(epoch from max(r.read_time) - min(r.prev_read_time)), 0) as lps
        from swp_meter_reading r join swp_water_meter m on m.id = r.meter_id
       where ${tenantSql(meterReading, tenantId, 'r')} and ${tenantSql(waterMeter, tenantId, 'm')} and r.is_deleted = 0 and m.is_deleted = 0
         and m.gis_code is not null and r.consumption is not null and r.prev_read_time is not null
         and r.read_time > ${since} and r.read_time <= ${now}
       group by m.id, m.gis_code) x
    where lps is not null group by gis_code`);
  return new Map(r.rows.map((x) => [x.gis_code, Number(x.lps)]));
}
