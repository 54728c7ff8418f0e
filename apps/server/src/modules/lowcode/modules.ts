/**
 * Online modules (`/visualdev/Base`): create, copy, update, delete, list, selector, form fields, and publishing.
 * Publishing writes a menu entry of category 3 (`lc_<id>`, path `/dynamic/index?id=<id>`, propertyJson
 * `{ moduleId }`) with its buttons (`lc_<id>_add|edit|delete|view|export|import`) under a chosen parent (default
 * 在线应用), and creates one partial expression index per search field. Access to a module's records is checked
 * per request against those menu codes (`requireModule`), since route grants are static.
 */
import { dataFields, type LcFormConf } from '@swp/contract';
import { and, asc, count, desc, eq, ilike, inArray, like, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, forbidden } from '../../core/envelope.ts';
import { gateProviders, userOf } from '../../core/gate.ts';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import { likeContains } from '../../core/query.ts';
import { requiredText } from '../../core/required-text.ts';
import type { Tx } from '../../core/resource.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { ensureMenus, invalidateMenuCache, menu, topMenu, topMenuSetting } from '../system/index.ts';
import { parseForm } from './form-schema.ts';
import { searchFields, syncIndexes } from './module-indexes.ts';
import { dropMenu, menuProps, moduleMenu } from './module-menu.ts';
import type { ModuleLike } from './records.ts';
import { lcModule, lcRecord } from './schema.ts';

export { moduleMenu, searchFields, syncIndexes };

/** The design screen's menu and buttons (seed.ts). */
export const DESIGN = 'lowcode_design';
export const APPS_GROUP = 'lowcode_apps';

export type ModuleRow = typeof lcModule.$inferSelect;

const jsonish = z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish();

export const moduleInput = z.object({
  fullName: requiredText('请输入功能名称', 100, '功能名称不能超过100个字符'),
  /** the English name (menu entry in English); empty = the Chinese name */
  enName: z.string().trim().max(100, '英文名称不能超过100个字符').nullish(),
  enCode: requiredText('请输入功能编码', 50, '功能编码不能超过50个字符').regex(
    /^[A-Za-z][A-Za-z0-9_]*$/,
    '功能编码只能由字母、数字和下划线组成，且以字母开头',
  ),
  category: z.string().trim().max(64).nullish(),
  type: z.coerce.number().int().min(1).max(2).optional(),
  description: z.string().max(500, '说明不能超过500个字符').nullish(),
  sortCode: z.coerce.number().int().min(0).max(999_999).optional(),
  formData: jsonish,
  columnData: jsonish,
  appColumnData: jsonish,
});

const asObject = (v: unknown, what: string): Record<string, unknown> | null => {
  if (v === undefined || v === null || v === '') return null;
  let o = v;
  if (typeof o === 'string') {
    try {
      o = JSON.parse(o);
    } catch {
      throw badRequest(`${what}不是有效的 JSON`);
    }
  }
  if (!o || typeof o !== 'object' || Array.isArray(o)) throw badRequest(`${what}必须是 JSON 对象`);
  return o as Record<string, unknown>;
};

/** Checks a list design against the form: every column, search field and sort field must be a value field. */
export function parseColumns(raw: unknown, form: LcFormConf, what = '列表设计'): Record<string, unknown> | null {
  const c = asObject(raw, what);
  if (!c) return null;
  const names = new Set(dataFields(form).map((d) => d.vModel));
  const builtIn = new Set(['id', 'createTime']);
  for (const listName of ['columnList', 'searchList'] as const) {
    const list = c[listName];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw badRequest(`${what}的 ${listName} 必须是数组`);
    for (const col of list as Record<string, unknown>[]) {
      const prop = String(col?.prop ?? col?.__vModel__ ?? '');
      if (!names.has(prop) && !builtIn.has(prop))
        throw badRequest(`${what}引用了表单中不存在的字段: ${prop || '(空)'}`);
    }
  }
  if (typeof c.defaultSidx === 'string' && c.defaultSidx && !names.has(c.defaultSidx) && !builtIn.has(c.defaultSidx))
    throw badRequest(`${what}的默认排序字段不存在: ${c.defaultSidx}`);
  return c;
}

