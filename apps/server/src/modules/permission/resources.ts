/**
 * The organisation records behind the JNPF families, through the resource factory (tenant isolation, data scope,
 * audit fields, soft delete, validation): organisations and departments (blade_dept: an organise is a company,
 * deptCategory 1), roles (blade_role) and positions (blade_post). The routes that speak JNPF are in organize.ts.
 */
import { and, eq, inArray, like, not, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import { assertLiveRow, assertNoLiveRef } from '../../core/live-row.ts';
import { likeContains } from '../../core/query.ts';
import { requiredText } from '../../core/required-text.ts';
import { buttonGrants, defineResource, type Row, type Tx } from '../../core/resource.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import {
  ADMIN_ROLE_ALIAS,
  dept,
  dict,
  dropGrantsOfHolders,
  guardAdminRole,
  invalidateDataScopes,
  post,
  role,
  roleRemoved,
  user,
} from '../system/index.ts';

const blankToNull = (v: unknown) => (v === '' ? null : v);
const sortField = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: `${label}必须是数字` })
      .int(`${label}必须是整数`)
      .min(-999_999)
      .max(999_999)
      .optional(),
  );
const status = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ error: '状态必须是数字' })
    .int()
    .refine((n) => n === 0 || n === 1, '状态只能是 0 或 1')
    .optional(),
);
/** JNPF writes a root's parent as -1, BladeX as 0; absent means "keep" on an update. */
const parentId = z.preprocess(
  (v) => (v === undefined ? undefined : v === '' || v === null || v === '-1' || v === -1 ? '0' : String(v)),
  z
    .string()
    .regex(/^\d{1,19}$/, '上级必须是数字编号')
    .optional(),
);

/** Users whose comma-joined `col` contains `id` (array containment: served by the GIN indexes on these lists). */
export const userHas = (col: typeof user.roleId | typeof user.deptId | typeof user.postId, id: string) =>
  sql`string_to_array(${col}, ',') @> array[${id}::text]`;

async function usersWith(
  tx: Tx,
  col: typeof user.roleId | typeof user.deptId | typeof user.postId,
  ids: string[],
): Promise<boolean> {
  const [hit] = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.isDeleted, 0), sql`string_to_array(${col}, ',') && string_to_array(${ids.join(',')}, ',')`))
    .limit(1);
  return !!hit;
}

// ---- organisations and departments ----

