/**
 * The data-source password key: 32 random bytes generated once into `ds_secret` (insert-if-missing, then read
 * back, so every instance agrees), or `SWP_DATASOURCE_KEY` (base64, 32 bytes) when set. Passwords are sealed with
 * AES-256-GCM (random 12-byte IV, 16-byte tag): `iv.tag.ciphertext`, each base64url.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { dsSecret } from './schema.ts';

const NAME = 'datasource.key';
const cache = new WeakMap<object, Buffer>();

export async function dataSourceKey(ctx: Pick<AppContext, 'db'>): Promise<Buffer> {
  const env = process.env.SWP_DATASOURCE_KEY;
  if (env) {
    const k = Buffer.from(env, 'base64');
    if (k.length !== 32) throw new Error('SWP_DATASOURCE_KEY must be 32 bytes, base64');
    return k;
  }
  const hit = cache.get(ctx.db);
  if (hit) return hit;
  await ctx.db
    .insert(dsSecret)
    .values({ name: NAME, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await ctx.db.select().from(dsSecret).where(eq(dsSecret.name, NAME));
  const key = Buffer.from(row.value, 'base64');
  cache.set(ctx.db, key);
  return key;
}

export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return [iv, c.getAuthTag(), ct].map((b) => b.toString('base64url')).join('.');
}

export function open(key: Buffer, sealed: string): string {
  const [iv, tag, ct] = sealed.split('.').map((s) => Buffer.from(s, 'base64url'));
  if (!iv || !tag || !ct) throw new Error('sealed value malformed');
  const d = createDecipheriv('aes-256-gcm', key, iv);
  d.setAuthTag(tag);
  return Buffer.concat([d.update(ct), d.final()]).toString('utf8');
}
