/**
 * The device screen's menu (物联网 › 设备中心 › 设备管理, with its buttons) and the demo utility's devices: valves
 * on the pressure points and DMA inlets, water-quality analysers, pumps and cameras, each linked to its monitoring
 * station, with rules (most running). At first start the running rules are replayed over the last days of stored
 * readings, so the alarm history is what the rules really find in the data; alarms older than a day are closed
 * by the duty operator with what was found on site.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { inTenant, tenantColumnSql, tenantSql } from '../../core/scoped.ts';
import { closeSeeded, openRuleAlarmsBefore } from '../alarm/index.ts';
import { gisNode } from '../gis/index.ts';
import { resolveStation, toEpsg4548 } from '../monitor/index.ts';
import { ensureMenus, type MenuItem, user as userTable } from '../system/index.ts';
import { judgeRule } from './engine.ts';
import { deviceBase, deviceRule, type RuleItem } from './schema.ts';

const TENANT = '000000';
const DAY = 86_400_000;

type Op = [code: string, name: string, alias: string, icon: string, sort: number, action: 0 | 1 | 2, roles?: string[]];
const BUTTONS: Op[] = [
  ['add', '新增', 'add', 'PlusOutlined', 1, 0, []],
  ['edit', '修改', 'edit', 'EditOutlined', 2, 1, []],
  ['delete', '删除', 'delete', 'DeleteOutlined', 3, 0, []],
  ['view', '查看', 'view', 'EyeOutlined', 4, 1],
  ['rule', '保存规则', 'rule', 'SettingOutlined', 5, 1, ['operator']],
  ['run', '运行/停止规则', 'run', 'PlayCircleOutlined', 6, 1, ['operator']],
  ['report', '上报次数', 'report', 'NumberOutlined', 7, 1, ['operator']],
  // device secrets (modules/iot): the tenant's administrator only
  ['credential', '设备密钥', 'credential', 'KeyOutlined', 8, 1, []],
  // devices from xlsx (import.ts): administrators
  ['import', '导入', 'import', 'ImportOutlined', 9, 0, []],
];

export const DEVICE_MENUS: MenuItem[] = [
  {
    code: 'iot_device',
    name: '设备中心',
    i18n: 'menu.device.index',
    path: '/device',
    source: 'ApiOutlined',
    sort: 1,
    topMenuCodes: ['iot'],
    roles: ['operator', 'auditor', 'patrol'],
    children: [
      {
        code: 'device_base',
        name: '设备管理',
        i18n: 'menu.device.base',
        path: '/device/base',
        source: 'ClusterOutlined',
        sort: 1,
        children: BUTTONS.map(([op, name, alias, icon, sort, action, roles]) => ({
          code: `device_base_${op}`,
          name,
          i18n: `button.device.${alias}`,
          alias,
          path: `/device/base/${alias}`,
          source: icon,
          sort,
          category: 2 as const,
          action,
          ...(roles ? { roles } : {}),
        })),
      },
    ],
  },
];

interface DeviceSeed {
  code: string;
  name: string;
  type: 'valve' | 'waterQuality' | 'pump' | 'video';
  stcd?: string;
  model: string;
  manufacturer: string;
  installDate: string;
  /** offset from the station, metres east and north */
  dx?: number;
  dy?: number;
  lgtd?: number;
  lttd?: number;
  address?: string;
  dmaCode?: string;
  featureLayer?: string;
  reportNum?: number;
  rule?: { items: RuleItem[]; offlineMinutes?: number; alarmLevel: number; running: boolean };
}

const pressureValve = (lower: number): DeviceSeed['rule'] => ({
  items: [{ field: 'pressure', lower, upper: 0.6, ratePerHour: 0.6 }],
  offlineMinutes: 30,
  alarmLevel: 2,
  running: true,
});

