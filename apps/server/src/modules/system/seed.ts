/**
 * The demo water utility: 合肥水务集团 in tenant 000000 (around 117.2°E 31.8°N), a second tenant 100001 for isolation
 * and an expired tenant 100002; the clients, roles, departments, posts, users, dictionaries and the 15 business
 * areas (top menus) of spec 1 §1, and the shell's own menu entries. Idempotent: every row is inserted only when
 * its natural key is missing, so a restart keeps every change made since.
 */
import { createHash } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import { ensureMenus, type MenuItem, SEED_LOCK } from './menus.ts';
import { client, dept, dict, dictBiz, post, role, tenant, tenantPackage, topMenu, user } from './schema.ts';

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export const PACKAGE_NAME = '标准套餐';

interface TenantSeed {
  tenantId: string;
  tenantName: string;
  linkman: string;
  contactNumber: string;
  address: string;
  expireTime: Date | null;
  usesPackage: boolean;
}

const TENANTS: TenantSeed[] = [
  {
    tenantId: '000000',
    tenantName: '管理组',
    linkman: '王建华',
    contactNumber: '0551-62881001',
    address: '安徽省合肥市蜀山区长江西路 888 号',
    expireTime: null,
    usesPackage: false,
  },
  {
    tenantId: '100001',
    tenantName: '肥西县供水有限公司',
    linkman: '刘志强',
    contactNumber: '0551-68851234',
    address: '安徽省合肥市肥西县上派镇金寨南路 126 号',
    expireTime: new Date('2035-12-31T23:59:59+08:00'),
    usesPackage: true,
  },
  {
    tenantId: '100002',
    tenantName: '长丰县自来水有限公司',
    linkman: '周海涛',
    contactNumber: '0551-66781020',
    address: '安徽省合肥市长丰县水湖镇长丰路 58 号',
    expireTime: new Date('2024-12-31T23:59:59+08:00'),
    usesPackage: true,
  },
];

export const CLIENTS = [
  { clientId: 'saber', secret: 'saber_secret' },
  { clientId: 'sword', secret: 'sword_secret' },
  { clientId: 'swp_web', secret: 'swp_web_secret' },
];

export const ROLES = [
  { roleName: '超级管理员', roleAlias: 'administrator', sort: 1 },
  { roleName: '运营人员', roleAlias: 'operator', sort: 2 },
  { roleName: '巡检人员', roleAlias: 'patrol', sort: 3 },
  { roleName: '审计员', roleAlias: 'auditor', sort: 4 },
];

interface DeptSeed {
  name: string;
  fullName?: string;
  category: 1 | 2 | 3;
  remark?: string;
  children?: DeptSeed[];
}

const DEPTS: Record<string, DeptSeed> = {
  '000000': {
    name: '合肥水务集团',
    fullName: '合肥水务集团有限公司',
    category: 1,
    children: [
      { name: '综合管理部', category: 2, remark: '行政、人事与信息化' },
      {
        name: '供水分公司',
        fullName: '合肥水务集团供水分公司',
        category: 2,
        children: [
          { name: '第四水厂运行班', category: 3, remark: '董铺水库取水，日供水 30 万吨' },
          { name: '第六水厂运行班', category: 3 },
          { name: '加压泵站运维班', category: 3 },
        ],
      },
      {
        name: '管网分公司',
        fullName: '合肥水务集团管网分公司',
        category: 2,
        children: [
          { name: '管网巡检一班', category: 3, remark: '蜀山区、包河区' },
          { name: '管网巡检二班', category: 3, remark: '庐阳区、瑶海区' },
          { name: '管网抢修班', category: 3 },
        ],
      },
      {
        name: '调度中心',
        fullName: '合肥水务集团供水调度中心',
        category: 2,
        children: [
          { name: '调度值班组', category: 3 },
          { name: '监测数据组', category: 3 },
        ],
      },
    ],
  },
  '100001': {
    name: '肥西县供水有限公司',
    category: 1,
    children: [
      { name: '营业所', category: 2 },
      { name: '管网所', category: 2 },
    ],
  },
  '100002': { name: '长丰县自来水有限公司', category: 1, children: [{ name: '综合科', category: 2 }] },
};

