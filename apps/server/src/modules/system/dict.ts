/**
 * Dictionaries: `dict` (system, platform-wide, changed by the platform administrator only) and `dict-biz`
 * (business, per tenant). Each: list (tree, optional `code`), parent-list (paged roots), child-list (`parentId`:
 * its children, paged, descendants nested), tree (`code`; `DICT` or none = every dictionary), dictionary (`code`:
 * the entries under that code's root, contract.md "Dictionaries"), detail, submit, remove.
 * A dictionary is a root row (`parentId` 0, `dictKey` -1) and entries below it sharing its `code`. A sealed row
 * (`isSealed` 1) cannot be changed or removed — only unsealed; a row with children cannot be removed.
 */

import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, ok } from '../../core/envelope.ts';
import { signedIn } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { pageOf, parsePaging } from '../../core/query.ts';
import { queryOf } from '../../core/request-params.ts';
import { buttonGrants, defineResource, type HookContext, type Resource, type Row } from '../../core/resource.ts';
import { requirePlatformAdmin } from '../../core/tenancy.ts';
import { int, oneOf, optText, parentId, text } from './fields.ts';
import { dict, dictBiz } from './schema.ts';
import { checkParent, MSG_HAS_CHILDREN, refuseChildren } from './tree.ts';

type DictTable = typeof dict | typeof dictBiz;

const FIELDS = ['parentId', 'code', 'dictKey', 'dictValue', 'sort', 'remark', 'isSealed'] as const;

const tenantOf = (t: DictTable, tenantId: string): SQL[] =>
  'tenantId' in t ? [eq((t as typeof dictBiz).tenantId, tenantId)] : [];

/**
 * A dictionary's code, and an entry's key within its dictionary, are unique in the tenant; a dictionary renamed at
 * its root takes its entries along.
 */
async function keepUnique(
  tx: HookContext['tx'],
  table: DictTable,
  data: Row,
  ex: Row | undefined,
  parent: Row | undefined,
  tenantId: string,
) {
  const finalCode = data.code ?? ex?.code;
  const conds = [
    eq(table.code, finalCode),
    eq(table.dictKey, data.dictKey),
    eq(table.isDeleted, 0),
    ...tenantOf(table, tenantId),
    ...(ex ? [ne(table.id, ex.id)] : []),
  ];
  const [dup] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(...conds))
    .limit(1);
  if (dup) throw badRequest(parent ? '字典键值已存在' : '字典编号已存在');
  // a dictionary renamed at its root takes its entries along
  if (ex && !parent && String(ex.parentId) === '0' && ex.code !== finalCode) {
    await tx
      .update(table)
      .set({ code: finalCode })
      .where(and(eq(table.code, ex.code), ne(table.id, ex.id), eq(table.isDeleted, 0), ...tenantOf(table, tenantId)));
  }
}

function dictResource(table: DictTable, code: string, base: string, platform: boolean): Resource {
  const treeT = { table, id: table.id, parentId: table.parentId, isDeleted: table.isDeleted };

  async function beforeSave(data: Row, h: HookContext) {
    if (platform) requirePlatformAdmin(h.req);
    const ex = h.existing;
    const tenantId = ex?.tenantId ?? h.req.tenantId;
    if (ex?.isSealed === 1) {
      // a sealed row may only be unsealed: every other field must stay as it is
      const changed = FIELDS.filter(
        (f) => f !== 'isSealed' && data[f] !== undefined && String(data[f] ?? '') !== String(ex[f] ?? ''),
      );
      if (changed.length || data.isSealed !== 0) throw badRequest('该字典已封存，不可修改');
      return;
    }
    if (!ex) {
      data.parentId ??= '0';
      data.isSealed ??= 0;
    }
    const pid = String(data.parentId ?? ex?.parentId ?? '0');
    let parent: Row | undefined;
    if (pid !== '0') {
      parent = await checkParent(h.tx, treeT, {
        id: ex?.id,
        parentId: pid,
        scope: tenantOf(table, tenantId),
        notFound: '上级字典不存在',
        cycle: '上级字典不能选择自身或其下级',
      });
    }
    if (parent) {
      // an entry belongs to its parent's dictionary
      data.code = parent.code;
      const key = data.dictKey ?? ex?.dictKey;
      if (key === undefined || key === null || String(key).trim() === '' || key === '-1')
        throw badRequest('请输入字典键值');
      data.dictKey = String(key).trim();
    } else {
      data.dictKey = '-1';
    }
    await keepUnique(h.tx, table, data, ex, parent, tenantId);
  }

  const menu = platform ? 'dict' : 'dictbiz';
  return defineResource({
    code,
    base,
    table,
    // the dictionaries' values are read by every screen through `dictionary` (signed-in); these are the screens'
    grant: buttonGrants(menu, platform ? ['dict', 'dict_horizontal', 'dict_vertical'] : ['dictbiz'], {
      pick: 'signed-in',
    }),
    listMode: 'tree',
    tree: { titleField: 'dictValue' },
    input: {
      parentId: parentId('上级字典编号无效').optional(),
      code: text('请输入字典编号', 255),
      // a string; the SpringBlade forms' number input sends it as a JSON number
      dictKey: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), optText(255)),
      dictValue: text('请输入字典名称', 255),
      sort: int('请输入字典排序', 0, 1_000_000),
      isSealed: oneOf('请选择封存', [0, 1]).optional(),
      remark: optText(255),
    },
    hooks: {
      beforeSave,
      async beforeRemove(rows, h) {
        if (platform) requirePlatformAdmin(h.req);
        if (rows.some((r) => r.isSealed === 1)) throw badRequest('该字典已封存，不可删除');
        await refuseChildren(
          h.tx,
          treeT,
          rows.map((r) => String(r.id)),
          tenantOf(table, h.req.tenantId),
          MSG_HAS_CHILDREN,
        );
      },
    },
  });
}

