/**
 * The device screen's menu (物联网 › 设备中心 › 设备管理, with its buttons) and the demo utility's devices: valves
 * on the pressure points and DMA inlets, water-quality analysers, pumps and cameras, each linked to its monitoring
 * station, with rules (most running). At first start the running rules are replayed over the last days of stored
 * readings, so the alarm history is what the rules really find in the data; alarms older than a day are closed
 * by the duty operator with what was found on site.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { inTenant, liveInTenant, tenantColumnSql, tenantSql } from '../../core/scoped.ts';
import { closeSeeded, openRuleAlarmsBefore } from '../alarm/index.ts';
import { gisNode } from '../gis/index.ts';
import { resolveStation, toEpsg4548 } from '../monitor/index.ts';
import { ensureMenus, type MenuItem, user as userTable } from '../system/index.ts';
import { judgeRule } from './engine.ts';
import { deviceBase, deviceRule } from './schema.ts';
import { DEVICE_SEED, type DeviceSeed } from './seed-devices.ts';

export { DEVICE_SEED };

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
    .where(liveInTenant(userTable, tenantId, eq(userTable.account, 'admin')));
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
    .where(liveInTenant(userTable, tenantId, eq(userTable.account, 'operator')));
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
