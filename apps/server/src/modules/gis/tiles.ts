import type { TileConfig, TileLayerSpec } from '@swp/contract';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import { inTenant } from '../../core/scoped.ts';
import type { Db } from '../../db/connection.ts';
import { gisTileSetting } from './schema.ts';

export const TILE_MSG = {
  url: '地址须为 http(s) 地址，且不能含账号密码或指向本机、链路本地地址',
  template: 'XYZ 地址须含 {z}、{x} 和 {y}（或 {-y}）',
  key: '天地图密钥须为 16–64 位字母或数字',
  keyMissing: '请填写天地图密钥',
} as const;

const WALLED_HOST = [/^localhost$/i, /^127\./, /^0\./, /^169\.254\./, /^\[?::1?\]?$/, /^\[?fe80:/i, /\.localhost$/i];

/** an http(s) URL without credentials, not pointing at this machine or a link-local address */
export function tileUrlOk(raw: string): boolean {
  let u: URL;
  try {
    // template placeholders are not valid in a host name: check the URL with them filled in
    u = new URL(raw.replace(/\{[a-z0-9-]+\}/gi, '0'));
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return false;
  if (u.username || u.password) return false;
  return !WALLED_HOST.some((re) => re.test(u.hostname));
}

const url = z.string().trim().max(1000).refine(tileUrlOk, TILE_MSG.url);

export const tileSettingInput = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('none') }),
  z.object({
    provider: z.literal('tianditu'),
    /** empty: keep the stored key */
    key: z
      .string()
      .trim()
      .regex(/^([A-Za-z0-9]{16,64})?$/, TILE_MSG.key)
      .default(''),
    kind: z.enum(['vec', 'img']).default('vec'),
    matrixSet: z.enum(['w', 'c']).default('w'),
    annotation: z.boolean().default(true),
  }),
  z.object({
    provider: z.literal('xyz'),
    url: url.refine((s) => /\{z\}/.test(s) && /\{x\}/.test(s) && /\{-?y\}/.test(s), TILE_MSG.template),
    maxZoom: z.number().int().min(1).max(22).default(18),
    attribution: z.string().trim().max(200).default(''),
  }),
  z.object({
    provider: z.literal('wmts'),
    url,
    layer: z.string().trim().min(1).max(200),
    matrixSet: z.string().trim().max(200).default(''),
    attribution: z.string().trim().max(200).default(''),
  }),
]);
export type TileSetting = z.infer<typeof tileSettingInput>;

export type TileLayer = TileLayerSpec;
export type { TileConfig };

export const TIANDITU_HOST = 'tianditu.gov.cn';

/** the tile layers a setting draws; the Tianditu key goes only into tianditu.gov.cn URLs */
export function tileLayers(s: TileSetting): TileLayer[] {
  switch (s.provider) {
    case 'none':
      return [];
    case 'tianditu': {
      if (!s.key) return [];
      const set = s.matrixSet;
      const one = (layer: string, role: 'base' | 'label'): TileLayer => ({
        type: 'xyz',
        url:
          `https://t{0-7}.${TIANDITU_HOST}/${layer}_${set}/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0` +
          `&LAYER=${layer}&STYLE=default&TILEMATRIXSET=${set}&FORMAT=tiles` +
          `&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${encodeURIComponent(s.key)}`,
        grid: set === 'w' ? 'EPSG:3857' : 'tianditu-c',
        maxZoom: 18,
        attribution: '天地图',
        role,
      });
      const base = one(s.kind, 'base');
      return s.annotation ? [base, one(s.kind === 'vec' ? 'cva' : 'cia', 'label')] : [base];
    }
    case 'xyz':
      return [
        { type: 'xyz', url: s.url, grid: 'EPSG:3857', maxZoom: s.maxZoom, attribution: s.attribution, role: 'base' },
      ];
    case 'wmts':
      return [
        {
          type: 'wmts',
          url: s.url,
          layer: s.layer,
          matrixSet: s.matrixSet,
          attribution: s.attribution,
          role: 'base',
        },
      ];
  }
}

export async function readTileSetting(db: Db, tenantId: string): Promise<TileSetting> {
  const [row] = await db.select().from(gisTileSetting).where(inTenant(gisTileSetting, tenantId)).limit(1);
  const parsed = tileSettingInput.safeParse(row?.config);
  return parsed.success ? parsed.data : { provider: 'none' };
}

/** the map's view of the setting: the layers to draw (any signed-in user of the tenant) */
export async function tileConfig(db: Db, tenantId: string): Promise<TileConfig> {
  const s = await readTileSetting(db, tenantId);
  const layers = tileLayers(s);
  return { provider: layers.length ? s.provider : 'none', layers };
}

/** the settings screen's view: the key masked (first and last four characters), `keySet` when one is stored */
export function maskedSetting(s: TileSetting): Record<string, unknown> {
  if (s.provider !== 'tianditu') return { ...s };
  const { key, ...rest } = s;
  return { ...rest, key: '', keySet: !!key, keyHint: key ? `${key.slice(0, 4)}…${key.slice(-4)}` : '' };
}

/** saves a setting for the tenant; a Tianditu setting with an empty key keeps the stored one */
export async function saveTileSetting(
  db: Db,
  tenantId: string,
  input: TileSetting,
  userId: string | null,
): Promise<TileSetting> {
  let s = input;
  if (s.provider === 'tianditu' && !s.key) {
    const old = await readTileSetting(db, tenantId);
    const key = old.provider === 'tianditu' ? old.key : '';
    if (!key) throw badRequest(TILE_MSG.keyMissing);
    s = { ...s, key };
  }
  await db
    .insert(gisTileSetting)
    .values({ tenantId, config: s, updateUser: userId, updateTime: new Date() })
    .onConflictDoUpdate({
      target: gisTileSetting.tenantId,
      set: { config: s, updateUser: userId, updateTime: new Date() },
    });
  return s;
}
