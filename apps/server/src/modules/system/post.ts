/**
 * Posts (`/blade-system/post`): list (paged), select (every post of the tenant; the platform administrator may name
 * another tenant with `tenantId`), detail, submit, remove. A post still held by a user cannot be removed.
 */
import { buttonGrants, defineResource } from '../../core/resource.ts';
import { int, oneOf, optText, text } from './fields.ts';
import { dropGrantsOfHolders } from './grant-cleanup.ts';
import { refuseHeldByUsers } from './held-by-users.ts';
import { post, user } from './schema.ts';

export const POST_CATEGORY: Record<number, string> = { 1: '高层', 2: '中层', 3: '基层', 4: '其他' };

export const postResource = defineResource({
  code: 'post',
  grant: buttonGrants('post', ['post', 'user'], { pick: 'signed-in' }),
  base: '/blade-system/post',
  table: post,
  routes: ['list', 'detail', 'submit', 'remove', 'select'],
  input: {
    category: oneOf('请选择岗位类型', [1, 2, 3, 4]),
    postCode: text('请输入岗位编号', 12),
    postName: text('请输入岗位名称', 64),
    sort: int('请输入岗位排序', 0, 1_000_000),
    remark: optText(255),
  },
  unique: [
    { fields: ['postCode'], message: '岗位编号已存在' },
    { fields: ['postName'], message: '岗位名称已存在' },
  ],
  hooks: {
    async beforeRemove(rows, h) {
      const ids = rows.map((r) => String(r.id));
      await refuseHeldByUsers(h.tx, h.req.tenantId, user.postId, ids, '该岗位已分配给用户，无法删除');
    },
    async afterRemove(rows, h) {
      await dropGrantsOfHolders(
        h.tx,
        'Position',
        rows.map((r) => String(r.id)),
      );
    },
    decorate: (rows) => rows.map((r) => ({ ...r, categoryName: POST_CATEGORY[r.category as number] ?? '' })),
  },
});