export const deptResource = defineResource({
  code: 'dept',
  grant: buttonGrants('permission_organize', ['permission_organize', 'permission_authority', 'dept']),
  base: '/permission/Organize',
  table: dept,
  routes: [],
  params: ['keyword'],
  input: {
    parentId,
    deptName: requiredText('请输入名称', 45, '名称不能超过45个字符'),
    fullName: z.preprocess(blankToNull, z.string().trim().max(45, '全称不能超过45个字符').nullish()),
    deptCategory: z.coerce
      .number()
      .int()
      .refine((n) => [1, 2, 3].includes(n), '机构类型只能是 1、2、3')
      .optional(),
    sort: sortField('排序'),
    remark: z.preprocess(blankToNull, z.string().max(255, '说明不能超过255个字符').nullish()),
    status,
  },
  unique: [{ fields: ['parentId', 'deptName'], message: '同一上级下已存在同名机构' }],
  hooks: {
    // departments feed the "own department and below" data scopes of every instance
    committed: (_op, _rows, _req, ctx) => invalidateDataScopes(ctx),
    where(q) {
      const kw = q.keyword;
      if (typeof kw === 'string' && kw.trim())
        return or(sql`${dept.deptName} ilike ${likeContains(kw)}`, sql`${dept.fullName} ilike ${likeContains(kw)}`);
      return undefined;
    },
    async beforeSave(data, h) {
      if (data.fullName === null || data.fullName === undefined) data.fullName = data.deptName;
      const tenantId = h.req.tenantId;
      const pid = String(data.parentId ?? h.existing?.parentId ?? '0');
      let ancestors = '0';
      if (pid !== '0') {
        const [parent] = await h.tx
          .select({ id: dept.id, ancestors: dept.ancestors, deptCategory: dept.deptCategory })
          .from(dept)
          .where(liveInTenant(dept, tenantId, eq(dept.id, pid)));
        if (!parent) throw badRequest('上级机构不存在');
        const category = data.deptCategory ?? h.existing?.deptCategory ?? 2;
        if (category === 1 && parent.deptCategory !== 1) throw badRequest('公司的上级只能是公司');
        if (
          h.existing &&
          (pid === String(h.existing.id) || parent.ancestors.split(',').includes(String(h.existing.id)))
        ) {
          throw badRequest('上级机构不能是自己或自己的下级');
        }
        ancestors = `${parent.ancestors},${parent.id}`;
      }
      data.parentId = pid;
      data.ancestors = ancestors;
      // a move carries the subtree: descendants' ancestors start with the new path
      if (h.existing && h.existing.ancestors !== ancestors) {
        const oldPrefix = `${h.existing.ancestors},${h.existing.id}`;
        const newPrefix = `${ancestors},${h.existing.id}`;
        await h.tx
          .update(dept)
          .set({ ancestors: sql`${newPrefix} || substr(${dept.ancestors}, ${oldPrefix.length + 1})` })
          .where(inTenant(dept, tenantId, or(eq(dept.ancestors, oldPrefix), like(dept.ancestors, `${oldPrefix},%`))));
      }
    },
    async beforeRemove(rows, h) {
      const ids = rows.map((r) => String(r.id));
      const [child] = await h.tx
        .select({ id: dept.id })
        .from(dept)
        .where(
          and(
            inArray(dept.parentId, ids),
            eq(dept.isDeleted, 0),
            sql`not (${dept.id} = any(string_to_array(${ids.join(',')}, ',')::bigint[]))`,
          ),
        )
        .limit(1);
      if (child) throw badRequest('请先删除子节点');
      if (await usersWith(h.tx, user.deptId, ids)) throw badRequest('该机构下存在用户，无法删除');
    },
  },
});

// ---- roles ----

export const roleResource = defineResource({
  code: 'role',
  grant: buttonGrants('role', ['permission_authority', 'role']),
  base: '/permission/Role',
  table: role,
  routes: [],
  params: ['keyword'],
  input: {
    roleName: requiredText('请输入角色名称', 255, '角色名称过长'),
    roleAlias: requiredText('请输入角色编码', 255, '角色编码过长'),
    parentId,
    sort: sortField('排序'),
    status,
  },
  unique: [{ fields: ['roleAlias'], message: '角色别名已存在' }],
  hooks: {
    where(q) {
      const kw = q.keyword;
      if (typeof kw === 'string' && kw.trim())
        return or(sql`${role.roleName} ilike ${likeContains(kw)}`, sql`${role.roleAlias} ilike ${likeContains(kw)}`);
      return undefined;
    },
    async beforeSave(data, h) {
      // the same rules as /blade-system/role: only an administrator touches the administrator role
      guardAdminRole(!!h.req.user?.isAdmin, data, h.existing);
      const pid = String(data.parentId ?? h.existing?.parentId ?? '0');
      if (pid !== '0') {
        if (h.existing && pid === String(h.existing.id)) throw badRequest('上级角色不能选择自身或其下级角色');
        await assertLiveRow(h.tx, role, h.req.tenantId, eq(role.id, pid), '上级角色不存在');
      }
      data.parentId = pid;
    },
    async beforeRemove(rows, h) {
      if (rows.some((r) => r.roleAlias === ADMIN_ROLE_ALIAS)) throw badRequest('管理员角色不可删除');
      const ids = rows.map((r) => String(r.id));
      // a child removed with its parent does not hold it back; any other live child does
      await assertNoLiveRef(h.tx, role, role.parentId, ids, '请先删除子节点', not(inArray(role.id, ids)));
      if (await usersWith(h.tx, user.roleId, ids)) throw badRequest('该角色已分配给用户，无法删除');
    },
    ...roleRemoved,
  },
});

// ---- positions ----

