/**
 * Data sources in both dialects over one table: JNPF `/system/DataSource` (CRUD, Actions/Test, Selector) and
 * BladeX `/blade-develop/datasource` (list, select, detail, remove, submit, selectDbType) with
 * `/blade-develop/datasource-table/{id}/tables|table/{name}`; and the JNPF data model views of a source's tables
 * (`/system/DataModel/{id}/Tables`, `Table/{name}`, `Table/{name}/Preview`, `Tables/{name}/Fields`, and `Table`
 * to create one, `PUT Table` to change one, `DELETE Table/{name}` to drop one). The password is sealed at rest and never returned (`password` comes back empty); an update
 * without a password keeps the stored one, `clearPassword: 1` drops it (an account without a password). Source '0' is the console's own database, for the platform
 * administrator only (it holds every tenant's data).
 */
import { asc, count, desc, eq, ilike, inArray, ne, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, done, forbidden, ok } from '../../core/envelope.ts';
import { byMenu, userOf } from '../../core/gate.ts';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import { parseIds } from '../../core/query.ts';
import { inTenant } from '../../core/scoped.ts';
import { isPlatformAdmin, PLATFORM_TENANT } from '../../core/tenancy.ts';
import { type ConnSettings, DB_TYPES, type DbType, knownTable, withSession } from './connect.ts';
import { dsSource } from './schema.ts';
import { dataSourceKey, open, seal } from './secret.ts';

export const OWN_DB = '0';
export const OWN_DB_NAME = '本系统数据库';
const MSG_NOT_FOUND = '数据源不存在';

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
  fullName: z.string({ error: '请输入连接名称' }).trim().min(1, '请输入连接名称').max(100, '连接名称不能超过100个字符'),
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

