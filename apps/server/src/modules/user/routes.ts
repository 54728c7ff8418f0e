/**
 * `/blade-user/*` (BladeX) and `/blade-system/user/*` (SpringBlade): the same users, handlers and envelope.
 * page/list, detail, submit and remove come from the resource factory; the rest is written here.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, done, forbidden, ok } from '../../core/envelope.ts';
import { adminOnly, byMenu, gateProviders, signedIn, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { fileBytes, uploadedFile, uploadScope } from '../../core/upload.ts';
import { unlockUsers } from '../auth/index.ts';
import { exportTemplate, exportUsers, importUsers } from './excel.ts';
import {
  changeOwnPassword,
  currentUser,
  grantRoles,
  idsParam,
  param,
  platformDetail,
  platformInput,
  resetPasswords,
  searchUsers,
  setUserState,
  springUserResource,
  updateOwnProfile,
  updatePlatform,
  userResource,
  visibleUsers,
} from './service.ts';

type Q = Record<string, unknown>;
const query = (req: FastifyRequest) => (req.query ?? {}) as Q;

function idOf(req: FastifyRequest): string {
  const id = param(req, 'id');
  if (id === undefined || id === null || id === '') throw badRequest('缺少必要的请求参数: id');
  const s = String(id);
  if (!/^\d{1,19}$/.test(s)) throw badRequest('参数校验失败: id 必须是数字编号');
  return s;
}

/** The calls both dialects share, under their base path. */
function commonRoutes(app: FastifyInstance, ctx: AppContext, base: string, resource: typeof userResource) {
  app.get(`${base}/info`, signedIn, async (req) => ok(await currentUser(ctx, req)));

  // `update`: an edit of an existing user (the password is kept). Fields left out keep their values, as with
  // SpringBlade's updateById: Saber's profile form posts only id, avatar, name, realName, phone and email here.
  // Whoever may administer users (the API scope of `submit`) edits any visible user; anyone else only their own
  // profile fields, as `update-info` allows.
  app.post(`${base}/update`, signedIn, async (req) => {
    const body = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('缺少必要的请求参数: id');
    const id = (body as Q).id;
    if (id === undefined || id === null || id === '') throw badRequest('缺少必要的请求参数: id');
    const me = userOf(req);
    const admin = me.isAdmin || (await gateProviders()?.allowApi(me, 'POST', `${base}/submit`)) === true;
    if (!admin) {
      if (String(id) !== me.userId) throw forbidden();
      await updateOwnProfile(ctx, req, body);
      return done();
    }
    let edit = body as Q;
    if (edit.account === undefined && /^\d{1,19}$/.test(String(id))) {
      const [stored] = await resource.findVisible(ctx, req, [String(id)]);
      if (stored) edit = { ...edit, account: stored.account };
    }
    await resource.save(ctx, req, edit);
    return done();
  });

  app.post(`${base}/grant`, byMenu('user_role'), async (req) => {
    await grantRoles(ctx, req, idsParam(req, 'userIds'), idsParam(req, 'roleIds'));
    return done();
  });

  app.post(`${base}/reset-password`, byMenu('user_reset'), async (req) => {
    await resetPasswords(ctx, req, idsParam(req, 'userIds'));
    return done();
  });

  app.post(`${base}/update-password`, signedIn, async (req) => {
    await changeOwnPassword(ctx, req, param(req, 'oldPassword'), param(req, 'newPassword'), param(req, 'newPassword1'));
    return done();
  });

  app.post(`${base}/update-info`, signedIn, async (req) => {
    await updateOwnProfile(ctx, req, req.body);
    return done();
  });
}

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  // BladeX
  userResource.routes(app, ctx);
  commonRoutes(app, ctx, '/blade-user', userResource);
  const b = '/blade-user';

  app.get(`${b}/platform-detail`, byMenu('user_platform'), async (req) =>
    ok(await platformDetail(ctx, req, idOf(req))),
  );

  app.post(`${b}/update-platform`, byMenu('user_platform'), async (req) => {
    const src = {
      ...(req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Q) : {}),
      ...query(req),
    };
    const parsed = platformInput.safeParse(src);
    if (!parsed.success) throw parsed.error;
    await updatePlatform(ctx, req, parsed.data);
    return done();
  });

  // state toggle (spec 2 §4, §6): `status` 1 enables, 0 disables; without it each user's state flips
  app.post(`${b}/state`, byMenu('user_state'), async (req) => {
    const raw = param(req, 'status');
    let status: number | undefined;
    if (raw !== undefined && raw !== null && raw !== '') {
      status = Number(raw);
      if (status !== 0 && status !== 1) throw badRequest('参数校验失败: status 只能是 0 或 1');
    }
    return ok(await setUserState(ctx, req, idsParam(req, 'userIds'), status));
  });

  app.get(`${b}/search/user`, signedIn, async (req) => ok(await searchUsers(ctx, req, query(req))));

  userFileRoutes(app, ctx, b, ['export']);

  // SpringBlade
  springUserResource.routes(app, ctx);
  commonRoutes(app, ctx, '/blade-system/user', springUserResource);
  userFileRoutes(app, ctx, '/blade-system/user');
}

/**
 * The calls both dialects answer alike under their base: unlock (clears the sign-in lockout), export-user (xlsx of
 * the visible users, the list's filters), export-template, import-user (multipart `file`, `isCovered` 1 overwrites
 * existing accounts). `aliases` are the BladeX short names (`export`, `import`).
 */
function userFileRoutes(app: FastifyInstance, ctx: AppContext, b: string, aliases: 'export'[] = []) {
  app.post(`${b}/unlock`, byMenu('user_unlock'), async (req) => {
    const ids = idsParam(req, 'userIds');
    await visibleUsers(ctx, req, ids);
    await unlockUsers(ctx, ids);
    return done();
  });

  for (const path of [`${b}/export-user`, ...aliases.map((a) => `${b}/${a}`)])
    app.get(path, adminOnly, (req, reply) => exportUsers(ctx, req, reply));
  app.get(`${b}/export-template`, byMenu('user_import'), (_req, reply) => exportTemplate(reply));

  // multipart only in this scope (another module may bring its own parser to the parent scope)
  uploadScope(app, { fileSize: ctx.config.uploadMaxBytes, files: 1, fields: 10 }, (scope) => {
    const handler = async (req: FastifyRequest) => {
      const file = await uploadedFile(req, '请上传 xlsx 文件 (multipart/form-data, 字段 file)');
      const buf = await fileBytes(file);
      const covered = String(
        param(req, 'isCovered') ?? (file.fields.isCovered as { value?: unknown } | undefined)?.value ?? '0',
      );
      const r = await importUsers(ctx, req, buf, covered === '1' || covered === 'true');
      return ok(r, `导入成功: 新增 ${r.inserted} 条, 更新 ${r.updated} 条`);
    };
    scope.post(`${b}/import-user`, byMenu('user_import'), handler);
    if (aliases.length) scope.post(`${b}/import`, byMenu('user_import'), handler);
  });
}
