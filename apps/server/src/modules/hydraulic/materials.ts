/**
 * 管材糙率: the utility's pipe roughness by material (`/swp-hydraulic/material`), the table the model builder takes
 * each pipe's Hazen-Williams C from when the pipe was drawn without EPANET data (docs/hydraulics.md). Every utility
 * starts with common values and edits them to its calibration; the model's cache key carries the table, so an edit
 * makes the next run build a new model.
 */
import { createHash } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { requiredText } from '../../core/required-text.ts';
import { buttonGrants, defineResource, type Row } from '../../core/resource.ts';
import { liveInTenant, tenantHasRows } from '../../core/scoped.ts';
import { DEFAULT_ROUGHNESS, type RoughnessRule } from '../gis/index.ts';
import { hydraulicMaterial } from './schema.ts';

export const MATERIAL_READ = ['hydraulic_material', 'hydraulic_model'];

/** the seeded table's names, in the order of DEFAULT_ROUGHNESS */
const DEFAULT_NAMES = ['塑料管 (PE/PVC)', '球墨铸铁管', '钢管', '预应力钢筒混凝土管 (PCCP)', '灰口铸铁管', '其他管材'];

const keywords = requiredText('请输入匹配关键字', 255, '匹配关键字最长 255 个字符')
  .transform((s) =>
    s
      .split(/[,，;；\s]+/)
      .filter(Boolean)
      .join(','),
  )
  .refine((s) => s.length > 0, '请输入匹配关键字');

/** A number from `lo` to `hi`: `notNumber` when it is not one, "<label>应在 lo～hi 之间" when it is out of range. */
const within = (notNumber: string, label: string, lo: number, hi: number) =>
  z
    .number({ error: notNumber })
    .finite()
    .min(lo, `${label}应在 ${lo}～${hi} 之间`)
    .max(hi, `${label}应在 ${lo}～${hi} 之间`);

export const materialResource = defineResource({
  code: 'hydraulic_material',
  base: '/swp-hydraulic/material',
  table: hydraulicMaterial,
  routes: ['list', 'page', 'detail', 'submit', 'remove'],
  listMode: 'all',
  dataScope: false,
  grant: buttonGrants('hydraulic_material', MATERIAL_READ),
  input: {
    name: requiredText('请输入管材名称', 64, '管材名称最长 64 个字符'),
    keywords,
    hazenC: within('请输入海曾-威廉系数', '海曾-威廉系数', 40, 160),
    agingPerYear: within('年衰减须为数值', '年衰减', 0, 5).default(0.4),
    minC: within('最低系数须为数值', '最低系数', 40, 160).default(70),
    sort: z.number().int().min(0).max(9999).default(1),
    remark: z.string().max(255).nullable().optional(),
  },
  unique: [{ fields: ['name'], message: '管材名称已存在' }],
  hooks: {
    beforeSave(data, h) {
      const merged = { ...h.existing, ...data } as Row;
      if (Number(merged.minC) > Number(merged.hazenC)) throw badRequest('最低系数不能大于新管系数');
    },
  },
});

/** A utility's roughness rules in match order (first match wins); none stored: the common defaults. */
export async function roughnessRules(
  ctx: Pick<AppContext, 'db'>,
  tenantId: string,
): Promise<{ rules: RoughnessRule[]; key: string }> {
  const rows = await ctx.db
    .select()
    .from(hydraulicMaterial)
    .where(liveInTenant(hydraulicMaterial, tenantId))
    .orderBy(asc(hydraulicMaterial.sort), asc(hydraulicMaterial.id));
  const rules = rows.length
    ? rows.map((r) => ({
        keywords: r.keywords.split(',').filter(Boolean),
        c: r.hazenC,
        aging: r.agingPerYear,
        minC: r.minC,
      }))
    : DEFAULT_ROUGHNESS;
  const key = createHash('sha1').update(JSON.stringify(rules)).digest('hex').slice(0, 12);
  return { rules, key };
}

/** The common table for a utility that has none yet (then it is theirs to edit). */
export async function seedMaterials(ctx: Pick<AppContext, 'db'>, tenantId: string) {
  if (await tenantHasRows(ctx.db, hydraulicMaterial, tenantId)) return;
  await ctx.db.insert(hydraulicMaterial).values(
    DEFAULT_ROUGHNESS.map((r, i) => ({
      tenantId,
      name: DEFAULT_NAMES[i] ?? `管材${i + 1}`,
      keywords: r.keywords.join(','),
      hazenC: r.c,
      agingPerYear: r.aging,
      minC: r.minC,
      // the catch-all goes last whatever else is added
      sort: r.keywords.includes('*') ? 999 : (i + 1) * 10,
      remark: r.keywords.includes('*') ? '未匹配到其他管材时使用' : null,
    })),
  );
}
