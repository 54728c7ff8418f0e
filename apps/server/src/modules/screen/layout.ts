/**
 * A screen's arrangement (docs/screen.md): which widgets, where on the grid, what data. The stage below the title bar
 * is a grid of 24 columns × 12 rows at 1920×1080; a widget sits at (x, y) with a size (w, h) in cells, inside the grid
 * and overlapping no other. Each screen has a default arrangement until an administrator saves one for the tenant.
 */
import { KPI_CODES, type ScreenWidget } from '@swp/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import type { ScreenCode } from './catalog.ts';
import { screenLayout } from './schema.ts';

export const GRID = { cols: 24, rows: 12 } as const;

export const KPIS = KPI_CODES;

/** The widget catalogue and the options (what data) each takes. */
export const WIDGETS = {
  kpis: z.object({
    items: z
      .array(z.enum(KPIS, { message: '指标无效' }))
      .min(1, '至少选择一个指标')
      .max(8),
  }),
  supply: z.object({ plant: z.string().max(32).optional() }),
  map: z.object({ alarms: z.boolean().default(true) }),
  nrw: z.object({ period: z.enum(['DAY', 'MONTH']).default('MONTH'), top: z.number().int().min(1).max(20).default(8) }),
  pressure: z.object({}),
  quality: z.object({}),
  alarms: z.object({ limit: z.number().int().min(1).max(50).default(9) }),
  patrol: z.object({}),
  diagram: z.object({}),
  orders: z.object({ limit: z.number().int().min(1).max(20).default(7) }),
} as const;
export type WidgetCode = keyof typeof WIDGETS;
const CODES = Object.keys(WIDGETS) as [WidgetCode, ...WidgetCode[]];

export type Widget = ScreenWidget<WidgetCode>;

const cell = z.number({ error: '位置应为整数' }).int('位置应为整数');
const widgetInput = z
  .object({
    widget: z.enum(CODES, { message: '组件类型无效' }),
    x: cell.min(0, '组件超出画布').max(GRID.cols - 1, '组件超出画布'),
    y: cell.min(0, '组件超出画布').max(GRID.rows - 1, '组件超出画布'),
    w: cell.min(1, '组件宽度至少 1 格').max(GRID.cols, '组件超出画布'),
    h: cell.min(1, '组件高度至少 1 格').max(GRID.rows, '组件超出画布'),
    options: z.record(z.string(), z.unknown()).default({}),
  })
  .transform((v, c) => {
    const r = WIDGETS[v.widget].safeParse(v.options);
    if (!r.success) {
      c.addIssue({ code: 'custom', message: `${v.widget}: ${r.error.issues.map((i) => i.message).join('; ')}` });
      return z.NEVER;
    }
    return { ...v, options: r.data as Record<string, unknown> };
  });

export const layoutInput = z
  .object({ widgets: z.array(widgetInput).min(1, '至少放置一个组件').max(24, '最多 24 个组件') })
  .superRefine((v, c) => {
    v.widgets.forEach((a, i) => {
      if (a.x + a.w > GRID.cols || a.y + a.h > GRID.rows)
        c.addIssue({ code: 'custom', message: `第 ${i + 1} 个组件超出画布` });
      for (let j = 0; j < i; j++)
        if (overlaps(a, v.widgets[j]))
          c.addIssue({ code: 'custom', message: `第 ${j + 1} 个与第 ${i + 1} 个组件重叠` });
    });
  });

export function overlaps(a: Pick<Widget, 'x' | 'y' | 'w' | 'h'>, b: Pick<Widget, 'x' | 'y' | 'w' | 'h'>) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

const w = (widget: WidgetCode, x: number, y: number, ww: number, h: number, options = {}): Widget => ({
  widget,
  x,
  y,
  w: ww,
  h,
  options: WIDGETS[widget].parse(options) as Record<string, unknown>,
});

export const DEFAULT_LAYOUTS: Record<ScreenCode, Widget[]> = {
  overview: [
    w('kpis', 0, 0, 24, 2, {
      items: ['supplyToday', 'vsPlan', 'pressureRate', 'qualityRate', 'openAlarms', 'openRepairs', 'patrolRate'],
    }),
    w('supply', 0, 2, 7, 5),
    w('nrw', 0, 7, 7, 5),
    w('map', 7, 2, 9, 10),
    w('pressure', 16, 2, 8, 3),
    w('quality', 16, 5, 8, 3),
    w('alarms', 16, 8, 8, 4),
  ],
  dispatch: [w('diagram', 0, 0, 24, 7), w('supply', 0, 7, 14, 5), w('orders', 14, 7, 10, 5)],
};

/** The tenant's saved arrangement of a screen, or its default. */
export async function layoutOf(ctx: AppContext, tenantId: string, code: ScreenCode) {
  const [r] = await ctx.db
    .select()
    .from(screenLayout)
    .where(liveInTenant(screenLayout, tenantId, eq(screenLayout.screenCode, code)));
  return r
    ? { screenCode: code, saved: true, updateTime: r.updateTime, widgets: r.widgets as Widget[] }
    : { screenCode: code, saved: false, updateTime: null, widgets: DEFAULT_LAYOUTS[code] };
}

export async function saveLayout(ctx: AppContext, who: AuthUser, code: ScreenCode, input: z.infer<typeof layoutInput>) {
  const now = new Date();
  await ctx.db
    .insert(screenLayout)
    .values({
      tenantId: who.tenantId,
      screenCode: code,
      widgets: input.widgets,
      createUser: who.userId,
      updateUser: who.userId,
    })
    .onConflictDoUpdate({
      target: [screenLayout.tenantId, screenLayout.screenCode],
      set: { widgets: input.widgets, updateUser: who.userId, updateTime: now, isDeleted: 0 },
    });
  return layoutOf(ctx, who.tenantId, code);
}

/** Back to the default arrangement. */
export async function resetLayout(ctx: AppContext, tenantId: string, code: ScreenCode) {
  await ctx.db.delete(screenLayout).where(inTenant(screenLayout, tenantId, eq(screenLayout.screenCode, code)));
  return layoutOf(ctx, tenantId, code);
}
