/**
 * The demo water utility: 合肥水务集团 in tenant 000000 (around 117.2°E 31.8°N), a second tenant 100001 for isolation
 * and an expired tenant 100002; the clients, roles, departments, posts, users, dictionaries and the 15 business
 * areas (top menus) of spec 1 §1, and the shell's own menu entries. Idempotent: every row is inserted only when
 * its natural key is missing, so a restart keeps every change made since.
 */
import { createHash } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import { ensureMenus, SEED_LOCK } from './menus.ts';
import { client, dept, dict, dictBiz, post, role, tenant, tenantPackage, topMenu, user } from './schema.ts';

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

import { DICT_BIZ, DICTS, type DictSeed, itemsOf, SHELL_MENUS, TOP_MENUS } from './seed-dicts.ts';
import { CLIENTS, DEPTS, type DeptSeed, PACKAGE_NAME, POSTS, ROLES, TENANTS, USERS } from './seed-org.ts';

export { CLIENTS, PACKAGE_NAME, ROLES, SHELL_MENUS, TOP_MENUS, USERS };

/**
 * Inserts what is missing, in one transaction, with one read per table. A row counts as present when its natural
 * key exists at all, removed (`isDeleted = 1`) or not: a demo row an administrator removed stays removed.
 */
export async function seedSystem(ctx: AppContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const packageId = await seedPackage(tx);
    await seedTenants(tx, packageId);
    await seedClients(tx);
    await seedDicts(tx);
    await seedDictBiz(tx);
    await seedTopMenus(tx);
    const roleIds = await seedRoles(tx);
    const deptIds = await seedDepts(tx);
    const postIds = await seedPosts(tx);
    await seedUsers(tx, roleIds, deptIds, postIds);
  });
  await ensureMenus(ctx, SHELL_MENUS);
}

const tenantIds = TENANTS.map((t) => t.tenantId);
/** `tenantId|key` → id */
type Ids = Map<string, string>;
const k = (tenantId: string, key: string) => `${tenantId}|${key}`;

async function seedPackage(tx: Tx): Promise<string> {
  const [p] = await tx
    .select({ id: tenantPackage.id })
    .from(tenantPackage)
    .where(eq(tenantPackage.packageName, PACKAGE_NAME))
    .orderBy(tenantPackage.isDeleted)
    .limit(1);
  if (p) return p.id;
  const id = newId();
  await tx
    .insert(tenantPackage)
    .values({ id, packageName: PACKAGE_NAME, menuId: '', remark: '区县供水公司的标准功能' });
  return id;
}

async function seedTenants(tx: Tx, packageId: string) {
  const have = new Set(
    (await tx.select({ tenantId: tenant.tenantId }).from(tenant).where(inArray(tenant.tenantId, tenantIds))).map(
      (r) => r.tenantId,
    ),
  );
  const add = TENANTS.filter((t) => !have.has(t.tenantId)).map((t) => ({
    tenantId: t.tenantId,
    tenantName: t.tenantName,
    linkman: t.linkman,
    contactNumber: t.contactNumber,
    address: t.address,
    expireTime: t.expireTime,
    packageId: t.usesPackage ? packageId : null,
  }));
  if (add.length) await tx.insert(tenant).values(add);
}

async function seedClients(tx: Tx) {
  const have = new Set((await tx.select({ clientId: client.clientId }).from(client)).map((r) => r.clientId));
  const add = CLIENTS.filter((c) => !have.has(c.clientId)).map((c) => ({
    clientId: c.clientId,
    clientSecret: sha256(c.secret),
    scope: 'all',
    authorizedGrantTypes: 'refresh_token,password,captcha,social',
    accessTokenValidity: 3600,
    refreshTokenValidity: 604800,
  }));
  if (add.length) await tx.insert(client).values(add);
}

interface DictRow {
  id: string;
  code: string;
  dictKey: string;
  parentId: string;
}

/** Dictionary rows to add for one tenant (or the platform), given what exists. */
function missingDicts(defs: DictSeed[], rows: DictRow[]) {
  const add: { id: string; parentId: string; code: string; dictKey: string; dictValue: string; sort: number }[] = [];
  defs.forEach(([code, name, items], n) => {
    let root = rows.find((r) => r.code === code && r.parentId === '0');
    if (!root) {
      root = { id: newId(), code, dictKey: '-1', parentId: '0' };
      add.push({ ...root, dictValue: name, sort: n + 1 });
    }
    const rootId = root.id;
    itemsOf(items).forEach(([key, value], i) => {
      if (rows.some((r) => r.code === code && r.parentId === rootId && r.dictKey === key)) return;
      add.push({ id: newId(), parentId: rootId, code, dictKey: key, dictValue: value, sort: i + 1 });
    });
  });
  return add;
}

async function seedDicts(tx: Tx) {
  const rows = await tx
    .select({ id: dict.id, code: dict.code, dictKey: dict.dictKey, parentId: dict.parentId })
    .from(dict)
    .where(
      inArray(
        dict.code,
        DICTS.map((d) => d[0]),
      ),
    );
  const add = missingDicts(DICTS, rows);
  if (add.length) await tx.insert(dict).values(add);
}

