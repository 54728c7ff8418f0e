/**
 * Report definitions (`/blade-report/report/rest`: list, detail, submit, remove): a named report whose content is
 * the designer's definition and whose data comes from a data interface. `GET …/rest/data?id=` runs the report's
 * interface with the query's parameters (the report screen renders those rows).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, ok } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import { assertLiveRow } from '../../core/live-row.ts';
import type { AppContext } from '../../core/module.ts';
import { requiredText } from '../../core/required-text.ts';
import { buttonGrants, defineResource } from '../../core/resource.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { runInterface } from './interfaces.ts';
import { dsInterface, rptReport } from './schema.ts';

export const reportResource = defineResource({
  code: 'report',
  base: '/blade-report/report/rest',
  table: rptReport,
  grant: buttonGrants('report'),
  input: {
    name: requiredText('请输入报表名称', 100, '报表名称不能超过100个字符'),
    content: z.string().max(1_000_000, '报表内容过大').nullish(),
    interfaceId: z
      .union([z.string().regex(/^\d{1,19}$/, '数据接口编号不正确'), z.literal('')])
      .nullish()
      .transform((v) => v || null),
    remark: z.string().max(255).nullish(),
  },
  unique: [{ fields: ['name'], message: '报表名称已存在' }],
  hooks: {
    async beforeSave(data, h) {
      if (!data.interfaceId) return;
      await assertLiveRow(h.tx, dsInterface, h.req.tenantId, eq(dsInterface.id, data.interfaceId), '数据接口不存在');
    },
  },
});

export function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  reportResource.routes(app, ctx);
  app.get('/blade-report/report/rest/data', byMenu('report'), async (req) => {
    const q = { ...((req.query ?? {}) as Record<string, unknown>) };
    const id = String(q.id ?? '');
    if (!/^\d{1,19}$/.test(id)) throw badRequest('缺少必要的请求参数: id');
    const [r] = await reportResource.findVisible(ctx, req, [id]);
    if (!r) return ok(null);
    if (!r.interfaceId) throw badRequest('报表没有绑定数据接口');
    const [i] = await ctx.db
      .select()
      .from(dsInterface)
      .where(liveInTenant(dsInterface, req.tenantId, eq(dsInterface.id, r.interfaceId)));
    if (!i) throw badRequest('数据接口不存在');
    delete q.id;
    return ok({ name: r.name, rows: await runInterface(ctx, req, i, q) });
  });
}
