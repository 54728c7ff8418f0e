/**
 * What the JNPF user routes share: a user row as JNPF shows it and takes it, the list's sortable fields, the
 * per-user settings row (manager, theme, language) and the direct manager check.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { badRequest, MSG_NO_DATA } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import type { HookContext, Row } from '../../core/resource.ts';
import { userResource } from '../user/index.ts';
import { pathId } from './jnpf.ts';
import { userSetting } from './schema.ts';

export const noData = () => ({ code: 200, msg: MSG_NO_DATA, data: null });
export const fullName = (r: Row) => (r.realName ? `${r.realName}/${r.account}` : String(r.account));

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
export const userIn = (b: Row) => {
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

export const LIST_FIELDS = {
  account: 'account',
  realName: 'realName',
  gender: 'sex',
  mobilePhone: 'phone',
  creatorTime: 'createTime',
  lastModifyTime: 'updateTime',
  enabledMark: 'status',
};

export async function settingOf(ctx: AppContext, userId: string) {
  const [s] = await ctx.db.select().from(userSetting).where(eq(userSetting.userId, userId)).limit(1);
  return s;
}

export async function upsertSetting(
  db: HookContext['tx'] | AppContext['db'],
  userId: string,
  tenantId: string,
  set: Row,
) {
  await (db as AppContext['db'])
    .insert(userSetting)
    .values({ userId, tenantId, ...set, updateTime: new Date() })
    .onConflictDoUpdate({ target: userSetting.userId, set: { ...set, updateTime: new Date() } });
}

/** A manager must be a visible user of the tenant, not the user itself. */
export async function checkManager(
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
