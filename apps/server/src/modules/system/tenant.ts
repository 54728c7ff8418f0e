/**
 * Tenants (`/blade-system/tenant`), managed by the platform administrator: list, detail, select, submit, remove,
 * setting (account quota and expiry of several tenants), datasource, package-detail, package-setting, and the
 * public `info?domain=` the login page asks (`{ tenantId, domain, backgroundUrl }` or `{}`).
 * Creating a tenant provisions it in the same transaction: its administrator role (granted the package's menus, or
 * every menu without a package), default department and post, an `admin` user with the initial password
 * (parameter `account.initPassword`, default 123456), the platform's top menus and business dictionaries.
 * Removing a tenant disables its users and ends their sessions. The platform tenant cannot be removed.
 */

import { createHash } from 'node:crypto';
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, done, ok } from '../../core/envelope.ts';
import { adminOnly } from '../../core/gate.ts';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import { hashPassword } from '../../core/password.ts';
import { parseIds } from '../../core/query.ts';
import { queryAndBody, queryOf } from '../../core/request-params.ts';
import { defineResource, type Row, type Tx } from '../../core/resource.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { PLATFORM_TENANT, requirePlatformAdmin } from '../../core/tenancy.ts';
import { PLATFORM_SCREENS } from './admin-seed.ts';
import { optDateTime, optId, optInt, optText, text } from './fields.ts';
import { ADMIN_ROLE_ALIAS, invalidateMenuCache } from './menus.ts';
import {
  dept,
  dictBiz,
  menu,
  param,
  post,
  role,
  roleMenu,
  tenant,
  tenantPackage,
  topMenu,
  topMenuSetting,
  user,
} from './schema.ts';
import { revokeSessionsOf } from './sessions-port.ts';

export const MSG_QUOTA = '当前租户已到最大账号额度';
const INIT_PASSWORD_PARAM = 'account.initPassword';
const DEFAULT_INIT_PASSWORD = '123456';

const tenantCode = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'number' ? String(v) : v),
  z
    .string({ error: '租户ID必须是 6 位数字' })
    .regex(/^\d{6}$/, '租户ID必须是 6 位数字')
    .optional(),
);

export const tenantResource = defineResource({
  code: 'tenant',
  grant: { read: 'admin', submit: 'admin', remove: 'admin' },
  base: '/blade-system/tenant',
  table: tenant,
  // the tenant list itself: not one tenant's rows
  tenant: false,
  dataScope: false,
  routes: ['list', 'detail', 'submit', 'remove', 'select'],
  input: {
    tenantId: tenantCode,
    tenantName: text('请输入租户名称', 50),
    domainUrl: optText(255),
    /** SpringBlade's name of the domain (Saber's and Sword's tenant forms) */
    domain: optText(255),
    backgroundUrl: optText(1000),
    linkman: optText(20),
    contactNumber: optText(20),
    address: optText(255),
    accountNumber: optInt(-1, 1_000_000),
    expireTime: optDateTime(),
    packageId: optId('套餐编号无效'),
  },
  unique: [
    { fields: ['tenantId'], message: '租户ID已存在' },
    { fields: ['domainUrl'], message: '该域名已被其他租户使用' },
  ],
  hooks: {
    async beforeSave(data, h) {
      // `domain` (SpringBlade) stands for domainUrl when it brings a new value: a BladeX form posting a record back
      // sends the old `domain` beside its edited domainUrl, a SpringBlade form only ever edits `domain`
      if (data.domain !== undefined && data.domain !== (h.existing?.domainUrl ?? null)) data.domainUrl = data.domain;
      delete data.domain;
      if (h.existing) {
        if (data.tenantId !== undefined && data.tenantId !== h.existing.tenantId) throw badRequest('租户ID不可修改');
      } else {
        data.tenantId ??= await nextTenantId(h.tx);
        data.accountNumber ??= -1;
      }
      if (data.packageId) await findPackage(h.tx, data.packageId);
    },
    async afterSave(row, h) {
      if (!h.existing) await provisionTenant(h.tx, row, h.req);
    },
    beforeRemove(rows, h) {
      if (rows.some((r) => r.tenantId === PLATFORM_TENANT)) throw badRequest('平台租户不可删除');
      if (rows.some((r) => r.tenantId === h.req.tenantId)) throw badRequest('不能删除自己所在的租户');
    },
    async afterRemove(rows, h) {
      await h.tx
        .update(user)
        .set({ isDeleted: 1, updateTime: new Date(), updateUser: h.req.user?.userId ?? null })
        .where(
          and(
            inArray(
              user.tenantId,
              rows.map((r) => r.tenantId as string),
            ),
            eq(user.isDeleted, 0),
          ),
        );
    },
    async committed(op, rows, _req, ctx) {
      if (op === 'remove') {
        const gone = await ctx.db
          .select({ id: user.id })
          .from(user)
          .where(
            inArray(
              user.tenantId,
              rows.map((r) => r.tenantId as string),
            ),
          );
        if (gone.length)
          await revokeSessionsOf(
            ctx,
            gone.map((u) => u.id),
            'tenant-removed',
          );
      }
      await invalidateMenuCache(ctx);
    },
    async decorate(rows, _req, ctx) {
      const ids = [...new Set(rows.map((r) => r.packageId).filter(Boolean))] as string[];
      const names = new Map<string, string>();
      if (ids.length) {
        for (const p of await ctx.db
          .select({ id: tenantPackage.id, name: tenantPackage.packageName })
          .from(tenantPackage)
          .where(inArray(tenantPackage.id, ids))) {
          names.set(p.id, p.name);
        }
      }
      return rows.map((r) => ({
        ...r,
        packageName: r.packageId ? (names.get(r.packageId) ?? '') : '',
        domain: r.domainUrl ?? '',
      }));
    },
  },
});

