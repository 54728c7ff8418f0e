/**
 * `/permission/Users/Current/*`: the signed-in user's own base info, avatar, password, theme and language, and
 * their subordinates, authority and sign-in, operation and error logs.
 */
import { and, count, desc, eq, gte, ilike, inArray, lte, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../core/envelope.ts';
import { type AuthUser, signedIn, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { likeContains } from '../../core/query.ts';
import type { Row } from '../../core/resource.ts';
import { inTenant } from '../../core/scoped.ts';
import { listSessions } from '../auth/index.ts';
import { logApi, logError } from '../log/index.ts';
import { user } from '../system/index.ts';
import { changeOwnPassword, currentUser, phoneProblem, userResource } from '../user/index.ts';
import { userAuthority } from './authority.ts';
import { bladeQuery, bodyOf, jnpf, jnpfDone, paged, pathId, queryOf, UPDATED } from './jnpf.ts';
import { userSetting } from './schema.ts';
import { fullName, noData, settingOf, upsertSetting, userOut } from './users-shared.ts';

export function registerCurrent(app: FastifyInstance, ctx: AppContext) {
  registerCurrentProfile(app, ctx);
  registerCurrentTeamAndLogs(app, ctx);
}

/** base info, avatar, password, theme, language */
function registerCurrentProfile(app: FastifyInstance, ctx: AppContext) {
  const b = '/permission/Users/Current';

  app.get(`${b}/BaseInfo`, signedIn, async (req) => baseInfo(ctx, req));

  // only the fields present are changed; a phone, when sent, passes the spec's check
  app.put(`${b}/BaseInfo`, signedIn, async (req) => {
    const me = userOf(req);
    const body = bodyOf(req);
    const set: Row = {};
    const str = (k: string, label: string, max: number, col: string) => {
      const v = body[k];
      if (v === undefined) return;
      if (v !== null && typeof v !== 'string') throw badRequest(`参数校验失败: ${label}必须是文本`);
      const s = (v ?? '').trim();
      if (s.length > max) throw badRequest(`参数校验失败: ${label}不能超过${max}个字符`);
      set[col] = s || null;
    };
    str('realName', '姓名', 10, 'realName');
    str('nickName', '昵称', 20, 'name');
    str('email', '邮箱', 45, 'email');
    if (set.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(set.email)) throw badRequest('参数校验失败: 邮箱格式不正确');
    if (body.mobilePhone !== undefined) {
      const p = phoneProblem(typeof body.mobilePhone === 'string' ? body.mobilePhone : '');
      if (p) throw badRequest(`参数校验失败: mobilePhone: ${p}`);
      set.phone = String(body.mobilePhone).trim();
    }
    if (body.gender !== undefined && body.gender !== null && body.gender !== '') {
      const g = Number(body.gender);
      if (![1, 2, 3].includes(g)) throw badRequest('参数校验失败: gender 只能是 1、2、3');
      set.sex = g;
    }
    if (body.birthday !== undefined) {
      const d = body.birthday === null || body.birthday === '' ? null : new Date(body.birthday as string | number);
      if (d && Number.isNaN(d.getTime())) throw badRequest('参数校验失败: 生日不是有效的日期');
      set.birthday = d;
    }
    if (!Object.keys(set).length) throw badRequest('没有需要修改的内容');
    await ctx.db
      .update(user)
      .set({ ...set, updateUser: me.userId, updateTime: new Date() })
      .where(inTenant(user, me.tenantId, eq(user.id, me.userId)));
    return jnpfDone(UPDATED);
  });

  app.put(`${b}/Avatar/:name`, signedIn, async (req) => {
    const me = userOf(req);
    const name = String((req.params as { name: string }).name ?? '').trim();
    if (!name || name.length > 500) throw badRequest('参数校验失败: 头像无效');
    await ctx.db
      .update(user)
      .set({ avatar: name, updateUser: me.userId, updateTime: new Date() })
      .where(inTenant(user, me.tenantId, eq(user.id, me.userId)));
    return jnpfDone(UPDATED);
  });

  app.post(`${b}/Actions/ModifyPassword`, signedIn, async (req) => {
    const body = bodyOf(req);
    const next = body.password ?? body.newPassword;
    await changeOwnPassword(ctx, req, body.oldPassword, next, body.password1 ?? body.newPassword1 ?? next);
    return jnpfDone('修改成功');
  });

  app.put(`${b}/SystemTheme`, signedIn, async (req) => {
    const me = userOf(req);
    const theme = bodyOf(req).theme;
    if (typeof theme !== 'string' || !theme.trim()) throw badRequest('缺少必要的请求参数: theme');
    if (!/^[\w.-]{1,64}$/.test(theme.trim())) throw badRequest('参数校验失败: theme 无效');
    await upsertSetting(ctx.db, me.userId, me.tenantId, { theme: theme.trim() });
    return jnpfDone('设置成功');
  });

  app.put(`${b}/SystemLanguage`, signedIn, async (req) => {
    const me = userOf(req);
    const language = bodyOf(req).language;
    if (typeof language !== 'string' || !language.trim()) throw badRequest('缺少必要的请求参数: language');
    if (!/^[a-zA-Z]{2,3}(?:[-_][a-zA-Z0-9]{2,8})?$/.test(language.trim()))
      throw badRequest('参数校验失败: language 无效');
    await upsertSetting(ctx.db, me.userId, me.tenantId, { language: language.trim() });
    return jnpfDone('设置成功');
  });
}

/** subordinates, authority, the caller's own logs */
function registerCurrentTeamAndLogs(app: FastifyInstance, ctx: AppContext) {
  const b = '/permission/Users/Current';
  app.get(`${b}/Subordinate`, signedIn, async (req) => subordinates(ctx, req, '0'));
  app.get(`${b}/Subordinate/:id`, signedIn, async (req) =>
    subordinates(ctx, req, String((req.params as { id: string }).id)),
  );

  app.get(`${b}/Authorize`, signedIn, async (req) => jnpf(await userAuthority(ctx, userOf(req))));

  // the caller's sign-ins (category 1, from the sessions), operations (3, the API log) and errors (4, the error log)
  app.get(`${b}/SystemLog`, signedIn, async (req) => {
    const me = userOf(req);
    const q = queryOf(req);
    const bq = bladeQuery(q, {});
    const current = bq.current as number;
    const size = bq.size as number;
    const time = (k: string) => {
      const v = q[k];
      if (v === undefined || v === '') return undefined;
      const d = /^\d+$/.test(String(v)) ? new Date(Number(v)) : new Date(String(v).replace(' ', 'T'));
      if (Number.isNaN(d.getTime())) throw badRequest(`参数校验失败: ${k} 不是有效的时间`);
      return d;
    };
    const category = String(q.category ?? '1');
    if (category === '3' || category === '4')
      return jnpf(await ownLogs(ctx, me, category === '3' ? logApi : logError, bq, time('startTime'), time('endTime')));
    if (category !== '1') throw badRequest('参数校验失败: category 只能是 1 (登录日志)、3 (操作日志) 或 4 (异常日志)');
    const { rows, total } = await listSessions(ctx, {
      tenantId: me.tenantId,
      userId: me.userId,
      openOnly: false,
      keyword: typeof bq.keyword === 'string' ? bq.keyword : undefined,
      from: time('startTime'),
      to: time('endTime'),
      offset: (current - 1) * size,
      limit: size,
    });
    return jnpf(
      paged(
        rows.map((s) => ({
          id: s.id,
          userName: s.userName ?? s.account,
          account: s.account,
          loginTime: s.loginTime,
          creatorTime: s.loginTime,
          ipaddress: s.ip,
          platForm: s.userAgent,
          clientId: s.clientId,
          abstracts: s.revoked ? `会话已结束 (${s.revokeReason ?? ''})` : '登录成功',
          lastSeen: s.lastSeen,
        })),
        { current, size, total },
      ),
    );
  });
}

// ---- user relations: the users holding a role, position or organisation ----

/** Subordinates: users whose direct manager is {id} ('0' = me), each marked a leaf unless it leads others. */
async function subordinates(ctx: AppContext, req: FastifyRequest, raw: string) {
  const me = userOf(req);
  const managerId = raw === '0' || raw === '' ? me.userId : pathId(raw);
  const ids = (
    await ctx.db
      .select({ id: userSetting.userId })
      .from(userSetting)
      .where(inTenant(userSetting, me.tenantId, eq(userSetting.managerId, managerId)))
  ).map((r) => r.id);
  const rows = ids.length ? await userResource.present(await userResource.findVisible(ctx, req, ids), req, ctx) : [];
  const leaders = new Set<string>();
  if (rows.length) {
    const below = await ctx.db
      .selectDistinct({ m: userSetting.managerId })
      .from(userSetting)
      .where(
        inArray(
          userSetting.managerId,
          rows.map((r) => String(r.id)),
        ),
      );
    for (const x of below) if (x.m) leaders.add(x.m);
  }
  return jnpf(
    rows.map((r) => ({
      id: String(r.id),
      avatar: r.avatar,
      userName: fullName(r),
      department: r.deptName,
      position: r.postName,
      isLeaf: !leaders.has(String(r.id)),
    })),
  );
}

/** The caller's own rows of the API log (writes and slow reads) or the error log, newest first. */
async function ownLogs(
  ctx: AppContext,
  me: AuthUser,
  table: typeof logApi | typeof logError,
  bq: Row,
  from?: Date,
  to?: Date,
) {
  const current = bq.current as number;
  const size = bq.size as number;
  const conds = [inTenant(table, me.tenantId), eq(table.createBy, me.account)];
  if (from) conds.push(gte(table.createTime, from));
  if (to) conds.push(lte(table.createTime, to));
  if (typeof bq.keyword === 'string') {
    const like = likeContains(bq.keyword);
    conds.push(or(ilike(table.requestUri, like), ilike(table.title, like))!);
  }
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select({
        id: table.id,
        title: table.title,
        method: table.method,
        requestUri: table.requestUri,
        remoteIp: table.remoteIp,
        userAgent: table.userAgent,
        time: table.time,
        createTime: table.createTime,
      })
      .from(table)
      .where(where)
      .orderBy(desc(table.createTime), desc(table.id))
      .limit(size)
      .offset((current - 1) * size),
    ctx.db.select({ n: count() }).from(table).where(where),
  ]);
  return paged(
    rows.map((r) => ({
      id: r.id,
      userName: me.realName || me.account,
      account: me.account,
      abstracts: r.title,
      requestMethod: r.method,
      requestURL: r.requestUri,
      ipaddress: r.remoteIp,
      platForm: r.userAgent,
      requestDuration: r.time,
      creatorTime: r.createTime,
    })),
    { current, size, total: Number(n) },
  );
}

/** The signed-in user as JNPF shows them, with their manager, theme and language. */
async function baseInfo(ctx: AppContext, req: FastifyRequest) {
  const me = await currentUser(ctx, req);
  if (!me) return noData();
  const s = await settingOf(ctx, String(me.id));
  let manager: string | null = null;
  if (s?.managerId) {
    const [m] = await ctx.db
      .select({ account: user.account, realName: user.realName })
      .from(user)
      .where(and(eq(user.id, s.managerId), eq(user.isDeleted, 0)));
    if (m) manager = fullName(m);
  }
  return jnpf({
    ...userOut(me),
    managerId: s?.managerId ?? null,
    manager,
    theme: s?.theme ?? null,
    language: s?.language ?? null,
  });
}
