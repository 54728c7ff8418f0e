/**
 * Menus of the business-form screens (在线开发 › 业务分类, 业务模型, 业务表单, 业务设计, 业务办理) and a demo of the
 * platform tenant: category 热线服务 with the form 投诉建议登记 (complaint) and its design. Idempotent (menus by
 * code; the demo only while the tenant has no business form at all).
 */
import { sql } from 'drizzle-orm';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import { inTenant } from '../../core/scoped.ts';
import { screenMenu } from '../lowcode/index.ts';
import { ensureMenus, type MenuItem } from '../system/index.ts';
import { bizCategory, bizDesign, bizForm } from './schema.ts';

export const BUSINESS_MENUS: MenuItem[] = [
  {
    ...screenMenu(
      'business_category',
      '业务分类',
      'menu.business.category',
      '/business/category',
      'ApartmentOutlined',
      5,
    ),
    parentCode: 'lowcode',
  },
  {
    ...screenMenu(
      'business_data_model',
      '业务模型',
      'menu.business.dataModel',
      '/business/datamodel',
      'TableOutlined',
      6,
    ),
    parentCode: 'lowcode',
  },
  {
    ...screenMenu('business_form', '业务表单', 'menu.business.form', '/business/form', 'FormOutlined', 7),
    parentCode: 'lowcode',
  },
  {
    ...screenMenu('business_design', '业务设计', 'menu.business.design', '/business/design', 'LayoutOutlined', 8),
    parentCode: 'lowcode',
  },
  {
    ...screenMenu(
      'business_handle',
      '业务办理',
      'menu.business.handle',
      '/business/handle',
      'SolutionOutlined',
      9,
      [],
      ['operator', 'patrol'],
    ),
    parentCode: 'lowcode',
  },
];

const TENANT = '000000';
const f = (jnpfKey: string, vModel: string, label: string, cfg: Record<string, unknown> = {}, extra = {}) => ({
  __config__: { jnpfKey, label, span: 12, ...cfg },
  __vModel__: vModel,
  ...extra,
});

export const COMPLAINT_FORM = {
  labelWidth: 100,
  fields: [
    f('input', 'callerName', '来电人', { required: true }, { maxlength: 20 }),
    f(
      'input',
      'callerPhone',
      '来电号码',
      { required: true, regList: [{ pattern: '/^1[3-9]\\d{9}$/', message: '手机号码格式不正确' }] },
      { maxlength: 11 },
    ),
    f(
      'select',
      'kind',
      '类型',
      { required: true },
      { options: ['投诉', '建议', '咨询', '表扬'].map((l, i) => ({ id: String(i + 1), fullName: l })) },
    ),
    f('textarea', 'content', '内容', { required: true, span: 24 }, { maxlength: 1000 }),
    f('datePicker', 'callDate', '来电日期', { required: true }, { format: 'yyyy-MM-dd' }),
    f('createUser', 'recorder', '登记人'),
  ],
};

export async function seedBusiness(ctx: AppContext) {
  await ensureMenus(ctx, BUSINESS_MENUS);
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7261130)`);
    const [any] = await tx.select({ id: bizForm.id }).from(bizForm).where(inTenant(bizForm, TENANT)).limit(1);
    if (any) return;
    const cat = newId();
    await tx
      .insert(bizCategory)
      .values({ id: cat, tenantId: TENANT, categoryName: '热线服务', categoryCode: 'hotline', sort: 1 });
    const form = newId();
    await tx.insert(bizForm).values({
      id: form,
      tenantId: TENANT,
      categoryId: cat,
      formName: '投诉建议登记',
      formCode: 'complaint',
      formData: COMPLAINT_FORM,
    });
    await tx.insert(bizDesign).values({
      tenantId: TENANT,
      formId: form,
      designName: '投诉建议台账',
      groupName: '热线服务',
      designData: {
        columnList: [
          { prop: 'callerName', label: '来电人' },
          { prop: 'callerPhone', label: '来电号码' },
          { prop: 'kind', label: '类型' },
          { prop: 'callDate', label: '来电日期' },
        ],
        searchList: [{ prop: 'kind', label: '类型' }],
      },
    });
  });
}