/** Form and list of a module, checked; `formData` defaults to an empty form. */
function designOf(body: z.infer<typeof moduleInput>) {
  const form = parseForm(body.formData ?? { fields: [] });
  return {
    formData: form as Record<string, unknown>,
    columnData: parseColumns(body.columnData, form),
    appColumnData: parseColumns(body.appColumnData, form, '移动端列表设计'),
  };
}

/**
 * Checked forms by module id and design time: a form is checked once per design, not on every record request (the
 * design only changes through `updateModule`, which moves `update_time` on). Read-only: callers never change it.
 */
const forms = new Map<string, LcFormConf>();

export function toModuleLike(m: ModuleRow): ModuleLike {
  const key = `${m.id}:${m.updateTime?.getTime() ?? ''}`;
  let form = forms.get(key);
  if (!form) {
    form = parseForm(m.formData ?? { fields: [] });
    if (forms.size >= 500) forms.clear();
    forms.set(key, form);
  }
  return {
    id: m.id,
    tenantId: m.tenantId,
    form,
    searched: m.state === 1 && m.indexedFields?.length ? new Set(m.indexedFields) : undefined,
  };
}

/** JNPF names; formData and columnData as JSON text, as JNPF sends them. */
export function asJnpfModule(m: ModuleRow, full = true) {
  return {
    id: m.id,
    fullName: m.fullName,
    enName: m.enName ?? '',
    enCode: m.enCode,
    category: m.category,
    type: m.type,
    description: m.description,
    sortCode: m.sortCode,
    state: m.state,
    enabledMark: m.state,
    menuId: m.menuId,
    ...(full
      ? {
          formData: m.formData ? JSON.stringify(m.formData) : null,
          columnData: m.columnData ? JSON.stringify(m.columnData) : null,
          appColumnData: m.appColumnData ? JSON.stringify(m.appColumnData) : null,
        }
      : {}),
    creatorTime: m.createTime,
    creatorUserId: m.createUser,
    lastModifyTime: m.updateTime,
    lastModifyUserId: m.updateUser,
  };
}

/** Live topic: a module's design, state or menu changed; every instance drops the modules it keeps. */
export const MODULE_CHANGED_TOPIC = 'lowcode.module.changed';
/** how long a kept module may serve without a change event (a lost NOTIFY heals within this) */
const MODULE_KEEP_MS = 10_000;

interface Kept {
  rows: Map<string, { row: ModuleRow; at: number }>;
  /** moves on at every drop: a read that started before a drop does not keep what it read */
  generation: number;
}
/** per application (tests run several in one process, on databases cloned from one template) */
const kept = new WeakMap<AppContext['db'], Kept>();

function keptOf(ctx: Pick<AppContext, 'db' | 'live'>): Kept {
  let k = kept.get(ctx.db);
  if (!k) {
    const fresh: Kept = { rows: new Map(), generation: 0 };
    ctx.live.on(MODULE_CHANGED_TOPIC, () => {
      fresh.rows.clear();
      fresh.generation++;
    });
    kept.set(ctx.db, fresh);
    k = fresh;
  }
  return k;
}

/** Drops the modules this instance keeps and tells the other instances to (after any write to `lc_module`). */
export async function moduleChanged(ctx: Pick<AppContext, 'db' | 'live'>) {
  const k = keptOf(ctx);
  k.rows.clear();
  k.generation++;
  await ctx.live.publish({ topic: MODULE_CHANGED_TOPIC });
}

/**
 * A live module of the caller's tenant, or undefined. Outside a transaction the row is kept for a while (record
 * routes read their module on every request; a design changes rarely and every change drops it everywhere).
 */
