/**
 * The resource factory: one definition yields the BladeX routes of a family — list/page, detail, submit, remove,
 * and tree, lazy-tree, select where asked — with validation (zod), audit fields, soft delete, tenant isolation,
 * data scope and unique checks, every write in a transaction. Write by hand only what differs (hooks, extra routes).
 *
 *   export const paramResource = defineResource({
 *     code: 'param', base: '/blade-system/param', table: param,
 *     input: { paramName: z.string().min(1, '请输入参数名称'), ... },
 *     unique: [{ fields: ['paramKey'], message: '参数键名已存在' }],
 *   });
 *   // in the module: routes(app, ctx) { paramResource.routes(app, ctx); }
 */
import { and, asc, type Column, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/connection.ts';
import { badRequest, done, ok } from './envelope.ts';
import type { Grant } from './gate.ts';
import type { AppContext } from './module.ts';
import { columnsOf, compileFilters, compileSort, isId, pageOf, parseIds, parsePaging } from './query.ts';
import { dataScopeFilter } from './scope.ts';
import { readTenantOf } from './tenancy.ts';

export type RouteName = 'list' | 'page' | 'detail' | 'submit' | 'remove' | 'tree' | 'lazy-tree' | 'select';
export type Row = Record<string, any>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface HookContext {
  req: FastifyRequest;
  ctx: AppContext;
  tx: Tx;
  isNew: boolean;
  /** the stored row before an update */
  existing?: Row;
}

export interface ResourceDef {
  /** resource code, used for data scopes and logs */
  code: string;
  /** route base without /api, e.g. `/blade-system/param` */
  base: string;
  table: PgTable;
  /** key column when it is not `id` (e.g. a region's `code`) */
  idField?: string;
  /** zod shape of the writable fields of `submit` (id and audit fields are added by the factory) */
  input: z.ZodRawShape;
  /**
   * Who may call the generated routes (core/gate.ts `Grant`): `read` for list, page, detail, tree, lazy-tree and
   * select; `submit` for inserts and updates; `remove` for removals. Typically the screen's menu code (and those of
   * the screens that pick from it) for reads and its buttons for writes. `pick` (default `read`) grants tree,
   * lazy-tree and select: the pickers other screens' forms use, often `'signed-in'`.
   */
  grant: { read: Grant; submit: Grant; remove: Grant; pick?: Grant };
  routes?: RouteName[];
  /** `list` answers a page (default) or every visible row (`all`, sorted) or a tree of rows (`tree`) */
  listMode?: 'page' | 'all' | 'tree';
  /** rows belong to a tenant (default: the table has a tenantId column) */
  tenant?: boolean;
  /** apply the user's data scope (default: the table has createUser) */
  dataScope?: boolean;
  /** columns never returned and never filtered on */
  hidden?: string[];
  unique?: { fields: string[]; message: string }[];
  /** default order when no ascs/descs is given */
  order?: (cols: Map<string, Column>) => SQL[];
  /** `root`: the parent value of top-level rows (default '0') */
  tree?: { parentField?: string; titleField: string; valueField?: string; root?: string };
  /** query keys the hooks handle (not filters) */
  params?: string[];
  hooks?: {
    /** extra conditions from `params` keys */
    where?(
      q: Record<string, unknown>,
      req: FastifyRequest,
      ctx: AppContext,
    ): SQL | undefined | Promise<SQL | undefined>;
    /** validate or complete a row before it is written (throw badRequest to refuse) */
    beforeSave?(data: Row, h: HookContext): void | Promise<void>;
    afterSave?(row: Row, h: HookContext): void | Promise<void>;
    beforeRemove?(rows: Row[], h: Omit<HookContext, 'isNew'>): void | Promise<void>;
    afterRemove?(rows: Row[], h: Omit<HookContext, 'isNew'>): void | Promise<void>;
    /** after the transaction of a save or remove committed (e.g. tell other instances to drop caches) */
    committed?(op: 'save' | 'remove', rows: Row[], req: FastifyRequest, ctx: AppContext): void | Promise<void>;
    /** add display fields (names of related rows) to outgoing rows */
    decorate?(rows: Row[], req: FastifyRequest, ctx: AppContext): Row[] | Promise<Row[]>;
  };
}

export interface SaveExtra {
  afterSave?(row: Row, h: HookContext): void | Promise<void>;
}

export interface Resource {
  def: ResourceDef;
  routes(app: FastifyInstance, ctx: AppContext): void;
  /** conditions every read applies: soft delete, tenant (the platform administrator may name one in `q`), data scope */
  visibility(req: FastifyRequest, q?: Record<string, unknown>): Promise<SQL[]>;
  /** visibility plus the query's filters and the `where` hook: what list, page and exports apply */
  conditions(ctx: AppContext, req: FastifyRequest, q: Record<string, unknown>): Promise<SQL[]>;
  findVisible(ctx: AppContext, req: FastifyRequest, ids: string[]): Promise<Row[]>;
  /** every visible row matching the query and `extra` conditions (at most 10 000), sorted and decorated */
  all(ctx: AppContext, req: FastifyRequest, q: Record<string, unknown>, extra?: SQL[]): Promise<Row[]>;
  /** the visible children of one parent (`parentId` or the tree's parent field in `q`), each with `hasChildren` */
  lazy(ctx: AppContext, req: FastifyRequest, q: Record<string, unknown>, extra?: SQL[]): Promise<Row[]>;
  /** rows as a tree: entity fields plus `children`, or tree nodes (`id, parentId, title, value, key, hasChildren`) */
  treeOf(rows: Row[], asNodes: boolean): Row[];
  /** decorates and strips hidden fields of rows read by hand */
  present(rows: Row[], req: FastifyRequest, ctx: AppContext): Promise<Row[]>;
  page(ctx: AppContext, req: FastifyRequest, q: Record<string, unknown>): Promise<ReturnType<typeof pageOf<Row>>>;
  /** `extra.afterSave` runs in the same transaction, after the resource's own hook (per-call follow-up writes) */
  save(ctx: AppContext, req: FastifyRequest, body: unknown, extra?: SaveExtra): Promise<Row>;
  remove(ctx: AppContext, req: FastifyRequest, ids: string[]): Promise<number>;
}

const idSchema = z.union([z.string(), z.number()]).refine((v) => isId(v), '必须是数字编号');

const registry = new Map<string, ResourceDef>();
/** The definition of a resource by its code (e.g. to check a data-scope rule against the resource's columns). */
export function resourceDef(code: string): ResourceDef | undefined {
  return registry.get(code);
}
/** Every resource defined so far (generated tests derive filters from their columns). */
export function resourceDefs(): ResourceDef[] {
  return [...registry.values()];
}

export function defineResource(def: ResourceDef): Resource {
  if (!registry.has(def.code)) registry.set(def.code, def);
  const cols = columnsOf(def.table);
  const col = (name: string) => {
    const c = cols.get(name);
    if (!c) throw new Error(`${def.code}: no column ${name}`);
    return c;
  };
  const has = (name: string) => cols.has(name);
  const tenantScoped = def.tenant ?? has('tenantId');
  const scoped = def.dataScope ?? has('createUser');
  const soft = has('isDeleted');
  const hidden = new Set(def.hidden ?? []);
  const params = new Set(def.params ?? []);
  const routes = new Set<RouteName>(def.routes ?? ['list', 'detail', 'submit', 'remove']);
  const idField = def.idField ?? 'id';
  const idCol = col(idField);
  const treeRoot = def.tree?.root ?? '0';
  const defaultOrder = def.order?.(cols) ?? [
    ...(has('sort') ? [asc(col('sort'))] : []),
    ...(has('createTime') ? [desc(col('createTime'))] : []),
    desc(idCol),
  ];
  const inputSchema = z.object({ ...def.input, id: idSchema.optional().nullable() }).passthrough();

  const strip = (row: Row): Row => {
    if (!hidden.size) return row;
    const out: Row = {};
    for (const [k, v] of Object.entries(row)) if (!hidden.has(k)) out[k] = v;
    return out;
  };
  const decorate = async (rows: Row[], req: FastifyRequest, ctx: AppContext) =>
    (def.hooks?.decorate ? await def.hooks.decorate(rows, req, ctx) : rows).map(strip);

  // on a tenant's table `tenantId` names the tenant to read (platform administrator only), it is not a filter
  if (tenantScoped) params.add('tenantId');

  async function visibility(req: FastifyRequest, q?: Record<string, unknown>): Promise<SQL[]> {
    const out: SQL[] = [];
    if (soft) out.push(eq(col('isDeleted'), 0));
    if (tenantScoped) out.push(eq(col('tenantId'), readTenantOf(req, q)));
    if (scoped) {
      const s = await dataScopeFilter(req.user, def.code, def.table);
      if (s) out.push(s);
    }
    return out;
  }

  async function conditions(req: FastifyRequest, q: Record<string, unknown>, ctx: AppContext): Promise<SQL[]> {
    const out = [...(await visibility(req, q)), ...compileFilters(def.table, q, { deny: hidden, passthrough: params })];
    const extra = await def.hooks?.where?.(q, req, ctx);
    if (extra) out.push(extra);
    return out;
  }

  async function findVisible(ctx: AppContext, req: FastifyRequest, ids: string[], db: Db | Tx = ctx.db, vis?: SQL[]) {
    if (!ids.length) return [];
    return (db as Db)
      .select()
      .from(def.table as any)
      .where(and(inArray(idCol, ids), ...(vis ?? (await visibility(req)))));
  }

  async function page(ctx: AppContext, req: FastifyRequest, q: Record<string, unknown>) {
    const p = parsePaging(q);
    const where = and(...(await conditions(req, q, ctx)));
    const order = compileSort(def.table, q, defaultOrder);
    const [rows, [{ n }]] = await Promise.all([
      ctx.db
        .select()
        .from(def.table as any)
        .where(where)
        .orderBy(...order)
        .limit(p.size)
        .offset(p.offset),
      ctx.db
        .select({ n: count() })
        .from(def.table as any)
        .where(where),
    ]);
    return pageOf(await decorate(rows as Row[], req, ctx), Number(n), p);
  }

  async function all(ctx: AppContext, req: FastifyRequest, q: Record<string, unknown>, extra: SQL[] = []) {
    const where = and(...(await conditions(req, q, ctx)), ...extra);
    const rows = await ctx.db
      .select()
      .from(def.table as any)
      .where(where)
      .orderBy(...compileSort(def.table, q, defaultOrder))
      .limit(10_000);
    return decorate(rows as Row[], req, ctx);
  }

  async function checkUnique(tx: Tx, req: FastifyRequest, data: Row, id?: string) {
    for (const u of def.unique ?? []) {
      const conds: SQL[] = u.fields.map((f) =>
        data[f] === null || data[f] === undefined ? sql`false` : eq(col(f), data[f]),
      );
      if (soft) conds.push(eq(col('isDeleted'), 0));
      if (tenantScoped) conds.push(eq(col('tenantId'), req.tenantId));
      if (id) conds.push(ne(idCol, id));
      const hit = await tx
        .select({ id: idCol as any })
        .from(def.table as any)
        .where(and(...conds))
        .limit(1);
      if (hit.length) throw badRequest(u.message);
    }
  }

  async function saveRow(ctx: AppContext, req: FastifyRequest, body: unknown, extra?: SaveExtra): Promise<Row> {
    const parsed = inputSchema.safeParse(body ?? {});
    if (!parsed.success) throw parsed.error;
    const { id: rawId, ...rest } = parsed.data as Row;
    // only declared fields are written: audit fields, tenant and soft-delete flags are the server's business
    const data: Row = {};
    for (const k of Object.keys(def.input)) if (k in rest) data[k] = rest[k];
    const id = rawId === undefined || rawId === null || rawId === '' ? undefined : String(rawId);
    const user = req.user;
    const now = new Date();
    // visibility is worked out before the transaction: the data-scope provider may query the database itself
    const vis = await visibility(req);
    return ctx.db.transaction(async (tx) => {
      let existing: Row | undefined;
      if (id) {
        [existing] = await findVisible(ctx, req, [id], tx, vis);
        if (!existing) throw badRequest('数据不存在或无权操作');
      }
      const h: HookContext = { req, ctx, tx, isNew: !existing, existing };
      await def.hooks?.beforeSave?.(data, h);
      await checkUnique(tx, req, { ...existing, ...data }, id);
      if (existing) {
        if (has('updateUser')) data.updateUser = user?.userId ?? null;
        if (has('updateTime')) data.updateTime = now;
        const [row] = (await tx
          .update(def.table as any)
          .set(data)
          .where(eq(idCol, id!))
          .returning()) as Row[];
        await def.hooks?.afterSave?.(row as Row, h);
        await extra?.afterSave?.(row as Row, h);
        return row as Row;
      }
      if (tenantScoped) data.tenantId = req.tenantId;
      if (has('createUser')) data.createUser = user?.userId ?? null;
      // a token's dept_id may list several departments (BladeX joins them): the first is the creating one
      if (has('createDept')) data.createDept = user?.deptId?.split(',')[0]?.trim() || null;
      if (has('updateUser')) data.updateUser = user?.userId ?? null;
      if (has('createTime')) data.createTime = now;
      if (has('updateTime')) data.updateTime = now;
      const [row] = (await tx
        .insert(def.table as any)
        .values(data)
        .returning()) as Row[];
      await def.hooks?.afterSave?.(row as Row, h);
      await extra?.afterSave?.(row as Row, h);
      return row as Row;
    });
  }

  async function save(ctx: AppContext, req: FastifyRequest, body: unknown, extra?: SaveExtra) {
    const row = await uniqueAsBadRequest(def, () => saveRow(ctx, req, body, extra));
    await def.hooks?.committed?.('save', [row], req, ctx);
    return row;
  }

  async function remove(ctx: AppContext, req: FastifyRequest, ids: string[]): Promise<number> {
    const vis = await visibility(req);
    const removed = await ctx.db.transaction(async (tx) => {
      const rows = (await findVisible(ctx, req, ids, tx, vis)) as Row[];
      if (rows.length !== new Set(ids).size) throw badRequest('数据不存在或无权操作');
      const h = { req, ctx, tx, existing: undefined };
      await def.hooks?.beforeRemove?.(rows, h);
      if (soft) {
        const set: Row = { isDeleted: 1 };
        if (has('updateUser')) set.updateUser = req.user?.userId ?? null;
        if (has('updateTime')) set.updateTime = new Date();
        await tx
          .update(def.table as any)
          .set(set)
          .where(inArray(idCol, ids));
      } else {
        await tx.delete(def.table as any).where(inArray(idCol, ids));
      }
      await def.hooks?.afterRemove?.(rows, h);
      return rows;
    });
    await def.hooks?.committed?.('remove', removed, req, ctx);
    return removed.length;
  }

  async function lazy(ctx: AppContext, req: FastifyRequest, query: Record<string, unknown>, extra: SQL[] = []) {
    if (!def.tree) throw new Error(`${def.code}: lazy needs a tree definition`);
    const q = { ...query };
    const parentField = def.tree.parentField ?? 'parentId';
    const raw = q[parentField] ?? q.parentId;
    const parentId = raw === undefined || raw === null || raw === '' ? treeRoot : String(raw);
    delete q.parentId;
    delete q[parentField];
    const parentCol = col(parentField);
    if (parentCol.getSQLType().toLowerCase() === 'bigint' && !isId(parentId)) {
      throw badRequest(`参数校验失败: ${parentField} 必须是数字编号`);
    }
    const vis = await visibility(req, q);
    const hookWhere = await def.hooks?.where?.(q, req, ctx);
    const scope = [...vis, ...(hookWhere ? [hookWhere] : []), ...extra];
    const rows = (await ctx.db
      .select()
      .from(def.table as any)
      .where(
        and(eq(parentCol, parentId), ...scope, ...compileFilters(def.table, q, { deny: hidden, passthrough: params })),
      )
      .orderBy(...compileSort(def.table, q, defaultOrder))
      .limit(10_000)) as Row[];
    const valueField = def.tree.valueField ?? idField;
    const childIds = rows.map((r) => String(r[valueField]));
    const withKids = new Set<string>();
    if (childIds.length) {
      const kids = await ctx.db
        .selectDistinct({ p: parentCol as any })
        .from(def.table as any)
        .where(and(inArray(parentCol, childIds), ...scope));
      for (const k of kids) withKids.add(String(k.p));
    }
    const decorated = await decorate(rows, req, ctx);
    return decorated.map((r, i) => ({ ...r, hasChildren: withKids.has(String(rows[i][valueField])) }));
  }

  function treeOf(rows: Row[], asNodes: boolean): Row[] {
    const t = def.tree!;
    const parentField = t.parentField ?? 'parentId';
    const byParent = new Map<string, Row[]>();
    const ids = new Set(rows.map((r) => String(r[idField])));
    for (const r of rows) {
      const node = asNodes ? nodeOf(r, false) : { ...r };
      (node as Row).__id = String(r[idField]);
      const parent = String(r[parentField] ?? treeRoot);
      const key = ids.has(parent) ? parent : '__root';
      if (!byParent.has(key)) byParent.set(key, []);
      byParent.get(key)!.push(node);
    }
    const attach = (list: Row[]): Row[] =>
      list.map((n) => {
        const kids = byParent.get(n.__id);
        const { __id, ...rest } = n;
        if (kids?.length) {
          rest.children = attach(kids);
          if (asNodes) rest.hasChildren = true;
        }
        return rest;
      });
    return attach(byParent.get('__root') ?? []);
  }

  function nodeOf(r: Row, hasChildren: boolean): Row {
    const t = def.tree!;
    const value = String(r[t.valueField ?? idField]);
    return {
      ...r,
      id: String(r[idField]),
      parentId: String(r[t.parentField ?? 'parentId'] ?? treeRoot),
      title: r[t.titleField],
      value,
      key: value,
      hasChildren,
    };
  }

  function register(app: FastifyInstance, ctx: AppContext) {
    const b = def.base;
    const query = (req: FastifyRequest) => (req.query ?? {}) as Record<string, unknown>;
    const read = { config: { grant: def.grant.read } };
    const submitOpts = { config: { grant: def.grant.submit } };
    const removeOpts = { config: { grant: def.grant.remove } };
    const pick = { config: { grant: def.grant.pick ?? def.grant.read } };
    if (routes.has('list') || routes.has('page')) {
      const handler = async (req: FastifyRequest) => {
        const q = query(req);
        if (def.listMode === 'all') return ok(await all(ctx, req, q));
        if (def.listMode === 'tree') return ok(treeOf(await all(ctx, req, q), false));
        return ok(await page(ctx, req, q));
      };
      if (routes.has('list')) app.get(`${b}/list`, read, handler);
      if (routes.has('page')) app.get(`${b}/page`, read, async (req) => ok(await page(ctx, req, query(req))));
    }
    if (routes.has('detail')) {
      app.get(`${b}/detail`, read, async (req) => {
        const q = query(req);
        if (!Object.keys(q).length) throw badRequest('缺少必要的请求参数: id');
        const [row] = await ctx.db
          .select()
          .from(def.table as any)
          .where(and(...(await conditions(req, q, ctx))))
          .limit(1);
        if (!row) return ok(null);
        return ok((await decorate([row as Row], req, ctx))[0]);
      });
    }
    if (routes.has('submit')) {
      app.post(`${b}/submit`, submitOpts, async (req) => {
        await save(ctx, req, req.body);
        return done();
      });
    }
    if (routes.has('remove')) {
      app.post(`${b}/remove`, removeOpts, async (req) => {
        const ids = parseIds((query(req).ids ?? (req.body as Row | undefined)?.ids) as unknown);
        await remove(ctx, req, ids);
        return done();
      });
    }
    // `tenantId` is a read's tenant on a tenant's table (see visibility), meaningless elsewhere
    const notFilters = tenantScoped ? ['userId'] : ['tenantId', 'userId'];
    if (routes.has('tree') && def.tree) {
      app.get(`${b}/tree`, pick, async (req) =>
        ok(treeOf(await all(ctx, req, stripKeys(query(req), notFilters)), true)),
      );
    }
    if (routes.has('lazy-tree') && def.tree) {
      app.get(`${b}/lazy-tree`, pick, async (req) => {
        const rows = await lazy(ctx, req, stripKeys(query(req), notFilters));
        return ok(rows.map(({ hasChildren, ...r }) => nodeOf(r, hasChildren)));
      });
    }
    if (routes.has('select')) {
      app.get(`${b}/select`, pick, async (req) => ok(await all(ctx, req, stripKeys(query(req), notFilters))));
    }
  }

  return {
    def,
    routes: register,
    visibility,
    conditions: (ctx, req, q) => conditions(req, q, ctx),
    findVisible: (ctx, req, ids) => findVisible(ctx, req, ids),
    all,
    lazy,
    treeOf,
    present: decorate,
    page,
    save,
    remove,
  };
}

/**
 * Two writers racing past the unique check meet the database's unique index (SQLSTATE 23505): that is the same
 * business refusal as the check's, not a fault.
 */
async function uniqueAsBadRequest<T>(def: ResourceDef, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string } };
    if ((err.code ?? err.cause?.code) === '23505') throw badRequest(def.unique?.[0]?.message ?? '数据已存在');
    throw e;
  }
}

function stripKeys(q: Record<string, unknown>, keys: string[]) {
  const out = { ...q };
  for (const k of keys) delete out[k];
  return out;
}