const POSTS: Record<string, { code: string; name: string; category: number }[]> = {
  '000000': [
    { code: 'ceo', name: '总经理', category: 1 },
    { code: 'manager', name: '部门经理', category: 2 },
    { code: 'dispatcher', name: '调度员', category: 3 },
    { code: 'inspector', name: '管网巡检员', category: 3 },
    { code: 'operator', name: '运行工', category: 3 },
    { code: 'auditor', name: '审计专员', category: 3 },
  ],
  '100001': [
    { code: 'manager', name: '经理', category: 2 },
    { code: 'staff', name: '职员', category: 3 },
  ],
  '100002': [{ code: 'manager', name: '经理', category: 2 }],
};

interface UserSeed {
  tenantId: string;
  account: string;
  password: string;
  code: string;
  name: string;
  realName: string;
  email: string;
  phone: string;
  sex: number;
  depts: string[];
  roles: string[];
  posts: string[];
}

export const USERS: UserSeed[] = [
  {
    tenantId: '000000',
    account: 'admin',
    password: 'admin',
    code: 'HF0001',
    name: 'admin',
    realName: '管理员',
    email: 'admin@hfwater.example.com',
    phone: '13855100001',
    sex: 1,
    depts: ['综合管理部', '调度中心'],
    roles: ['administrator', 'operator'],
    posts: ['ceo'],
  },
  {
    tenantId: '000000',
    account: 'operator',
    password: 'operator',
    code: 'HF0102',
    name: '李明',
    realName: '李明',
    email: 'liming@hfwater.example.com',
    phone: '13855100002',
    sex: 1,
    depts: ['调度值班组'],
    roles: ['operator'],
    posts: ['dispatcher'],
  },
  {
    tenantId: '000000',
    account: 'patrol',
    password: 'patrol',
    code: 'HF0203',
    name: '张伟',
    realName: '张伟',
    email: 'zhangwei@hfwater.example.com',
    phone: '13855100003',
    sex: 1,
    depts: ['管网巡检一班'],
    roles: ['patrol'],
    posts: ['inspector'],
  },
  {
    tenantId: '000000',
    account: 'auditor',
    password: 'auditor',
    code: 'HF0304',
    name: '陈静',
    realName: '陈静',
    email: 'chenjing@hfwater.example.com',
    phone: '13855100004',
    sex: 2,
    depts: ['综合管理部'],
    roles: ['auditor'],
    posts: ['auditor'],
  },
  {
    tenantId: '100001',
    account: 'admin',
    password: 'admin',
    code: 'FX0001',
    name: 'admin',
    realName: '管理员',
    email: 'admin@fxwater.example.com',
    phone: '13966100001',
    sex: 1,
    depts: ['肥西县供水有限公司'],
    roles: ['administrator'],
    posts: ['manager'],
  },
  {
    tenantId: '100002',
    account: 'admin',
    password: 'admin',
    code: 'CF0001',
    name: 'admin',
    realName: '管理员',
    email: 'admin@cfwater.example.com',
    phone: '13966200001',
    sex: 1,
    depts: ['长丰县自来水有限公司'],
    roles: ['administrator'],
    posts: ['manager'],
  },
];

/** [code, name, 'key=value|key=value|…'] */
type DictSeed = [code: string, name: string, items: string];

const itemsOf = (s: string) => s.split('|').map((kv) => kv.split('=') as [string, string]);

