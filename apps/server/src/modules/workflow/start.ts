/**
 * Starting from a request (`/process/startProcess`, `/blade-flow`, JNPF): the definition by id or key, the
 * starter's form values as process variables (every body key that is not one of the call's own), CC users,
 * the first tasks' assignees; the starter's draft of that process is deleted on start.
 */
import { eq, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import { userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseInputFirst } from '../../core/parse-input.ts';
import { inTenant } from '../../core/scoped.ts';
import { withPreparedStatements } from '../../db/prepared.ts';
import { findDefinition, startInstance } from './engine.ts';
import { nextFor } from './lists.ts';
import { wfDraft } from './schema.ts';

const OWN = new Set([
  'processId',
  'processDefinitionId',
  'processDefKey',
  'processDefinitionKey',
  'businessKey',
  'title',
  'copyUser',
  'assignee',
  'variables',
  'draftId',
  'blade-auth',
]);

const list = z.preprocess(
  (v) =>
    v === undefined || v === null || v === ''
      ? undefined
      : (Array.isArray(v) ? v : String(v).split(',')).map((x) => String(x).trim()).filter(Boolean),
  z
    .array(z.string().regex(/^\d{1,19}$/, '参数校验失败: 用户编号无效'))
    .max(200)
    .optional(),
);
const schema = z.object({
  processId: z
    .string()
    .regex(/^\d{1,19}$/, '参数校验失败: processId 应为编号')
    .optional(),
  processDefinitionId: z
    .string()
    .regex(/^\d{1,19}$/, '参数校验失败: processDefinitionId 应为编号')
    .optional(),
  processDefKey: z.string().max(64).optional(),
  processDefinitionKey: z.string().max(64).optional(),
  businessKey: z.string().max(128).optional(),
  title: z.string().max(255).optional(),
  copyUser: list,
  assignee: list,
  variables: z.record(z.string(), z.unknown()).optional(),
  draftId: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
});

export async function startFromRequest(ctx: AppContext, req: FastifyRequest) {
  const user = userOf(req);
  const body = {
    ...((req.query ?? {}) as Record<string, unknown>),
    ...(req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {}),
  };
  const b = parseInputFirst(schema, body);
  const defId = b.processId ?? b.processDefinitionId;
  const key = b.processDefKey ?? b.processDefinitionKey;
  if (!defId && !key) throw badRequest('缺少必要的请求参数: processId');
  // by key or id: prepared once per connection like the engine's statements (db/prepared.ts)
  const def = await withPreparedStatements(() => findDefinition(ctx.db, user.tenantId, defId, key));
  if (!def) throw badRequest('流程定义不存在或未部署');
  const variables: Record<string, unknown> = { ...(b.variables ?? {}) };
  for (const [k, v] of Object.entries(body)) if (!OWN.has(k) && !k.startsWith('$')) variables[k] = v;
  if (JSON.stringify(variables).length > 200_000) throw badRequest('表单数据过大');
  // the starter's draft of this process goes with the start, in its transaction
  const dropDraft = inTenant(
    wfDraft,
    user.tenantId,
    eq(wfDraft.userId, user.userId),
    b.draftId
      ? eq(wfDraft.id, b.draftId)
      : or(eq(wfDraft.processDefId, def.id), eq(wfDraft.processKey, def.processKey)),
  );
  const out = await startInstance(ctx, {
    tenantId: user.tenantId,
    processDefinitionId: def.id,
    definition: def,
    starterUserId: user.userId,
    variables,
    businessKey: b.businessKey,
    title: b.title,
    assignee: b.assignee,
    copyUser: b.copyUser,
    within: async (tx) => {
      await tx.delete(wfDraft).where(dropDraft);
    },
  });
  const next = await nextFor(ctx, user.userId, out.id);
  return { processInstanceId: out.id, id: out.id, status: out.state, processDefinitionId: def.id, tasks: next.tasks };
}