export const DEVICE_SEED: DeviceSeed[] = [
  {
    code: 'FM-YL001',
    name: '长江西路DN400电动闸阀',
    type: 'valve',
    stcd: 'YL001',
    model: 'Z945X-16',
    manufacturer: '安徽铜都流体',
    installDate: '2019-05-12',
    dx: 35,
    dy: -20,
    featureLayer: 'valve',
    reportNum: 3,
    rule: pressureValve(0.29),
  },
  {
    code: 'FM-YL002',
    name: '包河大道DN600电动蝶阀',
    type: 'valve',
    stcd: 'YL002',
    model: 'D941X-10',
    manufacturer: '上海冠龙阀门',
    installDate: '2020-09-03',
    dx: -40,
    dy: 25,
    featureLayer: 'valve',
    reportNum: 3,
    rule: pressureValve(0.28),
  },
  {
    code: 'FM-YL003',
    name: '政务区DN300电动闸阀',
    type: 'valve',
    stcd: 'YL003',
    model: 'Z945X-16',
    manufacturer: '安徽铜都流体',
    installDate: '2018-11-20',
    dx: 20,
    dy: 30,
    featureLayer: 'valve',
    reportNum: 3,
    rule: pressureValve(0.29),
  },
  {
    code: 'FM-YL004',
    name: '新站区DN500电动蝶阀',
    type: 'valve',
    stcd: 'YL004',
    model: 'D941X-10',
    manufacturer: '上海冠龙阀门',
    installDate: '2021-04-16',
    dx: -25,
    dy: -35,
    featureLayer: 'valve',
    reportNum: 3,
    rule: { ...pressureValve(0.28)!, running: false },
  },
  {
    code: 'FM-DMA01',
    name: '蜀山DMA01进水电动阀',
    type: 'valve',
    stcd: 'LL001',
    model: 'D941X-16',
    manufacturer: '上海冠龙阀门',
    installDate: '2020-06-30',
    dx: 12,
    dy: 8,
    dmaCode: 'DMA01',
    featureLayer: 'valve',
    reportNum: 3,
    rule: {
      items: [
        { field: 'flow', upper: 1300 },
        { field: 'pressure', lower: 0.3, ratePerHour: 0.6 },
      ],
      offlineMinutes: 30,
      alarmLevel: 3,
      running: true,
    },
  },
  {
    code: 'FM-DMA02',
    name: '瑶海DMA02进水电动阀',
    type: 'valve',
    stcd: 'LL002',
    model: 'D941X-16',
    manufacturer: '上海冠龙阀门',
    installDate: '2020-07-08',
    dx: -10,
    dy: 14,
    dmaCode: 'DMA02',
    featureLayer: 'valve',
    reportNum: 3,
    rule: {
      items: [
        { field: 'flow', upper: 1800 },
        { field: 'pressure', lower: 0.29, ratePerHour: 0.6 },
      ],
      offlineMinutes: 30,
      alarmLevel: 3,
      running: true,
    },
  },
  {
    code: 'FM-DMA03',
    name: '包河DMA03进水电动阀',
    type: 'valve',
    stcd: 'LL003',
    model: 'D941X-16',
    manufacturer: '上海冠龙阀门',
    installDate: '2021-03-22',
    dx: 9,
    dy: -12,
    dmaCode: 'DMA03',
    featureLayer: 'valve',
    reportNum: 3,
    rule: {
      items: [
        { field: 'flow', upper: 1500 },
        { field: 'pressure', lower: 0.3, ratePerHour: 0.6 },
      ],
      offlineMinutes: 30,
      alarmLevel: 3,
      running: true,
    },
  },
  {
    code: 'FM-HS001',
    name: '黄山路DN200手动闸阀',
    type: 'valve',
    model: 'Z45X-16',
    manufacturer: '安徽铜都流体',
    installDate: '2016-08-15',
    lgtd: 117.2052,
    lttd: 31.8493,
    address: '合肥市蜀山区黄山路与肥西路交口',
    featureLayer: 'valve',
    reportNum: 1,
  },
  {
    code: 'SZ-SC001',
    name: '第四水厂出厂水质在线分析仪',
    type: 'waterQuality',
    stcd: 'SZ001',
    model: 'CL17sc',
    manufacturer: '哈希水质分析仪器',
    installDate: '2019-01-10',
    dx: 8,
    dy: 5,
    rule: {
      items: [
        { field: 'chlorine', lower: 0.5, upper: 2 },
        { field: 'turbidity', upper: 1 },
        { field: 'ph', lower: 6.5, upper: 8.5 },
      ],
      offlineMinutes: 60,
      alarmLevel: 3,
      running: true,
    },
  },
  {
    code: 'SZ-ZWQ01',
    name: '政务区管网水质监测仪',
    type: 'waterQuality',
    stcd: 'SZ002',
    model: 'WQ-5000',
    manufacturer: '杭州聚光科技',
    installDate: '2021-10-18',
    dx: -6,
    dy: 9,
    rule: {
      items: [
        { field: 'chlorine', lower: 0.3, upper: 2 },
        { field: 'turbidity', upper: 1 },
        { field: 'ph', lower: 6.5, upper: 8.5 },
      ],
      offlineMinutes: 60,
      alarmLevel: 2,
      running: true,
    },
  },
  {
    code: 'SZ-BH001',
    name: '滨湖新区管网水质监测仪',
    type: 'waterQuality',
    model: 'WQ-5000',
    manufacturer: '杭州聚光科技',
    installDate: '2023-05-06',
    lgtd: 117.2921,
    lttd: 31.7362,
    address: '合肥市包河区滨湖新区紫云路',
  },
  {
    code: 'BZ-BH001',
    name: '滨湖加压泵站1#机组',
    type: 'pump',
    stcd: 'BZ001',
    model: 'KQSN300-M6',
    manufacturer: '上海凯泉泵业',
    installDate: '2018-06-01',
    dx: 15,
    dy: 0,
    rule: {
      items: [
        { field: 'pressure', lower: 0.36, upper: 0.55 },
        { field: 'waterSupply', upper: 2900 },
      ],
      offlineMinutes: 60,
      alarmLevel: 2,
      running: true,
    },
  },
  {
    code: 'BZ-GX001',
    name: '高新区加压泵站1#机组',
    type: 'pump',
    stcd: 'BZ002',
    model: 'KQSN250-M9',
    manufacturer: '上海凯泉泵业',
    installDate: '2019-09-12',
    dx: -12,
    dy: 6,
    rule: {
      items: [
        { field: 'pressure', lower: 0.34, upper: 0.55 },
        { field: 'waterSupply', upper: 2400 },
      ],
      offlineMinutes: 60,
      alarmLevel: 2,
      running: true,
    },
  },
  {
    code: 'BZ-SC001',
    name: '第四水厂送水泵房2#泵',
    type: 'pump',
    stcd: 'SC001',
    model: 'SLOW500-700',
    manufacturer: '上海连成集团',
    installDate: '2015-03-18',
    dx: 40,
    dy: -15,
    rule: {
      items: [{ field: 'waterSupply', lower: 6000, upper: 20000 }],
      offlineMinutes: 60,
      alarmLevel: 2,
      running: true,
    },
  },
  {
    code: 'BZ-SC002',
    name: '第六水厂送水泵房1#泵',
    type: 'pump',
    stcd: 'SC002',
    model: 'SLOW600-800',
    manufacturer: '上海连成集团',
    installDate: '2017-12-05',
    dx: -30,
    dy: 20,
    rule: {
      items: [{ field: 'waterSupply', lower: 10_000, upper: 32_000 }],
      offlineMinutes: 60,
      alarmLevel: 2,
      running: false,
    },
  },
  {
    code: 'SP-SC001',
    name: '第四水厂大门监控',
    type: 'video',
    stcd: 'SC001',
    model: 'DS-2CD3T46',
    manufacturer: '海康威视',
    installDate: '2020-01-15',
    dx: 60,
    dy: 40,
    rule: { items: [], offlineMinutes: 30, alarmLevel: 1, running: true },
  },
  {
    code: 'SP-BZ001',
    name: '滨湖加压泵站机房监控',
    type: 'video',
    stcd: 'BZ001',
    model: 'DS-2CD3T46',
    manufacturer: '海康威视',
    installDate: '2020-03-02',
    dx: 5,
    dy: 10,
    rule: { items: [], offlineMinutes: 30, alarmLevel: 1, running: true },
  },
  {
    code: 'SP-SC002',
    name: '第六水厂清水池监控',
    type: 'video',
    stcd: 'SC002',
    model: 'IPC-HFW4433',
    manufacturer: '大华股份',
    installDate: '2021-06-21',
    dx: -50,
    dy: -30,
    rule: { items: [], offlineMinutes: 30, alarmLevel: 1, running: false },
  },
  {
    code: 'SP-DMA02',
    name: '瑶海DMA02阀门井监控',
    type: 'video',
    stcd: 'LL002',
    model: 'IPC-HFW4433',
    manufacturer: '大华股份',
    installDate: '2022-08-09',
    dx: -12,
    dy: 16,
  },
];

