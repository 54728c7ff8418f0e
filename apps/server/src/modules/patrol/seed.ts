/**
 * The patrol area's menus (运维管理 › 巡检管理 and 人员定位), the catalog every tenant starts with (patrol types
 * and what they inspect, the access rule index), and the demo utility's patrol office: 40+ staff in its real
 * departments (all signing in with 123456), job objects along 17 patrol routes, area and pump-station plans, and a
 * year of deterministic history (tasks, check-ins, hazards, work orders) so every list and chart has data.
 *
 * Idempotent and fast: staff by account, the catalog while a tenant has no patrol type, the history once (while
 * the demo plans do not exist); bulk rows go in a few multi-row statements inside one transaction.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import type { Tx } from '../../core/resource.ts';
import { inTenant } from '../../core/scoped.ts';
import { toEpsg4548 } from '../monitor/index.ts';
import { dept, ensureMenus, type MenuItem, post, role, tenant, user } from '../system/index.ts';
import { clientDigest, hashPassword } from '../user/index.ts';
import { EVENT_TYPES, FACILITY_NAME, FACILITY_TYPES } from './catalog.ts';
import { dayString, localDay, TASK_STATUS, zoneOffset } from './periods.ts';
import {
  accessRuleIndex,
  type patrolHazard,
  patrolJobObject,
  type patrolOrder,
  patrolPlan,
  patrolPlanAudit,
  patrolType,
  patrolTypeObject,
} from './schema.ts';
import { bulkInsert, insertChunked, materialize, type PlanRow, schedule, slotsOf } from './tasks.ts';

const PATROL_SEED_LOCK = 7_261_110;
export const DEMO_TENANT = '000000';
export const DEMO_PASSWORD = '123456';

type Op = [code: string, name: string, icon: string, action: 0 | 1 | 2, i18n: string, roles?: string[]];
const buttons = (menu: string, path: string, ops: Op[]): MenuItem[] =>
  ops.map(([op, name, icon, action, i18n, roles], i) => ({
    code: `${menu}_${op}`,
    name,
    i18n,
    alias: op,
    path: `${path}/${op}`,
    source: icon,
    sort: i + 1,
    category: 2 as const,
    action,
    ...(roles ? { roles } : {}),
  }));

export const PATROL_MENUS: MenuItem[] = [
  {
    code: 'patrol',
    name: '巡检管理',
    i18n: 'menu.patrol.index',
    path: '/patrol',
    source: 'ScheduleOutlined',
    sort: 3,
    topMenuCodes: ['operations'],
    roles: ['operator', 'patrol', 'auditor'],
    children: [
      {
        code: 'patrol_overview',
        name: '巡检总览',
        i18n: 'menu.patrol.overview',
        path: '/patrol/overview',
        source: 'DashboardOutlined',
        sort: 1,
        roles: ['operator', 'patrol', 'auditor'],
      },
      {
        code: 'patrol_plan',
        name: '巡检计划',
        i18n: 'menu.patrol.plan',
        path: '/patrol/plan',
        source: 'CalendarOutlined',
        sort: 2,
        roles: ['operator', 'patrol', 'auditor'],
        children: buttons('patrol_plan', '/patrol/plan', [
          ['add', '新增', 'PlusOutlined', 0, 'button.add', ['operator']],
          ['edit', '修改', 'EditOutlined', 1, 'button.edit', ['operator']],
          ['delete', '删除', 'DeleteOutlined', 1, 'button.delete', ['operator']],
          ['view', '查看', 'EyeOutlined', 1, 'button.view', ['operator', 'patrol', 'auditor']],
          ['submit', '提交审核', 'SendOutlined', 1, 'patrol.plan.submitAudit', ['operator']],
          ['audit', '审核', 'AuditOutlined', 1, 'patrol.plan.audit', []],
        ]),
      },
      {
        code: 'patrol_task',
        name: '巡检任务',
        i18n: 'menu.patrol.task',
        path: '/patrol/task',
        source: 'CarryOutOutlined',
        sort: 3,
        roles: ['operator', 'patrol', 'auditor'],
        children: buttons('patrol_task', '/patrol/task', [
          ['view', '查看', 'EyeOutlined', 1, 'button.view', ['operator', 'patrol', 'auditor']],
          ['check', '巡检签到', 'EnvironmentOutlined', 1, 'patrol.task.check', ['patrol']],
          ['reassign', '任务转派', 'SwapOutlined', 1, 'patrol.task.reassign', ['operator']],
        ]),
      },
      {
        code: 'patrol_job_object',
        name: '作业对象',
        i18n: 'menu.patrol.jobObject',
        path: '/patrol/jobObject',
        source: 'AimOutlined',
        sort: 4,
        roles: ['operator', 'patrol'],
        children: buttons('patrol_job_object', '/patrol/jobObject', [
          ['add', '新增', 'PlusOutlined', 0, 'button.add', ['operator']],
          ['edit', '修改', 'EditOutlined', 1, 'button.edit', ['operator']],
          ['delete', '删除', 'DeleteOutlined', 1, 'button.delete', ['operator']],
          ['view', '查看', 'EyeOutlined', 1, 'button.view', ['operator', 'patrol']],
        ]),
      },
      {
        code: 'patrol_type',
        name: '巡检类型',
        i18n: 'menu.patrol.type',
        path: '/patrol/type',
        source: 'AppstoreOutlined',
        sort: 5,
        roles: ['operator'],
        children: buttons('patrol_type', '/patrol/type', [
          ['add', '新增', 'PlusOutlined', 0, 'button.add', ['operator']],
          ['edit', '修改', 'EditOutlined', 1, 'button.edit', ['operator']],
          ['delete', '删除', 'DeleteOutlined', 1, 'button.delete', []],
        ]),
      },
      {
        code: 'patrol_access_rule',
        name: '考核指标',
        i18n: 'menu.patrol.accessRule',
        path: '/patrol/accessRule',
        source: 'TrophyOutlined',
        sort: 6,
        roles: ['operator', 'auditor'],
        children: buttons('patrol_access_rule', '/patrol/accessRule', [
          ['edit', '修改', 'EditOutlined', 1, 'button.edit', []],
          ['export', '导出', 'ExportOutlined', 0, 'button.export', ['operator', 'auditor']],
        ]),
      },
      {
        code: 'location_monitor',
        name: '人员定位',
        i18n: 'menu.patrol.location',
        path: '/patrol/location',
        source: 'EnvironmentOutlined',
        sort: 7,
        roles: ['operator', 'auditor'],
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------------------------
// deterministic draws

function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x21f0aaad);
  x ^= x >>> 15;
  x = Math.imul(x, 0x735a2d97);
  x ^= x >>> 15;
  return x >>> 0;
}
/** Uniform [0, 1) of a string key and a stream number. */
export function draw(key: string, stream = 0): number {
  let h = 0x811c9dc5 ^ stream;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return mix32(mix32(h >>> 0) ^ Math.imul(stream + 1, 0x9e3779b9)) / 4_294_967_296;
}

