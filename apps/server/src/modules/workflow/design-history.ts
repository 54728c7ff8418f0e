/**
 * The kept versions of designed models and forms: the version that a save (design-resources) or a swap with a kept
 * version (design-deploy's setMain*) replaces is kept as a history row. Written once so that models and forms, and
 * both ways of replacing a version, number and keep versions the same way.
 */
import type { HookContext, Row } from '../../core/resource.ts';
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

/**
 * Numbers the version of a design being saved: a new one is version 1; an edit that `changed` the stored row first
 * keeps it (`keep`, writing its history row) and takes the next number; any other edit keeps its version.
 */
export async function nextVersion(
  data: Row,
  h: HookContext,
  changed: (stored: Row) => boolean,
  keep: (stored: Row) => Promise<unknown>,
): Promise<void> {
  if (!h.isNew && h.existing) {
    const e = h.existing;
    if (changed(e)) {
      await keep(e);
      data.version = Number(e.version) + 1;
    }
  } else data.version = 1;
}
