/**
 * The history rows of designed models and forms: the version that a save (design-resources) or a swap with a kept
 * version (design-deploy's setMain*) replaces is kept as one of these. Written once so both keep the same fields.
 */
import type { Row } from '../../core/resource.ts';
import type { wfFormHistory, wfModelHistory } from './schema.ts';

/** The history row keeping model `m`'s current version, recorded by `createUser`. */
export const modelHistoryRow = (m: Row, createUser: string | undefined): typeof wfModelHistory.$inferInsert => ({
  tenantId: m.tenantId,
  modelId: m.id,
  modelKey: m.modelKey,
  name: m.name,
  description: m.description,
  xml: m.xml,
  version: m.version,
  createUser,
});

/** The history row keeping form `f`'s current version, recorded by `createUser`. */
export const formHistoryRow = (f: Row, createUser: string | undefined): typeof wfFormHistory.$inferInsert => ({
  tenantId: f.tenantId,
  formId: f.id,
  formKey: f.formKey,
  name: f.name,
  content: f.content,
  version: f.version,
  createUser,
});
