/**
 * The register's menus (营业收费 › 用户管理 › 用户档案 / 水表档案 / 抄表记录, each with add, edit, delete, view and
 * import buttons) and the demo utility's customers: one account per building or large user at every customer meter
 * feature of the demo GIS (kind `meter`, subtype `user`), one meter each standing at that feature, and a year of
 * monthly reads. Written once, while the tenant has no customer at all (removed ones included), in bulk inserts.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { tenantHasRows, tenantSql } from '../../core/scoped.ts';
import { gisNode } from '../gis/index.ts';
import { ensureMenus, type MenuItem } from '../system/index.ts';
import type { CustomerType, MeterType } from './register.ts';
import { customer, meterReading, waterMeter } from './schema.ts';

const TENANT = '000000';
const SEED_LOCK = 7_261_118;

type Op = [op: string, name: string, icon: string, sort: number, action: 0 | 1 | 2, roles?: string[]];
const buttons = (code: string, path: string, extra: { roles?: Partial<Record<string, string[]>> } = {}) => {
  const ops: Op[] = [
    ['add', '新增', 'PlusOutlined', 1, 0],
    ['edit', '修改', 'EditOutlined', 2, 2],
    ['delete', '删除', 'DeleteOutlined', 3, 0],
    ['view', '查看', 'EyeOutlined', 4, 1],
    ['import', '导入', 'ImportOutlined', 5, 0],
  ];
  return ops.map(([op, name, icon, sort, action]) => ({
    code: `${code}_${op}`,
    name,
    i18n: op === 'import' ? 'button.customer.import' : `button.${op}`,
    alias: op,
    path: `${path}/${op}`,
    source: icon,
    sort,
    category: 2 as const,
    action,
    roles: extra.roles?.[op] ?? (op === 'view' ? undefined : []),
  }));
};

export const CUSTOMER_MENUS: MenuItem[] = [
  {
    code: 'customer',
    name: '用户管理',
    i18n: 'menu.customer.index',
    path: '/customer',
    source: 'TeamOutlined',
    sort: 2,
    topMenuCodes: ['billing'],
    roles: ['operator', 'auditor'],
    children: [
      {
        code: 'customer_info',
        name: '用户档案',
        i18n: 'menu.customer.info',
        path: '/customer/info',
        source: 'IdcardOutlined',
        sort: 1,
        children: buttons('customer_info', '/customer/info'),
      },
      {
        code: 'customer_meter',
        name: '水表档案',
        i18n: 'menu.customer.meter',
        path: '/customer/meter',
        source: 'DashboardOutlined',
        sort: 2,
        children: buttons('customer_meter', '/customer/meter'),
      },
      {
        code: 'customer_reading',
        name: '抄表记录',
        i18n: 'menu.customer.reading',
        path: '/customer/reading',
        source: 'FormOutlined',
        sort: 3,
        // meter readers are field staff: the patrol role enters reads
        roles: ['operator', 'auditor', 'patrol'],
        children: buttons('customer_reading', '/customer/reading', {
          roles: { add: ['patrol'], edit: ['patrol'] },
        }),
      },
    ],
  },
];

function hash01(s: string, k: number) {
  let h = 2166136261 ^ k;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return ((h >>> 0) % 100_000) / 100_000;
}

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '林',
];
const CRITICAL_TYPE: Record<string, CustomerType> = { hospital: 'public', school: 'public', welfare: 'public' };
/** litres per household per day (Hefei residential use, about 0.35 m³ a day for 2.8 people) */
const HOUSEHOLD_L_PER_DAY = 350;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

type Feature = {
  dno: string;
  name: string | null;
  customer_count: number | null;
  critical_type: string | null;
  dma_code: string | null;
  address: string | null;
};

type Plan = { account: string; feature: Feature; households: number; type: CustomerType };

function planAccounts(features: Feature[], tenantId: string) {
  // accounts: a large user is one account; a community meter stands for its buildings (about 60 households each)
  const customers: (typeof customer.$inferInsert)[] = [];
  const plan: Plan[] = [];
  let seq = 0;
  for (const f of features) {
    const households = Math.max(1, f.customer_count ?? 1);
    const crit = f.critical_type;
    const n = crit ? 1 : Math.min(6, Math.max(1, Math.round(households / 60)));
    for (let i = 0; i < n; i++) {
      seq++;
      const account = `HF${pad(seq, 7)}`;
      const r = hash01(account, 1);
      const type: CustomerType = crit
        ? (CRITICAL_TYPE[crit] ?? 'public')
        : r < 0.82
          ? 'residential'
          : r < 0.95
            ? 'commercial'
            : 'industrial';
      const name = crit
        ? (f.name ?? account)
        : type === 'residential'
          ? `${f.name ?? '小区'}${i + 1}栋`
          : `${SURNAMES[Math.floor(hash01(account, 2) * SURNAMES.length)]}记${type === 'commercial' ? '商行' : '加工厂'}`;
      customers.push({
        tenantId,
        accountNo: account,
        customerName: name.slice(0, 100),
        address: f.address ? `${f.address}${type === 'residential' ? `${f.name ?? ''}${i + 1}栋` : ''}` : null,
        phone: `1${3 + Math.floor(hash01(account, 3) * 6)}${pad(Math.floor(hash01(account, 4) * 1e9), 9)}`,
        customerType: type,
        waterCategory: type === 'residential' ? 1 : 2,
        dmaCode: f.dma_code,
        status: hash01(account, 5) < 0.01 ? 2 : 1,
      });
      plan.push({ account, feature: f, households: crit ? 400 : Math.max(1, Math.round(households / n)), type });
    }
  }
  return { customers, plan };
}