/** The next free 6-digit tenant id (never reusing a removed tenant's). */
async function nextTenantId(tx: Tx): Promise<string> {
  const [row] = await tx
    .select({ max: sql<string | null>`max(${tenant.tenantId}::int)` })
    .from(tenant)
    .where(sql`${tenant.tenantId} ~ '^[0-9]{6}$'`);
  const next = Math.max(Number(row?.max ?? 0) + 1, 100001);
  if (next > 999_999) throw badRequest('租户ID已用尽，请手工指定');
  return String(next);
}

async function findPackage(db: Tx | AppContext['db'], id: string) {
  const [p] = await (db as Tx)
    .select()
    .from(tenantPackage)
    .where(and(eq(tenantPackage.id, id), eq(tenantPackage.isDeleted, 0)))
    .limit(1);
  if (!p) throw badRequest('套餐不存在');
  return p;
}

/** Menu ids outside the platform-only screens (and their buttons and sub-menus). */
function withoutPlatformScreens(menus: { id: string; parentId: string; code: string }[]): Set<string> {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const platform = new Set(PLATFORM_SCREENS);
  const out = new Set<string>();
  for (const m of menus) {
    let cur: typeof m | undefined = m;
    let inPlatform = false;
    for (let depth = 0; cur && depth < 64; depth++) {
      if (platform.has(cur.code)) {
        inPlatform = true;
        break;
      }
      cur = byId.get(cur.parentId);
    }
    if (!inPlatform) out.add(m.id);
  }
  return out;
}

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

/** What other modules give a new tenant, in the transaction that creates it (quality: the GB 5749 indicators). */
type Provisioner = (tx: Tx, tenantId: string) => Promise<void>;
const provisioners = new Set<Provisioner>();
export function onTenantProvisioned(fn: Provisioner) {
  provisioners.add(fn);
}

/** The new tenant's administrator role, department, post, admin user, top menus and business dictionaries. */
async function provisionTenant(tx: Tx, t: Row, req: FastifyRequest) {
  const tenantId = t.tenantId as string;
  const audit = { createUser: req.user?.userId ?? null, updateUser: req.user?.userId ?? null };
  const pkg = t.packageId ? await findPackage(tx, t.packageId) : undefined;
  const live = await tx
    .select({ id: menu.id, parentId: menu.parentId, code: menu.code })
    .from(menu)
    .where(eq(menu.isDeleted, 0));
  // the package decides; without one, every menu but the screens of the platform's own tables
  const allowed = pkg ? new Set(pkg.menuId.split(',').filter(Boolean)) : withoutPlatformScreens(live);
  const menus = live.map((m) => m.id).filter((id) => allowed.has(id));

  const roleId = newId();
  await tx.insert(role).values({
    id: roleId,
    tenantId,
    parentId: '0',
    roleName: '管理员',
    roleAlias: ADMIN_ROLE_ALIAS,
    sort: 1,
    ...audit,
  });
  const grants = menus.map((menuId) => ({ id: newId(), roleId, menuId }));
  for (let i = 0; i < grants.length; i += 1000) await tx.insert(roleMenu).values(grants.slice(i, i + 1000));

  const deptId = newId();
  const name = String(t.tenantName).slice(0, 45);
  await tx.insert(dept).values({
    id: deptId,
    tenantId,
    parentId: '0',
    ancestors: '0',
    deptCategory: 1,
    deptName: name,
    fullName: name,
    sort: 1,
    ...audit,
  });
  const postId = newId();
  await tx
    .insert(post)
    .values({ id: postId, tenantId, category: 1, postCode: 'ceo', postName: '首席执行官', sort: 1, ...audit });

  await copyTopMenus(tx, tenantId, allowed, audit);
  await copyBizDicts(tx, tenantId);

  const [p] = await tx
    .select({ v: param.paramValue })
    .from(param)
    .where(and(eq(param.paramKey, INIT_PASSWORD_PARAM), eq(param.isDeleted, 0)))
    .limit(1);
  const initial = p?.v?.trim() || DEFAULT_INIT_PASSWORD;
  await tx.insert(user).values({
    id: newId(),
    tenantId,
    userType: 1,
    account: 'admin',
    password: await hashPassword(md5(initial)),
    name: 'admin',
    realName: '管理员',
    roleId,
    deptId,
    postId,
    ...audit,
  });
  for (const p of provisioners) await p(tx, tenantId);
}