/** What was found on site, by alarm kind. */
const CLOSE_REASONS = [
  '现场核查为用水高峰正常波动，已恢复',
  '传感器校准后读数恢复正常',
  '通信模块重启后恢复上报',
  '已调整泵组运行台数，压力恢复',
  '管网冲洗后余氯恢复正常',
];

export async function seedDevices(ctx: AppContext, tenantId = TENANT, now = Date.now()) {
  const [any] = await ctx.db
    .select({ id: deviceBase.id })
    .from(deviceBase)
    .where(inTenant(deviceBase, tenantId))
    .limit(1);
  if (any) return 0;
  const [admin] = await ctx.db
    .select({ id: userTable.id })
    .from(userTable)
    .where(inTenant(userTable, tenantId, eq(userTable.account, 'admin'), eq(userTable.isDeleted, 0)));
  const created: { device: typeof deviceBase.$inferSelect; rule?: typeof deviceRule.$inferSelect }[] = [];
  // Looked up before the transaction: the embedded database serves one connection at a time, so a read on the
  // pool while `tx` is open would wait for it forever.
  const stations = new Map<string, Awaited<ReturnType<typeof resolveStation>> | null>();
  for (const s of DEVICE_SEED) {
    if (s.stcd && !stations.has(s.stcd)) {
      stations.set(s.stcd, await resolveStation(ctx, tenantId, { stcd: s.stcd }).catch(() => null));
    }
  }
  await ctx.db.transaction(async (tx) => {
    for (const [i, s] of DEVICE_SEED.entries()) {
      let stationId: string | null = null;
      let lgtd = s.lgtd ?? null;
      let lttd = s.lttd ?? null;
      let address = s.address ?? null;
      if (s.stcd) {
        const st = stations.get(s.stcd);
        if (!st || st.lgtd == null || st.lttd == null) continue;
        stationId = st.id;
        // metres to degrees near 31.8°N
        lgtd = st.lgtd + (s.dx ?? 0) / 94_600;
        lttd = st.lttd + (s.dy ?? 0) / 111_000;
        address = st.address;
      }
      const p = lgtd != null && lttd != null ? toEpsg4548(lgtd, lttd) : null;
      const [device] = await tx
        .insert(deviceBase)
        .values({
          tenantId,
          deviceCode: s.code,
          deviceName: s.name,
          deviceType: s.type,
          model: s.model,
          manufacturer: s.manufacturer,
          installDate: s.installDate,
          stationId,
          featureLayer: s.featureLayer ?? s.type,
          dmaCode: s.dmaCode ?? null,
          x: p?.x ?? null,
          y: p?.y ?? null,
          lgtd,
          lttd,
          address,
          reportNum: s.reportNum ?? 1,
          sort: i + 1,
          createUser: admin?.id ?? null,
          updateUser: admin?.id ?? null,
        })
        .returning();
      let rule: typeof deviceRule.$inferSelect | undefined;
      if (s.rule && (stationId || !s.rule.items.length)) {
        const start = new Date(now - 30 * DAY);
        [rule] = await tx
          .insert(deviceRule)
          .values({
            tenantId,
            deviceId: device.id,
            deviceCode: s.code,
            deviceType: s.type,
            ruleName: `${s.name}监测规则`,
            items: s.rule.items,
            offlineMinutes: s.rule.offlineMinutes ?? null,
            alarmLevel: s.rule.alarmLevel,
            runStatus: s.rule.running ? 1 : 0,
            startTime: s.rule.running ? start : null,
            startUser: s.rule.running ? (admin?.id ?? null) : null,
            lastEvalTs: s.rule.running ? new Date(now) : null,
            createUser: admin?.id ?? null,
            updateUser: admin?.id ?? null,
          })
          .returning();
      }
      created.push({ device, rule });
    }
  });
  await replayHistory(ctx, tenantId, created, now);
  return created.length;
}

