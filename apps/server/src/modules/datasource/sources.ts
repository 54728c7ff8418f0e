/**
 * Data sources in both dialects over one table (the routes are in routes.ts, table DDL in model-ddl.ts): JNPF `/system/DataSource` (CRUD, Actions/Test, Selector) and
 * BladeX `/blade-develop/datasource` (list, select, detail, remove, submit, selectDbType) with
 * `/blade-develop/datasource-table/{id}/tables|table/{name}`; and the JNPF data model views of a source's tables
 * (`/system/DataModel/{id}/Tables`, `Table/{name}`, `Table/{name}/Preview`, `Tables/{name}/Fields`, and `Table`
 * to create one, `PUT Table` to change one, `DELETE Table/{name}` to drop one). The password is sealed at rest and never returned (`password` comes back empty); an update
 * without a password keeps the stored one, `clearPassword: 1` drops it (an account without a password). Source '0' is the console's own database, for the platform
 * administrator only (it holds every tenant's data).
 */
import { asc, count, desc, eq, ilike, inArray, ne, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, forbidden } from '../../core/envelope.ts';
import { userOf } from '../../core/gate.ts';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import { likeContains } from '../../core/query.ts';
import { requiredText } from '../../core/required-text.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { isPlatformAdmin, PLATFORM_TENANT } from '../../core/tenancy.ts';
import { type ConnSettings, DB_TYPES, type DbType, withSession } from './connect.ts';
import { dsSource } from './schema.ts';
import { dataSourceKey, open, seal } from './secret.ts';

export const OWN_DB = '0';
export const OWN_DB_NAME = '本系统数据库';
export const MSG_NOT_FOUND = '数据源不存在';

type SourceRow = typeof dsSource.$inferSelect;

const dbTypeInput = z.string({ error: '请选择数据库类型' }).transform((v, c) => {
  const t = DB_TYPES.find(
    (x) => x.dbType.toLowerCase() === v.trim().toLowerCase() || (v.toLowerCase() === 'mariadb' && x.dbType === 'MySQL'),
  );
  if (!t) {
    c.addIssue({ code: 'custom', message: `不支持的数据库类型: ${v}（可选 PostgreSQL、MySQL）` });
    return z.NEVER;
  }
  return t.dbType;
});

export const sourceInput = z.object({
  fullName: requiredText('请输入连接名称', 100, '连接名称不能超过100个字符'),
  dbType: dbTypeInput,
  host: z
    .string({ error: '请输入主机地址' })
    .trim()
    .min(1, '请输入主机地址')
    .max(255)
    .regex(/^[A-Za-z0-9.\-:_[\]]+$/, '主机地址不正确'),
  port: z.coerce
    .number({ error: '请输入端口' })
    .int('端口必须是整数')
    .min(1, '端口须在 1 到 65535 之间')
    .max(65535, '端口须在 1 到 65535 之间'),
  dbName: z.string({ error: '请输入数据库名' }).trim().min(1, '请输入数据库名').max(128),
  dbSchema: z.string().trim().max(128).nullish(),
  userName: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(128),
  password: z.string().max(256).nullish(),
  /** the account has no password: drop the stored one (an empty `password` keeps it, as the form leaves it blank) */
  clearPassword: z
    .union([z.boolean(), z.coerce.number().int().min(0).max(1)])
    .optional()
    .transform((v) => v === true || v === 1),
  sortCode: z.coerce.number().int().min(0).max(999_999).optional(),
  description: z.string().max(500).nullish(),
  enabledMark: z.coerce.number().int().min(0).max(1).optional(),
});
export type SourceInput = z.infer<typeof sourceInput>;

/** What a connection test needs: the form as filled so far, without its name and bookkeeping fields. */
const connectionInput = sourceInput.pick({
  dbType: true,
  host: true,
  port: true,
  dbName: true,
  dbSchema: true,
  userName: true,
  password: true,
});

/**
 * A body in JNPF's names (`fullName`, `dbName` or `serviceName`, `userName`, `description`, `enabledMark`); BladeX's
 * names fill what is missing, so a JNPF-path test from the 数据源管理 form (`url`, `username`) works too.
 */
