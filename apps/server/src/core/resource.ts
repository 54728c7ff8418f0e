/**
 * The resource factory: one definition yields the BladeX routes of a family — list/page, detail, submit, remove,
 * and tree, lazy-tree, select where asked — with validation (zod), audit fields, soft delete, tenant isolation,
 * data scope and unique checks, every write in a transaction. Write by hand only what differs (hooks, extra routes).
 *
 *   export const paramResource = defineResource({
 *     code: 'param', base: '/blade-system/param', table: param,
 *     input: tableInput(param, { paramName: z.string().min(1, '请输入参数名称'), ... }),
 *     unique: [{ fields: ['paramKey'], message: '参数键名已存在' }],
 *   });
 *   // in the module: routes(app, ctx) { paramResource.routes(app, ctx); }
 *
 * The phases live in core/resource/: types, parts (what a definition resolves to), shape (outgoing rows), read,
 * write, tree and routes. This file is the entry every module imports.
 */
import type { Grant } from './gate.ts';
import { partsOf } from './resource/parts.ts';
import { all, conditions, detail, findVisible, page, visibility } from './resource/read.ts';
import { registerRoutes } from './resource/routes.ts';
import { decorateRows } from './resource/shape.ts';
import { lazy, treeOf } from './resource/tree.ts';
import type { Resource, ResourceDef } from './resource/types.ts';
import { allVisible, remove, save } from './resource/write.ts';

export { tableInput } from './resource/table-input.ts';
export type { HookContext, Resource, ResourceDef, RouteName, Row, SaveExtra, Tx } from './resource/types.ts';

/**
 * The grants of a family whose screen is menu `code` with the usual buttons: reads by `read` (the screen itself
 * unless more screens list the family), inserts and updates by `<code>_add` and `<code>_edit`, removals by
 * `<code>_delete`; `more` adds `pick` or `detail`.
 */
export function buttonGrants(
  code: string,
  read: Grant = [code],
  more: Pick<ResourceDef['grant'], 'pick' | 'detail'> = {},
): ResourceDef['grant'] {
  return { read, submit: [`${code}_add`, `${code}_edit`], remove: [`${code}_delete`], ...more };
}

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
  const p = partsOf(def);
  return {
    def,
    routes: (app, ctx) => registerRoutes(p, app, ctx),
    visibility: (req, q) => visibility(p, req, q),
    conditions: (ctx, req, q) => conditions(p, req, q, ctx),
    findVisible: (ctx, req, ids) => findVisible(p, ctx, req, ids),
    allVisible: (ctx, req, ids) => allVisible(p, ctx, req, ids),
    all: (ctx, req, q, extra) => all(p, ctx, req, q, extra),
    lazy: (ctx, req, q, extra) => lazy(p, ctx, req, q, extra),
    treeOf: (rows, asNodes) => treeOf(p, rows, asNodes),
    present: (rows, req, ctx) => decorateRows(p, rows, req, ctx),
    page: (ctx, req, q) => page(p, ctx, req, q),
    detail: (ctx, req, q) => detail(p, ctx, req, q),
    save: (ctx, req, body, extra) => save(p, ctx, req, body, extra),
    remove: (ctx, req, ids) => remove(p, ctx, req, ids),
  };
}
