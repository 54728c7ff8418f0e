import type { AppSettings } from '@swp/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../core/envelope.ts';
import { byMenu, signedIn, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseInputFirst } from '../../core/parse-input.ts';
import { inTenant } from '../../core/scoped.ts';
import { B, tenantOf } from './common.ts';
import { appSetting } from './schema.ts';

export type { AppSettings };

export const DEFAULT_SETTINGS: AppSettings = {
  positionInterval: 30,
  checkinRadius: 100,
  photoMaxKb: 4096,
  stripExifGps: 1,
  gisLayers: 'pipe,valve,hydrant',
};

export async function settingsOf(ctx: AppContext, tenantId: string): Promise<AppSettings> {
  const [r] = await ctx.db.select().from(appSetting).where(inTenant(appSetting, tenantId));
  if (!r) return { ...DEFAULT_SETTINGS };
  return {
    positionInterval: r.positionInterval,
    checkinRadius: r.checkinRadius,
    photoMaxKb: r.photoMaxKb,
    stripExifGps: r.stripExifGps,
    gisLayers: r.gisLayers,
  };
}

const int = (msg: string, min: number, max: number) =>
  z.coerce.number({ error: msg }).int(msg).min(min, msg).max(max, msg);

export const SETTINGS_BODY = z.object({
  positionInterval: int('定位上报间隔应为 5 到 3600 秒', 5, 3600),
  checkinRadius: int('签到半径应为 10 到 5000 米', 10, 5000),
  photoMaxKb: int('照片大小上限应为 100 到 10240 KB', 100, 10_240),
  stripExifGps: z.coerce
    .number()
    .int()
    .refine((n) => n === 0 || n === 1, '去除照片位置信息应为 0 或 1'),
  gisLayers: z
    .preprocess((v) => (Array.isArray(v) ? v.join(',') : (v ?? '')), z.string().max(500, '图层过多'))
    .refine((s) => s.split(',').every((l) => l === '' || /^[A-Za-z0-9_:-]{1,64}$/.test(l)), '图层编号格式不正确'),
});

export function settingsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(`${B}/setting/detail`, byMenu('app_setting'), async (req) => ok(await settingsOf(ctx, tenantOf(req))));

  app.post(`${B}/setting/submit`, byMenu('app_setting_edit'), async (req) => {
    const body = parseInputFirst(SETTINGS_BODY, req.body);
    const tenantId = tenantOf(req);
    const row = { ...body, updateUser: userOf(req).userId, updateTime: new Date() };
    await ctx.db
      .insert(appSetting)
      .values({ tenantId, ...row })
      .onConflictDoUpdate({ target: appSetting.tenantId, set: row });
    return ok(await settingsOf(ctx, tenantId));
  });

  // what the app needs at start: its settings (the same for every signed-in user of the tenant)
  app.get(`${B}/config`, signedIn, async (req) => ok(await settingsOf(ctx, tenantOf(req))));
}
