/**
 * Patrol plans: `patrol-plan/page`, `save`, `update`, `detail`, `remove`, `submit` (for audit) and
 * `partol-plan-audit/update` (approve or send back, the spec's spelling); page, detail and remove on the resource
 * engine, the writes by hand (geometry, objects and the approval step). A plan is edited while a draft or sent
 * back; an approved plan that is edited goes back to draft (its tasks stop until it is approved again); a
 * submitted plan waits for its audit. Every submit and audit is recorded with who and when.
 */
import { and, desc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, ok } from '../../core/envelope.ts';
import { userOf } from '../../core/gate.ts';
import { newId } from '../../core/ids.ts';
import { assertLiveRow } from '../../core/live-row.ts';
import type { AppContext } from '../../core/module.ts';
import { parseInputFirst } from '../../core/parse-input.ts';
import { likeContains } from '../../core/query.ts';
import { defineResource, type Row, type Tx } from '../../core/resource.ts';
import { liveInTenant, tenantSql, tenantText } from '../../core/scoped.ts';
import { dept, user } from '../system/index.ts';
import { PERIOD_NAME, PLAN_AUDIT_STATUS, SCOPE_NAME } from './catalog.ts';
import { blank, idString, optionalId, optionalInt, tenantOf } from './common.ts';
import { byMenu } from './grants.ts';
import { dayString, localDay, PERIOD_KINDS, parseDay } from './periods.ts';
import { publishTasks } from './scheduler.ts';
import { patrolJobObject, patrolPlan, patrolPlanAudit, patrolType } from './schema.ts';
import { materialize, slotsOf, splitIds } from './tasks.ts';

export const PLAN_MSG = {
  planName: '请输入计划名称',
  typeId: '请选择巡检类型',
  scopeType: '请选择巡检范围类型（区域或路线）',
  geometry: '请在地图上绘制巡检区域或路线',
  routePoints: '巡检路线至少需要 2 个点',
  areaPoints: '巡检区域至少需要 3 个点',
  coordinate: '坐标应为 EPSG:4548 平面坐标 [x, y]（米）',
  period: '请选择巡检周期（每日、每周或每月）',
  startDate: '请选择开始日期',
  endDate: '请选择结束日期',
  dateFormat: '日期格式应为 YYYY-MM-DD',
  dateOrder: '结束日期不能早于开始日期',
  deptId: '请选择巡检班组',
  objectIds: '请选择巡检对象',
  unknownObject: '巡检对象不存在',
  unknownUser: '巡检人员不存在或不属于本单位',
  unknownType: '巡检类型不存在',
  unknownDept: '巡检班组不存在',
  notEditable: '计划审核中，不能修改',
  notSubmittable: '只有草稿或已退回的计划可以提交审核',
  notAuditable: '只有待审核的计划可以审核',
  auditStatus: '审核结果应为 2（通过）或 3（退回）',
  opinion: '退回时请填写审核意见',
  notFound: '计划不存在',
} as const;

const day = (msg: string) =>
  z.preprocess(
    blank,
    z.string({ error: msg }).refine((s) => parseDay(s) !== undefined, PLAN_MSG.dateFormat),
  );
const point = z
  .tuple([z.number({ error: PLAN_MSG.coordinate }), z.number({ error: PLAN_MSG.coordinate })], {
    error: PLAN_MSG.coordinate,
  })
  .refine(([x, y]) => x > 200_000 && x < 800_000 && y > 1_000_000 && y < 6_000_000, PLAN_MSG.coordinate);
const idList = (msg: string) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? splitIds(v) : (v ?? [])),
    z.array(z.string().regex(/^\d{1,20}$/, msg), { error: msg }),
  );