function planMeters(plan: Plan[], ids: Map<string, string>, tenantId: string, now: Date) {
  // one meter each; a year of monthly reads on the account's reading day, 09:00
  const meters: (typeof waterMeter.$inferInsert)[] = [];
  const reads: { meterNo: string; time: Date; reading: number; consumption: number | null; prev: Date | null }[] = [];
  for (const p of plan) {
    const meterNo = `SB${p.account.slice(2)}`;
    const big = p.type !== 'residential';
    const meterType: MeterType =
      p.feature.critical_type || p.households > 300 ? 'ultrasonic' : hash01(meterNo, 1) < 0.5 ? 'smart' : 'mechanical';
    const caliber = p.feature.critical_type ? 150 : big ? 50 : p.households > 100 ? 100 : 80;
    const day = 1 + Math.floor(hash01(meterNo, 2) * 27);
    const lPerDay = big
      ? p.feature.critical_type
        ? 250_000
        : 2_000 + hash01(meterNo, 3) * 20_000
      : p.households * HOUSEHOLD_L_PER_DAY;
    let reading = Math.round(hash01(meterNo, 4) * 50_000);
    let prev: Date | null = null;
    let last: { time: Date; reading: number } | null = null;
    for (let k = 12; k >= 0; k--) {
      const t = new Date(now.getFullYear(), now.getMonth() - k, day, 9, 0, 0);
      if (t.getTime() > now.getTime()) continue;
      let consumption: number | null = null;
      if (prev) {
        const days = (t.getTime() - prev.getTime()) / 86_400_000;
        // summer months use about a fifth more
        const season = 1 + 0.2 * Math.sin(((t.getMonth() - 3) / 12) * 2 * Math.PI);
        consumption = Math.round((lPerDay / 1000) * days * season * (0.9 + 0.2 * hash01(meterNo, 10 + k)));
        reading += consumption;
      }
      reads.push({ meterNo, time: t, reading, consumption, prev });
      prev = t;
      last = { time: t, reading };
    }
    meters.push({
      tenantId,
      meterNo,
      customerId: ids.get(p.account) as string,
      caliber,
      meterType,
      gisCode: p.feature.dno,
      installDate: `${now.getFullYear() - 1 - Math.floor(hash01(meterNo, 5) * 8)}-${pad(1 + Math.floor(hash01(meterNo, 6) * 12))}-${pad(day)}`,
      lastReadTime: last?.time ?? null,
      lastReading: last?.reading ?? null,
    });
  }
  return { meters, reads };
}

/** Inserts the rows a thousand at a time; the new ids by the key each insert returns. */
async function insertKeyed<R>(rows: R[], insert: (chunk: R[]) => Promise<{ id: string; key: string }[]>) {
  const ids = new Map<string, string>();
  for (let i = 0; i < rows.length; i += 1000)
    for (const r of await insert(rows.slice(i, i + 1000))) ids.set(r.key, r.id);
  return ids;
}

export async function seedCustomers(ctx: AppContext, tenantId = TENANT, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await tenantHasRows(tx, customer, tenantId)) return;
    const features = (
      await tx.execute<Feature>(sql`
        select dno, name, customer_count, critical_type, dma_code, address from swp_gis_node
         where ${tenantSql(gisNode, tenantId)} and kind = 'meter' and subtype = 'user' and is_deleted = 0 order by gid`)
    ).rows;
    if (!features.length) return;

    const { customers, plan } = planAccounts(features, tenantId);
    const ids = await insertKeyed(customers, (rows) =>
      tx.insert(customer).values(rows).returning({ id: customer.id, key: customer.accountNo }),
    );

    const { meters, reads } = planMeters(plan, ids, tenantId, now);
    const meterIds = await insertKeyed(meters, (rows) =>
      tx.insert(waterMeter).values(rows).returning({ id: waterMeter.id, key: waterMeter.meterNo }),
    );
    for (let i = 0; i < reads.length; i += 2000) {
      await tx.insert(meterReading).values(
        reads.slice(i, i + 2000).map((r) => ({
          tenantId,
          meterId: meterIds.get(r.meterNo) as string,
          readTime: r.time,
          reading: r.reading,
          consumption: r.consumption,
          prevReadTime: r.prev,
        })),
      );
    }
  });
}

export async function seedCustomer(ctx: AppContext) {
  await ensureMenus(ctx, CUSTOMER_MENUS);
  await seedCustomers(ctx);
}
