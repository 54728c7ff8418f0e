/** Declared unbilled authorised uses (`/swp-dma/unbilled`): flushing, fire fighting, own use, per zone and day. */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import { buttonGrants, defineResource } from '../../core/resource.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { dma, dmaUnbilled } from './schema.ts';

export const UNBILLED_CATEGORIES = ['flushing', 'fire', 'own', 'other'] as const;

export const unbilledResource = defineResource({
  code: 'dma_unbilled',
  base: '/swp-dma/unbilled',
  table: dmaUnbilled,
  routes: ['list', 'page', 'detail', 'submit', 'remove'],
  grant: buttonGrants('dma_unbilled', ['dma_unbilled', 'dma_balance']),
  input: {
    dmaCode: z.string().trim().min(1, '请选择分区').max(32),
    category: z.enum(UNBILLED_CATEGORIES, { message: '用水类别只能是 冲洗/消防/自用/其他' }),
    useDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '请选择用水日期'),
    volume: z.number().positive('水量必须大于 0').max(10_000_000),
    remark: z.string().max(255).nullable().optional(),
  },
  hooks: {
    async beforeSave(data, h) {
      if (data.dmaCode === undefined) return;
      const [hit] = await h.tx
        .select({ id: dma.id })
        .from(dma)
        .where(liveInTenant(dma, h.req.tenantId, eq(dma.code, data.dmaCode)));
      if (!hit) throw badRequest(`分区 ${data.dmaCode} 不存在`);
    },
  },
});