export const planInput = z
  .object({
    planName: z.preprocess(
      blank,
      z.string({ error: PLAN_MSG.planName }).trim().min(1, PLAN_MSG.planName).max(100, '计划名称不能超过 100 个字符'),
    ),
    typeId: idString(PLAN_MSG.typeId),
    scopeType: z.enum(['area', 'route'], { error: PLAN_MSG.scopeType }),
    geometry: z.preprocess(
      (v) => {
        if (typeof v !== 'string') return v;
        try {
          return JSON.parse(v);
        } catch {
          return v;
        }
      },
      z.array(point, { error: PLAN_MSG.geometry }),
    ),
    period: z.enum(PERIOD_KINDS as [string, ...string[]], { error: PLAN_MSG.period }),
    startDate: day(PLAN_MSG.startDate),
    endDate: day(PLAN_MSG.endDate),
    deptId: idString(PLAN_MSG.deptId),
    userIds: idList(PLAN_MSG.unknownUser),
    objectIds: idList(PLAN_MSG.objectIds).refine((a) => a.length > 0, PLAN_MSG.objectIds),
    checkItems: z.preprocess(
      (v) => (Array.isArray(v) ? v.join('\n') : (blank(v) ?? '')),
      z.string().max(2000, '检查项不能超过 2000 个字符'),
    ),
    remark: z.preprocess(blank, z.string().max(255, '备注不能超过 255 个字符').optional()),
  })
  .superRefine((p, c) => {
    if (p.scopeType === 'route' && p.geometry.length < 2) c.addIssue({ code: 'custom', message: PLAN_MSG.routePoints });
    if (p.scopeType === 'area' && p.geometry.length < 3) c.addIssue({ code: 'custom', message: PLAN_MSG.areaPoints });
    if (p.startDate > p.endDate) c.addIssue({ code: 'custom', message: PLAN_MSG.dateOrder });
  });

export type PlanInput = z.infer<typeof planInput>;

/** Checks that the type, team, people and objects named by a plan exist in the tenant. */
async function checkRefs(ctx: AppContext, tenantId: string, p: PlanInput) {
  const db = ctx.db;
  await assertLiveRow(db, patrolType, tenantId, eq(patrolType.id, p.typeId), PLAN_MSG.unknownType);
  const d = await ctx.database.pool.query(
    `select 1 from blade_dept where id = $1 and ${tenantText(dept, '$2')} and is_deleted = 0`,
    [p.deptId, tenantId],
  );
  if (!d.rowCount) throw badRequest(PLAN_MSG.unknownDept);
  const users = [...new Set(p.userIds)];
  if (users.length) {
    const u = await db
      .select({ id: user.id })
      .from(user)
      .where(liveInTenant(user, tenantId, inArray(user.id, users)));
    if (u.length !== users.length) throw badRequest(PLAN_MSG.unknownUser);
  }
  const objs = [...new Set(p.objectIds)];
  const o = await db
    .select({ id: patrolJobObject.id })
    .from(patrolJobObject)
    .where(liveInTenant(patrolJobObject, tenantId, inArray(patrolJobObject.id, objs)));
  if (o.length !== objs.length) throw badRequest(PLAN_MSG.unknownObject);
}

const values = (p: PlanInput) => ({
  planName: p.planName,
  typeId: p.typeId,
  scopeType: p.scopeType,
  geometry: JSON.stringify(p.geometry),
  period: p.period,
  startDate: p.startDate,
  endDate: p.endDate,
  deptId: p.deptId,
  userIds: [...new Set(p.userIds)].join(','),
  objectIds: [...new Set(p.objectIds)].join(','),
  checkItems: p.checkItems,
  remark: p.remark ?? null,
});

