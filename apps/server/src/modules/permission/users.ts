/**
 * JNPF users: `/permission/Users` (paged list, CRUD, All, Selector, reset password, state, IM lists, getUserList),
 * `/permission/Users/Current/*` (the signed-in user's own base info, avatar, password, theme, language,
 * subordinates, authority and sign-in log) and `/permission/UserRelation/{objectId}` (which users hold a role,
 * position or organisation). Users are the same blade_user rows as `/blade-user/*`, through the same resource.
 */
import { and, count, desc, eq, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, MSG_NO_DATA } from '../../core/envelope.ts';
import { type AuthUser, byMenu, signedIn, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import type { HookContext, Row } from '../../core/resource.ts';
import { inTenant } from '../../core/scoped.ts';
import { listSessions } from '../auth/index.ts';
import { logApi, logError } from '../log/index.ts';
import { dept, post, role, user } from '../system/index.ts';
import {
  changeOwnPassword,
  clientDigest,
  currentUser,
  phoneProblem,
  resetPasswords,
  setUserState,
  userResource,
  visibleUsers,
} from '../user/index.ts';
import { userAuthority } from './authority.ts';
import {
  bladeQuery,
  bodyOf,
  buildTree,
  CREATED,
  DELETED,
  idArray,
  jnpf,
  jnpfDone,
  paged,
  pathId,
  queryOf,
  UPDATED,
} from './jnpf.ts';
import { deptResource, userHas } from './resources.ts';
import { userSetting } from './schema.ts';

const noData = () => ({ code: 200, msg: MSG_NO_DATA, data: null });
const fullName = (r: Row) => (r.realName ? `${r.realName}/${r.account}` : String(r.account));

export const userOut = (r: Row) => ({
  id: String(r.id),
  account: r.account,
  realName: r.realName,
  nickName: r.name,
  fullName: fullName(r),
  gender: r.sex,
  genderName: r.sexName,
  mobilePhone: r.phone,
  email: r.email,
  headIcon: r.avatar,
  birthday: r.birthday,
  code: r.code,
  organizeId: r.deptId,
  organize: r.deptName,
  positionId: r.postId,
  position: r.postName,
  roleId: r.roleId,
  roleName: r.roleName,
  userType: r.userType,
  userTypeName: r.userTypeName,
  tenantId: r.tenantId,
  tenantName: r.tenantName,
  enabledMark: r.status,
  creatorTime: r.createTime,
  lastModifyTime: r.updateTime,
});

/** JNPF user form → the user resource's fields (birthday may be epoch milliseconds). */
const userIn = (b: Row) => {
  const out: Row = {
    account: b.account,
    realName: b.realName,
    name: b.nickName ?? b.name,
    sex: b.gender,
    phone: b.mobilePhone,
    email: b.email,
    avatar: b.headIcon,
    code: b.code,
    deptId: b.organizeId,
    postId: b.positionId,
    roleId: b.roleId,
    status: b.enabledMark,
    userType: b.userType,
    birthday: typeof b.birthday === 'number' ? new Date(b.birthday) : b.birthday,
    password: b.password,
  };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
};

const LIST_FIELDS = {
  account: 'account',
  realName: 'realName',
  gender: 'sex',
  mobilePhone: 'phone',
  creatorTime: 'createTime',
  lastModifyTime: 'updateTime',
  enabledMark: 'status',
};

async function settingOf(ctx: AppContext, userId: string) {
  const [s] = await ctx.db.select().from(userSetting).where(eq(userSetting.userId, userId)).limit(1);
  return s;
}

async function upsertSetting(db: HookContext['tx'] | AppContext['db'], userId: string, tenantId: string, set: Row) {
  await (db as AppContext['db'])
    .insert(userSetting)
    .values({ userId, tenantId, ...set, updateTime: new Date() })
    .onConflictDoUpdate({ target: userSetting.userId, set: { ...set, updateTime: new Date() } });
}

/** A manager must be a visible user of the tenant, not the user itself. */
async function checkManager(
  ctx: AppContext,
  req: FastifyRequest,
  b: Row,
  selfId?: string,
): Promise<string | null | undefined> {
  const raw = b.managerId;
  if (raw === undefined) return undefined;
  if (raw === null || raw === '') return null;
  const id = pathId(raw, 'managerId');
  if (id === selfId) throw badRequest('直属主管不能是自己');
  const [m] = await userResource.findVisible(ctx, req, [id]);
  if (!m) throw badRequest('直属主管不存在');
  return id;
}

function registerUsers(app: FastifyInstance, ctx: AppContext) {
  const b = '/permission/Users';

  app.get(b, byMenu('user', 'permission_organize', 'permission_authority'), async (req) => {
    const q = queryOf(req);
    const bq = bladeQuery(q, LIST_FIELDS);
    if (q.organizeId !== undefined && q.organizeId !== '') bq.organizeId = q.organizeId;
    const page = await userResource.page(ctx, req, bq);
    return jnpf(paged(page.records.map(userOut), page));
  });

  app.post(b, byMenu('user_add'), async (req) => {
    const body = bodyOf(req);
    const managerId = await checkManager(ctx, req, body);
    await userResource.save(ctx, req, userIn(body), {
      afterSave: async (row, h) => {
        if (managerId !== undefined) await upsertSetting(h.tx, String(row.id), String(row.tenantId), { managerId });
      },
    });
    return jnpfDone(CREATED);
  });

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

  // one level of the IM contact picker: the sub-organisations and users of {id} ('0' = top), or a keyword search
  app.post(`${b}/ImUser/Selector/:id`, signedIn, async (req) => {
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
  });

  app.post(`${b}/getUserList`, signedIn, async (req) => {
    const body = bodyOf(req);
    const ids = idArray(body.userId ?? body.ids ?? queryOf(req).userId, 'userId');
    const rows = ids.length ? await userResource.present(await userResource.findVisible(ctx, req, ids), req, ctx) : [];
    return jnpf({ list: rows.map(userOut) });
  });

  app.get(`${b}/:id`, byMenu('user', 'permission_organize', 'permission_authority'), async (req) => {
    const id = pathId((req.params as { id: string }).id);
    const [row] = await userResource.findVisible(ctx, req, [id]);
    if (!row) return noData();
    const [out] = await userResource.present([row], req, ctx);
    const s = await settingOf(ctx, id);
    return jnpf({ ...userOut(out), managerId: s?.managerId ?? null });
  });

  app.put(`${b}/:id`, byMenu('user_edit'), async (req) => {
    const id = pathId((req.params as { id: string }).id);
    const body = bodyOf(req);
    const managerId = await checkManager(ctx, req, body, id);
    const { password: _ignored, ...rest } = userIn(body);
    await userResource.save(
      ctx,
      req,
      { ...rest, id },
      {
        afterSave: async (row, h) => {
          if (managerId !== undefined) await upsertSetting(h.tx, id, String(row.tenantId), { managerId });
        },
      },
    );
    return jnpfDone(UPDATED);
  });

  app.delete(`${b}/:id`, byMenu('user_delete'), async (req) => {
    await userResource.remove(ctx, req, [pathId((req.params as { id: string }).id)]);
    return jnpfDone(DELETED);
  });

  // JNPF sends userPassword and validatePassword (MD5); without them the initial password is set
  app.post(`${b}/:id/Actions/ResetPassword`, byMenu('user_reset'), async (req) => {
    const id = pathId((req.params as { id: string }).id);
    const body = bodyOf(req);
    const pw = body.userPassword;
    let digest: string | undefined;
    if (pw !== undefined && pw !== null && pw !== '') {
      if (typeof pw !== 'string' || pw.length > 128) throw badRequest('参数校验失败: userPassword 无效');
      if (body.validatePassword !== undefined && body.validatePassword !== pw) throw badRequest('两次密码输入不一致');
      digest = clientDigest(pw);
    }
    await resetPasswords(ctx, req, [id], digest);
    return jnpfDone('重置密码成功');
  });

  app.put(`${b}/:id/Actions/State`, byMenu('user_state'), async (req) => {
    const id = pathId((req.params as { id: string }).id);
    const body = bodyOf(req);
    let status: number | undefined;
    if (body.enabledMark !== undefined && body.enabledMark !== null && body.enabledMark !== '') {
      status = Number(body.enabledMark);
      if (status !== 0 && status !== 1) throw badRequest('参数校验失败: enabledMark 只能是 0 或 1');
    }
    await setUserState(ctx, req, [id], status);
    return jnpfDone(UPDATED);
  });
}

function registerCurrent(app: FastifyInstance, ctx: AppContext) {
  const b = '/permission/Users/Current';

  app.get(`${b}/BaseInfo`, signedIn, async (req) => {
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
  });

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

  // subordinates: users whose direct manager is {id} ('0' = me)
  const subordinates = async (req: FastifyRequest, raw: string) => {
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
  };
  app.get(`${b}/Subordinate`, signedIn, async (req) => subordinates(req, '0'));
  app.get(`${b}/Subordinate/:id`, signedIn, async (req) =>
    subordinates(req, String((req.params as { id: string }).id)),
  );

  app.get(`${b}/Authorize`, signedIn, async (req) => jnpf(await userAuthority(ctx, userOf(req))));

  /** The caller's own rows of the API log (writes and slow reads) or the error log, newest first. */
  const ownLogs = async (me: AuthUser, table: typeof logApi | typeof logError, bq: Row, from?: Date, to?: Date) => {
    const current = bq.current as number;
    const size = bq.size as number;
    const conds = [inTenant(table, me.tenantId), eq(table.createBy, me.account)];
    if (from) conds.push(gte(table.createTime, from));
    if (to) conds.push(lte(table.createTime, to));
    if (typeof bq.keyword === 'string') {
      const like = `%${bq.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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
  };

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
      return jnpf(await ownLogs(me, category === '3' ? logApi : logError, bq, time('startTime'), time('endTime')));
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
    const [hit] = await ctx.db
      .select({ id: table.id })
      .from(table)
      .where(inTenant(table, tenantId, eq(table.id, id), eq(table.isDeleted, 0)));
    if (hit) return kind;
  }
  throw badRequest('数据不存在或无权操作');
}

function registerRelations(app: FastifyInstance, ctx: AppContext) {
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

export function registerUserFamilies(app: FastifyInstance, ctx: AppContext) {
  registerCurrent(app, ctx);
  registerUsers(app, ctx);
  registerRelations(app, ctx);
}