async function findSource(ctx: AppContext, req: FastifyRequest, id: string): Promise<SourceRow | undefined> {
  if (!/^\d{1,19}$/.test(id)) throw badRequest('参数校验失败: id 必须是数字编号');
  const [r] = await ctx.db
    .select()
    .from(dsSource)
    .where(inTenant(dsSource, req.tenantId, eq(dsSource.id, id), eq(dsSource.isDeleted, 0)));
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
    .where(
      inTenant(
        dsSource,
        tenantId,
        eq(dsSource.fullName, fullName),
        eq(dsSource.isDeleted, 0),
        id ? ne(dsSource.id, id) : undefined,
      ),
    );
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

async function removeSources(ctx: AppContext, req: FastifyRequest, ids: string[]) {
  const r = await ctx.db
    .update(dsSource)
    .set({ isDeleted: 1, updateUser: userOf(req).userId, updateTime: new Date() })
    .where(inTenant(dsSource, req.tenantId, inArray(dsSource.id, ids), eq(dsSource.isDeleted, 0)))
    .returning({ id: dsSource.id });
  return r.length;
}

async function pageSources(
  ctx: AppContext,
  req: FastifyRequest,
  q: Record<string, unknown>,
  page: number,
  size: number,
  shape: (r: SourceRow) => Record<string, unknown> = asSource,
) {
  const kw = typeof q.keyword === 'string' ? q.keyword.trim() : typeof q.name === 'string' ? q.name.trim() : '';
  const where = inTenant(
    dsSource,
    req.tenantId,
    eq(dsSource.isDeleted, 0),
    kw
      ? or(
          ilike(dsSource.fullName, `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          ilike(dsSource.host, `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        )
      : undefined,
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

const num = (v: unknown, d: number, max = 1000) => {
  if (v === undefined || v === '' || v === null) return d;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw badRequest('参数校验失败: 分页参数必须是正整数');
  return Math.min(n, max);
};

/** The choices of a source picker: the tenant's enabled sources (and the own database for the platform admin). */
async function selectorOf(ctx: AppContext, req: FastifyRequest, nameKey: 'fullName' | 'name') {
  const rows = await ctx.db
    .select()
    .from(dsSource)
    .where(inTenant(dsSource, req.tenantId, eq(dsSource.isDeleted, 0), eq(dsSource.status, 1)))
    .orderBy(asc(dsSource.sortCode), asc(dsSource.fullName));
  const own = isPlatformAdmin(req.user)
    ? [{ id: OWN_DB, [nameKey]: OWN_DB_NAME, dbType: 'PostgreSQL', parentId: '0' }]
    : [];
  return [...own, ...rows.map((r) => ({ id: r.id, [nameKey]: r.fullName, dbType: r.dbType, parentId: '0' }))];
}

const qOf = (req: FastifyRequest) => (req.query ?? {}) as Record<string, unknown>;
const pOf = (req: FastifyRequest) => req.params as Record<string, string>;

const READERS = [
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

const FIELD_TYPES: Record<string, { pg: (n?: number, s?: number) => string; my: (n?: number, s?: number) => string }> =
  {
    varchar: { pg: (n = 255) => `varchar(${n})`, my: (n = 255) => `varchar(${n})` },
    text: { pg: () => 'text', my: () => 'text' },
    int: { pg: () => 'integer', my: () => 'int' },
    bigint: { pg: () => 'bigint', my: () => 'bigint' },
    decimal: { pg: (n = 18, s = 2) => `numeric(${n},${s})`, my: (n = 18, s = 2) => `decimal(${n},${s})` },
    datetime: { pg: () => 'timestamp', my: () => 'datetime' },
    date: { pg: () => 'date', my: () => 'date' },
  };
/** a column type as the catalogue spells it, in the words FIELD_TYPES uses (display widths of MySQL ints dropped) */
export function sameType(t: string): string {
  return t
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^character varying/, 'varchar')
    .replace(/^timestamp without time zone$/, 'timestamp')
    .replace(/^(int|bigint)\(\d+\)$/, '$1')
    .replace(/^decimal/, 'numeric')
    .replace(/\s/g, '');
}
const IDENT = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const tableInput = z.object({
  tableName: z.string({ error: '请输入表名' }).regex(IDENT, '表名只能由字母、数字和下划线组成，且不能以数字开头'),
  fields: z
    .array(
      z.object({
        field: z.string({ error: '请输入字段名' }).regex(IDENT, '字段名只能由字母、数字和下划线组成，且不能以数字开头'),
        dataType: z.enum(Object.keys(FIELD_TYPES) as [string, ...string[]], {
          error: '字段类型只能是 varchar、text、int、bigint、decimal、datetime、date',
        }),
        dataLength: z.coerce.number().int().min(1).max(10_000).optional(),
        decimalDigits: z.coerce.number().int().min(0).max(30).optional(),
        allowNull: z.coerce.number().int().min(0).max(1).optional(),
        primaryKey: z.coerce.number().int().min(0).max(1).optional(),
      }),
    )
    .min(1, '请至少添加一个字段'),
});
/** an update names the table it changes (`oldTableName`, default `tableName`): it may rename it */
const tableUpdate = tableInput.extend({
  oldTableName: z.string().regex(IDENT, '原表名只能由字母、数字和下划线组成，且不能以数字开头').optional(),
});

export function sourceRoutes(app: FastifyInstance, ctx: AppContext) {
  // ---- JNPF /system/DataSource
  const S = '/system/DataSource';
  app.get(S, byMenu('data_source'), async (req) => {
    const q = qOf(req);
    const page = num(q.currentPage, 1, 1_000_000);
    const size = num(q.pageSize, 20);
    const r = await pageSources(ctx, req, q, page, size);
    return ok({ list: r.rows, pagination: { currentPage: page, pageSize: size, total: r.total } });
  });
  app.get(`${S}/Selector`, byMenu(...READERS), async (req) => ok({ list: await selectorOf(ctx, req, 'fullName') }));
  app.post(
    `${S}/Actions/Test`,
    byMenu('data_source', 'data_source_add', 'data_source_edit', 'develop_datasource'),
    async (req) => {
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
      return ok({ version, durationMs: Date.now() - started }, '连接成功');
    },
  );
  app.post(S, byMenu('data_source_add'), async (req) =>
    ok({ id: await saveSource(ctx, req, normaliseSourceBody(req.body)) }, '新建成功'),
  );
  app.get(`${S}/:id`, byMenu('data_source'), async (req) => {
    const r = await findSource(ctx, req, pOf(req).id);
    return ok(r ? asSource(r) : null);
  });
  app.put(`${S}/:id`, byMenu('data_source_edit'), async (req) => {
    await saveSource(ctx, req, normaliseSourceBody(req.body), pOf(req).id);
    return done('更新成功');
  });
  app.delete(`${S}/:id`, byMenu('data_source_delete'), async (req) => {
    if (!(await removeSources(ctx, req, [pOf(req).id]))) throw badRequest(MSG_NOT_FOUND);
    return done('删除成功');
  });

  // ---- BladeX /blade-develop/datasource
  const D = '/blade-develop/datasource';
  app.get(`${D}/list`, byMenu('develop_datasource', 'code_gen'), async (req) => {
    const q = qOf(req);
    const current = num(q.current, 1, 1_000_000);
    const size = num(q.size, 10);
    const r = await pageSources(ctx, req, q, current, size, asBladeSource);
    return ok({ records: r.rows, total: r.total, size, current, pages: Math.ceil(r.total / size) });
  });
  app.get(`${D}/select`, byMenu('develop_datasource', 'code_gen', 'business_data_model'), async (req) =>
    ok(await selectorOf(ctx, req, 'name')),
  );
  app.get(`${D}/selectDbType`, byMenu('develop_datasource', 'data_source'), async () =>
    ok(
      DB_TYPES.map((t) => ({
        dictKey: t.dbType,
        dictValue: t.label,
        defaultPort: t.defaultPort,
        driverClass: t.driverClass,
      })),
    ),
  );
  app.get(`${D}/detail`, byMenu('develop_datasource', 'code_gen'), async (req) => {
    const id = String(qOf(req).id ?? '');
    if (!id) throw badRequest('缺少必要的请求参数: id');
    const r = await findSource(ctx, req, id);
    return ok(r ? asBladeSource(r) : null);
  });
  app.post(`${D}/submit`, byMenu('develop_datasource_add', 'develop_datasource_edit'), async (req) => {
    const b = normaliseBladeBody(req.body);
    const id = b.id ? String(b.id) : undefined;
    await saveSource(ctx, req, b, id);
    return done();
  });
  app.post(`${D}/remove`, byMenu('develop_datasource_delete'), async (req) => {
    const ids = parseIds(qOf(req).ids ?? (req.body as Record<string, unknown> | undefined)?.ids);
    await removeSources(ctx, req, ids);
    return done();
  });
  app.get('/blade-develop/datasource-table/:id/tables', byMenu('develop_datasource', 'code_gen'), async (req) => {
    const rows = await tablesOf(ctx, req, pOf(req).id);
    return ok(rows.map((r) => ({ name: r.table, tableName: r.table, comment: r.comment, rows: r.rows })));
  });
  app.get('/blade-develop/datasource-table/:id/table/:name', byMenu('develop_datasource', 'code_gen'), async (req) => {
    const { id, name } = pOf(req);
    const info = await withSession(ctx, await settingsOf(ctx, req, id), async (x) => {
      const t = (await x.tables()).find((r) => r.table === name);
      return t ? { name: t.table, comment: t.comment, columns: await x.columns(t.table) } : null;
    });
    return ok(info);
  });

  // ---- JNPF /system/DataModel/{id}
  const M = '/system/DataModel/:id';
  const MODEL_READ = byMenu('data_model', 'business_data_model', 'code_gen');
  app.get(`${M}/Tables`, MODEL_READ, async (req) => {
    const q = qOf(req);
    const kw = typeof q.keyword === 'string' ? q.keyword.trim().toLowerCase() : '';
    const rows = (await tablesOf(ctx, req, pOf(req).id)).filter(
      (r) => !kw || r.table.toLowerCase().includes(kw) || (r.comment ?? '').toLowerCase().includes(kw),
    );
    return ok({ list: rows.map((r) => ({ table: r.table, tableName: r.comment ?? '', sum: r.rows })) });
  });
  app.get(`${M}/Table/:name`, MODEL_READ, async (req) => {
    const { id, name } = pOf(req);
    const info = await withSession(ctx, await settingsOf(ctx, req, id), async (x) => {
      const t = (await x.tables()).find((r) => r.table === name);
      if (!t) return null;
      const cols = await x.columns(t.table);
      return {
        tableInfo: { table: t.table, tableName: t.comment ?? '', rows: t.rows },
        tableFieldList: cols.map((c) => ({
          field: c.name,
          fieldName: c.comment ?? '',
          dataType: c.type,
          allowNull: c.nullable ? 1 : 0,
          primaryKey: c.primaryKey ? 1 : 0,
        })),
      };
    });
    return ok(info);
  });
  app.get(`${M}/Table/:name/Preview`, MODEL_READ, async (req) => {
    const { id, name } = pOf(req);
    const q = qOf(req);
    const page = num(q.currentPage, 1, 1_000_000);
    const size = num(q.pageSize, 20, 500);
    const r = await withSession(ctx, await settingsOf(ctx, req, id), async (x) => {
      const t = await knownTable(x, name);
      const cols = await x.columns(t);
      const order = cols.filter((c) => c.primaryKey).map((c) => x.quote(c.name));
      const [{ n }] = await x.read(`select count(*) as n from ${x.qualified(t)}`, [], 10_000);
      const rows = await x.read(
        `select * from ${x.qualified(t)}${order.length ? ` order by ${order.join(', ')}` : ''} limit ${size} offset ${(page - 1) * size}`,
        [],
        10_000,
      );
      return { list: rows, total: Number(n) };
    });
    return ok({ list: r.list, pagination: { currentPage: page, pageSize: size, total: r.total } });
  });
  app.get(`/system/DataModel/:id/Tables/:name/Fields`, MODEL_READ, async (req) => {
    const { id, name } = pOf(req);
    const cols = await withSession(ctx, await settingsOf(ctx, req, id), async (x) =>
      x.columns(await knownTable(x, name)),
    );
    return ok({
      list: cols.map((c) => ({
        field: c.name,
        fieldName: c.comment ?? '',
        dataType: c.type,
        allowNull: c.nullable ? 1 : 0,
        primaryKey: c.primaryKey ? 1 : 0,
      })),
    });
  });
  // create a table in a source (never in the console's own database: its tables come from migrations)
  app.post(`${M}/Table`, byMenu('data_model_add'), async (req) => {
    const id = pOf(req).id;
    if (id === OWN_DB) throw badRequest('不能在本系统数据库中建表');
    const b = tableInput.parse(req.body ?? {});
    const s = await settingsOf(ctx, req, id);
    await withSession(
      ctx,
      s,
      async (x) => {
        if ((await x.tables()).some((t) => t.table === b.tableName)) throw badRequest(`数据表已存在: ${b.tableName}`);
        const pg = x.kind !== 'MySQL';
        const cols = b.fields.map((f) => {
          const t = FIELD_TYPES[f.dataType];
          return `${x.quote(f.field)} ${(pg ? t.pg : t.my)(f.dataLength, f.decimalDigits)}${f.allowNull === 0 || f.primaryKey ? ' not null' : ''}`;
        });
        const keys = b.fields.filter((f) => f.primaryKey === 1).map((f) => x.quote(f.field));
        if (keys.length) cols.push(`primary key (${keys.join(', ')})`);
        await x.write(`create table ${x.qualified(b.tableName)} (${cols.join(', ')})`, [], 10_000);
      },
      '建表失败',
    );
    return done('新建成功');
  });
  // change a table: rename it, add the new fields, drop the fields left out, change nullability. A field's type
  // is not changed in place (existing rows may not convert): drop it and add it again.
  app.put(`${M}/Table`, byMenu('data_model_edit'), async (req) => {
    const id = pOf(req).id;
    if (id === OWN_DB) throw badRequest('不能修改本系统数据库的表');
    const b = tableUpdate.parse(req.body ?? {});
    const from = b.oldTableName ?? b.tableName;
    const s = await settingsOf(ctx, req, id);
    await withSession(
      ctx,
      s,
      async (x) => {
        const tables = await x.tables();
        if (!tables.some((t) => t.table === from)) throw badRequest(`数据表不存在: ${from}`);
        if (from !== b.tableName && tables.some((t) => t.table === b.tableName))
          throw badRequest(`数据表已存在: ${b.tableName}`);
        const pg = x.kind !== 'MySQL';
        const have = new Map((await x.columns(from)).map((c) => [c.name, c]));
        const want = new Set(b.fields.map((f) => f.field));
        const steps: string[] = [];
        for (const f of b.fields) {
          const t = FIELD_TYPES[f.dataType];
          const type = (pg ? t.pg : t.my)(f.dataLength, f.decimalDigits);
          const notNull = f.allowNull === 0 || f.primaryKey === 1;
          const c = have.get(f.field);
          if (!c) {
            steps.push(`add column ${x.quote(f.field)} ${type}${notNull ? ' not null' : ''}`);
            continue;
          }
          if (sameType(c.type) !== sameType(type))
            throw badRequest(`不能修改字段类型: ${f.field}（${c.type} → ${type}），请删除后重新添加`);
          if (c.nullable === notNull)
            steps.push(
              pg
                ? `alter column ${x.quote(f.field)} ${notNull ? 'set' : 'drop'} not null`
                : `modify column ${x.quote(f.field)} ${type}${notNull ? ' not null' : ' null'}`,
            );
        }
        const dropped = [...have.keys()].filter((n) => !want.has(n));
        if (dropped.length === have.size) throw badRequest('请至少保留一个原有字段');
        for (const n of dropped) steps.push(`drop column ${x.quote(n)}`);
        if (steps.length) await x.write(`alter table ${x.qualified(from)} ${steps.join(', ')}`, [], 30_000);
        if (from !== b.tableName) {
          await x.write(
            pg
              ? `alter table ${x.qualified(from)} rename to ${x.quote(b.tableName)}`
              : `rename table ${x.qualified(from)} to ${x.qualified(b.tableName)}`,
            [],
            10_000,
          );
        }
      },
      '修改数据表失败',
    );
    return done('修改成功');
  });
  app.delete(`${M}/Table/:name`, byMenu('data_model_delete'), async (req) => {
    const { id, name } = pOf(req);
    if (id === OWN_DB) throw badRequest('不能删除本系统数据库的表');
    const s = await settingsOf(ctx, req, id);
    await withSession(
      ctx,
      s,
      async (x) => {
        if (!(await x.tables()).some((t) => t.table === name)) throw badRequest(`数据表不存在: ${name}`);
        await x.write(`drop table ${x.qualified(name)}`, [], 30_000);
      },
      '删除数据表失败',
    );
    return done('删除成功');
  });
}
