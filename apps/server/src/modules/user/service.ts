/**
 * Users (blade_user) as one resource shared by the BladeX (`/blade-user/*`), SpringBlade (`/blade-system/user/*`)
 * and JNPF (`/permission/Users*`) calls: the factory gives paging, filters, tenant isolation, data scope, audit
 * fields and soft delete; this file adds what differs — the department subtree filter, display names, passwords,
 * quota, role grants, profile and platform settings.
 */
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import { userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { likeContains, parseIds } from '../../core/query.ts';
import { buttonGrants, defineResource, type ResourceDef, type Row, type Tx } from '../../core/resource.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { readTenantOf } from '../../core/tenancy.ts';
import type { Db } from '../../db/connection.ts';
import { revokeUserSessions } from '../auth/index.ts';
import {
  assertAccountQuota,
  dept,
  deptIdsBelow,
  dict,
  dropGrantsOfHolders,
  post,
  role,
  tenant,
  user,
  userPlatform,
} from '../system/index.ts';
import { clientDigest, hashPassword, initialPasswordHash, verifyPassword } from './password.ts';
import {
  idList,
  intIn,
  optionalDate,
  optionalEmail,
  optionalPhone,
  requiredPhone,
  requiredText,
  splitList,
  text,
} from './rules.ts';

export const SELF_REMOVE = '不能删除本账号!';
export const OLD_PASSWORD_WRONG = '原密码不正确';
export const NEW_PASSWORDS_DIFFER = '两次新密码不一致';
export const PASSWORDS_DIFFER = '两次密码输入不一致';
export const accountTaken = (account: string) => `当前用户 [${account}] 已存在!`;

const digits = (s: string) => /^\d{1,19}$/.test(s);
const csvOf = (ids: Iterable<string>) => [...new Set(ids)].filter(digits).join(',');

/**
 * `deptId` → users in that department or any department below it (ancestors lists the path from the root). The
 * subtree is read first so that the user query carries the ids as a value: the planner then estimates the overlap
 * from the GIN index's statistics and picks the index (small departments) or the ordered scan (large ones).
 */
export async function deptSubtreeFilter(db: Db | Tx, tenantId: string, deptId: string): Promise<SQL> {
  if (!digits(deptId)) throw badRequest('参数校验失败: deptId 必须是数字编号');
  const ids = await deptIdsBelow(db, tenantId, [deptId]);
  if (!ids.length) return sql`false`;
  return sql`string_to_array(${user.deptId}, ',') && ${sql.param(ids)}::text[]`;
}

/** `keyword` (JNPF lists) → account, real name, nick name or phone contains it. */
export function keywordFilter(keyword: string): SQL {
  const like = likeContains(keyword);
  return sql`(${user.account} ilike ${like} or ${user.realName} ilike ${like} or ${user.name} ilike ${like} or ${user.phone} ilike ${like})`;
}

/** Adds tenantName, roleName, deptName, postName, userTypeName, sexName and statusName to user rows (one round trip). */
export async function decorateUsers(db: Db | Tx, rows: Row[]): Promise<Row[]> {
  if (!rows.length) return rows;
  const roles = csvOf(rows.flatMap((r) => splitList(r.roleId)));
  const depts = csvOf(rows.flatMap((r) => splitList(r.deptId)));
  const posts = csvOf(rows.flatMap((r) => splitList(r.postId)));
  const tenants = [...new Set(rows.map((r) => String(r.tenantId ?? '')))].join(',');
  const res = await (db as Db).execute<{ k: string; id: string; v: string }>(sql`
    select 'r' as k, ${role.id}::text as id, ${role.roleName} as v from ${role}
      where ${role.id} = any(string_to_array(${roles}, ',')::bigint[]) and ${role.isDeleted} = 0
    union all select 'd', ${dept.id}::text, ${dept.deptName} from ${dept}
      where ${dept.id} = any(string_to_array(${depts}, ',')::bigint[]) and ${dept.isDeleted} = 0
    union all select 'p', ${post.id}::text, ${post.postName} from ${post}
      where ${post.id} = any(string_to_array(${posts}, ',')::bigint[]) and ${post.isDeleted} = 0
    union all select 't', ${tenant.tenantId}, ${tenant.tenantName} from ${tenant}
      where ${tenant.tenantId} = any(string_to_array(${tenants}, ',')) and ${tenant.isDeleted} = 0
    union all select 'x', ${dict.code} || ':' || ${dict.dictKey}, ${dict.dictValue} from ${dict}
      where ${dict.code} in ('sex', 'user_type', 'user_status') and ${dict.parentId} <> 0 and ${dict.isDeleted} = 0`);
  const names = new Map<string, string>();
  for (const r of res.rows) names.set(`${r.k}:${r.id}`, r.v);
  const join = (kind: string, v: unknown) =>
    splitList(v)
      .map((id) => names.get(`${kind}:${id}`))
      .filter(Boolean)
      .join(',');
  return rows.map((r) => ({
    ...r,
    tenantName: names.get(`t:${r.tenantId}`) ?? '',
    roleName: join('r', r.roleId),
    deptName: join('d', r.deptId),
    postName: join('p', r.postId),
    userTypeName: names.get(`x:user_type:${r.userType}`) ?? '',
    sexName: names.get(`x:sex:${r.sex}`) ?? '',
    statusName: names.get(`x:user_status:${r.status}`) ?? '',
  }));
}

/** Every id of `csv` must be a live row of `table` in the tenant. */
async function assertExisting(
  tx: Tx,
  table: typeof role | typeof dept | typeof post,
  tenantId: string,
  csv: string | undefined,
  message: string,
) {
  const ids = splitList(csv);
  if (!ids.length) return;
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(liveInTenant(table, tenantId, inArray(table.id, ids)));
  if (found.length !== new Set(ids).size) throw badRequest(message);
}

export async function assertReferences(tx: Tx, tenantId: string, data: Row) {
  await assertExisting(tx, role, tenantId, data.roleId, '所属角色不存在');
  await assertExisting(tx, dept, tenantId, data.deptId, '所属部门不存在');
  await assertExisting(tx, post, tenantId, data.postId, '所属岗位不存在');
}

const userInput = {
  account: requiredText('登录账号', 45, '请输入登录账号').regex(/^[^\s,，]+$/, '登录账号不能包含空白或逗号'),
  /** create only: the MD5 the client sends (or a plain password from the SpringBlade clients) */
  password: z.preprocess(
    (v) => (v === '' ? null : v),
    z.string({ error: '密码必须是文本' }).max(128, '密码过长').nullish(),
  ),
  password2: z.preprocess(
    (v) => (v === '' ? null : v),
    z.string({ error: '密码必须是文本' }).max(128, '密码过长').nullish(),
  ),
  code: text('用户编号', 12),
  name: text('用户昵称', 20),
  realName: text('用户姓名', 10),
  avatar: text('头像', 500),
  email: optionalEmail,
  phone: optionalPhone,
  birthday: optionalDate('生日'),
  sex: intIn('性别', [-1, 1, 2, 3]),
  userType: intIn('用户平台', [1, 2, 3]),
  roleId: idList('所属角色').optional(),
  deptId: idList('所属部门').optional(),
  postId: idList('所属岗位').optional(),
  status: intIn('状态', [0, 1, 2]),
};

const userDef: Omit<ResourceDef, 'base' | 'routes'> = {
  code: 'user',
  grant: buttonGrants('user'),
  table: user,
  input: userInput,
  hidden: ['password'],
  params: ['deptId', 'keyword', 'organizeId'],
  hooks: {
    async where(q, req, ctx) {
      const parts: SQL[] = [];
      for (const k of ['deptId', 'organizeId']) {
        const v = q[k];
        if (v !== undefined && v !== null && v !== '' && v !== '0') {
          parts.push(await deptSubtreeFilter(ctx.db, readTenantOf(req, q), String(v)));
        }
      }
      const kw = q.keyword;
      if (typeof kw === 'string' && kw.trim()) parts.push(keywordFilter(kw.trim()));
      return parts.length ? and(...parts) : undefined;
    },
    async beforeSave(data, h) {
      const { password, password2 } = data;
      delete data.password2;
      if (h.isNew) {
        if (password && password2 !== undefined && password2 !== null && password2 !== password) {
          throw badRequest(PASSWORDS_DIFFER);
        }
        await assertAccountQuota(h.tx, h.req.tenantId);
        data.password = password ? await hashPassword(clientDigest(password)) : await initialPasswordHash(h.tx);
      } else {
        delete data.password; // an update never changes the password (reset-password / update-password do)
      }
      if (data.account !== undefined) await assertAccountFree(h.tx, h.req.tenantId, data.account, h.existing?.id);
      await assertReferences(h.tx, h.req.tenantId, data);
    },
    async beforeRemove(rows, h) {
      const me = h.req.user?.userId;
      if (me && rows.some((r) => String(r.id) === me)) throw badRequest(SELF_REMOVE);
    },
    async afterRemove(rows, h) {
      await dropGrantsOfHolders(
        h.tx,
        'User',
        rows.map((r) => String(r.id)),
      );
    },
    // removed users are signed out everywhere
    async committed(op, rows, _req, ctx) {
      if (op === 'remove' && rows.length)
        await revokeUserSessions(
          ctx,
          rows.map((r) => String(r.id)),
          'user-removed',
        );
    },
    decorate: (rows, _req, ctx) => decorateUsers(ctx.db, rows),
  },
};

async function assertAccountFree(tx: Tx, tenantId: string, account: string, exceptId?: string) {
  const conds = [inTenant(user, tenantId), eq(user.account, account), eq(user.isDeleted, 0)];
  if (exceptId) conds.push(ne(user.id, exceptId));
  const [hit] = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(...conds))
    .limit(1);
  if (hit) throw badRequest(accountTaken(account));
}

