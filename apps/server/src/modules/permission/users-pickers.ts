/** The user pickers of `/permission/Users`: All, Selector (organisation tree), the IM contact lists, getUserList. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signedIn } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import type { Row } from '../../core/resource.ts';
import { dept, user } from '../system/index.ts';
import { userResource } from '../user/index.ts';
import { bladeQuery, bodyOf, buildTree, idArray, jnpf, paged, pathId, queryOf } from './jnpf.ts';
import { deptResource, userHas } from './resources.ts';
import { fullName, LIST_FIELDS, userOut } from './users-shared.ts';

export function registerUserPickers(app: FastifyInstance, ctx: AppContext) {
  const b = '/permission/Users';

  app.get(`${b}/All`, signedIn, async (req) => {
    const rows = await userResource.all(ctx, req, { status: '1' });
    return jnpf({ list: rows.map(userOut) });
  });

  // organisations with their users as leaves (a user under each of its departments appears once, under the first)
  app.get(`${b}/Selector`, signedIn, async (req) => {
    const [depts, users] = await Promise.all([
      deptResource.all(ctx, req, {}),
      userResource.all(ctx, req, { status: '1' }),
    ]);
    const nodes = [
      ...depts.map((d) => ({
        id: String(d.id),
        parentId: String(d.parentId),
        fullName: d.deptName as string,
        type: d.deptCategory === 1 ? 'company' : 'department',
      })),
      ...users.map((u) => ({
        id: String(u.id),
        parentId: String(u.deptId ?? '').split(',')[0] || '0',
        fullName: fullName(u),
        type: 'user',
        headIcon: u.avatar,
      })),
    ];
    return jnpf({ list: buildTree(nodes) });
  });

  app.get(`${b}/ImUser`, signedIn, async (req) => {
    const page = await userResource.page(ctx, req, { ...bladeQuery(queryOf(req), LIST_FIELDS), status: '1' });
    return jnpf(
      paged(
        page.records.map((r) => ({
          id: String(r.id),
          account: r.account,
          realName: r.realName,
          fullName: fullName(r),
          headIcon: r.avatar,
          department: r.deptName,
          position: r.postName,
        })),
        page,
      ),
    );
  });

  app.post(`${b}/ImUser/Selector/:id`, signedIn, async (req) => imSelectorLevel(ctx, req));

  app.post(`${b}/getUserList`, signedIn, async (req) => {
    const body = bodyOf(req);
    const ids = idArray(body.userId ?? body.ids ?? queryOf(req).userId, 'userId');
    const rows = ids.length ? await userResource.present(await userResource.findVisible(ctx, req, ids), req, ctx) : [];
    return jnpf({ list: rows.map(userOut) });
  });
}

/** One level of the IM contact picker: the sub-organisations and users of {id} ('0' = top), or a keyword search. */
async function imSelectorLevel(ctx: AppContext, req: FastifyRequest) {
  const raw = String((req.params as { id: string }).id);
  const orgId = raw === '0' || raw === '-1' ? '0' : pathId(raw);
  const body = bodyOf(req);
  const keyword = String(body.keyword ?? queryOf(req).keyword ?? '').trim();
  const userNode = (u: Row) => ({
    id: String(u.id),
    fullName: fullName(u),
    headIcon: u.avatar,
    department: u.deptName,
    type: 'user',
    hasChildren: false,
    isLeaf: true,
  });
  if (keyword) {
    const page = await userResource.page(ctx, req, { keyword, status: '1', size: 50 });
    return jnpf({ list: page.records.map(userNode) });
  }
  const subs = await deptResource.all(ctx, req, { parentId: orgId });
  const ids = subs.map((d) => String(d.id));
  const withKids = new Set<string>();
  if (ids.length) {
    const kids = await ctx.db
      .selectDistinct({ p: dept.parentId })
      .from(dept)
      .where(and(inArray(dept.parentId, ids), eq(dept.isDeleted, 0)));
    for (const k of kids) withKids.add(String(k.p));
    const staffed = await ctx.db.execute<{ d: string }>(
      sql`select distinct d from ${user}, unnest(string_to_array(${user.deptId}, ',')) as d where ${user.tenantId} = ${req.tenantId} and ${user.isDeleted} = 0 and d = any(string_to_array(${ids.join(',')}, ','))`,
    );
    for (const s of staffed.rows) withKids.add(String(s.d));
  }
  // the organisation's own members (not those of its sub-organisations, which are listed one level down)
  const users =
    orgId === '0'
      ? []
      : await userResource.present(
          (await ctx.db
            .select()
            .from(user)
            .where(and(...(await userResource.conditions(ctx, req, { status: '1' })), userHas(user.deptId, orgId)))
            .orderBy(user.account)
            .limit(1000)) as Row[],
          req,
          ctx,
        );
  return jnpf({
    list: [
      ...subs.map((d) => ({
        id: String(d.id),
        fullName: d.deptName,
        type: d.deptCategory === 1 ? 'company' : 'department',
        hasChildren: withKids.has(String(d.id)),
        isLeaf: !withKids.has(String(d.id)),
      })),
      ...users.map(userNode),
    ],
  });
}