/** The names a page or detail shows with each plan (by plan id): type, team, people, submitter and auditor. */
async function namesOf(ctx: AppContext, ids: string[]) {
  const r = await ctx.database.pool.query(
    `select p.id::text, t.type_name as "typeName", d.dept_name as "deptName", su.real_name as "submitUserName",
            au.real_name as "auditUserName",
            (select string_agg(u.real_name, ',' order by u.real_name) from blade_user u
              where p.user_ids <> '' and u.id = any(string_to_array(p.user_ids, ',')::bigint[])) as "userNames",
            cardinality(array_remove(string_to_array(p.object_ids, ','), '')) as "objectCount"
       from swp_patrol_plan p
       left join swp_patrol_type t on t.id = p.type_id
       left join blade_dept d on d.id = p.dept_id
       left join blade_user su on su.id = p.submit_user
       left join blade_user au on au.id = p.audit_user
      where p.id = any($1::bigint[])`,
    [ids],
  );
  return new Map(r.rows.map(({ id, ...names }) => [id as string, names]));
}

/** The objects a plan visits and its audit history: what its detail adds to the page's row. */
async function objectsAndAudits(ctx: AppContext, plan: Row) {
  const objects = await ctx.database.pool.query(
    `select id::text, object_code as "objectCode", object_name as "objectName", facility_type as "facilityType", x, y, lon, lat, address
       from swp_patrol_job_object where id = any($1::bigint[]) order by object_code`,
    [splitIds(plan.objectIds)],
  );
  const audits = await ctx.database.pool.query(
    `select id::text, action, opinion, user_id::text as "userId", user_name as "userName", time
       from swp_patrol_plan_audit where plan_id = $1 order by time, id`,
    [plan.id],
  );
  return { ...plan, objects: objects.rows, audits: audits.rows };
}

/** The page's filters, each checked as the plan form words it (the query's other keys are the engine's filters). */
const planFilters = z.object({
  planName: z.preprocess(blank, z.string().max(100).optional()),
  auditStatus: optionalInt('审核状态应为 0 到 3', [0, 1, 2, 3]),
  period: z.preprocess(blank, z.enum(PERIOD_KINDS as [string, ...string[]], { error: PLAN_MSG.period }).optional()),
  scopeType: z.preprocess(blank, z.enum(['area', 'route'], { error: PLAN_MSG.scopeType }).optional()),
  typeId: optionalId(PLAN_MSG.typeId),
  deptId: optionalId(PLAN_MSG.deptId),
});

function planWhere(q: Record<string, unknown>): SQL | undefined {
  const f = parseInputFirst(planFilters, q);
  const conds = [
    f.planName ? like(patrolPlan.planName, likeContains(f.planName)) : undefined,
    f.auditStatus !== undefined ? eq(patrolPlan.auditStatus, f.auditStatus) : undefined,
    f.period ? eq(patrolPlan.period, f.period) : undefined,
    f.scopeType ? eq(patrolPlan.scopeType, f.scopeType) : undefined,
    f.typeId ? eq(patrolPlan.typeId, f.typeId) : undefined,
    f.deptId ? eq(patrolPlan.deptId, f.deptId) : undefined,
  ];
  return and(...conds);
}

/**
 * `patrol-plan/page`, `detail` and `remove` on the resource engine. Plans are the tenant's, whoever drew them up;
 * the page lists those awaiting audit first, then the latest edited; each row names its type, team and people, the
 * detail adds the objects and the audit history (the task screen opens it too). Remove is soft, ids already gone
 * are passed over, and the tasks a plan made stay (they are the record of work done).
 */
