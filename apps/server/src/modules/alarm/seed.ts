/**
 * The alarm screens' menu (物联网 › 报警中心 › 报警列表, with close, export and view buttons) and, at first start, the
 * demo utility's burst history: burst detection replayed over the stored monitoring history (so every seeded
 * burst alarm is one the detector really finds in the data), the older ones closed by the duty operator with the
 * crew's findings, those of the last two days and the latest one left open.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { ensureMenus, type MenuItem, user as userTable } from '../system/index.ts';
import { burstFindings } from './detector.ts';
import { listDmas } from './dmas.ts';
import { alarmInfo } from './schema.ts';
import { closeSeeded, raiseAlarm } from './service.ts';

const button = (code: string, name: string, alias: string, icon: string, sort: number, action: 0 | 1 | 2) => ({
  code,
  name,
  i18n: `button.${alias}`,
  alias,
  path: `/alarm/info/${alias}`,
  source: icon,
  sort,
  category: 2 as const,
  action,
});

export const ALARM_MENUS: MenuItem[] = [
  {
    code: 'iot_alarm',
    name: '报警中心',
    i18n: 'menu.alarm.index',
    path: '/alarm',
    source: 'AlertOutlined',
    sort: 2,
    topMenuCodes: ['iot'],
    roles: ['operator', 'patrol', 'auditor'],
    children: [
      {
        code: 'alarm_info',
        name: '报警列表',
        i18n: 'menu.alarm.info',
        path: '/alarm/info',
        source: 'BellOutlined',
        sort: 1,
        children: [
          { ...button('alarm_info_view', '查看', 'view', 'EyeOutlined', 1, 1) },
          {
            ...button('alarm_info_close', '关闭', 'close', 'CloseCircleOutlined', 2, 2),
            roles: ['operator', 'patrol'],
          },
          {
            ...button('alarm_info_export', '导出', 'export', 'DownloadOutlined', 3, 0),
            roles: ['operator', 'auditor'],
          },
          {
            ...button('alarm_info_dispatch', '派单抢修', 'dispatch', 'SendOutlined', 4, 2),
            roles: ['operator'],
          },
        ],
      },
    ],
  },
];

/** What the repair crews found, by burst. */
const BURST_REASONS = [
  '现场排查确认 DN300 球墨铸铁管接口渗漏，已关阀抢修完毕，夜间流量恢复正常',
  '巡检发现绿化带下 DN200 配水管爆裂，抢修完成并冲洗消毒后恢复供水',
  '确认为小区总表后管道破损，已通知物业维修，进水流量回落至基准',
  '消防栓被撞导致大量跑水，已关闭消防栓前阀门并更换',
  '夜间大用户临时用水（道路冲洗），非管网漏损，已登记',
];

/** Burst history of a tenant: replayed once (while the tenant has no burst alarm at all). */
export async function seedBurstHistory(ctx: AppContext, tenantId = '000000', now = Date.now()) {
  const [any] = await ctx.db
    .select({ id: alarmInfo.id })
    .from(alarmInfo)
    .where(inTenant(alarmInfo, tenantId, eq(alarmInfo.alarmType, 'burst')))
    .limit(1);
  if (any) return 0;
  const raised: { id: string; at: number }[] = [];
  const from = now - Math.max(1, ctx.config.monitorBackfillDays) * 86_400_000;
  for (const dma of await listDmas(ctx, tenantId)) {
    for (const f of await burstFindings(ctx, dma, from, now, from)) {
      const r = await raiseAlarm(ctx, { ...f, notify: false });
      if (r?.created) raised.push({ id: r.id, at: f.at.getTime() });
    }
  }
  const [closer] = await ctx.db
    .select({ id: userTable.id, realName: userTable.realName, account: userTable.account })
    .from(userTable)
    .where(liveInTenant(userTable, tenantId, eq(userTable.account, 'operator')));
  // bursts older than two days were repaired: closed some hours after they were raised; the latest one stays open
  // whatever its age (the crew is still on it), so the burst list always has one to dispatch
  const latest = raised.reduce<(typeof raised)[number] | undefined>((a, r) => (!a || r.at > a.at ? r : a), undefined);
  const old = raised.filter((r) => r.at < now - 2 * 86_400_000 && r !== latest);
  for (const [i, r] of old.entries()) {
    await closeSeeded(ctx, tenantId, r.id, {
      userId: closer?.id ?? null,
      userName: closer?.realName ?? closer?.account ?? '系统',
      at: new Date(r.at + (5 + (i % 4) * 3) * 3_600_000),
      reason: BURST_REASONS[i % BURST_REASONS.length],
    });
  }
  return raised.length;
}

export async function seedAlarm(ctx: AppContext) {
  await ensureMenus(ctx, ALARM_MENUS);
  if ((await listDmas(ctx, '000000')).length) await seedBurstHistory(ctx);
}