export async function findModule(ctx: AppContext, req: FastifyRequest, id: string, tx: Pick<Tx, 'select'> = ctx.db) {
  if (!/^\d{1,19}$/.test(id)) throw badRequest('参数校验失败: id 必须是数字编号');
  const k = tx === ctx.db ? keptOf(ctx) : undefined;
  const key = `${req.tenantId}:${id}`;
  const hit = k?.rows.get(key);
  if (hit && Date.now() - hit.at < MODULE_KEEP_MS) return hit.row;
  const generation = k?.generation;
  const [m] = await tx
    .select()
    .from(lcModule)
    .where(liveInTenant(lcModule, req.tenantId, eq(lcModule.id, id)));
  if (k && m && k.generation === generation) {
    if (k.rows.size >= 1000) k.rows.clear();
    k.rows.set(key, { row: m, at: Date.now() });
  }
  return m;
}

export async function mustModule(ctx: AppContext, req: FastifyRequest, id: string, tx?: Pick<Tx, 'select'>) {
  const m = await findModule(ctx, req, id, tx);
  if (!m) throw badRequest('功能不存在或已删除');
  return m;
}

export type ModuleOp = 'view' | 'add' | 'edit' | 'delete' | 'export' | 'import';

/**
 * Refuses (403) a caller who holds neither the module's menu code for the operation (`lc_<id>` to read,
 * `lc_<id>_<op>` to write) nor the design screen (whose holders test modules in preview).
 */
export async function requireModule(req: FastifyRequest, moduleId: string, op: ModuleOp) {
  const u = userOf(req);
  const p = gateProviders();
  if (!p) throw forbidden();
  const codes = op === 'view' ? [`lc_${moduleId}`, `lc_${moduleId}_view`, DESIGN] : [`lc_${moduleId}_${op}`, DESIGN];
  if (!(await p.holdsAny(u, codes))) throw forbidden();
}

export async function listModules(ctx: AppContext, req: FastifyRequest, q: Record<string, unknown>) {
  const currentPage = Math.max(1, Number(q.currentPage) || 1);
  const pageSize = Math.min(Math.max(1, Number(q.pageSize) || 20), 1000);
  const where: (SQL | undefined)[] = [liveInTenant(lcModule, req.tenantId)];
  const kw = typeof q.keyword === 'string' ? q.keyword.trim() : '';
  if (kw) {
    const k = likeContains(kw);
    where.push(or(ilike(lcModule.fullName, k), ilike(lcModule.enCode, k)));
  }
  if (q.category !== undefined && q.category !== '') where.push(eq(lcModule.category, String(q.category)));
  if (q.type !== undefined && q.type !== '') where.push(eq(lcModule.type, Number(q.type) || 0));
  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(lcModule)
    .where(and(...where));
  const rows = await ctx.db
    .select()
    .from(lcModule)
    .where(and(...where))
    .orderBy(asc(lcModule.sortCode), desc(lcModule.createTime))
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize);
  return {
    list: rows.map((m) => asJnpfModule(m, false)),
    pagination: { currentPage, pageSize, total: Number(total) },
  };
}

async function assertCodeFree(tx: Tx, tenantId: string, enCode: string, id?: string) {
  const [dup] = await tx
    .select({ id: lcModule.id })
    .from(lcModule)
    .where(liveInTenant(lcModule, tenantId, eq(lcModule.enCode, enCode), id ? ne(lcModule.id, id) : undefined));
  if (dup) throw badRequest(`功能编码已存在: ${enCode}`);
}

export async function createModule(ctx: AppContext, req: FastifyRequest, body: unknown) {
  const b = moduleInput.parse(body);
  const design = designOf(b);
  const u = userOf(req);
  return ctx.db.transaction(async (tx) => {
    await assertCodeFree(tx, req.tenantId, b.enCode);
    const id = newId();
    await tx.insert(lcModule).values({
      id,
      tenantId: req.tenantId,
      fullName: b.fullName,
      enName: b.enName || null,
      enCode: b.enCode,
      category: b.category ?? null,
      type: b.type ?? 1,
      description: b.description ?? null,
      sortCode: b.sortCode ?? 0,
      ...design,
      createUser: u.userId,
      createDept: u.deptId || null,
      updateUser: u.userId,
    });
    return id;
  });
}

