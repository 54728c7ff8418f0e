/**
 * Server keys kept in the database so that every instance agrees: the JWT secret (unless SWP_JWT_SECRET is set)
 * and the SM2 key pair of the SpringBlade dialect (unless SWP_SM2_PUBLIC_KEY and SWP_SM2_PRIVATE_KEY are set).
 * The first instance to start generates them; the others read what it wrote.
 */
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import smCrypto from 'sm-crypto';
import type { AppContext } from '../../core/module.ts';
import { authKey } from './schema.ts';

export interface ServerKeys {
  jwtSecret: Uint8Array;
  sm2PublicKey: string;
  sm2PrivateKey: string;
}

async function stored(ctx: AppContext, make: () => Record<string, string>): Promise<Record<string, string>> {
  const wanted = make();
  const names = Object.keys(wanted);
  // insert-if-missing, then read back: whoever inserted first wins for everybody
  await ctx.db
    .insert(authKey)
    .values(names.map((name) => ({ name, value: wanted[name] })))
    .onConflictDoNothing();
  const rows = await ctx.db.select().from(authKey).where(inArray(authKey.name, names));
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

export async function loadKeys(ctx: AppContext): Promise<ServerKeys> {
  const env = process.env;
  let jwt = ctx.config.jwtSecret;
  if (!jwt) jwt = (await stored(ctx, () => ({ 'jwt.secret': randomBytes(48).toString('base64url') })))['jwt.secret'];
  let sm2PublicKey = env.SWP_SM2_PUBLIC_KEY;
  let sm2PrivateKey = env.SWP_SM2_PRIVATE_KEY;
  if (!sm2PublicKey || !sm2PrivateKey) {
    // the pair must be written together: one insert of both rows
    const kv = await stored(ctx, () => {
      const kp = smCrypto.sm2.generateKeyPairHex();
      return { 'sm2.public': kp.publicKey, 'sm2.private': kp.privateKey };
    });
    sm2PublicKey = kv['sm2.public'];
    sm2PrivateKey = kv['sm2.private'];
  }
  return { jwtSecret: new TextEncoder().encode(jwt), sm2PublicKey, sm2PrivateKey };
}
