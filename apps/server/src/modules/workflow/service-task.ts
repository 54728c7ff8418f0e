/**
 * What the engine runs without a person: service tasks and message correlation.
 *
 * A service task (`flowable:type`) runs when a token enters it, inside the command that brought the token there:
 * - `setVariable`: `flowable:variableName` = `flowable:variableValue` (text, or a `${expr}` over the variables);
 * - `message`: a site message (the bell) to `flowable:messageTo` (user ids or expressions, like an assignee), title
 *   and content with `{var}` placeholders (title.ts);
 * - `http`: `flowable:method` (GET/POST/PUT) to `flowable:url` with `flowable:body` (`{var}` placeholders; default
 *   the process variables as JSON), through the outbound wall (core/outbound.ts): the host is resolved once and
 *   checked, and the request goes to that address. The platform tenant is trusted; any other tenant reaches only
 *   hosts of SWP_DATASOURCE_ALLOW and never loopback, link-local or the platform's database. The reply (JSON or
 *   text) goes to `flowable:resultVariable`. A refused host, a network error, a timeout (10 s) or a non-2xx answer is
 *   a 400 `服务任务「X」调用失败: …`: the command rolls back, so the step that led into the task is not taken.
 */
import http from 'node:http';
import https from 'node:https';
import { and, eq, inArray } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import { OutboundRefused, resolveOutbound, targetOfUrl } from '../../core/outbound.ts';
import { inTenant } from '../../core/scoped.ts';
import { type Actor, type Command, type Ctx, command, type ExecRow } from './engine.ts';
import type { GNode } from './parse.ts';
import { wfExecution, wfInstance } from './schema.ts';
import { renderTitle } from './title.ts';

export const SERVICE_TIMEOUT_MS = 10_000;
const MAX_REPLY = 256 * 1024;
const PLATFORM_TENANT = '000000';

export async function runServiceTask(c: Command, exec: ExecRow, n: GNode) {
  const s = n.service;
  if (!s) return;
  const vars = await c.scope(exec);
  const where = `服务任务「${c.label(n)}」`;
  if (s.type === 'setVariable') {
    const raw = s.value ?? '';
    const value = /^[$#]\{/.test(raw) ? c.eval(raw, vars, `${where}的变量值`) : raw;
    await c.setVars({ [s.variable!]: value });
    return;
  }
  if (s.type === 'message') {
    const to = await c.existingUsers(await c.peopleOf(s.to, vars, `${where}的接收人`));
    c.notify(to, renderTitle(s.title ?? '', vars) || c.label(n), renderTitle(s.content ?? '', vars), c.id);
    await c.comment('service', `${c.label(n)}：消息已发送给 ${to.length} 人`);
    return;
  }
  const url = renderTitle(s.url ?? '', vars);
  const body = s.body ? renderTitle(s.body, vars) : JSON.stringify(vars);
  let reply: string;
  try {
    reply = await callWalled(c.inst.tenantId === PLATFORM_TENANT, s.method ?? 'POST', url, body);
  } catch (e) {
    const why = e instanceof OutboundRefused ? '目标地址不在允许范围内' : (e as Error).message;
    throw badRequest(`${where}调用失败: ${why}`);
  }
  if (s.resultVariable) {
    let value: unknown = reply;
    try {
      value = JSON.parse(reply);
    } catch {
      /* a text reply stays text */
    }
    await c.setVars({ [s.resultVariable]: value });
  }
  await c.comment('service', `${c.label(n)}：${s.method} ${new URL(url).host} 成功`);
}

/** One HTTP request to the address the wall approved (never to the name again). */
async function callWalled(trusted: boolean, method: string, url: string, body: string): Promise<string> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error('地址无效');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('只支持 http/https');
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  const db = targetOfUrl(process.env.DATABASE_URL ?? '');
  const address = await resolveOutbound({ host, port }, { trusted, protectedTargets: db ? [db] : [] });
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise<string>((resolve, reject) => {
    const req = lib.request(
      {
        host: address,
        port,
        method,
        path: `${u.pathname}${u.search}`,
        servername: u.protocol === 'https:' ? host : undefined,
        headers: {
          host: u.host,
          'content-type': 'application/json; charset=utf-8',
          ...(method === 'GET' ? {} : { 'content-length': Buffer.byteLength(body) }),
        },
        timeout: SERVICE_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (d: Buffer) => {
          size += d.length;
          if (size > MAX_REPLY) req.destroy(new Error('响应过大'));
          else chunks.push(d);
        });
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const code = res.statusCode ?? 0;
          if (code < 200 || code >= 300) reject(new Error(`HTTP ${code}`));
          else resolve(text);
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('超时')));
    req.on('error', (e) => reject(new Error(e.message)));
    if (method !== 'GET') req.write(body);
    req.end();
  });
}

export interface CorrelateInput {
  messageName: string;
  processInstanceId?: string;
  businessKey?: string;
  variables?: Record<string, unknown>;
}

/**
 * Delivers a message to the tokens waiting for it (intermediate message catch events named `messageName`) in the
 * running instances of the caller's tenant chosen by id or business key. The variables go to each instance's
 * scope. Returns how many tokens went on; none waiting is a 400.
 */
export async function correlateMessage(ctx: Ctx, actor: Actor, input: CorrelateInput): Promise<number> {
  if (!input.processInstanceId && !input.businessKey) throw badRequest('缺少必要的请求参数: processInstanceId');
  const where = [inTenant(wfInstance, actor.tenantId), eq(wfInstance.state, 'running')];
  if (input.processInstanceId) where.push(eq(wfInstance.id, input.processInstanceId));
  if (input.businessKey) where.push(eq(wfInstance.businessKey, input.businessKey));
  const insts = await ctx.db
    .select({ id: wfInstance.id })
    .from(wfInstance)
    .where(and(...where))
    .limit(100);
  let moved = 0;
  for (const { id } of insts)
    moved += await command(ctx, id, actor, async (c) => {
      if (c.inst.state !== 'running') return 0;
      const waiting = Object.values(c.graph.nodes).filter(
        (n) => n.type === 'messageCatch' && n.message === input.messageName,
      );
      if (!waiting.length) return 0;
      const execs = await c.tx
        .select()
        .from(wfExecution)
        .where(
          and(
            eq(wfExecution.instanceId, c.id),
            inArray(
              wfExecution.activityId,
              waiting.map((n) => n.id),
            ),
          ),
        );
      if (!execs.length) return 0;
      if (input.variables && Object.keys(input.variables).length) await c.setVars(input.variables);
      await c.comment('message', `收到消息「${input.messageName}」`);
      for (const e of execs) await c.resume(e, c.node(e.activityId));
      return execs.length;
    });
  if (!moved) throw badRequest(`没有等待消息「${input.messageName}」的流程`);
  return moved;
}
