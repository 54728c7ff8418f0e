/**
 * Demo messages: templates and configs for the utility's business events, and a few messages in the demo users'
 * boxes. Users come from the system seed: they are looked up by account and skipped when absent. Idempotent:
 * a template, config or message that exists (even removed by a user) is not written again.
 */
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { user as userTable } from '../system/index.ts';
import { messageConfig, messageRecord, messageTemplate } from './schema.ts';
import { MESSAGE_TYPES, renderTemplate, sendMessage } from './service.ts';

const TENANT = '000000';

export const seedTemplates = [
  {
    templateCode: 'alarm.water_quality',
    templateName: '水质超标告警',
    messageType: MESSAGE_TYPES.ALARM,
    templateTitle: '水质超标告警：${stationName}',
    templateContent:
      '${stationName} ${indicator} 超标：当前值 ${value}${unit}，限值 ${limit}${unit}（${time}），请及时处置。',
  },
  {
    templateCode: 'alarm.pipe_burst',
    templateName: '管网爆管告警',
    messageType: MESSAGE_TYPES.ALARM,
    templateTitle: '管网爆管告警：${location}',
    templateContent: '${location} ${pipe} 压力骤降 ${drop} MPa，疑似爆管（${time}）。请立即安排关阀抢修。',
  },
  {
    templateCode: 'patrol.task_assigned',
    templateName: '巡检任务派发',
    messageType: MESSAGE_TYPES.WORK_ORDER,
    templateTitle: '巡检任务派发：${taskName}',
    templateContent: '您有新的巡检任务「${taskName}」，巡检区域：${area}，计划时间：${planTime}，请按时完成。',
  },
  {
    templateCode: 'workflow.todo',
    templateName: '流程待办',
    messageType: MESSAGE_TYPES.WORKFLOW,
    templateTitle: '流程待办：${processName}',
    templateContent: '${starter} 提交的「${processName}」已到达「${taskName}」节点，等待您审批。',
  },
  {
    templateCode: 'notice.system',
    templateName: '系统通知',
    messageType: MESSAGE_TYPES.NOTICE,
    templateTitle: '${title}',
    templateContent: '${content}',
  },
];

export const seedConfigs = [
  {
    configCode: 'alarm.water_quality',
    configName: '水质超标告警通知',
    messageType: 3,
    templateCode: 'alarm.water_quality',
  },
  { configCode: 'alarm.pipe_burst', configName: '管网爆管告警通知', messageType: 3, templateCode: 'alarm.pipe_burst' },
  {
    configCode: 'patrol.task_assigned',
    configName: '巡检任务派发通知',
    messageType: 2,
    templateCode: 'patrol.task_assigned',
  },
  { configCode: 'workflow.todo', configName: '流程待办提醒', messageType: 4, templateCode: 'workflow.todo' },
];

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

/** Demo messages: template, parameters, recipients (accounts), hours ago, read. */
const seedMessages: {
  template: string;
  params: Record<string, string>;
  to: string[];
  hoursAgo: number;
  read?: boolean;
  bizType: string;
}[] = [
  {
    template: 'alarm.water_quality',
    params: {
      stationName: '城东水厂出厂水监测点',
      indicator: '浊度',
      value: '1.32',
      unit: ' NTU',
      limit: '1.0',
      time: '',
    },
    to: ['admin', 'operator'],
    hoursAgo: 0.5,
    bizType: 'alarm',
  },
  {
    template: 'alarm.pipe_burst',
    params: { location: '长江西路与科学大道交叉口', pipe: 'DN600 球墨铸铁管', drop: '0.18', time: '' },
    to: ['admin', 'operator', 'patrol'],
    hoursAgo: 3,
    bizType: 'alarm',
  },
  {
    template: 'patrol.task_assigned',
    params: { taskName: '蜀山区 DN300 以上主干管周巡检', area: '蜀山区管网二片区', planTime: '' },
    to: ['admin', 'patrol'],
    hoursAgo: 20,
    bizType: 'patrol_task',
  },
  {
    template: 'workflow.todo',
    params: { starter: '王建国', processName: '阀门维修申请', taskName: '部门经理审批' },
    to: ['admin', 'auditor'],
    hoursAgo: 26,
    bizType: 'workflow',
  },
  {
    template: 'notice.system',
    params: {
      title: '系统升级通知',
      content: '平台将于本周六 22:00—24:00 进行升级维护，期间监测数据将延迟入库，请提前做好安排。',
    },
    to: ['admin', 'operator', 'patrol', 'auditor'],
    hoursAgo: 50,
    read: true,
    bizType: 'notice',
  },
];

function fillTimes(params: Record<string, string>, when: Date): Record<string, string> {
  const pad = (n: number) => String(n).padStart(2, '0');
  const t = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())} ${pad(when.getHours())}:${pad(when.getMinutes())}`;
  const out = { ...params };
  for (const k of ['time', 'planTime']) if (k in out && !out[k]) out[k] = t;
  return out;
}

export async function seedMessage(ctx: AppContext) {
  const { db } = ctx;
  for (const t of seedTemplates) {
    const hit = await db
      .select({ id: messageTemplate.id })
      .from(messageTemplate)
      .where(inTenant(messageTemplate, TENANT, eq(messageTemplate.templateCode, t.templateCode)))
      .limit(1);
    if (!hit.length) await db.insert(messageTemplate).values({ ...t, tenantId: TENANT, channel: 'site' });
  }
  for (const c of seedConfigs) {
    const hit = await db
      .select({ id: messageConfig.id })
      .from(messageConfig)
      .where(inTenant(messageConfig, TENANT, eq(messageConfig.configCode, c.configCode)))
      .limit(1);
    if (!hit.length) await db.insert(messageConfig).values({ ...c, tenantId: TENANT, channel: 'site' });
  }

  const accounts = [...new Set(seedMessages.flatMap((m) => m.to))];
  const users = await db
    .select({ id: userTable.id, account: userTable.account })
    .from(userTable)
    .where(liveInTenant(userTable, TENANT, inArray(userTable.account, accounts)));
  const idOf = new Map(users.map((u) => [u.account, u.id]));
  if (!idOf.size) return; // the system seed has not created the demo users: nothing to address

  for (const m of seedMessages) {
    const tpl = seedTemplates.find((t) => t.templateCode === m.template)!;
    const when = hoursAgo(m.hoursAgo);
    const params = fillTimes(m.params, when);
    const title = renderTemplate(tpl.templateTitle, params);
    const recipients = m.to.map((a) => idOf.get(a)).filter((id): id is string => !!id);
    if (!recipients.length) continue;
    const already = await db
      .select({ userId: messageRecord.userId })
      .from(messageRecord)
      .where(
        inTenant(messageRecord, TENANT, eq(messageRecord.title, title), inArray(messageRecord.userId, recipients)),
      );
    const have = new Set(already.map((r) => r.userId));
    const userIds = recipients.filter((id) => !have.has(id));
    if (!userIds.length) continue;
    const sent = await sendMessage(ctx, {
      tenantId: TENANT,
      userIds,
      templateCode: m.template,
      params,
      bizType: m.bizType,
      sender: m.bizType === 'alarm' ? '告警中心' : m.bizType === 'workflow' ? '流程中心' : '系统',
      sendTime: when,
    });
    if (m.read && sent.logId) {
      await db
        .update(messageRecord)
        .set({ messageStatus: 'READ', readTime: new Date(when.getTime() + 600_000) })
        .where(eq(messageRecord.logId, sent.logId));
    }
  }
}
