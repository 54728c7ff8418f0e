/** The demo instances in every state for the demo accounts (made through the engine, as people would). */
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { role, user } from '../system/index.ts';
import { type Actor, startInstance } from './engine.ts';
import {
  changeStatus,
  claimTask,
  completeTask,
  copyTask,
  terminateProcess,
  transferTask,
  withdrawTask,
} from './operations.ts';
import { wfInstance, wfLeave, wfTask } from './schema.ts';

async function accounts(ctx: AppContext, tenantId: string) {
  const rows = await ctx.db
    .select({ id: user.id, account: user.account })
    .from(user)
    .where(liveInTenant(user, tenantId));
  return Object.fromEntries(rows.map((r) => [r.account, r.id])) as Record<string, string>;
}

const open = (ctx: AppContext, instanceId: string) =>
  ctx.db
    .select()
    .from(wfTask)
    .where(and(eq(wfTask.instanceId, instanceId), sql`${wfTask.endTime} is null`));

/** The demo accounts and the helpers the demo instances are made with; undefined when the demo cannot run. */
async function demoRun(ctx: AppContext, tenantId: string) {
  const ids = await accounts(ctx, tenantId);
  if (!ids.admin || !ids.operator || !ids.patrol || !ids.auditor) return undefined;
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(wfInstance)
    .where(inTenant(wfInstance, tenantId));
  if (Number(n)) return undefined;
  const [hasPatrolRole] = await ctx.db
    .select({ id: role.id })
    .from(role)
    .where(inTenant(role, tenantId, eq(role.roleAlias, 'patrol')));
  if (!hasPatrolRole) return undefined;
  const as = (a: string): Actor => ({ userId: ids[a], tenantId, isAdmin: a === 'admin' });
  const start = (
    key: string,
    starter: string,
    variables: Record<string, unknown>,
    extra: { title?: string; copyUser?: string[]; businessKey?: string } = {},
  ) =>
    startInstance(ctx, { tenantId, processKey: key, starterUserId: ids[starter], variables, ...extra }).then(
      (r) => r.id,
    );
  const step = async (id: string, who: string, input: Record<string, unknown> = {}) => {
    const [t] = await open(ctx, id);
    if (t) await completeTask(ctx, as(who), { taskId: t.id, ...input });
  };
  return { ctx, tenantId, ids, as, start, step };
}
type DemoRun = NonNullable<Awaited<ReturnType<typeof demoRun>>>;

/** 请假: operator's 5-day leave waiting for the 总经理 (admin); patrol's 2-day leave finished; auditor's withdrawn */
async function demoLeaves({ ctx, tenantId, ids, as, step }: DemoRun) {
  const leave = async (starter: string, days: number, reason: string) => {
    const startTime = new Date(Date.now() + 86400_000);
    const endTime = new Date(startTime.getTime() + days * 86400_000);
    const r = await startInstance(ctx, {
      tenantId,
      processKey: 'leave',
      starterUserId: ids[starter],
      variables: { leaveType: '3', days, reason, startTime, endTime },
      within: async (tx, instanceId) => {
        await tx.insert(wfLeave).values({
          tenantId,
          processInstanceId: instanceId,
          leaveType: 3,
          startTime,
          endTime,
          days,
          reason,
          createUser: ids[starter],
        });
      },
    });
    return r.id;
  };
  // (the start submits 提交请假 itself: flowable:skipFirstNode)
  const l1 = await leave('operator', 5, '年休假，回老家探亲');
  await step(l1, 'admin', { comment: '同意' });
  const l2 = await leave('patrol', 2, '孩子生病需要陪护');
  await step(l2, 'admin', { comment: '注意保持电话畅通' });
  await step(l2, 'auditor', { comment: '已备案' });
  const l3 = await leave('auditor', 1, '办理个人事务');
  await withdrawTask(ctx, as('auditor'), { processInstanceId: l3, withdrawType: 'start' });
  await withdrawTask(ctx, as('auditor'), { processInstanceId: l3 });
}

