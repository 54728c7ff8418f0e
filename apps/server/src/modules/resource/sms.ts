/**
 * SMS configurations (`/blade-resource/sms`: list, detail, submit, remove, enable) and sending
 * (`endpoint/send-message`). A send goes through an `SmsProvider` chosen by the configuration's category; the
 * default provider `log` delivers nothing outside: it records each message in the message log (channel sms), so
 * that the console works end to end without an SMS contract. A real gateway registers with `registerSmsProvider`.
 */

import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, done, ok } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import type { Row } from '../../core/resource.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { messageTemplate, renderTemplate, writeMessageLog } from '../message/index.ts';
import { dictionaryItems } from '../system/index.ts';
import { configurationResource, enabledOf, enableOne, optionalText } from './common.ts';
import { sms } from './schema.ts';

export type SmsConfig = typeof sms.$inferSelect;

export interface SmsResult {
  success: boolean;
  msg: string;
  /** the provider's id of the send (the message log id for the log provider) */
  messageId?: string;
}

/** Who asked for a send, for the record. */
export interface SmsSender {
  senderId?: string;
  sender?: string;
}

export interface SmsProvider {
  readonly name: string;
  send(
    config: SmsConfig,
    phones: string[],
    templateParams: Record<string, string>,
    from?: SmsSender,
  ): Promise<SmsResult>;
}

type ProviderFactory = (ctx: AppContext) => SmsProvider;
const providers = new Map<number, ProviderFactory>();

/** Sends of configurations of `category` (dict `sms`) go through this provider instead of the log provider. */
export function registerSmsProvider(category: number, make: ProviderFactory) {
  providers.set(category, make);
}

export function smsProviderFor(ctx: AppContext, category: number): SmsProvider {
  return providers.get(category)?.(ctx) ?? logSmsProvider(ctx);
}

/**
 * The default provider: one message log row per send (channel `sms`, receivers = the phones). The text is the
 * tenant's message template whose code is the configuration's templateId, filled with the parameters; without
 * such a template, the parameters themselves.
 */
export function logSmsProvider(ctx: AppContext): SmsProvider {
  return {
    name: 'log',
    async send(config, phones, templateParams, from) {
      const [tpl] = await ctx.db
        .select({ title: messageTemplate.templateTitle, content: messageTemplate.templateContent })
        .from(messageTemplate)
        .where(liveInTenant(messageTemplate, config.tenantId, eq(messageTemplate.templateCode, config.templateId)))
        .limit(1);
      const body = tpl
        ? renderTemplate(tpl.content, templateParams)
        : Object.entries(templateParams)
            .map(([k, v]) => `${k}: ${v}`)
            .join('，');
      const sign = config.signName ? `【${config.signName}】` : '';
      const messageId = await writeMessageLog(ctx.db, {
        tenantId: config.tenantId,
        channel: 'sms',
        templateCode: config.templateId,
        title: tpl ? renderTemplate(tpl.title, templateParams) : `短信 ${config.smsCode}`,
        content: `${sign}${body}`,
        receivers: phones,
        sender: from?.sender,
        senderId: from?.senderId,
        bizType: 'sms',
        bizId: config.id,
        ok: true,
      });
      return { success: true, msg: '已记录到消息日志', messageId };
    },
  };
}

export const smsResource = configurationResource(
  'sms',
  sms,
  {
    templateId: z.string({ error: '请输入模板ID' }).trim().min(1, '请输入模板ID').max(64),
    accessKey: optionalText(255),
    secretKey: optionalText(255),
    regionId: optionalText(255),
    signName: optionalText(64),
    remark: optionalText(255),
  },
  async (data, h) => {
    if (data.category !== undefined) {
      const cats = await dictionaryItems(h.tx, 'sms');
      if (!cats.has(String(data.category)))
        throw badRequest(`参数校验失败: category: 短信服务类型不存在: ${data.category}`);
    }
  },
);