export const planResource = defineResource({
  code: 'patrol_plan',
  base: '/swp-pipeops-patrol/patrol-plan',
  table: patrolPlan,
  input: {},
  grant: {
    read: ['patrol_plan'],
    detail: ['patrol_plan', 'patrol_task'],
    submit: ['patrol_plan_add', 'patrol_plan_edit'],
    remove: ['patrol_plan_delete'],
  },
  routes: ['page', 'detail', 'remove'],
  pageSize: { max: 10_000 },
  dataScope: false,
  removal: { missing: 'skip' },
  // bookkeeping the plan screens never show
  hidden: ['createDept', 'updateUser', 'status', 'isDeleted'],
  params: Object.keys(planFilters.shape),
  order: () => [sql`${patrolPlan.auditStatus} = 1 desc`, desc(patrolPlan.updateTime), desc(patrolPlan.id)],
  hooks: {
    where: planWhere,
    async decorate(rows, _req, ctx) {
      const names = await namesOf(
        ctx,
        rows.map((r) => String(r.id)),
      );
      return rows.map((r) => ({
        ...r,
        ...names.get(String(r.id)),
        geometry: JSON.parse(r.geometry || '[]'),
        auditStatusName: PLAN_AUDIT_STATUS[r.auditStatus],
        periodName: PERIOD_NAME[r.period],
        scopeTypeName: SCOPE_NAME[r.scopeType],
      }));
    },
    detail: (row, _req, ctx) => objectsAndAudits(ctx, row),
  },
});

/** A plan as its detail answers it, for the replies of the hand-written writes. */
const planDetail = (ctx: AppContext, req: FastifyRequest, id: string) => planResource.detail(ctx, req, { id });

/**
 * An approved plan's task of the period under way (today, in the utility's time zone), written in the approval's
 * transaction so it shows at once; keyed by (plan, period start) like the scheduler's, so neither writes it twice.
 * Returns the ids of the tasks created (none when today is outside the plan or the task already exists).
 */
export async function currentTasks(tx: Tx, tz: string, planId: string, now: Date): Promise<string[]> {
  const [plan] = await tx.select().from(patrolPlan).where(eq(patrolPlan.id, planId));
  if (plan?.auditStatus !== 2 || plan.isDeleted) return [];
  const today = dayString(localDay(now.getTime(), tz));
  return (await materialize(tx, slotsOf([plan], tz, today, today))).map((t) => t.id);
}

async function record(
  tx: any,
  tenantId: string,
  planId: string,
  action: string,
  req: FastifyRequest,
  opinion?: string | null,
) {
  const u = userOf(req);
  await tx.insert(patrolPlanAudit).values({
    id: newId(),
    tenantId,
    planId,
    action,
    opinion: opinion ?? null,
    userId: u.userId,
    userName: u.realName || u.account,
  });
}

export function planRoutes(app: FastifyInstance, ctx: AppContext) {
  planResource.routes(app, ctx);
  planWriteRoutes(app, ctx);
  planAuditRoutes(app, ctx);
}

/** `patrol-plan/save` and `update`. */
function planWriteRoutes(app: FastifyInstance, ctx: AppContext) {
  const B = '/swp-pipeops-patrol';

  app.post(`${B}/patrol-plan/save`, byMenu('patrol_plan_add'), async (req) => {
    const p = parseInputFirst(planInput, req.body);
    const tenantId = tenantOf(req);
    await checkRefs(ctx, tenantId, p);
    const u = userOf(req);
    const id = newId();
    await ctx.db.transaction(async (tx) => {
      const n = (
        await tx.execute(sql`select count(*)::int as n from swp_patrol_plan where ${tenantSql(patrolPlan, tenantId)}`)
      ).rows[0] as { n: number };
      await tx.insert(patrolPlan).values({
        id,
        tenantId,
        planCode: `XJ-${new Date().getFullYear()}${String(n.n + 1).padStart(4, '0')}-${id.slice(-4)}`,
        ...values(p),
        auditStatus: 0,
        createUser: u.userId,
        createDept: u.deptId || null,
        updateUser: u.userId,
      });
    });
    return ok(await planDetail(ctx, req, id));
  });

  app.post(`${B}/patrol-plan/update`, byMenu('patrol_plan_edit'), async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { id } = parseInputFirst(z.object({ id: idString('缺少必要的请求参数: id') }), body);
    const p = parseInputFirst(planInput, body);
    const tenantId = tenantOf(req);
    await checkRefs(ctx, tenantId, p);
    const u = userOf(req);
    await ctx.db.transaction(async (tx) => {
      const row = await lockPlan(tx, tenantId, id);
      if (row.auditStatus === 1) throw badRequest(PLAN_MSG.notEditable);
      await tx
        .update(patrolPlan)
        .set({ ...values(p), auditStatus: row.auditStatus === 3 ? 3 : 0, updateUser: u.userId, updateTime: new Date() })
        .where(eq(patrolPlan.id, id));
    });
    return ok(await planDetail(ctx, req, id));
  });
}