/** The running rules over the last days of readings, a day at a time; alarms over a day old are closed. */
async function replayHistory(
  ctx: AppContext,
  tenantId: string,
  created: { device: typeof deviceBase.$inferSelect; rule?: typeof deviceRule.$inferSelect }[],
  now: number,
) {
  const days = Math.min(5, Math.max(1, ctx.config.monitorBackfillDays));
  const [closer] = await ctx.db
    .select({ id: userTable.id, realName: userTable.realName })
    .from(userTable)
    .where(inTenant(userTable, tenantId, eq(userTable.account, 'operator'), eq(userTable.isDeleted, 0)));
  let k = 0;
  for (let d = days; d >= 1; d--) {
    const from = now - d * DAY;
    const to = now - (d - 1) * DAY;
    for (const { device, rule } of created) {
      // offline needs live time: the replay judges limits and rates only
      if (rule?.runStatus === 1 && rule.items.length)
        await judgeRule(ctx, device, { ...rule, offlineMinutes: null }, from, to, false);
    }
    if (to > now - DAY) continue;
    for (const a of await openRuleAlarmsBefore(ctx, tenantId, to - 6 * 3_600_000)) {
      await closeSeeded(ctx, tenantId, a.id, {
        userId: closer?.id ?? null,
        userName: closer?.realName ?? '系统',
        at: new Date(a.lastTime + (1 + (k % 5)) * 3_600_000),
        reason: CLOSE_REASONS[k++ % CLOSE_REASONS.length],
      });
    }
  }
}

