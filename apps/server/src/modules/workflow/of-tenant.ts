/**
 * Every read of the workflow that takes an id (instance, task, definition) finds the object through these, within
 * the reader's tenant: an id of another tenant's object is not found, whoever asks (administrators included), and
 * the caller answers as for any missing object (docs/workflow.md, "Tenant isolation of reads").
 */
import { eq } from 'drizzle-orm';
import { scoped } from '../../core/scoped.ts';
import { type Ctx, definitionById } from './engine.ts';
import { wfInstance, wfTask } from './schema.ts';

type Db = Ctx['db'];
const ID = /^\d{1,19}$/;

export async function instanceOf(db: Db, tenantId: string, id: string) {
  return ID.test(id) ? scoped(db, tenantId).first(wfInstance, eq(wfInstance.id, id)) : undefined;
}

export async function taskOf(db: Db, tenantId: string, id: string) {
  return ID.test(id) ? scoped(db, tenantId).first(wfTask, eq(wfTask.id, id)) : undefined;
}

/** A deployed definition (row and compiled graph) of the tenant. */
export async function definitionOf(db: Db, tenantId: string, id: string) {
  if (!ID.test(id)) return undefined;
  const d = await definitionById(db, id);
  return d && d.def.tenantId === tenantId ? d : undefined;
}