/** A live plan of the tenant, locked for the rest of the transaction (its audit state decides what may follow). */
async function lockPlan(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({ auditStatus: patrolPlan.auditStatus })
    .from(patrolPlan)
    .where(liveInTenant(patrolPlan, tenantId, eq(patrolPlan.id, id)))
    .for('update');
  if (!row) throw badRequest(PLAN_MSG.notFound);
  return row;
}

/** The audit flow: `patrol-plan/submit` and `partol-plan-audit/update` (approve or reject). */
function planAuditRoutes(app: FastifyInstance, ctx: AppContext) {
  const B = '/swp-pipeops-patrol';

  app.post(`${B}/patrol-plan/submit`, byMenu('patrol_plan_submit'), async (req) => {
    const { id } = parseInputFirst(z.object({ id: idString('缺少必要的请求参数: id') }), {
      ...(req.query as object),
      ...((req.body as object) ?? {}),
    });
    const tenantId = tenantOf(req);
    await ctx.db.transaction(async (tx) => {
      const row = await lockPlan(tx, tenantId, id);
      if (row.auditStatus !== 0 && row.auditStatus !== 3) throw badRequest(PLAN_MSG.notSubmittable);
      const now = new Date();
      await tx
        .update(patrolPlan)
        .set({
          auditStatus: 1,
          submitUser: userOf(req).userId,
          submitTime: now,
          auditUser: null,
          auditTime: null,
          auditOpinion: null,
          updateTime: now,
        })
        .where(eq(patrolPlan.id, id));
      await record(tx, tenantId, id, 'submit', req);
    });
    return ok(await planDetail(ctx, req, id));
  });

  app.post(`${B}/partol-plan-audit/update`, byMenu('patrol_plan_audit'), async (req) => {
    const a = parseInputFirst(
      z.object({
        id: idString('缺少必要的请求参数: id'),
        auditStatus: z.preprocess(
          (v) => (typeof v === 'string' ? Number(v) : v),
          z.union([z.literal(2), z.literal(3)], { error: PLAN_MSG.auditStatus }),
        ),
        auditOpinion: z.preprocess(blank, z.string().trim().max(255, '审核意见不能超过 255 个字符').optional()),
      }),
      req.body,
    );
    if (a.auditStatus === 3 && !a.auditOpinion) throw badRequest(PLAN_MSG.opinion);
    const tenantId = tenantOf(req);
    let created: string[] = [];
    await ctx.db.transaction(async (tx) => {
      const row = await lockPlan(tx, tenantId, a.id);
      if (row.auditStatus !== 1) throw badRequest(PLAN_MSG.notAuditable);
      const now = new Date();
      await tx
        .update(patrolPlan)
        .set({
          auditStatus: a.auditStatus,
          auditUser: userOf(req).userId,
          auditTime: now,
          auditOpinion: a.auditOpinion ?? (a.auditStatus === 2 ? '同意' : null),
          updateTime: now,
        })
        .where(eq(patrolPlan.id, a.id));
      await record(
        tx,
        tenantId,
        a.id,
        a.auditStatus === 2 ? 'approve' : 'reject',
        req,
        a.auditOpinion ?? (a.auditStatus === 2 ? '同意' : null),
      );
      if (a.auditStatus === 2) created = await currentTasks(tx as Tx, ctx.config.tz, a.id, now);
    });
    await publishTasks(ctx, created, []);
    return ok(await planDetail(ctx, req, a.id));
  });
}