export function normaliseSourceBody(raw: unknown): Record<string, unknown> {
  const b = { ...((raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>) };
  if (b.serviceName !== undefined && b.dbName === undefined) b.dbName = b.serviceName;
  if (b.name !== undefined && b.fullName === undefined) b.fullName = b.name;
  if (b.username !== undefined && b.userName === undefined) b.userName = b.username;
  if (b.remark !== undefined && b.description === undefined) b.description = b.remark;
  if (b.status !== undefined && b.enabledMark === undefined) b.enabledMark = b.status;
  if (typeof b.url === 'string' && b.url) {
    const u = parseJdbcUrl(b.url);
    b.dbType ??= u.dbType;
    b.host ??= u.host;
    b.port ??= u.port;
    b.dbName ??= u.dbName;
  }
  return b;
}

function parseJdbcUrl(url: string) {
  const m = /^jdbc:(postgresql|mysql|mariadb):\/\/([^:/?]+)(?::(\d+))?\/([^?;]+)/i.exec(url.trim());
  if (!m) throw badRequest('连接地址不正确，应为 jdbc:postgresql://主机:端口/库 或 jdbc:mysql://主机:端口/库');
  const dbType = m[1].toLowerCase() === 'postgresql' ? 'PostgreSQL' : 'MySQL';
  return { dbType, host: m[2], port: m[3] ?? (dbType === 'PostgreSQL' ? 5432 : 3306), dbName: m[4] };
}

/**
 * A body from a SpringBlade / BladeX client (`name`, `url`, `username`, `remark`, `status`): its names are the
 * fields. A JNPF name in the same body (a client that echoes what it read) never wins over them, so a rename from
 * Saber renames.
 */
export function normaliseBladeBody(raw: unknown): Record<string, unknown> {
  const b = { ...((raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>) };
  const take = (from: string, to: string) => {
    if (b[from] !== undefined) b[to] = b[from];
  };
  take('name', 'fullName');
  take('username', 'userName');
  take('remark', 'description');
  take('status', 'enabledMark');
  if (typeof b.url === 'string' && b.url) Object.assign(b, parseJdbcUrl(b.url));
  return b;
}

const jdbcUrl = (r: Pick<SourceRow, 'dbType' | 'host' | 'port' | 'dbName'>) =>
  `jdbc:${r.dbType === 'PostgreSQL' ? 'postgresql' : 'mysql'}://${r.host}:${r.port}/${r.dbName}`;

/** A source as the JNPF screens read it (JNPF's names, one per field); the password never. */
export function asSource(r: SourceRow) {
  return {
    id: r.id,
    fullName: r.fullName,
    dbType: r.dbType,
    host: r.host,
    port: r.port,
    dbName: r.dbName,
    dbSchema: r.dbSchema,
    userName: r.userName,
    password: '',
    hasPassword: !!r.passwordEnc,
    sortCode: r.sortCode,
    description: r.description,
    enabledMark: r.status,
    tenantId: r.tenantId,
    creatorTime: r.createTime,
    lastModifyTime: r.updateTime,
  };
}

/**
 * A source as SpringBlade's 数据源管理 (Saber's tool/datasource) and BladeX read it: `name`, `driverClass`, `url`,
 * `username`, `remark`, `status`, one name per field (the url carries host, port and database); the password never.
 */
export function asBladeSource(r: SourceRow) {
  return {
    id: r.id,
    name: r.fullName,
    driverClass: DB_TYPES.find((t) => t.dbType === r.dbType)?.driverClass ?? null,
    url: jdbcUrl(r),
    username: r.userName,
    password: '',
    hasPassword: !!r.passwordEnc,
    dbSchema: r.dbSchema,
    remark: r.description,
    status: r.status,
    sortCode: r.sortCode,
    tenantId: r.tenantId,
    createUser: r.createUser,
    createTime: r.createTime,
    updateUser: r.updateUser,
    updateTime: r.updateTime,
    isDeleted: r.isDeleted,
  };
}

export async function findSource(ctx: AppContext, req: FastifyRequest, id: string): Promise<SourceRow | undefined> {
  if (!/^\d{1,19}$/.test(id)) throw badRequest('参数校验失败: id 必须是数字编号');
  const [r] = await ctx.db
    .select()
    .from(dsSource)
    .where(liveInTenant(dsSource, req.tenantId, eq(dsSource.id, id)));
  return r;
}

/** The console's own database as a source. */
export const OWN_SETTINGS: ConnSettings = {
  dbType: 'internal',
  host: '',
  port: 0,
  dbName: '',
  userName: '',
  password: '',
};

export const isOwnDb = (id: string | null | undefined) => id === OWN_DB || id === '' || id === undefined || id === null;

/** Connection settings of a source id ('0' = own database, platform administrator only). */
export async function settingsOf(ctx: AppContext, req: FastifyRequest, id: string): Promise<ConnSettings> {
  if (isOwnDb(id)) {
    if (!isPlatformAdmin(userOf(req))) throw forbidden('只有平台管理员可以使用本系统数据库');
    return OWN_SETTINGS;
  }
  const r = await findSource(ctx, req, id);
  if (!r) throw badRequest(MSG_NOT_FOUND);
  if (r.status !== 1) throw badRequest(`数据源已停用: ${r.fullName}`);
  const key = await dataSourceKey(ctx);
  return {
    // the platform's own sources (only its administrator sets their address, see saveSource) go anywhere; a
    // tenant's stay behind the outbound wall
    trusted: isPlatformAdmin(userOf(req)) || r.tenantId === PLATFORM_TENANT,
    dbType: r.dbType as DbType,
    host: r.host,
    port: r.port,
    dbName: r.dbName,
    dbSchema: r.dbSchema,
    userName: r.userName,
    password: r.passwordEnc ? open(key, r.passwordEnc) : '',
  };
}

async function assertNameFree(ctx: AppContext, tenantId: string, fullName: string, id?: string) {
  const [dup] = await ctx.db
    .select({ id: dsSource.id })
    .from(dsSource)
    .where(liveInTenant(dsSource, tenantId, eq(dsSource.fullName, fullName), id ? ne(dsSource.id, id) : undefined));
  if (dup) throw badRequest(`连接名称已存在: ${fullName}`);
}

export const MSG_PASSWORD_AGAIN = '连接地址、端口、数据库类型或用户名已修改，请重新输入密码';

/** the stored password goes only where it was given for: same type, host, port and user */
export function sameTarget(
  r: Pick<SourceRow, 'dbType' | 'host' | 'port' | 'userName'>,
  v: { dbType: string; host: string; port: number; userName: string },
): boolean {
  return (
    r.dbType === v.dbType &&
    r.host.trim().toLowerCase() === v.host.trim().toLowerCase() &&
    r.port === v.port &&
    r.userName === v.userName
  );
}

/**
 * Inserts (no id) or updates a source; returns its id. `raw` is already in JNPF's names (normaliseSourceBody or
 * normaliseBladeBody). An update that moves the source (type, host, port, user) without a password is refused, so
 * the stored password never follows it to another host. In the platform tenant only its administrator sets an
 * address: the platform's sources are trusted to pass the outbound wall.
 */
export async function saveSource(ctx: AppContext, req: FastifyRequest, raw: unknown, id?: string): Promise<string> {
  const b = sourceInput.parse(raw);
  const u = userOf(req);
  const key = await dataSourceKey(ctx);
  await assertNameFree(ctx, req.tenantId, b.fullName, id);
  const existing = id ? await findSource(ctx, req, id) : undefined;
  if (id && !existing) throw badRequest(MSG_NOT_FOUND);
  const moved = !existing || !sameTarget(existing, b);
  if (existing?.passwordEnc && moved && !b.password && !b.clearPassword) throw badRequest(MSG_PASSWORD_AGAIN);
  if (req.tenantId === PLATFORM_TENANT && moved && !isPlatformAdmin(u))
    throw forbidden('只有平台管理员可以设置平台数据连接的地址');
  const values = {
    fullName: b.fullName,
    dbType: b.dbType,
    host: b.host,
    port: b.port,
    dbName: b.dbName,
    dbSchema: b.dbSchema || null,
    userName: b.userName,
    sortCode: b.sortCode ?? 0,
    description: b.description ?? null,
    status: b.enabledMark ?? 1,
    updateUser: u.userId,
    updateTime: new Date(),
    ...(b.password ? { passwordEnc: seal(key, b.password) } : b.clearPassword ? { passwordEnc: null } : {}),
  };
  if (id) {
    await ctx.db.update(dsSource).set(values).where(eq(dsSource.id, id));
    return id;
  }
  const newIdValue = newId();
  await ctx.db.insert(dsSource).values({
    id: newIdValue,
    tenantId: req.tenantId,
    ...values,
    passwordEnc: b.password ? seal(key, b.password) : null,
    createUser: u.userId,
    createDept: u.deptId || null,
  });
  return newIdValue;
}

export async function removeSources(ctx: AppContext, req: FastifyRequest, ids: string[]) {
  const r = await ctx.db
    .update(dsSource)
    .set({ isDeleted: 1, updateUser: userOf(req).userId, updateTime: new Date() })
    .where(liveInTenant(dsSource, req.tenantId, inArray(dsSource.id, ids)))
    .returning({ id: dsSource.id });
  return r.length;
}

export async function pageSources(
  ctx: AppContext,
  req: FastifyRequest,
  q: Record<string, unknown>,
  page: number,
  size: number,
  shape: (r: SourceRow) => Record<string, unknown> = asSource,
) {
  const kw = typeof q.keyword === 'string' ? q.keyword.trim() : typeof q.name === 'string' ? q.name.trim() : '';
  const where = liveInTenant(
    dsSource,
    req.tenantId,
    kw ? or(ilike(dsSource.fullName, likeContains(kw)), ilike(dsSource.host, likeContains(kw))) : undefined,
    typeof q.dbType === 'string' && q.dbType ? eq(dsSource.dbType, q.dbType) : undefined,
  );
  const [{ total }] = await ctx.db.select({ total: count() }).from(dsSource).where(where);
  const rows = await ctx.db
    .select()
    .from(dsSource)
    .where(where)
    .orderBy(asc(dsSource.sortCode), desc(dsSource.createTime))
    .limit(size)
    .offset((page - 1) * size);
  return { rows: rows.map(shape), total: Number(total) };
}

export const num = (v: unknown, d: number, max = 1000) => {
  if (v === undefined || v === '' || v === null) return d;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw badRequest('参数校验失败: 分页参数必须是正整数');
  return Math.min(n, max);
};

/** The choices of a source picker: the tenant's enabled sources (and the own database for the platform admin). */
export async function selectorOf(ctx: AppContext, req: FastifyRequest, nameKey: 'fullName' | 'name') {
  const rows = await ctx.db
    .select()
    .from(dsSource)
    .where(liveInTenant(dsSource, req.tenantId, eq(dsSource.status, 1)))
    .orderBy(asc(dsSource.sortCode), asc(dsSource.fullName));
  const own = isPlatformAdmin(req.user)
    ? [{ id: OWN_DB, [nameKey]: OWN_DB_NAME, dbType: 'PostgreSQL', parentId: '0' }]
    : [];
  return [...own, ...rows.map((r) => ({ id: r.id, [nameKey]: r.fullName, dbType: r.dbType, parentId: '0' }))];
}

export const pOf = (req: FastifyRequest) => req.params as Record<string, string>;

export const READERS = [
  'data_source',
  'data_model',
  'data_interface',
  'data_sync',
  'develop_datasource',
  'business_data_model',
  'code_gen',
];

/** Tables of a source. */
export async function tablesOf(ctx: AppContext, req: FastifyRequest, id: string) {
  return withSession(ctx, await settingsOf(ctx, req, id), (x) => x.tables());
}

/** Columns of a table of a source (empty when the table does not exist). */
export async function columnsOf(ctx: AppContext, req: FastifyRequest, id: string, table: string) {
  return withSession(ctx, await settingsOf(ctx, req, id), (x) => x.columns(table));
}

/** Actions/Test: connects with the posted settings (or a saved source's) and reads the server's version. */
export async function testConnection(ctx: AppContext, req: FastifyRequest) {
  const b = normaliseSourceBody(req.body);
  const trusted = isPlatformAdmin(userOf(req));
  let s: ConnSettings;
  if (b.id && !b.host) s = await settingsOf(ctx, req, String(b.id));
  else {
    const v = connectionInput.parse(b);
    let password = v.password ?? '';
    if (!password && b.id && !b.clearPassword) {
      // a saved source's password, only for the host it was given for
      const r = await findSource(ctx, req, String(b.id));
      if (!r) throw badRequest(MSG_NOT_FOUND);
      if (r.passwordEnc && !sameTarget(r, v)) throw badRequest(MSG_PASSWORD_AGAIN);
      if (r.passwordEnc) password = open(await dataSourceKey(ctx), r.passwordEnc);
    }
    s = { ...v, password, trusted };
  }
  const started = Date.now();
  const version = await withSession(
    ctx,
    s,
    async (x) => {
      const r = await x.read(x.kind === 'MySQL' ? 'select version() as v' : 'select version() as v', [], 5000);
      return String(r[0]?.v ?? '');
    },
    '连接失败',
  );
  return { version, durationMs: Date.now() - started };
}
