/** `/permission/UserRelation/{objectId}`: which users hold a role, position or organisation, and setting them. */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import { hasLiveRow } from '../../core/live-row.ts';
import type { AppContext } from '../../core/module.ts';
import { dept, post, role, user } from '../system/index.ts';
import { userResource, visibleUsers } from '../user/index.ts';
import { bodyOf, idArray, jnpf, jnpfDone, pathId, queryOf } from './jnpf.ts';
import { userHas } from './resources.ts';

type ObjectKind = 'Role' | 'Position' | 'Organize';
const COLUMN = { Role: user.roleId, Position: user.postId, Organize: user.deptId } as const;

async function objectKind(ctx: AppContext, tenantId: string, id: string, named?: unknown): Promise<ObjectKind> {
  const kinds: [ObjectKind, typeof role | typeof post | typeof dept][] = [
    ['Role', role],
    ['Position', post],
    ['Organize', dept],
  ];
  const wanted =
    typeof named === 'string' ? (named === 'Department' || named === 'Company' ? 'Organize' : named) : undefined;
  if (wanted !== undefined && !kinds.some(([k]) => k === wanted)) {
    throw badRequest('参数校验失败: objectType 只能是 Role、Position 或 Organize');
  }
  for (const [kind, table] of kinds) {
    if (wanted && kind !== wanted) continue;
    if (await hasLiveRow(ctx.db, table, tenantId, eq(table.id, id))) return kind;
  }
  throw badRequest('数据不存在或无权操作');
}

export function registerRelations(app: FastifyInstance, ctx: AppContext) {
  const b = '/permission/UserRelation';
  app.get(`${b}/:id`, byMenu('permission_authority', 'permission_organize'), async (req) => {
    const id = pathId((req.params as { id: string }).id);
    const kind = await objectKind(ctx, req.tenantId, id, queryOf(req).objectType);
    const rows = await ctx.db
      .select({ id: user.id })
      .from(user)
      .where(and(...(await userResource.visibility(req)), userHas(COLUMN[kind], id)));
    return jnpf({ objectType: kind, ids: rows.map((r) => r.id) });
  });

  // the visible users holding the object become exactly `userIds` (others keep their relations)
  app.post(`${b}/:id`, byMenu('permission_authority'), async (req) => {
    const id = pathId((req.params as { id: string }).id);
    const body = bodyOf(req);
    const kind = await objectKind(ctx, req.tenantId, id, body.objectType);
    const wanted = idArray(body.userIds, 'userIds');
    if (wanted.length) await visibleUsers(ctx, req, wanted);
    const col = COLUMN[kind];
    const visible = await userResource.visibility(req); // worked out before the transaction takes the connection
    await ctx.db.transaction(async (tx) => {
      const holders = await tx
        .select({ id: user.id, v: col })
        .from(user)
        .where(and(...visible, userHas(col, id)));
      const keep = new Set(wanted);
      const now = new Date();
      for (const h of holders) {
        if (keep.has(h.id)) continue;
        const next = String(h.v ?? '')
          .split(',')
          .filter((x) => x && x !== id)
          .join(',');
        await tx
          .update(user)
          .set({ [kindField(kind)]: next, updateTime: now, updateUser: req.user?.userId ?? null })
          .where(eq(user.id, h.id));
      }
      const have = new Set(holders.map((h) => h.id));
      const add = wanted.filter((u) => !have.has(u));
      if (add.length) {
        const rows = await tx.select({ id: user.id, v: col }).from(user).where(inArray(user.id, add));
        for (const r of rows) {
          const list = String(r.v ?? '')
            .split(',')
            .filter(Boolean);
          await tx
            .update(user)
            .set({ [kindField(kind)]: [...list, id].join(','), updateTime: now, updateUser: req.user?.userId ?? null })
            .where(eq(user.id, r.id));
        }
      }
    });
    return jnpfDone('保存成功');
  });
}

const kindField = (k: ObjectKind) => (k === 'Role' ? 'roleId' : k === 'Position' ? 'postId' : 'deptId');