/** The platform's business areas (top menus) for the new tenant, with the menus under each that it may use. */
async function copyTopMenus(
  tx: Tx,
  tenantId: string,
  allowed: Set<string>,
  audit: { createUser: string | null; updateUser: string | null },
) {
  const tops = await tx.select().from(topMenu).where(liveInTenant(topMenu, PLATFORM_TENANT));
  if (tops.length) {
    const idMap = new Map(tops.map((x) => [x.id, newId()]));
    await tx.insert(topMenu).values(
      tops.map((x) => ({
        id: idMap.get(x.id)!,
        tenantId,
        code: x.code,
        name: x.name,
        i18n: x.i18n,
        source: x.source,
        path: x.path,
        sort: x.sort,
        remark: x.remark,
        ...audit,
      })),
    );
    const settings = (
      await tx
        .select()
        .from(topMenuSetting)
        .where(inArray(topMenuSetting.topMenuId, [...idMap.keys()]))
    ).filter((s) => allowed.has(s.menuId));
    const rows = settings.map((s) => ({ id: newId(), topMenuId: idMap.get(s.topMenuId)!, menuId: s.menuId }));
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(topMenuSetting).values(rows.slice(i, i + 1000));
  }
}

/** The platform's business dictionaries, copied into the new tenant (parents mapped to the copies). */
async function copyBizDicts(tx: Tx, tenantId: string) {
  const dicts = await tx.select().from(dictBiz).where(liveInTenant(dictBiz, PLATFORM_TENANT));
  if (dicts.length) {
    const idMap = new Map(dicts.map((d) => [d.id, newId()]));
    const rows = dicts.map(({ id, parentId, ...d }) => ({
      ...d,
      id: idMap.get(id)!,
      parentId: parentId === '0' ? '0' : (idMap.get(parentId) ?? '0'),
      tenantId,
    }));
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(dictBiz).values(rows.slice(i, i + 1000));
  }
}

/**
 * Creates a tenant with its administrator, department, post, menus and dictionaries (as the tenant screen does)
 * unless a live tenant has that id; returns whether it was created. For demo tenants made in one step (L-Town).
 */
export async function ensureTenant(tx: Tx, tenantId: string, tenantName: string, userId: string | null) {
  const [have] = await tx.select({ id: tenant.id }).from(tenant).where(liveInTenant(tenant, tenantId)).limit(1);
  if (have) return false;
  const row = { id: newId(), tenantId, tenantName, accountNumber: -1, createUser: userId, updateUser: userId };
  await tx.insert(tenant).values(row);
  await provisionTenant(tx, row as Row, { user: userId ? { userId } : undefined } as FastifyRequest);
  return true;
}

/**
 * Refuses a new account when the tenant has reached its quota (`accountNumber`, -1 = unlimited). Call it inside
 * the transaction that adds the user: it locks the tenant row so that concurrent additions queue.
 */
export async function assertAccountQuota(tx: Tx, tenantId: string): Promise<void> {
  const [t] = await tx
    .select({ accountNumber: tenant.accountNumber })
    .from(tenant)
    .where(liveInTenant(tenant, tenantId))
    .limit(1)
    .for('update');
  if (!t || t.accountNumber < 0) return;
  const [{ n }] = await tx.select({ n: count() }).from(user).where(liveInTenant(user, tenantId));
  if (Number(n) >= t.accountNumber) throw badRequest(MSG_QUOTA);
}