/** 爆管抢修: one waiting for dispatch (operator's claim list), one at repair (patrol), one finished, one terminated; returns the first */
async function demoBursts({ ctx, ids, as, start, step }: DemoRun) {
  const b1 = await start(
    'burst_repair',
    'operator',
    {
      address: '蜀山区长江西路与潜山路交口',
      pipeDiameter: 600,
      level: '较大',
      description: '路面冒水，影响周边三个小区供水',
    },
    { title: '长江西路 DN600 爆管抢修', copyUser: [ids.auditor] },
  );
  const b2 = await start(
    'burst_repair',
    'admin',
    { address: '包河区徽州大道 1288 号', pipeDiameter: 300, level: '一般', description: '阀门井附近漏水' },
    { title: '徽州大道 DN300 漏水抢修' },
  );
  await step(b2, 'operator', { comment: '派抢修一班', assignee: [ids.patrol] });
  const b5 = await start(
    'burst_repair',
    'operator',
    { address: '蜀山区望江西路 520 号', pipeDiameter: 400, level: '较大', description: '主干管接口漏水' },
    { title: '望江西路 DN400 接口漏水抢修' },
  );
  await step(b5, 'operator', { comment: '请巡检班组签收抢修' });
  const b3 = await start(
    'burst_repair',
    'operator',
    { address: '庐阳区阜阳北路 56 号', pipeDiameter: 200, level: '一般', description: '小区支管破裂' },
    { title: '阜阳北路 DN200 抢修' },
  );
  await step(b3, 'operator', { assignee: [ids.patrol] });
  await step(b3, 'patrol', { comment: '已更换破损管段' });
  await step(b3, 'operator', { comment: '已恢复供水，水压正常' });
  await step(b3, 'auditor', { comment: '抢修及时' });
  const b4 = await start(
    'burst_repair',
    'operator',
    { address: '瑶海区临泉路', pipeDiameter: 100, level: '一般', description: '误报' },
    { title: '临泉路报修（误报）' },
  );
  await terminateProcess(ctx, as('operator'), { processInstanceId: b4, comment: '现场核实为误报' });
  return b1;
}

/** 巡检隐患处理: patrol reports; one at confirm, one major at 领导审批 (suspended), one rejected back to fix */
async function demoHazards({ ctx, as, start, step }: DemoRun) {
  await start(
    'patrol_hazard',
    'patrol',
    { hazardType: '管道渗漏', address: '蜀山区黄山路 18 号', description: '人行道地面持续渗水', level: '一般' },
    { title: '黄山路管道渗漏' },
  );
  const h2 = await start(
    'patrol_hazard',
    'patrol',
    { hazardType: '违章占压', address: '包河区马鞍山路', description: '施工围挡占压 DN800 主管', level: '重大' },
    { title: '马鞍山路主管违章占压' },
  );
  await step(h2, 'operator', { comment: '确认为重大隐患' });
  await changeStatus(ctx, as('admin'), { processInstanceId: h2, status: 'suspend', comment: '等待城管部门联合执法' });
  const h3 = await start(
    'patrol_hazard',
    'patrol',
    { hazardType: '阀门井损坏', address: '庐阳区濉溪路', description: '井盖破损', level: '一般' },
    { title: '濉溪路阀门井井盖破损' },
  );
  await step(h3, 'operator');
  await step(h3, 'patrol', { comment: '已更换井盖' });
  await step(h3, 'operator', { pass: false, comment: '井圈未加固，请重新整改' });
}

/** 用水报装: one at the parallel review, one at the countersign (admin + auditor), copied to the auditor */
async function demoConnections({ ctx, ids, as, start, step }: DemoRun) {
  const w1 = await start(
    'water_connection',
    'operator',
    {
      applicant: '合肥市第一中学',
      address: '包河区屯溪路 1 号',
      waterCategory: '2',
      meterSize: 100,
      signers: [ids.admin, ids.auditor],
    },
    { title: '合肥一中新校区用水报装' },
  );
  await step(w1, 'operator', { comment: '资料齐全，予以受理' });
  const w2 = await start(
    'water_connection',
    'operator',
    {
      applicant: '滨湖家园三期',
      address: '包河区南京路 99 号',
      waterCategory: '1',
      meterSize: 50,
      signers: [ids.admin, ids.auditor],
    },
    { title: '滨湖家园三期用水报装', copyUser: [ids.auditor] },
  );
  await step(w2, 'operator');
  for (const t of await open(ctx, w2)) {
    const who = t.taskDefKey === 'fee' ? 'auditor' : 'operator';
    await claimTask(ctx, as(who), t.id);
    await completeTask(ctx, as(who), {
      taskId: t.id,
      comment: t.taskDefKey === 'fee' ? '接水费用 3.2 万元' : '管网条件满足',
    });
  }
  await copyTask(ctx, as('admin'), { processInstanceId: w2, copyUser: [ids.patrol] });
}

/** Demo instances: running at each step, finished, rejected back, terminated, withdrawn, suspended, copied. */
export async function seedInstances(ctx: AppContext, tenantId: string) {
  const run = await demoRun(ctx, tenantId);
  if (!run) return;
  const { as, ids } = run;
  await demoLeaves(run);
  const b1 = await demoBursts(run);
  await demoHazards(run);
  await demoConnections(run);
  // a transferred task: the operator hands the dispatch of b1 to the administrator
  const [b1task] = await open(ctx, b1);
  if (b1task) {
    await claimTask(ctx, as('operator'), b1task.id);
    await transferTask(ctx, as('operator'), { taskId: b1task.id, assignee: [ids.admin], comment: '请值班领导派单' });
  }
}
