/**
 * Message templates, configs and logs (`/blade-message/template|config|log`: page, detail, remove, submit).
 * Templates and configs are plain resources with their rules. A log row is a send that happened: `submit`
 * without an id sends a site message from the console (through sendMessage, which writes the log row); a log
 * row is never edited (`submit` with an id is refused).
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, done } from '../../core/envelope.ts';
import { byMenu, userOf } from '../../core/gate.ts';
import { assertLiveRow } from '../../core/live-row.ts';
import type { AppContext } from '../../core/module.ts';
import { buttonGrants, defineResource } from '../../core/resource.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { user as userTable } from '../system/index.ts';
import { messageConfig, messageLog, messageTemplate } from './schema.ts';
import { sendMessage } from './service.ts';

const code = (what: string) =>
  z
    .string({ error: `请输入${what}` })
    .trim()
    .min(1, `请输入${what}`)
    .max(64)
    .regex(/^[\w.:-]+$/, `${what}只能包含字母、数字、下划线、点、冒号和短横线`);
const messageType = z.coerce
  .number({ error: '请选择消息类型' })
  .int('消息类型必须是整数')
  .min(1, '请选择消息类型')
  .max(99, '消息类型无效');
const channel = z.enum(['site', 'sms', 'email'], { error: '发送渠道只能是 site、sms 或 email' });
const status = z.coerce.number().int().min(0).max(1).optional();

export const templateResource = defineResource({
  code: 'message_template',
  grant: buttonGrants('message_template', ['message_template', 'message_config']),
  base: '/blade-message/template',
  table: messageTemplate,
  routes: ['page', 'list', 'detail', 'submit', 'remove'],
  input: {
    templateCode: code('模板编号'),
    templateName: z.string({ error: '请输入模板名称' }).trim().min(1, '请输入模板名称').max(100),
    messageType,
    channel: channel.default('site'),
    templateTitle: z.string({ error: '请输入消息标题' }).trim().min(1, '请输入消息标题').max(255),
    templateContent: z.string({ error: '请输入消息内容' }).min(1, '请输入消息内容').max(20_000),
    remark: z.string().max(255).nullish(),
    status,
  },
  unique: [{ fields: ['templateCode'], message: '模板编号已存在' }],
});

export const configResource = defineResource({
  code: 'message_config',
  grant: buttonGrants('message_config'),
  base: '/blade-message/config',
  table: messageConfig,
  routes: ['page', 'list', 'detail', 'submit', 'remove'],
  input: {
    configCode: code('配置编号'),
    configName: z.string({ error: '请输入配置名称' }).trim().min(1, '请输入配置名称').max(100),
    messageType,
    templateCode: code('模板编号'),
    channel: channel.default('site'),
    remark: z.string().max(255).nullish(),
    status,
  },
  unique: [{ fields: ['configCode'], message: '配置编号已存在' }],
  hooks: {
    async beforeSave(data, h) {
      const tplCode = data.templateCode ?? h.existing?.templateCode;
      await assertLiveRow(
        h.tx,
        messageTemplate,
        h.req.tenantId,
        eq(messageTemplate.templateCode, tplCode),
        `消息模板不存在: ${tplCode}`,
      );
    },
  },
});

export const logResource = defineResource({
  code: 'message_log',
  grant: buttonGrants('message_log'),
  base: '/blade-message/log',
  table: messageLog,
  routes: ['page', 'list', 'detail', 'remove'],
  input: {},
});

const idList = z.union([z.string(), z.array(z.union([z.string(), z.number()]))]);
/** A site message composed in the console. */
export const sendBody = z.object({
  id: z.union([z.string(), z.number()]).nullish(),
  messageType: messageType.optional(),
  title: z.string().trim().max(255).optional(),
  content: z.string().max(20_000).optional(),
  templateCode: z.string().max(64).optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  /** recipients: comma-joined user ids or an array */
  receivers: idList.optional(),
  userIds: idList.optional(),
  bizType: z.string().max(64).optional(),
  bizId: z.string().max(64).optional(),
});

function idsOf(v: z.infer<typeof idList> | undefined): string[] {
  if (v === undefined) return [];
  const list = Array.isArray(v) ? v.map(String) : v.split(',');
  return list.map((s) => s.trim()).filter(Boolean);
}

export function registerMessageResources(app: FastifyInstance, ctx: AppContext) {
  templateResource.routes(app, ctx);
  configResource.routes(app, ctx);
  logResource.routes(app, ctx);

  app.post('/blade-message/log/submit', { ...byMenu('message_log_add'), schema: { body: sendBody } }, async (req) => {
    const body = req.body as z.infer<typeof sendBody>;
    if (body.id !== undefined && body.id !== null && body.id !== '') throw badRequest('已发送的消息不能修改');
    const me = userOf(req);
    const userIds = [...new Set([...idsOf(body.receivers), ...idsOf(body.userIds)])];
    if (!userIds.length) throw badRequest('缺少必要的请求参数: receivers');
    if (!body.templateCode && !body.title) throw badRequest('缺少必要的请求参数: title');
    for (const id of userIds)
      if (!/^\d{1,19}$/.test(id)) throw badRequest(`参数校验失败: receivers 含有无效的编号 ${id}`);
    const found = await ctx.db
      .select({ id: userTable.id })
      .from(userTable)
      .where(liveInTenant(userTable, me.tenantId, inArray(userTable.id, userIds)));
    if (found.length !== userIds.length) throw badRequest('接收人不存在或不属于当前租户');
    await sendMessage(ctx, {
      tenantId: me.tenantId,
      userIds,
      messageType: body.messageType,
      title: body.title,
      content: body.content,
      templateCode: body.templateCode,
      params: body.params,
      bizType: body.bizType,
      bizId: body.bizId,
      sender: me.realName || me.userName || me.account,
      senderId: me.userId,
    });
    return done();
  });
}