export const postResource = defineResource({
  code: 'post',
  grant: buttonGrants('post', ['permission_authority', 'permission_organize', 'post']),
  base: '/permission/Position',
  table: post,
  routes: [],
  params: ['keyword'],
  input: {
    postCode: requiredText('请输入岗位编号', 12, '岗位编号不能超过12个字符'),
    postName: requiredText('请输入岗位名称', 64, '岗位名称不能超过64个字符'),
    category: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce
        .number({ error: '岗位类型必须是数字' })
        .int()
        .refine((n) => [1, 2, 3, 4].includes(n), '岗位类型只能是 1、2、3、4')
        .optional(),
    ),
    sort: sortField('排序'),
    remark: z.preprocess(blankToNull, z.string().max(255, '说明不能超过255个字符').nullish()),
    status,
  },
  unique: [
    { fields: ['postCode'], message: '岗位编号已存在' },
    { fields: ['postName'], message: '岗位名称已存在' },
  ],
  hooks: {
    where(q) {
      const kw = q.keyword;
      if (typeof kw === 'string' && kw.trim())
        return or(sql`${post.postName} ilike ${likeContains(kw)}`, sql`${post.postCode} ilike ${likeContains(kw)}`);
      return undefined;
    },
    async beforeRemove(rows, h) {
      if (
        await usersWith(
          h.tx,
          user.postId,
          rows.map((r) => String(r.id)),
        )
      )
        throw badRequest('该岗位已分配给用户，无法删除');
    },
    async afterRemove(rows, h) {
      await dropGrantsOfHolders(
        h.tx,
        'Position',
        rows.map((r) => String(r.id)),
      );
    },
  },
});

// ---- JNPF shapes ----

export const orgOut = (r: Row) => ({
  id: String(r.id),
  parentId: String(r.parentId ?? '0'),
  fullName: r.deptName,
  enCode: r.fullName,
  category: r.deptCategory === 1 ? 'company' : 'department',
  type: r.deptCategory === 1 ? 'company' : 'department',
  deptCategory: r.deptCategory,
  ancestors: r.ancestors,
  sortCode: r.sort,
  enabledMark: r.status,
  description: r.remark,
  creatorTime: r.createTime,
  lastModifyTime: r.updateTime,
});

export const orgIn = (b: Record<string, unknown>, category?: number) => ({
  ...(b.id !== undefined ? { id: b.id } : {}),
  parentId: b.parentId ?? b.organizeId,
  deptName: b.fullName,
  fullName: b.enCode ?? null,
  ...(category !== undefined ? { deptCategory: category } : {}),
  sort: b.sortCode,
  remark: b.description,
  status: b.enabledMark,
});

export const roleOut = (r: Row) => ({
  id: String(r.id),
  parentId: String(r.parentId ?? '0'),
  fullName: r.roleName,
  enCode: r.roleAlias,
  sortCode: r.sort,
  enabledMark: r.status,
  creatorTime: r.createTime,
  lastModifyTime: r.updateTime,
});

export const roleIn = (b: Record<string, unknown>) => ({
  ...(b.id !== undefined ? { id: b.id } : {}),
  roleName: b.fullName,
  roleAlias: b.enCode,
  parentId: b.parentId,
  sort: b.sortCode,
  status: b.enabledMark,
});

export async function postCategoryNames(db: Tx | import('../../db/connection.ts').Db): Promise<Map<number, string>> {
  const rows = await (db as Tx)
    .select({ key: dict.dictKey, value: dict.dictValue, parentId: dict.parentId })
    .from(dict)
    .where(and(eq(dict.code, 'post_category'), eq(dict.isDeleted, 0)));
  return new Map(rows.filter((r) => r.parentId !== '0').map((r) => [Number(r.key), r.value]));
}

export const positionOut = (r: Row, categories: Map<number, string>) => ({
  id: String(r.id),
  fullName: r.postName,
  enCode: r.postCode,
  type: r.category,
  typeName: categories.get(r.category) ?? '',
  sortCode: r.sort,
  enabledMark: r.status,
  description: r.remark,
  creatorTime: r.createTime,
  lastModifyTime: r.updateTime,
});

export const positionIn = (b: Record<string, unknown>) => ({
  ...(b.id !== undefined ? { id: b.id } : {}),
  postCode: b.enCode,
  postName: b.fullName,
  category: b.type,
  sort: b.sortCode,
  remark: b.description,
  status: b.enabledMark,
});
