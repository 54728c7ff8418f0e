/**
 * OSS configurations (`/blade-resource/oss`: list, detail, submit, remove, enable). The enabled configuration of a
 * tenant decides where its uploads go; with none enabled they go to the local disk. Category 1 (本地) is the local
 * disk; bucket categories need an endpoint, keys and a bucket, and can be enabled only once a storage for them is
 * registered (`registerStorage`).
 */

import type { FastifyInstance } from 'fastify';
import { badRequest, done } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { dictionaryItems } from '../system/index.ts';
import { configurationResource, enableOne, optionalText } from './common.ts';
import { oss } from './schema.ts';
import { LOCAL_CATEGORY, supportsCategory } from './storage.ts';

export const ossResource = configurationResource(
  'oss',
  oss,
  {
    endpoint: optionalText(255),
    accessKey: optionalText(255),
    secretKey: optionalText(255),
    bucketName: optionalText(255),
    appId: optionalText(255),
    region: optionalText(255),
    remark: optionalText(255),
  },
  async (data, h) => {
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
);

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