async function seedDictBiz(tx: Tx) {
  const rows = await tx
    .select({
      id: dictBiz.id,
      tenantId: dictBiz.tenantId,
      code: dictBiz.code,
      dictKey: dictBiz.dictKey,
      parentId: dictBiz.parentId,
    })
    .from(dictBiz)
    .where(
      and(
        inArray(dictBiz.tenantId, tenantIds),
        inArray(
          dictBiz.code,
          DICT_BIZ.map((d) => d[0]),
        ),
      ),
    );
  const add = tenantIds.flatMap((tenantId) =>
    missingDicts(
      DICT_BIZ,
      rows.filter((r) => r.tenantId === tenantId),
    ).map((r) => ({ ...r, tenantId })),
  );
  if (add.length) await tx.insert(dictBiz).values(add);
}

async function seedTopMenus(tx: Tx) {
  const have = new Set(
    (
      await tx
        .select({ tenantId: topMenu.tenantId, code: topMenu.code })
        .from(topMenu)
        .where(inArray(topMenu.tenantId, tenantIds))
    ).map((r) => k(r.tenantId, r.code)),
  );
  const add = tenantIds.flatMap((tenantId) =>
    TOP_MENUS.map((t, i) => ({ ...t, tenantId, sort: i + 1 })).filter((t) => !have.has(k(tenantId, t.code))),
  );
  if (add.length) await tx.insert(topMenu).values(add);
}

async function seedRoles(tx: Tx): Promise<Ids> {
  const rows = await tx
    .select({ id: role.id, tenantId: role.tenantId, alias: role.roleAlias })
    .from(role)
    .where(inArray(role.tenantId, tenantIds));
  const ids: Ids = new Map(rows.map((r) => [k(r.tenantId, r.alias), r.id]));
  const add = tenantIds.flatMap((tenantId) =>
    ROLES.filter((r) => !ids.has(k(tenantId, r.roleAlias))).map((r) => {
      const id = newId();
      ids.set(k(tenantId, r.roleAlias), id);
      return { id, tenantId, parentId: '0', ...r };
    }),
  );
  if (add.length) await tx.insert(role).values(add);
  return ids;
}

async function seedDepts(tx: Tx): Promise<Ids> {
  const rows = await tx
    .select({ id: dept.id, tenantId: dept.tenantId, name: dept.deptName })
    .from(dept)
    .where(inArray(dept.tenantId, tenantIds));
  const ids: Ids = new Map(rows.map((r) => [k(r.tenantId, r.name), r.id]));
  const add: (typeof dept.$inferInsert)[] = [];
  const walk = (tenantId: string, d: DeptSeed, parentId: string, ancestors: string, sort: number) => {
    let id = ids.get(k(tenantId, d.name));
    if (!id) {
      id = newId();
      ids.set(k(tenantId, d.name), id);
      add.push({
        id,
        tenantId,
        parentId,
        ancestors,
        deptCategory: d.category,
        deptName: d.name,
        fullName: d.fullName ?? d.name,
        sort,
        remark: d.remark ?? null,
      });
    }
    const self = id;
    d.children?.forEach((c, i) => {
      walk(tenantId, c, self, `${ancestors},${self}`, i + 1);
    });
  };
  for (const tenantId of tenantIds) if (DEPTS[tenantId]) walk(tenantId, DEPTS[tenantId], '0', '0', 1);
  if (add.length) await tx.insert(dept).values(add);
  return ids;
}

async function seedPosts(tx: Tx): Promise<Ids> {
  const rows = await tx
    .select({ id: post.id, tenantId: post.tenantId, code: post.postCode })
    .from(post)
    .where(inArray(post.tenantId, tenantIds));
  const ids: Ids = new Map(rows.map((r) => [k(r.tenantId, r.code), r.id]));
  const add = tenantIds.flatMap((tenantId) =>
    (POSTS[tenantId] ?? [])
      .map((p, i) => ({ p, i }))
      .filter(({ p }) => !ids.has(k(tenantId, p.code)))
      .map(({ p, i }) => {
        const id = newId();
        ids.set(k(tenantId, p.code), id);
        return { id, tenantId, category: p.category, postCode: p.code, postName: p.name, sort: i + 1 };
      }),
  );
  if (add.length) await tx.insert(post).values(add);
  return ids;
}

async function seedUsers(tx: Tx, roleIds: Ids, deptIds: Ids, postIds: Ids) {
  const have = new Set(
    (
      await tx
        .select({ tenantId: user.tenantId, account: user.account })
        .from(user)
        .where(
          and(
            inArray(user.tenantId, tenantIds),
            inArray(
              user.account,
              USERS.map((u) => u.account),
            ),
          ),
        )
    ).map((r) => k(r.tenantId, r.account)),
  );
  const add: (typeof user.$inferInsert)[] = [];
  for (const u of USERS) {
    if (have.has(k(u.tenantId, u.account))) continue;
    const pick = (m: Ids, keys: string[]) =>
      keys.map((key) => {
        const id = m.get(k(u.tenantId, key));
        if (!id) throw new Error(`seed: ${key} missing in tenant ${u.tenantId}`);
        return id;
      });
    add.push({
      id: newId(),
      tenantId: u.tenantId,
      code: u.code,
      userType: 1,
      account: u.account,
      // argon2id, the library's default
      password: await hash(md5(u.password)),
      name: u.name,
      realName: u.realName,
      avatar: '',
      email: u.email,
      phone: u.phone,
      sex: u.sex,
      roleId: pick(roleIds, u.roles).join(','),
      deptId: pick(deptIds, u.depts).join(','),
      postId: pick(postIds, u.posts).join(','),
    });
  }
  if (add.length) await tx.insert(user).values(add);
}