export const sysDictResource = dictResource(dict, 'dict', '/blade-system/dict', true);
export const dictBizResource = dictResource(dictBiz, 'dict_biz', '/blade-system/dict-biz', false);

const ENTRY_FIELDS = ['id', 'parentId', 'code', 'dictKey', 'dictValue', 'sort', 'remark'] as const;

/** The entries of a dictionary (the children of its root row), as contract.md gives them. */
export async function dictionaryOf(ctx: AppContext, req: FastifyRequest, res: Resource, code: string): Promise<Row[]> {
  const [root] = await res.all(ctx, req, { code_equal: code, parentId: '0' });
  if (!root) return [];
  const rows = await res.all(ctx, req, { parentId: String(root.id), ascs: 'sort,dictKey' });
  return rows.map((r) => Object.fromEntries(ENTRY_FIELDS.map((f) => [f, r[f]])));
}

function familyRoutes(app: FastifyInstance, ctx: AppContext, res: Resource) {
  res.routes(app, ctx);
  const b = res.def.base;
  const read = { config: { grant: res.def.grant.read } };

  app.get(`${b}/parent-list`, read, async (req) => ok(await res.page(ctx, req, { ...queryOf(req), parentId: '0' })));

  app.get(`${b}/child-list`, read, async (req) => {
    const { parentId: raw, ...q } = queryOf(req);
    if (raw === undefined || raw === '') throw badRequest('缺少必要的请求参数: parentId');
    const pid = String(raw);
    if (!/^-?\d{1,19}$/.test(pid)) throw badRequest('参数校验失败: parentId 必须是数字编号');
    const paging = parsePaging(q);
    const [parent] = pid.startsWith('-') ? [] : await res.findVisible(ctx, req, [pid]);
    if (!parent) return ok(pageOf([], 0, paging));
    const page = await res.page(ctx, req, { ...q, parentId: pid });
    if (!page.records.length) return ok(page);
    // nest each child's own descendants (entries of the same dictionary below it)
    const family = await res.all(ctx, req, { code_equal: String(parent.code), ascs: 'sort' });
    const below = new Map<string, Row[]>();
    for (const r of family) {
      const p = String(r.parentId);
      if (!below.has(p)) below.set(p, []);
      below.get(p)!.push(r);
    }
    const nest = (r: Row, depth: number): Row => {
      const kids = depth < 32 ? below.get(String(r.id)) : undefined;
      return kids?.length
        ? { ...r, hasChildren: true, children: kids.map((k) => nest(k, depth + 1)) }
        : { ...r, hasChildren: false };
    };
    return ok({ ...page, records: page.records.map((r) => nest(r, 0)) });
  });

  app.get(`${b}/tree`, signedIn, async (req) => {
    const { code, ...q } = queryOf(req);
    const named = typeof code === 'string' && code !== '' && code.toUpperCase() !== 'DICT' ? code : undefined;
    const rows = await res.all(ctx, req, named ? { ...q, code_equal: named } : q);
    return ok(res.treeOf(rows, true));
  });

  app.get(`${b}/dictionary`, signedIn, async (req) => {
    const code = queryOf(req).code;
    if (typeof code !== 'string' || !code.trim()) throw badRequest('缺少必要的请求参数: code');
    return ok(await dictionaryOf(ctx, req, res, code.trim()));
  });
}

export function dictRoutes(app: FastifyInstance, ctx: AppContext) {
  familyRoutes(app, ctx, sysDictResource);
  familyRoutes(app, ctx, dictBizResource);
}