/** System dictionaries (platform-wide) the shell and the administration screens read. */
const DICTS: DictSeed[] = [
  ['sex', '性别', '1=男|2=女|3=未知'],
  ['user_type', '用户平台', '1=WEB|2=APP|3=OTHER'],
  ['user_status', '用户状态', '1=正常|0=停用|2=待审核'],
  ['yes_no', '是否', '0=否|1=是'],
  ['status', '状态', '1=启用|0=停用'],
  ['dept_category', '机构类型', '1=公司|2=部门|3=小组'],
  ['post_category', '岗位类型', '1=高层|2=中层|3=基层|4=其他'],
  ['menu_category', '菜单类型', '1=菜单|2=按钮|3=低代码'],
  ['button_func', '按钮功能', '0=工具栏|1=操作栏|2=工具操作栏'],
  ['menu_open', '打开方式', '1=否|2=是'],
  ['data_scope_type', '数据权限', '1=全部可见|2=本人可见|3=所在机构可见|4=所在机构及子级可见|5=自定义'],
  ['api_scope_type', '接口权限', '1=全部接口|2=GET 查询|3=POST 提交|4=PUT 修改|5=DELETE 删除'],
  ['notice', '通知类型', '1=发布通知|2=批转通知|3=转发通知|4=指示通知|5=任命通知|6=停水通知|7=其他通知'],
  ['message_type', '消息类型', '1=系统通知|2=工单消息|3=告警消息|4=流程消息'],
  ['message_status', '消息状态', 'UN_READABLE=未读|READ=已读'],
  ['sms', '短信服务类型', '1=云片|2=七牛|3=阿里云|4=腾讯云'],
  ['oss', '对象存储类型', '1=本地|2=MinIO|3=七牛云|4=阿里云|5=腾讯云'],
  ['region_level', '行政区划等级', '1=省份|2=地市|3=区县|4=乡镇|5=村委'],
  // SpringBlade's code of the same levels: Saber's region form reads 区划等级 from dictionary?code=region
  ['region', '行政区划', '1=省份|2=地市|3=区县|4=乡镇|5=村委'],
  ['log_type', '日志类型', '1=常规日志|2=接口日志|3=错误日志'],
  ['tenant_mode', '租户模式', '0=关闭|1=开启'],
];

/** Business dictionaries of a water utility, per tenant. */
const DICT_BIZ: DictSeed[] = [
  ['station_type', '测站类型', 'PP=雨量站|ZZ=河道水位站|RR=水库水文站|DD=堰闸水文站|TT=潮位站|ZQ=河道水文站'],
  ['pipe_material', '管材', 'DIP=球墨铸铁管|PE=PE 管|STEEL=钢管|PCCP=预应力钢筒混凝土管|PVC=PVC-U 管|GI=镀锌管'],
  ['pipe_caliber', '管径', 'DN100=DN100|DN150=DN150|DN200=DN200|DN300=DN300|DN500=DN500|DN800=DN800|DN1200=DN1200'],
  ['meter_caliber', '水表口径', 'DN15=DN15|DN20=DN20|DN25=DN25|DN50=DN50|DN100=DN100'],
  [
    'device_type',
    '设备类型',
    'FLOW=电磁流量计|PRESS=压力变送器|LEVEL=液位计|QUALITY=多参数水质仪|METER=智能水表|VALVE=电动阀门',
  ],
  ['alarm_level', '告警等级', '1=一级(紧急)|2=二级(重要)|3=三级(一般)'],
  ['patrol_type', '巡检类型', '1=日常巡检|2=专项巡检|3=应急巡检'],
  ['customer_type', '用水性质', '1=居民生活用水|2=非居民用水|3=特种行业用水|4=消防用水'],
  ['quality_index', '水质指标', 'TURB=浑浊度|CL=余氯|PH=pH 值|COND=电导率|TEMP=水温'],
  ['water_category', '用水类别', '1=居民生活用水|2=非居民用水|3=特种行业用水'],
];