/** A tenant by its 6-digit code or by its row id. */
async function findTenant(ctx: AppContext, key: unknown, name: string): Promise<Row> {
  if (key === undefined || key === null || key === '') throw badRequest(`缺少必要的请求参数: ${name}`);
  const k = String(key).trim();
  if (!/^\d{1,19}$/.test(k)) throw badRequest(`参数校验失败: ${name} 无效`);
  const byCode = k.length <= 12;
  const [row] = await ctx.db
    .select()
    .from(tenant)
    .where(byCode ? liveInTenant(tenant, k) : and(eq(tenant.id, k), eq(tenant.isDeleted, 0)))
    .limit(1);
  if (!row) throw badRequest('租户不存在');
  return row;
}

const normaliseDomain = (d: string) =>
  d
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/\/+$/, '');

const settingSchema = z.object({
  accountNumber: optInt(-1, 1_000_000),
  expireTime: optDateTime(),
});

export function tenantRoutes(app: FastifyInstance, ctx: AppContext) {
  // the login page asks before anyone signs in
  app.get('/blade-system/tenant/info', { config: { access: 'public' } }, async (req) => {
    const domain = queryOf(req).domain;
    if (typeof domain !== 'string' || !domain.trim()) return ok({});
    const want = normaliseDomain(domain);
    const rows = await ctx.db
      .select({ tenantId: tenant.tenantId, domainUrl: tenant.domainUrl, backgroundUrl: tenant.backgroundUrl })
      .from(tenant)
      .where(and(isNotNull(tenant.domainUrl), eq(tenant.isDeleted, 0)));
    const hit = rows.find((r) => r.domainUrl && normaliseDomain(r.domainUrl) === want);
    return ok(hit ? { tenantId: hit.tenantId, domain: hit.domainUrl, backgroundUrl: hit.backgroundUrl ?? '' } : {});
  });

  app.register(async (scope) => {
    scope.addHook('preHandler', async (req) => requirePlatformAdmin(req));
    tenantResource.routes(scope, ctx);

    scope.post('/blade-system/tenant/setting', adminOnly, async (req) => {
      const p = queryAndBody(req);
      const ids = parseIds(p.ids);
      const s = settingSchema.parse(p);
      const set: Row = { updateTime: new Date(), updateUser: req.user?.userId ?? null };
      if (s.accountNumber !== undefined) set.accountNumber = s.accountNumber;
      if (s.expireTime !== undefined) set.expireTime = s.expireTime;
      await ctx.db.transaction(async (tx) => {
        const found = await tx
          .select({ id: tenant.id })
          .from(tenant)
          .where(and(inArray(tenant.id, ids), eq(tenant.isDeleted, 0)));
        if (found.length !== ids.length) throw badRequest('数据不存在或无权操作');
        await tx.update(tenant).set(set).where(inArray(tenant.id, ids));
      });
      return done();
    });

    scope.post('/blade-system/tenant/datasource', adminOnly, async (req) => {
      const p = queryAndBody(req);
      const t = await findTenant(ctx, p.tenantId, 'tenantId');
      const raw = p.datasourceId;
      const datasourceId = raw === undefined || raw === null || raw === '' ? null : String(raw);
      if (datasourceId !== null && !/^\d{1,19}$/.test(datasourceId))
        throw badRequest('参数校验失败: datasourceId 无效');
      await ctx.db
        .update(tenant)
        .set({ datasourceId, updateTime: new Date(), updateUser: req.user?.userId ?? null })
        .where(eq(tenant.id, t.id));
      return done();
    });

    scope.get('/blade-system/tenant/package-detail', adminOnly, async (req) => {
      const p = queryAndBody(req);
      const t = await findTenant(ctx, p.tenantId ?? p.id, 'tenantId');
      if (!t.packageId) return ok(null);
      const [pkg] = await ctx.db
        .select()
        .from(tenantPackage)
        .where(and(eq(tenantPackage.id, t.packageId), eq(tenantPackage.isDeleted, 0)));
      return ok(pkg ?? null);
    });

    scope.post('/blade-system/tenant/package-setting', adminOnly, async (req) => {
      const p = queryAndBody(req);
      const t = await findTenant(ctx, p.tenantId ?? p.id, 'tenantId');
      const raw = p.packageId;
      const packageId = raw === undefined || raw === null || raw === '' ? null : String(raw);
      if (packageId !== null) {
        if (!/^\d{1,19}$/.test(packageId)) throw badRequest('参数校验失败: packageId 无效');
        await findPackage(ctx.db, packageId);
      }
      if (t.tenantId === PLATFORM_TENANT && packageId) throw badRequest('平台租户不使用套餐');
      await ctx.db
        .update(tenant)
        .set({ packageId, updateTime: new Date(), updateUser: req.user?.userId ?? null })
        .where(eq(tenant.id, t.id));
      await invalidateMenuCache(ctx);
      return done();
    });
  });
}
