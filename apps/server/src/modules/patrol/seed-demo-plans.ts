/**
 * The demo utility's plans: a daily route for every patroller, a construction-site watch per team, the monthly
 * pump-station check (all approved a year ago), and two plans in the audit flow (a draft, one waiting for audit).
 */
import { newId } from '../../core/ids.ts';
import type { Tx } from '../../core/resource.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { toEpsg4548 } from '../monitor/index.ts';
import { dept, user } from '../system/index.ts';
import { dayString, localDay } from './periods.ts';
import { patrolJobObject, patrolPlan, patrolPlanAudit, patrolType } from './schema.ts';
import { DAY, DEMO_TENANT } from './seed-common.ts';
import { type JobSeed, PUMPS, ring, routeObjects, SITES, STREETS_1, STREETS_2 } from './seed-demo-objects.ts';
import { staffList } from './seed-staff.ts';
import { insertChunked } from './tasks.ts';

/** What the demo plans and history refer to: the demo tenant's patrol types, departments and staff. */
export async function loadDemoRefs(tx: Tx) {
  const types = await tx.select().from(patrolType).where(inTenant(patrolType, DEMO_TENANT));
  const typeId = (code: string) => types.find((t) => t.typeCode === code)?.id ?? types[0].id;
  const depts = await tx.select({ id: dept.id, name: dept.deptName }).from(dept).where(inTenant(dept, DEMO_TENANT));
  const deptId = (name: string) => depts.find((d) => d.name === name)!.id;
  const staff = await tx
    .select({ id: user.id, account: user.account, deptId: user.deptId, realName: user.realName })
    .from(user)
    .where(liveInTenant(user, DEMO_TENANT));
  const accountId = (a: string) => staff.find((s) => s.account === a)?.id;
  const admin = accountId('admin')!;
  return { typeId, deptId, staff, accountId, admin };
}
export type DemoRefs = Awaited<ReturnType<typeof loadDemoRefs>>;

type PlanInsert = typeof patrolPlan.$inferInsert;

/** The job objects and plans being built, and the two makers that add to them (ids drawn in call order). */
function planBook(refs: DemoRefs, tz: string, now: Date) {
  const { typeId, deptId, admin } = refs;
  const jobs: (typeof patrolJobObject.$inferInsert)[] = [];
  const mk = (j: JobSeed, deptName: string) => {
    const { x, y } = toEpsg4548(j.lon, j.lat);
    const row = {
      id: newId(),
      tenantId: DEMO_TENANT,
      objectCode: j.code,
      objectName: j.name,
      facilityType: j.facility,
      address: j.address,
      lon: Math.round(j.lon * 1e6) / 1e6,
      lat: Math.round(j.lat * 1e6) / 1e6,
      x,
      y,
      deptId: deptId(deptName),
      createUser: admin,
    };
    jobs.push(row);
    return row;
  };
  const plans: PlanInsert[] = [];
  const approvedAt = new Date(now.getTime() - 366 * DAY);
  const startDate = dayString(localDay(now.getTime(), tz) - 365 * DAY);
  const endDate = dayString(localDay(now.getTime(), tz) + 365 * DAY);
  const plan = (p: Partial<PlanInsert> & { planCode: string; planName: string }) => {
    const row = {
      id: newId(),
      tenantId: DEMO_TENANT,
      typeId: typeId('routine'),
      scopeType: 'route',
      period: 'daily',
      startDate,
      endDate,
      userIds: '',
      checkItems: '',
      auditStatus: 2,
      submitUser: admin,
      submitTime: approvedAt,
      auditUser: admin,
      auditTime: approvedAt,
      auditOpinion: '同意',
      createUser: admin,
      createTime: approvedAt,
      updateTime: approvedAt,
      ...p,
    } as PlanInsert;
    plans.push(row);
    return row;
  };
  return { jobs, plans, startDate, mk, plan };
}
type PlanBook = ReturnType<typeof planBook>;