export async function updateModule(ctx: AppContext, req: FastifyRequest, id: string, body: unknown) {
  const b = moduleInput.parse(body);
  const design = designOf(b);
  await ctx.db.transaction(async (tx) => {
    const m = await mustModule(ctx, req, id, tx);
    await assertCodeFree(tx, req.tenantId, b.enCode, id);
    await tx
      .update(lcModule)
      .set({
        fullName: b.fullName,
        enName: b.enName || null,
        enCode: b.enCode,
        category: b.category ?? null,
        type: b.type ?? m.type,
        description: b.description ?? null,
        sortCode: b.sortCode ?? m.sortCode,
        ...design,
        updateUser: userOf(req).userId,
        updateTime: new Date(),
      })
      .where(eq(lcModule.id, id));
    if (m.state === 1) {
      await syncIndexes(tx, { ...m, ...design });
      if (m.menuId)
        await tx
          .update(menu)
          .set({ name: b.fullName, propertyJson: JSON.stringify(menuProps({ id: m.id, enName: b.enName || null })) })
          .where(eq(menu.id, m.menuId));
    }
  });
  await moduleChanged(ctx);
  await invalidateMenuCache(ctx);
}

/** `{id}/Actions/Copy`: the design under a new code (`<code>_copy<n>`), not published, without records. */
export async function copyModule(ctx: AppContext, req: FastifyRequest, id: string) {
  const u = userOf(req);
  return ctx.db.transaction(async (tx) => {
    const m = await mustModule(ctx, req, id, tx);
    const taken = new Set(
      (
        await tx
          .select({ c: lcModule.enCode })
          .from(lcModule)
          .where(inTenant(lcModule, req.tenantId, like(lcModule.enCode, `${m.enCode.slice(0, 40)}_copy%`)))
      ).map((r) => r.c),
    );
    let n = 1;
    while (taken.has(`${m.enCode.slice(0, 40)}_copy${n}`)) n++;
    const copyId = newId();
    await tx.insert(lcModule).values({
      id: copyId,
      tenantId: m.tenantId,
      fullName: `${m.fullName.slice(0, 90)}_副本${n}`,
      enCode: `${m.enCode.slice(0, 40)}_copy${n}`,
      category: m.category,
      type: m.type,
      description: m.description,
      sortCode: m.sortCode,
      formData: m.formData,
      columnData: m.columnData,
      appColumnData: m.appColumnData,
      createUser: u.userId,
      createDept: u.deptId || null,
      updateUser: u.userId,
    });
    return copyId;
  });
}

/** Removes a module, its records and its menu entry (all or nothing). */
export async function deleteModule(ctx: AppContext, req: FastifyRequest, id: string) {
  await ctx.db.transaction(async (tx) => {
    const m = await mustModule(ctx, req, id, tx);
    await tx
      .update(lcModule)
      .set({ isDeleted: 1, state: 0, updateUser: userOf(req).userId, updateTime: new Date() })
      .where(eq(lcModule.id, id));
    await tx
      .update(lcRecord)
      .set({ isDeleted: 1 })
      .where(and(eq(lcRecord.moduleId, id), eq(lcRecord.isDeleted, 0)));
    await dropMenu(tx, m.id);
    await syncIndexes(tx, { ...m, state: 0, columnData: null });
  });
  await moduleChanged(ctx);
  await invalidateMenuCache(ctx);
}

// --------------------------------------------------------------------------------------------------- publishing

export const releaseInput = z.object({
  /** parent menu id (default: 在线应用) */
  menuParentId: z.union([z.string().regex(/^\d{1,19}$/, '上级菜单必须是数字编号'), z.literal('')]).nullish(),
  icon: z.string().max(100).nullish(),
  sort: z.coerce.number().int().min(0).max(999_999).optional(),
});