const PHONE = /^1[3-9]\d{9}$/;

/** The phones of a send, checked with the console's texts (spec 1 §5). */
export function parsePhones(raw: unknown): string[] {
  const s = Array.isArray(raw) ? raw.join(',') : raw === undefined || raw === null ? '' : String(raw);
  const phones = [
    ...new Set(
      s
        .split(/[,，;\s]+/)
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ];
  if (!phones.length) throw badRequest('手机号码不能为空');
  for (const p of phones) {
    if (p.length !== 11) throw badRequest(`手机号码长度不为11位: ${p}`);
    if (!PHONE.test(p)) throw badRequest(`手机号码格式不正确: ${p}`);
  }
  if (phones.length > 1000) throw badRequest('参数校验失败: phones 一次最多 1000 个号码');
  return phones;
}

/** `params`: a JSON object (or its text) of template parameters; values become strings. */
export function parseParams(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null || raw === '') return {};
  let v: unknown = raw;
  if (typeof raw === 'string') {
    try {
      v = JSON.parse(raw);
    } catch {
      throw badRequest('参数校验失败: params 必须是 JSON 对象');
    }
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw badRequest('参数校验失败: params 必须是 JSON 对象');
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v as Row))
    out[k] = x === null || x === undefined ? '' : typeof x === 'object' ? JSON.stringify(x) : String(x);
  return out;
}

/**
 * Sends a text message with the tenant's configuration `code` (its 资源编号), or with the enabled configuration
 * when no code is given. Exported for other modules (alarms, work orders).
 */
export async function sendSms(
  ctx: AppContext,
  tenantId: string,
  input: { code?: string; phones: string[]; params: Record<string, string> },
  from?: SmsSender,
): Promise<SmsResult & { provider: string; count: number }> {
  let config: SmsConfig | undefined;
  if (input.code) {
    [config] = await ctx.db
      .select()
      .from(sms)
      .where(liveInTenant(sms, tenantId, eq(sms.smsCode, input.code)))
      .limit(1);
    if (!config) throw badRequest(`短信配置不存在: ${input.code}`);
  } else {
    config = await enabledOf<SmsConfig>(ctx.db, sms, tenantId);
    if (!config) throw badRequest('未启用短信配置，请先启用一个短信配置');
  }
  const provider = smsProviderFor(ctx, config.category);
  let result: SmsResult;
  try {
    result = await provider.send(config, input.phones, input.params, from);
  } catch (err) {
    throw badRequest(`短信发送失败: ${(err as Error).message}`);
  }
  if (!result.success) throw badRequest(`短信发送失败: ${result.msg}`);
  return { ...result, provider: provider.name, count: input.phones.length };
}

export function registerSmsRoutes(app: FastifyInstance, ctx: AppContext) {
  smsResource.routes(app, ctx);
  app.post('/blade-resource/sms/enable', byMenu('sms_edit'), async (req) => {
    await enableOne(ctx, req, 'sms', smsResource);
    return done();
  });
  app.post('/blade-resource/sms/endpoint/send-message', byMenu('sms'), async (req: FastifyRequest) => {
    const q = (req.query ?? {}) as Row;
    const b = (req.body && typeof req.body === 'object' ? req.body : {}) as Row;
    const pick = (k: string) => (q[k] !== undefined ? q[k] : b[k]);
    const code = pick('code');
    if (code !== undefined && code !== null && typeof code !== 'string')
      throw badRequest('参数校验失败: code 必须是字符串');
    const phones = parsePhones(pick('phones'));
    const params = parseParams(pick('params'));
    const user = req.user;
    const r = await sendSms(
      ctx,
      req.tenantId,
      { code: (code as string | undefined)?.trim() || undefined, phones, params },
      {
        senderId: user?.userId,
        sender: user?.realName || user?.account,
      },
    );
    return ok({ success: r.success, msg: r.msg, messageId: r.messageId, provider: r.provider, count: r.count });
  });
}
