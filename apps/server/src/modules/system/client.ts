/**
 * Clients (`/blade-system/client`), managed by the platform administrator. The secret is stored as its sha-256
 * (checked on every request, so a fast hash of a high-entropy value) and is never returned; an update without a
 * secret keeps the old one. The client the caller is using cannot be removed.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { defineResource } from '../../core/resource.ts';
import { requirePlatformAdmin } from '../../core/tenancy.ts';
import { int, optText, text } from './fields.ts';
import { client } from './schema.ts';
import { CLIENT_CHANGED_TOPIC } from './sessions-port.ts';

export const GRANT_TYPES = [
  'password',
  'refresh_token',
  'captcha',
  'social',
  'authorization_code',
  'client_credentials',
  'implicit',
];

export const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

const grantTypes = text('请输入授权类型', 256).refine(
  (s) => s.split(',').every((g) => GRANT_TYPES.includes(g.trim())),
  `授权类型只能是 ${GRANT_TYPES.join('、')}`,
);

export const clientResource = defineResource({
  code: 'client',
  grant: { read: 'admin', submit: 'admin', remove: 'admin' },
  base: '/blade-system/client',
  table: client,
  dataScope: false,
  hidden: ['clientSecret'],
  input: {
    clientId: text('请输入客户端id', 48).regex(/^[\w.-]+$/, '客户端id只能包含字母、数字、下划线、点和短横线'),
    clientSecret: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.string({ error: '客户端密钥必须是文本' }).min(6, '客户端密钥至少 6 位').max(256).optional(),
    ),
    scope: text('请输入授权范围', 256),
    authorizedGrantTypes: grantTypes,
    resourceIds: optText(256),
    webServerRedirectUri: optText(256),
    authorities: optText(256),
    accessTokenValidity: int('请输入令牌过期秒数', 60, 315_360_000),
    refreshTokenValidity: int('请输入刷新令牌过期秒数', 60, 315_360_000),
    additionalInformation: optText(4096),
    autoapprove: optText(256),
  },
  unique: [{ fields: ['clientId'], message: '客户端id已存在' }],
  hooks: {
    beforeSave(data, h) {
      if (data.clientSecret) data.clientSecret = sha256(data.clientSecret);
      else if (!h.existing) throw badRequest('请输入客户端密钥');
      else delete data.clientSecret;
      if (
        h.existing &&
        data.clientId !== undefined &&
        data.clientId !== h.existing.clientId &&
        h.existing.clientId === h.req.client?.clientId
      ) {
        throw badRequest('不能修改当前正在使用的客户端的id');
      }
    },
    beforeRemove(rows, h) {
      if (rows.some((r) => r.clientId === h.req.client?.clientId)) throw badRequest('不能删除当前正在使用的客户端');
    },
    committed: async (_op, _rows, _req, ctx) => {
      await ctx.live.publish({ topic: CLIENT_CHANGED_TOPIC });
    },
  },
});

export function clientRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scope) => {
    scope.addHook('preHandler', async (req) => requirePlatformAdmin(req));
    clientResource.routes(scope, ctx);
  });
}
