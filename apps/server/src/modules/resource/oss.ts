/**
 * OSS configurations (`/blade-resource/oss`: list, detail, submit, remove, enable). The enabled configuration of a
 * tenant decides where its uploads go; with none enabled they go to the local disk. Category 1 (本地) is the local
 * disk; bucket categories need an endpoint, keys and a bucket, and can be enabled only once a storage for them is
 * registered (`registerStorage`).
 */

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, done } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { defineResource, type Row } from '../../core/resource.ts';
import { dictionaryItems } from '../system/index.ts';
import { enableOne, maskSecret, SECRET_MASK } from './common.ts';
import { oss } from './schema.ts';
import { LOCAL_CATEGORY, supportsCategory } from './storage.ts';

const text = (max: number) => z.string().trim().max(max).nullish();

export const ossResource = defineResource({
  code: 'oss',
  grant: { read: ['oss'], submit: ['oss_add', 'oss_edit'], remove: ['oss_delete'] },
  base: '/blade-resource/oss',
  table: oss,
  routes: ['list', 'page', 'detail', 'submit', 'remove'],
  input: {
    category: z.coerce.number({ error: '请选择分类' }).int('请选择分类').min(1, '请选择分类'),
    ossCode: z
      .string({ error: '请输入资源编号' })
      .trim()
      .min(1, '请输入资源编号')
      .max(32, '资源编号不能超过32个字符')
      .regex(/^[\w.-]+$/, '资源编号只能包含字母、数字、下划线、点和短横线'),
    endpoint: text(255),
    accessKey: text(255),
    secretKey: text(255),
    bucketName: text(255),
    appId: text(255),
    region: text(255),
    remark: text(255),
  },
  unique: [{ fields: ['ossCode'], message: '资源编号已存在' }],
  hooks: {
    async beforeSave(data, h) {
      if (data.secretKey === SECRET_MASK) delete data.secretKey;
      const merged = { ...h.existing, ...data };
      const cats = await dictionaryItems(h.tx, 'oss');
      if (!cats.has(String(merged.category)))
        throw badRequest(`参数校验失败: category: 对象存储类型不存在: ${merged.category}`);
      if (Number(merged.category) !== LOCAL_CATEGORY) {
        if (!merged.endpoint) throw badRequest('请输入资源地址');
        if (merged.endpoint && !/^https?:\/\/\S+$/i.test(merged.endpoint))
          throw badRequest('资源地址须以 http:// 或 https:// 开头');
        if (!merged.accessKey) throw badRequest('请输入accessKey');
        if (!merged.secretKey) throw badRequest('请输入secretKey');
        if (!merged.bucketName) throw badRequest('请输入空间名');
      }
    },
    async decorate(rows, _req, ctx) {
      if (!rows.length) return rows;
      const cats = await dictionaryItems(ctx.db, 'oss');
      return rows.map((r: Row) => ({ ...maskSecret(r), categoryName: cats.get(String(r.category)) ?? '' }));
    },
  },
});

export function registerOssRoutes(app: FastifyInstance, ctx: AppContext) {
  ossResource.routes(app, ctx);
  app.post('/blade-resource/oss/enable', byMenu('oss_edit'), async (req) => {
    // read before the transaction: on the embedded database a query outside it would wait for it
    const cats = await dictionaryItems(ctx.db, 'oss');
    await enableOne(ctx, req, 'oss', ossResource, (row) => {
      if (!supportsCategory(row.category)) {
        throw badRequest(`暂不支持该对象存储类型: ${cats.get(String(row.category)) ?? row.category}，当前可用: 本地`);
      }
    });
    return done();
  });
}