/** the network layers a demo device of a type stands on, nearest first (a camera watches a plant or a pump) */
const LINK_LAYERS: Record<DeviceSeed['type'], string[]> = {
  valve: ['valve'],
  waterQuality: ['wq', 'meter'],
  pump: ['pump', 'source'],
  video: ['source', 'pump', 'meter', 'valve'],
};
/** the demo cameras' picture: a still shipped with the web app (a real camera gives its snapshot or stream URL) */
export const DEMO_VIDEO_URL = '/cctv/demo-camera.svg';

/**
 * Links each demo device without a feature to the nearest network feature of its layers within 2 km, and gives the
 * demo cameras their picture. Idempotent (only empty links are filled), so databases seeded before the link was
 * made are mended at the next start; a device whose link an operator cleared keeps its own later edits only if it
 * is not a demo code.
 */
export async function linkDemoFeatures(ctx: AppContext, tenantId = TENANT) {
  for (const [type, kinds] of Object.entries(LINK_LAYERS)) {
    const codes = DEVICE_SEED.filter((s) => s.type === type).map((s) => s.code);
    await ctx.db.execute(sql`
      update swp_device_base d set feature_layer = n.kind, feature_id = n.dno
        from (select d2.id, f.kind, f.dno from swp_device_base d2
                cross join lateral (select kind, dno from swp_gis_node g
                  where ${tenantSql(gisNode, tenantColumnSql(deviceBase, 'd2'), 'g')} and g.kind = any(string_to_array(${kinds.join(',')}, ','))
                    and ST_DWithin(g.geom, ST_SetSRID(ST_MakePoint(d2.x, d2.y), 4548), 2000)
                  order by g.geom <-> ST_SetSRID(ST_MakePoint(d2.x, d2.y), 4548) limit 1) f
               where ${tenantSql(deviceBase, tenantId, 'd2')} and d2.is_deleted = 0 and d2.feature_id is null
                 and d2.x is not null and d2.device_code = any(string_to_array(${codes.join(',')}, ','))) n
       where d.id = n.id`);
  }
  const cams = DEVICE_SEED.filter((s) => s.type === 'video').map((s) => s.code);
  await ctx.db.execute(sql`
    update swp_device_base set video_url = ${DEMO_VIDEO_URL}
     where ${tenantSql(deviceBase, tenantId)} and device_type = 'video' and video_url is null and is_deleted = 0
       and device_code = any(string_to_array(${cams.join(',')}, ','))`);
}

export async function seedDevice(ctx: AppContext) {
  await ensureMenus(ctx, DEVICE_MENUS);
  await seedDevices(ctx);
  await linkDemoFeatures(ctx);
}
