/**
 * The workflow area's menus (with buttons and demo-role grants), the button catalogue, categories, forms and the
 * deployed processes a water utility runs — 请假, 爆管抢修, 巡检隐患处理, 用水报装 — with demo instances in every
 * state for the demo accounts. Idempotent: menus by code; catalogue, categories, forms, models and definitions by
 * key; instances only while the tenant has none.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { inTenant } from '../../core/scoped.ts';
import { ensureMenus } from '../system/index.ts';
import { buildBpmn } from './build.ts';
import { deployIn } from './deploy.ts';
import { quietly } from './engine.ts';
import { wfButton, wfCategory, wfForm, wfModel } from './schema.ts';
import { CATEGORIES, FORMS } from './seed-forms.ts';
import { seedInstances } from './seed-instances.ts';
import { BUTTONS, WORKFLOW_MENUS } from './seed-menus.ts';
import { demoProcesses } from './seed-processes.ts';

export { FORMS } from './seed-forms.ts';
export { BUTTONS, WORKFLOW_MENUS } from './seed-menus.ts';
export { demoProcesses } from './seed-processes.ts';

const SEED_LOCK = 7_261_091;

async function seedDesign(ctx: AppContext, tenantId: string) {
  const cats = new Map<string, string>();
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const haveButtons = new Set(
      (await tx.select({ k: wfButton.buttonKey }).from(wfButton).where(inTenant(wfButton, tenantId))).map((r) => r.k),
    );
    const newButtons = BUTTONS.filter(([k]) => !haveButtons.has(k));
    if (newButtons.length)
      await tx.insert(wfButton).values(
        newButtons.map(([buttonKey, name]) => ({
          tenantId,
          buttonKey,
          name,
          sort: BUTTONS.findIndex((b) => b[0] === buttonKey) + 1,
        })),
      );
    for (const [i, name] of CATEGORIES.entries()) {
      const [c] = await tx
        .select({ id: wfCategory.id })
        .from(wfCategory)
        .where(inTenant(wfCategory, tenantId, eq(wfCategory.name, name), eq(wfCategory.parentId, '0')));
      if (c) cats.set(name, c.id);
      else {
        const [row] = await tx
          .insert(wfCategory)
          .values({ tenantId, name, sort: i + 1 })
          .returning({ id: wfCategory.id });
        cats.set(name, row.id);
      }
    }
    for (const f of FORMS) {
      const [have] = await tx
        .select({ id: wfForm.id })
        .from(wfForm)
        .where(inTenant(wfForm, tenantId, eq(wfForm.formKey, f.formKey)));
      if (!have)
        await tx.insert(wfForm).values({
          tenantId,
          formKey: f.formKey,
          name: f.name,
          categoryId: cats.get(f.category),
          content: { labelWidth: 100, labelPosition: 'right', fields: f.fields },
        });
    }
    for (const p of demoProcesses()) {
      const [have] = await tx
        .select({ id: wfModel.id })
        .from(wfModel)
        .where(inTenant(wfModel, tenantId, eq(wfModel.modelKey, p.key)));
      if (have) continue;
      const xml = buildBpmn(p);
      const [m] = await tx
        .insert(wfModel)
        .values({
          tenantId,
          modelKey: p.key,
          name: p.name,
          categoryId: cats.get(p.category),
          xml,
          description: `${p.name}流程`,
        })
        .returning();
      await deployIn(tx, {
        tenantId,
        xml,
        name: p.name,
        categoryId: cats.get(p.category),
        modelId: m.id,
        formKey: p.formKey,
        description: m.description,
      });
    }
  });
}

export async function seedWorkflow(ctx: AppContext) {
  await ensureMenus(ctx, WORKFLOW_MENUS);
  await seedDesign(ctx, '000000');
  await quietly(() => seedInstances(ctx, '000000'));
}