/** Publishes a module to a menu entry (again after a removal too) and indexes its search fields. */
export async function releaseModule(
  ctx: AppContext,
  req: FastifyRequest,
  id: string,
  body: unknown,
  roles: string[] = [],
) {
  const b = releaseInput.parse(body ?? {});
  const m = await mustModule(ctx, req, id);
  if (m.type === 1 && !((m.columnData as Record<string, unknown> | null)?.columnList as unknown[] | undefined)?.length)
    throw badRequest('请先设计列表（至少一列）再发布');
  if (!dataFields(parseForm(m.formData ?? { fields: [] })).length)
    throw badRequest('请先设计表单（至少一个字段）再发布');
  const [parent] = await ctx.db
    .select({ id: menu.id, code: menu.code, category: menu.category })
    .from(menu)
    .where(and(b.menuParentId ? eq(menu.id, b.menuParentId) : eq(menu.code, APPS_GROUP), eq(menu.isDeleted, 0)));
  if (parent?.category !== 1) throw badRequest('上级菜单不存在');
  // the entry shows in the business areas (top menus) its parent shows in
  const topMenuCodes = [
    ...new Set(
      (
        await ctx.db
          .select({ code: topMenu.code })
          .from(topMenuSetting)
          .innerJoin(topMenu, eq(topMenu.id, topMenuSetting.topMenuId))
          .where(and(eq(topMenuSetting.menuId, parent.id), eq(topMenu.isDeleted, 0)))
      ).map((r) => r.code),
    ),
  ];
  // a menu removed before (unpublished, or removed by an administrator) is brought back rather than left removed
  await ctx.db
    .update(menu)
    .set({ isDeleted: 0 })
    .where(or(eq(menu.code, `lc_${m.id}`), like(menu.code, `lc_${m.id}\\_%`)));
  const ids = await ensureMenus(ctx, [
    moduleMenu(m, parent.code, { icon: b.icon, sort: b.sort ?? m.sortCode + 1, topMenuCodes, roles }),
  ]);
  const menuId = ids[`lc_${m.id}`];
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(lcModule)
      .set({ state: 1, menuId, updateUser: userOf(req).userId, updateTime: new Date() })
      .where(eq(lcModule.id, m.id));
    await syncIndexes(tx, { ...m, state: 1 });
  });
  await moduleChanged(ctx);
  await invalidateMenuCache(ctx);
  return { menuId, moduleId: m.id };
}

/** Takes a module off the menus (records stay). */
export async function unreleaseModule(ctx: AppContext, req: FastifyRequest, id: string) {
  await ctx.db.transaction(async (tx) => {
    const m = await mustModule(ctx, req, id, tx);
    await dropMenu(tx, m.id);
    await tx.update(lcModule).set({ state: 0, menuId: null }).where(eq(lcModule.id, m.id));
    await syncIndexes(tx, { ...m, state: 0 });
  });
  await moduleChanged(ctx);
  await invalidateMenuCache(ctx);
}

/** `Selector`: modules grouped by category, `{ id, fullName, parentId, children }`. */
export async function moduleSelector(ctx: AppContext, req: FastifyRequest, type?: number) {
  const rows = await ctx.db
    .select()
    .from(lcModule)
    .where(liveInTenant(lcModule, req.tenantId, type ? eq(lcModule.type, type) : undefined))
    .orderBy(asc(lcModule.sortCode), asc(lcModule.fullName));
  const groups = new Map<string, { id: string; fullName: string; parentId: string; children: unknown[] }>();
  for (const m of rows) {
    const cat = m.category || '未分类';
    if (!groups.has(cat)) groups.set(cat, { id: `category:${cat}`, fullName: cat, parentId: '0', children: [] });
    groups
      .get(cat)!
      .children.push({ id: m.id, fullName: m.fullName, enCode: m.enCode, parentId: `category:${cat}`, state: m.state });
  }
  return [...groups.values()];
}

export async function modulesByIds(ctx: AppContext, tenantId: string, ids: string[]) {
  if (!ids.length) return [];
  return ctx.db
    .select()
    .from(lcModule)
    .where(liveInTenant(lcModule, tenantId, inArray(lcModule.id, ids)));
}