/** Every patroller's daily route and each team's construction-site watch. */
function teamPlans({ mk, plan }: PlanBook, { typeId, deptId, accountId }: DemoRefs) {
  const patrolTeams: { team: 1 | 2; accounts: string[]; streets: string[] }[] = [
    {
      team: 1,
      accounts: [
        'patrol',
        ...staffList()
          .filter((p) => p.dept === '管网巡检一班')
          .map((p) => p.account),
      ],
      streets: STREETS_1,
    },
    {
      team: 2,
      accounts: staffList()
        .filter((p) => p.dept === '管网巡检二班')
        .map((p) => p.account),
      streets: STREETS_2,
    },
  ];
  for (const t of patrolTeams) {
    const teamDept = t.team === 1 ? '管网巡检一班' : '管网巡检二班';
    t.accounts.forEach((acc, r) => {
      const street = t.streets[r % t.streets.length];
      const objs = routeObjects(t.team, r, street).map((j) => mk(j, teamDept));
      const uid = accountId(acc);
      if (!uid) return;
      plan({
        planCode: `XJ-R${t.team}${String(r + 1).padStart(2, '0')}`,
        planName: `${street}日常巡检路线`,
        geometry: JSON.stringify(objs.map((o) => [o.x, o.y])),
        deptId: deptId(teamDept),
        userIds: uid,
        objectIds: objs.map((o) => o.id).join(','),
        checkItems: ['地面有无塌陷、渗水', '阀门井盖是否完好', '消火栓有无漏水', '有无违章施工、占压'].join('\n'),
      });
    });
    const sites = SITES.filter((s) => s.code.startsWith(`CS${t.team}`)).map((j) => mk(j, teamDept));
    plan({
      planCode: `XJ-A${t.team}01`,
      planName: `${t.team === 1 ? '蜀山、包河' : '庐阳、瑶海'}施工工地看护`,
      typeId: typeId('special'),
      scopeType: 'area',
      period: 'weekly',
      geometry: JSON.stringify(
        ring(
          sites.map((s) => ({ x: s.x!, y: s.y! })),
          800,
        ),
      ),
      deptId: deptId(teamDept),
      objectIds: sites.map((o) => o.id).join(','),
      checkItems: ['施工范围有无危及管线', '保护措施是否落实', '有无擅自开挖'].join('\n'),
    });
  }
}

function pumpPlan({ mk, plan }: PlanBook, { typeId, deptId }: DemoRefs) {
  const pumps = PUMPS.map((j) => mk(j, '加压泵站运维班'));
  plan({
    planCode: 'XJ-P001',
    planName: '加压泵站月度专项检查',
    typeId: typeId('special'),
    scopeType: 'area',
    period: 'monthly',
    geometry: JSON.stringify(
      ring(
        pumps.map((s) => ({ x: s.x!, y: s.y! })),
        1000,
      ),
    ),
    deptId: deptId('加压泵站运维班'),
    objectIds: pumps.map((o) => o.id).join(','),
    checkItems: ['机组运行是否正常', '压力、流量是否正常', '安防与消防设施是否完好'].join('\n'),
  });
}

/** two plans in the audit flow: a draft and one waiting for audit */
function auditFlowPlans({ jobs, plan }: PlanBook, { typeId, deptId }: DemoRefs, tz: string, now: Date) {
  const r0 = jobs.filter((j) => j.objectCode.startsWith('JO10'));
  plan({
    planCode: 'XJ-E001',
    planName: '汛期重点管段应急巡检',
    typeId: typeId('emergency'),
    period: 'daily',
    startDate: dayString(localDay(now.getTime(), tz) + 7 * DAY),
    endDate: dayString(localDay(now.getTime(), tz) + 97 * DAY),
    geometry: JSON.stringify(r0.map((o) => [o.x, o.y])),
    deptId: deptId('管网巡检一班'),
    objectIds: r0.map((o) => o.id).join(','),
    auditStatus: 1,
    auditUser: null,
    auditTime: null,
    auditOpinion: null,
    submitTime: new Date(now.getTime() - 2 * 3_600_000),
  });
  plan({
    planCode: 'XJ-E002',
    planName: '老城区铸铁管专项排查',
    typeId: typeId('special'),
    scopeType: 'area',
    period: 'weekly',
    startDate: dayString(localDay(now.getTime(), tz) + 14 * DAY),
    endDate: dayString(localDay(now.getTime(), tz) + 180 * DAY),
    geometry: JSON.stringify(
      ring(
        r0.map((s) => ({ x: s.x!, y: s.y! })),
        500,
      ),
    ),
    deptId: deptId('管网巡检二班'),
    objectIds: r0.map((o) => o.id).join(','),
    auditStatus: 0,
    submitUser: null,
    submitTime: null,
    auditUser: null,
    auditTime: null,
    auditOpinion: null,
  });
}

/** Builds and stores the demo job objects and plans with their audit trail; returns the plans' first day. */
export async function seedDemoPlans(tx: Tx, refs: DemoRefs, tz: string, now: Date): Promise<string> {
  const book = planBook(refs, tz, now);
  teamPlans(book, refs);
  pumpPlan(book, refs);
  auditFlowPlans(book, refs, tz, now);
  const { jobs, plans } = book;
  const { admin } = refs;
  await insertChunked(tx, patrolJobObject, jobs);
  await insertChunked(tx, patrolPlan, plans);
  await insertChunked(
    tx,
    patrolPlanAudit,
    plans
      .filter((p) => p.auditStatus === 2 || p.auditStatus === 1)
      .flatMap((p) => [
        {
          id: newId(),
          tenantId: DEMO_TENANT,
          planId: p.id!,
          action: 'submit',
          userId: admin,
          userName: '管理员',
          time: p.submitTime!,
        },
        ...(p.auditStatus === 2
          ? [
              {
                id: newId(),
                tenantId: DEMO_TENANT,
                planId: p.id!,
                action: 'approve',
                opinion: '同意',
                userId: admin,
                userName: '管理员',
                time: p.auditTime!,
              },
            ]
          : []),
      ]),
  );
  return book.startDate;
}