/** The BladeX users (`/blade-user/page|list|detail|submit|remove`). */
export const userResource = defineResource({
  ...userDef,
  base: '/blade-user',
  // `list` too: the Sword client (and Saber builds before 4.x) page users at /blade-user/list
  routes: ['page', 'list', 'detail', 'submit', 'remove'],
});
/** The same users in the SpringBlade dialect (`/blade-system/user/list|detail|submit|remove`). */
export const springUserResource = defineResource({
  ...userDef,
  base: '/blade-system/user',
  routes: ['list', 'detail', 'submit', 'remove'],
});

/** ids from the query (`?userIds=1,2`) or the body (form or JSON, string or array). */
export function idsParam(req: FastifyRequest, name: string): string[] {
  const q = (req.query as Record<string, unknown> | undefined)?.[name];
  const b = (req.body && typeof req.body === 'object' ? (req.body as Row)[name] : undefined) as unknown;
  return parseIds(q !== undefined && q !== '' ? q : b, name);
}

/** A value from the query or the body. */
export function param(req: FastifyRequest, name: string): unknown {
  const q = (req.query as Record<string, unknown> | undefined)?.[name];
  if (q !== undefined && q !== '') return q;
  return req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Row)[name] : undefined;
}

/** Visible users with these ids; every id must be visible (tenant and data scope) or the call is refused. */
export async function visibleUsers(ctx: AppContext, req: FastifyRequest, ids: string[]): Promise<Row[]> {
  return userResource.allVisible(ctx, req, ids);
}

