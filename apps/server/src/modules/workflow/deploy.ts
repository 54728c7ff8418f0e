/**
 * Deploying: BPMN XML → a new definition version of its process key (unique on tenant, key, version), with the
 * compiled graph stored beside the XML. A bad model is refused with the parser's message.
 */
import { eq, sql } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import { newId } from '../../core/ids.ts';
import type { Tx } from '../../core/resource.ts';
import { inTenant } from '../../core/scoped.ts';
import type { Ctx } from './engine.ts';
import { BpmnError, compileBpmn, type Graph } from './parse.ts';
import { wfDefinition } from './schema.ts';

export interface DeployInput {
  tenantId: string;
  xml: string;
  name?: string;
  categoryId?: string | null;
  modelId?: string | null;
  formKey?: string | null;
  description?: string | null;
  icon?: string | null;
  resourceName?: string | null;
  deploymentId?: string;
  userId?: string | null;
}

export async function compileOrRefuse(xml: string): Promise<Graph> {
  try {
    return await compileBpmn(xml);
  } catch (e) {
    if (e instanceof BpmnError) throw badRequest(e.message);
    throw e;
  }
}

/** Deploys within a transaction (the key's versions are serialised by an advisory lock on the key). */
export async function deployIn(tx: Tx, input: DeployInput) {
  const graph = await compileOrRefuse(input.xml);
  await tx.execute(sql`select pg_advisory_xact_lock(7261090, hashtext(${`${input.tenantId}:${graph.processKey}`}))`);
  const [last] = await tx
    .select({ v: sql<number>`coalesce(max(${wfDefinition.version}), 0)::int` })
    .from(wfDefinition)
    .where(inTenant(wfDefinition, input.tenantId, eq(wfDefinition.processKey, graph.processKey)));
  const [row] = await tx
    .insert(wfDefinition)
    .values({
      tenantId: input.tenantId,
      deploymentId: input.deploymentId ?? newId(),
      processKey: graph.processKey,
      name: (input.name || graph.name).slice(0, 128),
      version: Number(last?.v ?? 0) + 1,
      categoryId: input.categoryId ?? null,
      modelId: input.modelId ?? null,
      formKey: input.formKey ?? graph.formKey ?? null,
      description: input.description ?? null,
      icon: input.icon ?? null,
      xml: input.xml,
      graph,
      resourceName: input.resourceName ?? null,
      createUser: input.userId ?? null,
      updateUser: input.userId ?? null,
    })
    .returning();
  return row;
}

export async function deploy(ctx: Ctx, input: DeployInput) {
  return ctx.db.transaction((tx) => deployIn(tx, input));
}
