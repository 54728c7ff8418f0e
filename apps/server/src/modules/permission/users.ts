/**
 * JNPF users: `/permission/Users` (paged list, CRUD, All, Selector, reset password, state, IM lists, getUserList),
 * `/permission/Users/Current/*` (the signed-in user's own base info, avatar, password, theme, language,
 * subordinates, authority and sign-in log) and `/permission/UserRelation/{objectId}` (which users hold a role,
 * position or organisation). Users are the same blade_user rows as `/blade-user/*`, through the same resource.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { clientDigest, resetPasswords, setUserState, userResource } from '../user/index.ts';
import { bladeQuery, bodyOf, CREATED, DELETED, jnpf, jnpfDone, paged, pathId, queryOf, UPDATED } from './jnpf.ts';
import { registerRelations } from './user-relations.ts';
import { registerCurrent } from './users-current.ts';
import { registerUserPickers } from './users-pickers.ts';
import { checkManager, LIST_FIELDS, noData, settingOf, upsertSetting, userIn, userOut } from './users-shared.ts';

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

export function registerUserFamilies(app: FastifyInstance, ctx: AppContext) {
  registerCurrent(app, ctx);
  registerUsers(app, ctx);
  registerUserPickers(app, ctx);
  registerRelations(app, ctx);
}