/** The signed-in user's own row, decorated, without the password. */
export async function currentUser(ctx: AppContext, req: FastifyRequest): Promise<Row | null> {
  const me = userOf(req);
  const [row] = await ctx.db
    .select()
    .from(user)
    .where(liveInTenant(user, me.tenantId, eq(user.id, me.userId)));
  if (!row) return null;
  return (await userResource.present([row as Row], req, ctx))[0];
}

/** Grants roles: the roles replace each user's current ones. */
export async function grantRoles(ctx: AppContext, req: FastifyRequest, userIds: string[], roleIds: string[]) {
  await visibleUsers(ctx, req, userIds);
  await ctx.db.transaction(async (tx) => {
    await assertExisting(tx, role, req.tenantId, roleIds.join(','), '所属角色不存在');
    await tx
      .update(user)
      .set({ roleId: roleIds.join(','), updateUser: req.user?.userId ?? null, updateTime: new Date() })
      .where(inTenant(user, req.tenantId, inArray(user.id, userIds)));
  });
  // tokens carry the roles: the users sign in again to work with the new ones (the caller keeps the session)
  await revokeUserSessions(
    ctx,
    userIds.filter((id) => id !== req.user?.userId),
    'roles-changed',
  );
}

/** Resets the users' passwords to the initial password, or to the given MD5 digest. */
export async function resetPasswords(ctx: AppContext, req: FastifyRequest, userIds: string[], digest?: string) {
  await visibleUsers(ctx, req, userIds);
  const password = digest ? await hashPassword(digest) : await initialPasswordHash(ctx.db);
  await ctx.db
    .update(user)
    .set({ password, updateUser: req.user?.userId ?? null, updateTime: new Date() })
    .where(inTenant(user, req.tenantId, inArray(user.id, userIds)));
  await revokeUserSessions(
    ctx,
    userIds.filter((id) => id !== req.user?.userId),
    'password-reset',
  );
}

/** The caller changes their own password: old, new and its repetition, each the MD5 the client sends. */
export async function changeOwnPassword(
  ctx: AppContext,
  req: FastifyRequest,
  oldPassword: unknown,
  newPassword: unknown,
  newPassword1: unknown,
) {
  const me = userOf(req);
  for (const [k, v] of [
    ['oldPassword', oldPassword],
    ['newPassword', newPassword],
    ['newPassword1', newPassword1],
  ] as const) {
    if (typeof v !== 'string' || !v) throw badRequest(`缺少必要的请求参数: ${k}`);
    if (v.length > 128) throw badRequest(`参数校验失败: ${k} 过长`);
  }
  const oldDigest = clientDigest(oldPassword as string);
  const newDigest = clientDigest(newPassword as string);
  if (newDigest !== clientDigest(newPassword1 as string)) throw badRequest(NEW_PASSWORDS_DIFFER);
  const [row] = await ctx.db
    .select({ password: user.password })
    .from(user)
    .where(liveInTenant(user, me.tenantId, eq(user.id, me.userId)));
  if (!row || !(await verifyPassword(row.password, oldDigest))) throw badRequest(OLD_PASSWORD_WRONG);
  await ctx.db
    .update(user)
    .set({ password: await hashPassword(newDigest), updateUser: me.userId, updateTime: new Date() })
    .where(eq(user.id, me.userId));
}