// ---------------------------------------------------------------------------------------------------------------
// staff

const SURNAMES =
  '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段'.split(
    '',
  );
const GIVEN = [
  '建国',
  '志强',
  '秀英',
  '海涛',
  '丽娟',
  '晓东',
  '文杰',
  '玉兰',
  '国栋',
  '春梅',
  '立新',
  '红霞',
  '俊峰',
  '桂芳',
  '永刚',
  '雪梅',
  '明辉',
  '静怡',
  '德华',
  '凤英',
  '子豪',
  '慧敏',
  '宏伟',
  '淑珍',
  '振华',
  '美玲',
  '鹏飞',
  '雅琴',
  '长江',
  '云飞',
  '佳琪',
  '国强',
  '小燕',
  '家豪',
  '婷婷',
  '光明',
  '秋菊',
  '浩然',
  '晓丽',
  '大勇',
  '金凤',
  '少华',
];

interface StaffGroup {
  dept: string;
  prefix: string;
  count: number;
  role: string;
  post: string;
}
/** The demo utility's staff by department: patrol teams, the repair crew, dispatchers, plant and pump operators. */
export const STAFF: StaffGroup[] = [
  { dept: '管网巡检一班', prefix: 'xj1', count: 8, role: 'patrol', post: 'inspector' },
  { dept: '管网巡检二班', prefix: 'xj2', count: 8, role: 'patrol', post: 'inspector' },
  { dept: '管网抢修班', prefix: 'qx', count: 8, role: 'patrol', post: 'repairer' },
  { dept: '调度值班组', prefix: 'dd', count: 5, role: 'operator', post: 'dispatcher' },
  { dept: '监测数据组', prefix: 'jc', count: 3, role: 'operator', post: 'dispatcher' },
  { dept: '第四水厂运行班', prefix: 'sc4', count: 4, role: 'operator', post: 'operator' },
  { dept: '第六水厂运行班', prefix: 'sc6', count: 3, role: 'operator', post: 'operator' },
  { dept: '加压泵站运维班', prefix: 'bz', count: 3, role: 'patrol', post: 'operator' },
];