/** The 15 business areas of spec 1 §1, in the spec's order. `source` names an Ant Design icon. */
export const TOP_MENUS = [
  { code: 'water-dispatch', name: '供水调度', i18n: 'topMenu.waterDispatch', source: 'ControlOutlined' },
  { code: 'dma', name: 'DMA分区', i18n: 'topMenu.dma', source: 'ClusterOutlined' },
  { code: 'app', name: '移动应用', i18n: 'topMenu.app', source: 'MobileOutlined' },
  { code: 'billing', name: '营业收费', i18n: 'topMenu.billing', source: 'AccountBookOutlined' },
  { code: 'big-screen', name: '大屏展示', i18n: 'topMenu.bigScreen', source: 'FundProjectionScreenOutlined' },
  { code: 'supply-monitoring', name: '供水监测', i18n: 'topMenu.supplyMonitoring', source: 'DashboardOutlined' },
  { code: 'basic-data', name: '基础数据', i18n: 'topMenu.basicData', source: 'DatabaseOutlined' },
  { code: 'hotline', name: '热线服务', i18n: 'topMenu.hotline', source: 'CustomerServiceOutlined' },
  { code: 'decision', name: '辅助决策', i18n: 'topMenu.decision', source: 'BulbOutlined' },
  { code: 'pipe-gis', name: '管网GIS', i18n: 'topMenu.pipeGis', source: 'GlobalOutlined' },
  { code: 'water-quality', name: '水质管理', i18n: 'topMenu.waterQuality', source: 'ExperimentOutlined' },
  { code: 'iot', name: '物联网', i18n: 'topMenu.iot', source: 'ApiOutlined' },
  { code: 'system', name: '系统管理', i18n: 'topMenu.system', source: 'SettingOutlined' },
  { code: 'operations', name: '运维管理', i18n: 'topMenu.operations', source: 'ToolOutlined' },
  { code: 'supervision', name: '行政监管', i18n: 'topMenu.supervision', source: 'AuditOutlined' },
];

/** The shell's own screens (spec 1 §2.1). 个人信息 is reachable from the avatar menu, hidden in the sidebar. */
export const SHELL_MENUS: MenuItem[] = [
  {
    code: 'desk',
    name: '工作台',
    i18n: 'menu.desk',
    path: '/wel',
    source: 'HomeOutlined',
    sort: 1,
    topMenuCodes: ['system'],
    roles: ['operator', 'patrol', 'auditor'],
    children: [
      { code: 'desk_home', name: '首页', i18n: 'menu.wel.index', path: '/wel/index', source: 'HomeOutlined', sort: 1 },
      {
        code: 'desk_dashboard',
        name: '控制台',
        i18n: 'menu.wel.dashboard',
        path: '/wel/dashboard',
        source: 'DashboardOutlined',
        sort: 2,
        roles: ['operator', 'auditor'],
      },
      {
        code: 'desk_message',
        name: '消息中心',
        i18n: 'menu.message',
        path: '/message/index',
        source: 'BellOutlined',
        sort: 3,
      },
      {
        code: 'desk_info',
        name: '个人信息',
        i18n: 'menu.info',
        path: '/info/index',
        source: 'UserOutlined',
        sort: 4,
        propertyJson: { hidden: true },
      },
    ],
  },
];

/**
 * Inserts what is missing, in one transaction, with one read per table. A row counts as present when its natural
 * key exists at all, removed (`isDeleted = 1`) or not: a demo row an administrator removed stays removed.
 */
export async function seedSystem(ctx: AppContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const packageId = await seedPackage(tx);
    await seedTenants(tx, packageId);
    await seedClients(tx);
    await seedDicts(tx);
    await seedDictBiz(tx);
    await seedTopMenus(tx);
    const roleIds = await seedRoles(tx);
    const deptIds = await seedDepts(tx);
    const postIds = await seedPosts(tx);
    await seedUsers(tx, roleIds, deptIds, postIds);
  });
  await ensureMenus(ctx, SHELL_MENUS);
}

const tenantIds = TENANTS.map((t) => t.tenantId);
/** `tenantId|key` → id */
type Ids = Map<string, string>;
const k = (tenantId: string, key: string) => `${tenantId}|${key}`;

async function seedPackage(tx: Tx): Promise<string> {
  const [p] = await tx
    .select({ id: tenantPackage.id })
    .from(tenantPackage)
    .where(eq(tenantPackage.packageName, PACKAGE_NAME))
    .orderBy(tenantPackage.isDeleted)
    .limit(1);
  if (p) return p.id;
  const id = newId();
  await tx
    .insert(tenantPackage)
    .values({ id, packageName: PACKAGE_NAME, menuId: '', remark: '区县供水公司的标准功能' });
  return id;
}