/** The profile form (spec 1 §3): avatar, realName, name, phone (required, spec rules), email. */
export const profileInput = z
  .object({
    avatar: text('头像', 500),
    realName: text('用户姓名', 10),
    name: text('用户昵称', 20),
    phone: requiredPhone,
    email: optionalEmail,
  })
  .loose();

export async function updateOwnProfile(ctx: AppContext, req: FastifyRequest, body: unknown) {
  const me = userOf(req);
  const parsed = profileInput.safeParse(body ?? {});
  if (!parsed.success) throw parsed.error;
  const p = parsed.data;
  const set: Row = { phone: p.phone, updateUser: me.userId, updateTime: new Date() };
  for (const k of ['avatar', 'realName', 'name', 'email'] as const) if (p[k] !== undefined) set[k] = p[k];
  await ctx.db
    .update(user)
    .set(set)
    .where(inTenant(user, me.tenantId, eq(user.id, me.userId)));
}

/** Enables (1) or disables (0) users; without a status each user's state is toggled. */
export async function setUserState(ctx: AppContext, req: FastifyRequest, userIds: string[], status?: number) {
  const rows = await visibleUsers(ctx, req, userIds);
  const me = req.user?.userId;
  await ctx.db.transaction(async (tx) => {
    for (const r of rows) {
      const next = status ?? (r.status === 1 ? 0 : 1);
      if (next === 0 && String(r.id) === me) throw badRequest('不能停用本账号!');
      await tx
        .update(user)
        .set({ status: next, updateUser: me ?? null, updateTime: new Date() })
        .where(eq(user.id, r.id));
    }
  });
  const out = rows.map((r) => ({ id: String(r.id), status: status ?? (r.status === 1 ? 0 : 1) }));
  const disabled = out.filter((r) => r.status === 0).map((r) => r.id);
  if (disabled.length) await revokeUserSessions(ctx, disabled, 'user-disabled');
  return out;
}

/** `platform-detail`: the user with the extension of its platform (userType). */
export async function platformDetail(ctx: AppContext, req: FastifyRequest, id: string): Promise<Row | null> {
  const [row] = await userResource.findVisible(ctx, req, [id]);
  if (!row) return null;
  const [ext] = await ctx.db
    .select({ userExt: userPlatform.userExt })
    .from(userPlatform)
    .where(and(eq(userPlatform.userId, id), eq(userPlatform.userType, row.userType)))
    .limit(1);
  const [out] = await userResource.present([row], req, ctx);
  return { ...out, userExt: ext?.userExt ?? '' };
}

export const platformInput = z.object({
  userId: z
    .union([z.string(), z.number()], { error: '缺少必要的请求参数: userId' })
    .transform(String)
    .pipe(z.string().regex(/^\d{1,19}$/, 'userId 必须是数字编号')),
  userType: z.coerce
    .number({ error: '缺少必要的请求参数: userType' })
    .int('userType 必须是整数')
    .refine((n) => [1, 2, 3].includes(n), 'userType 只能是 1、2、3'),
  userExt: z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : v),
    z.string().max(20_000, 'userExt 过长'),
  ),
});

export async function updatePlatform(ctx: AppContext, req: FastifyRequest, input: z.infer<typeof platformInput>) {
  await visibleUsers(ctx, req, [input.userId]);
  await ctx.db.transaction(async (tx) => {
    const [have] = await tx
      .select({ id: userPlatform.id })
      .from(userPlatform)
      .where(and(eq(userPlatform.userId, input.userId), eq(userPlatform.userType, input.userType)))
      .limit(1);
    if (have) await tx.update(userPlatform).set({ userExt: input.userExt }).where(eq(userPlatform.id, have.id));
    else
      await tx.insert(userPlatform).values({ userId: input.userId, userType: input.userType, userExt: input.userExt });
  });
}

/** The user picker's search: id, account, name, realName, avatar, department and post (ids and names). */
export async function searchUsers(ctx: AppContext, req: FastifyRequest, q: Record<string, unknown>) {
  const page = await userResource.page(ctx, req, q);
  return {
    ...page,
    records: page.records.map((r) => ({
      id: String(r.id),
      account: r.account,
      name: r.name,
      realName: r.realName,
      avatar: r.avatar,
      deptId: r.deptId,
      deptName: r.deptName,
      postId: r.postId,
      postName: r.postName,
    })),
  };
}