export function staffList(): {
  account: string;
  realName: string;
  dept: string;
  role: string;
  post: string;
  i: number;
}[] {
  const out = [];
  let i = 0;
  for (const g of STAFF) {
    for (let k = 1; k <= g.count; k++) {
      const realName = SURNAMES[(i * 7 + 3) % SURNAMES.length] + GIVEN[(i * 5) % GIVEN.length];
      out.push({
        account: `${g.prefix}${String(k).padStart(2, '0')}`,
        realName,
        dept: g.dept,
        role: g.role,
        post: g.post,
        i,
      });
      i++;
    }
  }
  return out;
}

async function seedStaff(tx: Tx): Promise<void> {
  const people = staffList();
  const have = new Set(
    (
      await tx
        .select({ account: user.account })
        .from(user)
        .where(
          inTenant(
            user,
            DEMO_TENANT,
            inArray(
              user.account,
              people.map((p) => p.account),
            ),
          ),
        )
    ).map((r) => r.account),
  );
  const todo = people.filter((p) => !have.has(p.account));
  if (!todo.length) return;
  const depts = await tx
    .select({ id: dept.id, name: dept.deptName })
    .from(dept)
    .where(inTenant(dept, DEMO_TENANT, eq(dept.isDeleted, 0)));
  const roles = await tx
    .select({ id: role.id, alias: role.roleAlias })
    .from(role)
    .where(inTenant(role, DEMO_TENANT, eq(role.isDeleted, 0)));
  let posts = await tx
    .select({ id: post.id, code: post.postCode })
    .from(post)
    .where(inTenant(post, DEMO_TENANT, eq(post.isDeleted, 0)));
  if (!posts.some((p) => p.code === 'repairer')) {
    await tx.insert(post).values({
      id: newId(),
      tenantId: DEMO_TENANT,
      category: 3,
      postCode: 'repairer',
      postName: '管网抢修工',
      sort: 7,
    });
    posts = await tx
      .select({ id: post.id, code: post.postCode })
      .from(post)
      .where(inTenant(post, DEMO_TENANT, eq(post.isDeleted, 0)));
  }
  const find = <T extends { id: string }>(rows: T[], pred: (r: T) => boolean, what: string) => {
    const r = rows.find(pred);
    if (!r) throw new Error(`patrol seed: ${what} missing`);
    return r.id;
  };
  // one hash for everyone with the same password: argon2 is deliberately slow
  const hash = await hashPassword(clientDigest(DEMO_PASSWORD));
  await insertChunked(
    tx,
    user,
    todo.map((p) => ({
      id: newId(),
      tenantId: DEMO_TENANT,
      code: `HF${String(1000 + p.i)}`,
      userType: 1,
      account: p.account,
      password: hash,
      name: p.realName,
      realName: p.realName,
      avatar: '',
      email: `${p.account}@hfwater.example.com`,
      phone: `138552${String(10000 + p.i).slice(-5)}`,
      sex: draw(p.account, 1) < 0.75 ? 1 : 2,
      roleId: find(roles, (r) => r.alias === p.role, `role ${p.role}`),
      deptId: find(depts, (d) => d.name === p.dept, `dept ${p.dept}`),
      postId: find(posts, (x) => x.code === p.post, `post ${p.post}`),
    })),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// catalog (every tenant)

const TYPES = [
  {
    typeCode: 'routine',
    typeName: '日常巡检',
    remark: '沿固定路线每日巡查管线及附属设施',
    facilities: ['pipe', 'valve', 'hydrant', 'meter'],
  },
  {
    typeCode: 'special',
    typeName: '专项巡检',
    remark: '施工工地看护、泵站等重点设施的专项检查',
    facilities: ['construction', 'pump_station', 'valve'],
  },
  {
    typeCode: 'emergency',
    typeName: '应急巡检',
    remark: '暴雨、爆管等突发情况下的临时巡查',
    facilities: ['pipe', 'valve'],
  },
];

export const RULES = [
  {
    indexCode: 'coverage',
    indexName: '巡检覆盖率',
    weight: 60,
    standard: 100,
    description: '已签到对象数 / 计划对象数，达到标准值得满分',
  },
  {
    indexCode: 'punctuality',
    indexName: '任务准时率',
    weight: 30,
    standard: 30,
    description: '在周期结束后宽限分钟内完成的任务占应完成任务的比例',
  },
  {
    indexCode: 'hazard',
    indexName: '隐患发现率',
    weight: 10,
    standard: 5,
    description: '每百个任务上报隐患数，达到标准值得满分',
  },
];

async function seedCatalog(tx: Tx): Promise<void> {
  const tenants = (await tx.select({ id: tenant.tenantId }).from(tenant).where(eq(tenant.isDeleted, 0))).map(
    (t) => t.id,
  );
  const withTypes = new Set((await tx.selectDistinct({ t: patrolType.tenantId }).from(patrolType)).map((r) => r.t));
  for (const t of tenants.filter((x) => !withTypes.has(x))) {
    for (const [i, ty] of TYPES.entries()) {
      const id = newId();
      await tx
        .insert(patrolType)
        .values({ id, tenantId: t, typeCode: ty.typeCode, typeName: ty.typeName, sort: i + 1, remark: ty.remark });
      await tx.insert(patrolTypeObject).values(
        ty.facilities.map((f, k) => ({
          id: newId(),
          tenantId: t,
          typeId: id,
          facilityType: f,
          objectName: FACILITY_NAME[f],
          checkItems: (FACILITY_TYPES.find((x) => x.code === f)?.items ?? []).join('\n'),
          sort: k + 1,
        })),
      );
    }
    await tx
      .insert(accessRuleIndex)
      .values(RULES.map((r, i) => ({ id: newId(), tenantId: t, ...r, sort: i + 1 })))
      .onConflictDoNothing();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// the demo utility's network objects, plans and history

const STREETS_1 = [
  '长江西路',
  '黄山路',
  '望江西路',
  '潜山路',
  '金寨路',
  '合作化南路',
  '包河大道',
  '徽州大道',
  '繁华大道',
];
const STREETS_2 = ['阜阳路', '濉溪路', '亳州路', '淮河路', '宿州路', '临泉路', '铜陵路', '长江东路', '蒙城路'];
const ROUTE_FACILITIES = ['pipe', 'valve', 'hydrant', 'meter', 'valve'];
const DAY = 86_400_000;

interface JobSeed {
  code: string;
  name: string;
  facility: string;
  lon: number;
  lat: number;
  address: string;
}

/** 5 objects 350 m apart along a street, from a start point and a heading (deterministic per route). */
export function routeObjects(team: 1 | 2, r: number, street: string): JobSeed[] {
  const key = `route-${team}-${r}`;
  const lon0 = team === 1 ? 117.18 + 0.12 * draw(key, 1) : 117.26 + 0.08 * draw(key, 1);
  const lat0 = team === 1 ? 31.78 + 0.06 * draw(key, 2) : 31.86 + 0.05 * draw(key, 2);
  const heading = 2 * Math.PI * draw(key, 3);
  const dLon = (350 * Math.cos(heading)) / (111_320 * Math.cos((lat0 * Math.PI) / 180));
  const dLat = (350 * Math.sin(heading)) / 110_540;
  return ROUTE_FACILITIES.map((f, k) => ({
    code: `JO${team}${String(r).padStart(2, '0')}${k + 1}`,
    name: `${street}${FACILITY_NAME[f]}${k + 1}号`,
    facility: f,
    lon: lon0 + k * dLon,
    lat: lat0 + k * dLat,
    address: `合肥市${team === 1 ? (r % 2 ? '蜀山区' : '包河区') : r % 2 ? '庐阳区' : '瑶海区'}${street}`,
  }));
}

const SITES: JobSeed[] = [
  {
    code: 'CS101',
    name: '地铁 8 号线黄山路站施工工地',
    facility: 'construction',
    lon: 117.245,
    lat: 31.842,
    address: '合肥市蜀山区黄山路',
  },
  {
    code: 'CS102',
    name: '包河大道快速化改造工地',
    facility: 'construction',
    lon: 117.311,
    lat: 31.801,
    address: '合肥市包河区包河大道',
  },
  {
    code: 'CS103',
    name: '望江西路综合管廊工地',
    facility: 'construction',
    lon: 117.222,
    lat: 31.826,
    address: '合肥市蜀山区望江西路',
  },
  {
    code: 'CS201',
    name: '阜阳路高架匝道施工工地',
    facility: 'construction',
    lon: 117.291,
    lat: 31.887,
    address: '合肥市庐阳区阜阳路',
  },
  {
    code: 'CS202',
    name: '铜陵路雨污分流改造工地',
    facility: 'construction',
    lon: 117.318,
    lat: 31.872,
    address: '合肥市瑶海区铜陵路',
  },
  {
    code: 'CS203',
    name: '濉溪路地块房建工地',
    facility: 'construction',
    lon: 117.276,
    lat: 31.879,
    address: '合肥市庐阳区濉溪路',
  },
];
const PUMPS: JobSeed[] = [
  {
    code: 'PS01',
    name: '琥珀山庄加压泵站',
    facility: 'pump_station',
    lon: 117.262,
    lat: 31.866,
    address: '合肥市蜀山区琥珀山庄',
  },
  {
    code: 'PS02',
    name: '滨湖新区加压泵站',
    facility: 'pump_station',
    lon: 117.298,
    lat: 31.742,
    address: '合肥市包河区滨湖新区',
  },
  {
    code: 'PS03',
    name: '新站区加压泵站',
    facility: 'pump_station',
    lon: 117.356,
    lat: 31.905,
    address: '合肥市新站区',
  },
  {
    code: 'PS04',
    name: '高新区加压泵站',
    facility: 'pump_station',
    lon: 117.141,
    lat: 31.832,
    address: '合肥市高新区',
  },
];

const ring = (pts: { x: number; y: number }[], pad = 300) => {
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const [a, b, c, d] = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) + pad, Math.max(...ys) + pad];
  return [
    [a, b],
    [c, b],
    [c, d],
    [a, d],
    [a, b],
  ].map(([x, y]) => [Math.round(x), Math.round(y)]);
};

async function seedDemo(tx: Tx, tz: string, now: Date): Promise<void> {
  const [existing] = await tx
    .select({ id: patrolPlan.id })
    .from(patrolPlan)
    .where(inTenant(patrolPlan, DEMO_TENANT, eq(patrolPlan.planCode, 'XJ-R101')))
    .limit(1);
  if (existing) return;
  const types = await tx.select().from(patrolType).where(inTenant(patrolType, DEMO_TENANT));
  const typeId = (code: string) => types.find((t) => t.typeCode === code)?.id ?? types[0].id;
  const depts = await tx.select({ id: dept.id, name: dept.deptName }).from(dept).where(inTenant(dept, DEMO_TENANT));
  const deptId = (name: string) => depts.find((d) => d.name === name)!.id;
  const staff = await tx
    .select({ id: user.id, account: user.account, deptId: user.deptId, realName: user.realName })
    .from(user)
    .where(inTenant(user, DEMO_TENANT, eq(user.isDeleted, 0)));
  const accountId = (a: string) => staff.find((s) => s.account === a)?.id;
  const admin = accountId('admin')!;

  // job objects
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
  const plans: (typeof patrolPlan.$inferInsert)[] = [];
  const approvedAt = new Date(now.getTime() - 366 * DAY);
  const startDate = dayString(localDay(now.getTime(), tz) - 365 * DAY);
  const endDate = dayString(localDay(now.getTime(), tz) + 365 * DAY);
  const plan = (p: Partial<typeof patrolPlan.$inferInsert> & { planCode: string; planName: string }) => {
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
    } as typeof patrolPlan.$inferInsert;
    plans.push(row);
    return row;
  };
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
  // two plans in the audit flow: a draft and one waiting for audit
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

  // a year of history: the periods that ended before today
  const stored = (await tx
    .select()
    .from(patrolPlan)
    .where(inTenant(patrolPlan, DEMO_TENANT, eq(patrolPlan.auditStatus, 2)))) as PlanRow[];
  const todayStart = localDay(now.getTime(), tz);
  const past = slotsOf(stored, tz, startDate, dayString(todayStart - DAY)).filter(
    (s) => s.end.getTime() <= now.getTime(),
  );
  const hazards: (typeof patrolHazard.$inferInsert)[] = [];
  const orders: (typeof patrolOrder.$inferInsert)[] = [];
  const repairers = staff.filter((s) => s.account.startsWith('qx')).map((s) => s.id);
  const repairDept = deptId('管网抢修班');
  let orderSeq = 0;
  const order = (source: string, eventType: string, title: string, at: Date, key: string, deptIdOf: string) => {
    const hours = 1 + 60 * draw(key, 21) ** 2;
    const finish = new Date(at.getTime() + hours * 3_600_000);
    const done = finish.getTime() < now.getTime() && draw(key, 22) < 0.97;
    const row = {
      id: newId(),
      tenantId: DEMO_TENANT,
      orderNo: `GD${dayString(at.getTime()).replaceAll('-', '')}${String(++orderSeq).padStart(5, '0')}`,
      source,
      eventType,
      title,
      deptId: deptIdOf,
      orderStatus: done ? 2 : draw(key, 23) < 0.5 ? 1 : 0,
      createTime: at,
      finishTime: done ? finish : null,
      handleUser: repairers[Math.floor(draw(key, 24) * repairers.length)] ?? null,
    };
    orders.push(row);
    return row;
  };
  const T0 = Date.now();
  await materialize(tx, past, (task, objects, users, slot) => {
    const key = `${slot.plan.planCode}-${slot.firstDay}`;
    const u = draw(key, 5);
    const span = slot.end.getTime() - slot.start.getTime();
    const workStart =
      slot.start.getTime() +
      (slot.plan.period === 'daily' ? 8.5 * 3_600_000 : DAY + 9 * 3_600_000) +
      draw(key, 6) * 3_600_000;
    const overdue = u < 0.04;
    const late = !overdue && u < 0.1;
    const duration = (1.5 + 2.5 * draw(key, 7)) * 3_600_000 * (slot.plan.period === 'daily' ? 1 : 2);
    const finish = late
      ? slot.end.getTime() + (1 + 20 * draw(key, 8)) * 3_600_000
      : Math.min(workStart + duration, slot.start.getTime() + span - 60_000);
    const who = users[0]?.userId;
    let checked = 0;
    let found = 0;
    objects.forEach((o, k) => {
      const ok = overdue ? draw(key, 30 + k) < 0.4 : draw(key, 30 + k) < 0.985;
      if (!ok) return;
      checked++;
      o.checkTime = new Date(workStart + ((finish - workStart) * (k + 0.5)) / objects.length);
      o.checkUser = who;
      o.result = 1;
      if (draw(key, 60 + k) < 0.02) {
        o.result = 2;
        found++;
        const ev = EVENT_TYPES[Math.floor(draw(key, 70 + k) * EVENT_TYPES.length)];
        const ord = order('patrol', ev.code, `${o.objectName}${ev.name}`, o.checkTime, `${key}-${k}`, repairDept);
        hazards.push({
          id: newId(),
          tenantId: DEMO_TENANT,
          taskId: task.id,
          taskObjectId: o.id,
          eventType: ev.code,
          level: 1 + Math.floor(draw(key, 80 + k) * 3),
          description: `${o.objectName}发现${ev.name}，已拍照上报`,
          x: o.x,
          y: o.y,
          reportUser: who,
          reportTime: o.checkTime,
          deptId: slot.plan.deptId,
          hazardStatus: ord.orderStatus === 2 ? 2 : 1,
          orderId: ord.id,
        });
      }
    });
    task.checkedCount = checked;
    task.hazardCount = found;
    task.startTime = checked || !overdue ? new Date(workStart - 10 * 60_000) : null;
    task.taskStatus = overdue ? TASK_STATUS.overdue : TASK_STATUS.finished;
    task.finishTime = overdue ? null : new Date(finish);
    task.updateTime = task.finishTime ?? slot.end;
  });
  // work orders from the other sources: hotline calls, alarms, monitoring warnings
  const SOURCES: [string, number][] = [
    ['hotline', 3.2],
    ['alarm', 1.1],
    ['monitor', 0.7],
    ['other', 0.6],
  ];
  const TITLES: Record<string, string> = {
    leak: '报修：路面冒水',
    valve_damage: '阀门无法关闭',
    cover_missing: '井盖缺失存在安全隐患',
    illegal_work: '施工挖断管线风险',
    hydrant_damage: '消火栓被撞漏水',
    occupation: '管线上方违章搭建',
  };
  for (let d = 365; d >= 0; d--) {
    const day = todayStart - d * DAY;
    for (const [source, rate] of SOURCES) {
      const key = `${source}-${dayString(day)}`;
      const n = Math.floor(rate + draw(key, 1) * rate);
      for (let k = 0; k < n; k++) {
        const at = new Date(day + (7 + 14 * draw(key, 10 + k)) * 3_600_000 - zoneOffset(day, tz));
        if (at.getTime() > now.getTime()) continue;
        const ev = EVENT_TYPES[Math.floor(draw(key, 40 + k) * EVENT_TYPES.length)];
        order(source, ev.code, TITLES[ev.code], at, `${key}-${k}`, repairDept);
      }
    }
  }
  if (process.env.PATROL_TIMING) console.log('materialize', Date.now() - T0, past.length);
  await bulkInsert(
    tx,
    'swp_patrol_hazard',
    [
      ['id', 'bigint', 'id'],
      ['tenant_id', 'varchar', 'tenantId'],
      ['task_id', 'bigint', 'taskId'],
      ['task_object_id', 'bigint', 'taskObjectId'],
      ['event_type', 'varchar', 'eventType'],
      ['level', 'int', 'level'],
      ['description', 'varchar', 'description'],
      ['x', 'float8', 'x'],
      ['y', 'float8', 'y'],
      ['report_user', 'bigint', 'reportUser'],
      ['report_time', 'timestamptz', 'reportTime'],
      ['dept_id', 'bigint', 'deptId'],
      ['hazard_status', 'int', 'hazardStatus'],
      ['order_id', 'bigint', 'orderId'],
    ],
    hazards,
  );
  await bulkInsert(
    tx,
    'swp_patrol_order',
    [
      ['id', 'bigint', 'id'],
      ['tenant_id', 'varchar', 'tenantId'],
      ['order_no', 'varchar', 'orderNo'],
      ['source', 'varchar', 'source'],
      ['event_type', 'varchar', 'eventType'],
      ['title', 'varchar', 'title'],
      ['dept_id', 'bigint', 'deptId'],
      ['order_status', 'int', 'orderStatus'],
      ['create_time', 'timestamptz', 'createTime'],
      ['finish_time', 'timestamptz', 'finishTime'],
      ['handle_user', 'bigint', 'handleUser'],
    ],
    orders,
  );
  if (process.env.PATROL_TIMING) console.log('orders', Date.now() - T0, orders.length, hazards.length);
}

export async function seedPatrol(ctx: AppContext, now = new Date()): Promise<void> {
  await ensureMenus(ctx, PATROL_MENUS);
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PATROL_SEED_LOCK})`);
    await seedStaff(tx as Tx);
    await seedCatalog(tx as Tx);
    await seedDemo(tx as Tx, ctx.config.tz, now);
  });
  await schedule(ctx.db, ctx.config.tz, now);
}