async function seedTenants(tx: Tx, packageId: string) {
  const have = new Set(
    (await tx.select({ tenantId: tenant.tenantId }).from(tenant).where(inArray(tenant.tenantId, tenantIds))).map(
      (r) => r.tenantId,
    ),
  );
  const add = TENANTS.filter((t) => !have.has(t.tenantId)).map((t) => ({
    tenantId: t.tenantId,
    tenantName: t.tenantName,
    linkman: t.linkman,
    contactNumber: t.contactNumber,
    address: t.address,
    expireTime: t.expireTime,
    packageId: t.usesPackage ? packageId : null,
  }));
  if (add.length) await tx.insert(tenant).values(add);
}

async function seedClients(tx: Tx) {
  const have = new Set((await tx.select({ clientId: client.clientId }).from(client)).map((r) => r.clientId));
  const add = CLIENTS.filter((c) => !have.has(c.clientId)).map((c) => ({
    clientId: c.clientId,
    clientSecret: sha256(c.secret),
    scope: 'all',
    authorizedGrantTypes: 'refresh_token,password,captcha,social',
    accessTokenValidity: 3600,
    refreshTokenValidity: 604800,
  }));
  if (add.length) await tx.insert(client).values(add);
}

interface DictRow {
  id: string;
  code: string;
  dictKey: string;
  parentId: string;
}

/** Dictionary rows to add for one tenant (or the platform), given what exists. */
function missingDicts(defs: DictSeed[], rows: DictRow[]) {
  const add: { id: string; parentId: string; code: string; dictKey: string; dictValue: string; sort: number }[] = [];
  defs.forEach(([code, name, items], n) => {
    let root = rows.find((r) => r.code === code && r.parentId === '0');
    if (!root) {
      root = { id: newId(), code, dictKey: '-1', parentId: '0' };
      add.push({ ...root, dictValue: name, sort: n + 1 });
    }
    const rootId = root.id;
    itemsOf(items).forEach(([key, value], i) => {
      if (rows.some((r) => r.code === code && r.parentId === rootId && r.dictKey === key)) return;
      add.push({ id: newId(), parentId: rootId, code, dictKey: key, dictValue: value, sort: i + 1 });
    });
  });
  return add;
}

async function seedDicts(tx: Tx) {
  const rows = await tx
    .select({ id: dict.id, code: dict.code, dictKey: dict.dictKey, parentId: dict.parentId })
    .from(dict)
    .where(
      inArray(
        dict.code,
        DICTS.map((d) => d[0]),
      ),
    );
  const add = missingDicts(DICTS, rows);
  if (add.length) await tx.insert(dict).values(add);
}

async function seedDictBiz(tx: Tx) {
  const rows = await tx
    .select({
      id: dictBiz.id,
      tenantId: dictBiz.tenantId,
      code: dictBiz.code,
      dictKey: dictBiz.dictKey,
      parentId: dictBiz.parentId,
    })
    .from(dictBiz)
    .where(
      and(
        inArray(dictBiz.tenantId, tenantIds),
        inArray(
          dictBiz.code,
          DICT_BIZ.map((d) => d[0]),
        ),
      ),
    );
  const add = tenantIds.flatMap((tenantId) =>
    missingDicts(
      DICT_BIZ,
      rows.filter((r) => r.tenantId === tenantId),
    ).map((r) => ({ ...r, tenantId })),
  );
  if (add.length) await tx.insert(dictBiz).values(add);
}

async function seedTopMenus(tx: Tx) {
  const have = new Set(
    (
      await tx
        .select({ tenantId: topMenu.tenantId, code: topMenu.code })
        .from(topMenu)
        .where(inArray(topMenu.tenantId, tenantIds))
    ).map((r) => k(r.tenantId, r.code)),
  );
  const add = tenantIds.flatMap((tenantId) =>
    TOP_MENUS.map((t, i) => ({ ...t, tenantId, sort: i + 1 })).filter((t) => !have.has(k(tenantId, t.code))),
  );
  if (add.length) await tx.insert(topMenu).values(add);
}

async function seedRoles(tx: Tx): Promise<Ids> {
  const rows = await tx
    .select({ id: role.id, tenantId: role.tenantId, alias: role.roleAlias })
    .from(role)
    .where(inArray(role.tenantId, tenantIds));
  const ids: Ids = new Map(rows.map((r) => [k(r.tenantId, r.alias), r.id]));
  const add = tenantIds.flatMap((tenantId) =>
    ROLES.filter((r) => !ids.has(k(tenantId, r.roleAlias))).map((r) => {
      const id = newId();
      ids.set(k(tenantId, r.roleAlias), id);
      return { id, tenantId, parentId: '0', ...r };
    }),
  );
  if (add.length) await tx.insert(role).values(add);
  return ids;
}

async function seedDepts(tx: Tx): Promise<Ids> {
  const rows = await tx
    .select({ id: dept.id, tenantId: dept.tenantId, name: dept.deptName })
    .from(dept)
    .where(inArray(dept.tenantId, tenantIds));
  const ids: Ids = new Map(rows.map((r) => [k(r.tenantId, r.name), r.id]));
  const add: (typeof dept.$inferInsert)[] = [];
  const walk = (tenantId: string, d: DeptSeed, parentId: string, ancestors: string, sort: number) => {
    let id = ids.get(k(tenantId, d.name));
    if (!id) {
      id = newId();
      ids.set(k(tenantId, d.name), id);
      add.push({
        id,
        tenantId,
        parentId,
        ancestors,
        deptCategory: d.category,
        deptName: d.name,
        fullName: d.fullName ?? d.name,
        sort,
        remark: d.remark ?? null,
      });
    }
    const self = id;
    d.children?.forEach((c, i) => {
      walk(tenantId, c, self, `${ancestors},${self}`, i + 1);
    });
  };
  for (const tenantId of tenantIds) if (DEPTS[tenantId]) walk(tenantId, DEPTS[tenantId], '0', '0', 1);
  if (add.length) await tx.insert(dept).values(add);
  return ids;
}

async function seedPosts(tx: Tx): Promise<Ids> {
  const rows = await tx
    .select({ id: post.id, tenantId: post.tenantId, code: post.postCode })
    .from(post)
    .where(inArray(post.tenantId, tenantIds));
  const ids: Ids = new Map(rows.map((r) => [k(r.tenantId, r.code), r.id]));
  const add = tenantIds.flatMap((tenantId) =>
    (POSTS[tenantId] ?? [])
      .map((p, i) => ({ p, i }))
      .filter(({ p }) => !ids.has(k(tenantId, p.code)))
      .map(({ p, i }) => {
        const id = newId();
        ids.set(k(tenantId, p.code), id);
        return { id, tenantId, category: p.category, postCode: p.code, postName: p.name, sort: i + 1 };
      }),
  );
  if (add.length) await tx.insert(post).values(add);
  return ids;
}

async function seedUsers(tx: Tx, roleIds: Ids, deptIds: Ids, postIds: Ids) {
  const have = new Set(
    (
      await tx
        .select({ tenantId: user.tenantId, account: user.account })
        .from(user)
        .where(
          and(
            inArray(user.tenantId, tenantIds),
            inArray(
              user.account,
              USERS.map((u) => u.account),
            ),
          ),
        )
    ).map((r) => k(r.tenantId, r.account)),
  );
  const add: (typeof user.$inferInsert)[] = [];
  for (const u of USERS) {
    if (have.has(k(u.tenantId, u.account))) continue;
    const pick = (m: Ids, keys: string[]) =>
      keys.map((key) => {
        const id = m.get(k(u.tenantId, key));
        if (!id) throw new Error(`seed: ${key} missing in tenant ${u.tenantId}`);
        return id;
      });
    add.push({
      id: newId(),
      tenantId: u.tenantId,
      code: u.code,
      userType: 1,
      account: u.account,
      // argon2id, the library's default
      password: await hash(md5(u.password)),
      name: u.name,
      realName: u.realName,
      avatar: '',
      email: u.email,
      phone: u.phone,
      sex: u.sex,
      roleId: pick(roleIds, u.roles).join(','),
      deptId: pick(deptIds, u.depts).join(','),
      postId: pick(postIds, u.posts).join(','),
    });
  }
  if (add.length) await tx.insert(user).values(add);
}
