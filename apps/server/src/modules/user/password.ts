/**
 * Passwords of users: the client sends the lower-case hex MD5 of what the person typed (contract.md "Sign-in");
 * the server stores an argon2id hash of that digest, never the digest itself. The SpringBlade clients send a plain
 * password when an administrator adds a user, so a value that is not a 32-digit hex string is digested here first.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../core/resource.ts';
import type { Db } from '../../db/connection.ts';
import { hashPassword as argonHash, verifyPassword as argonVerify } from '../auth/index.ts';
import { param } from '../system/index.ts';

/** Parameter holding the initial password of new, imported and reset accounts (BladeX `account.initPassword`). */
export const INIT_PASSWORD_PARAM = 'account.initPassword';
export const DEFAULT_INIT_PASSWORD = '123456';

const MD5_HEX = /^[0-9a-fA-F]{32}$/;

export const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

/** The digest the client means: an MD5 hex string as sent, or the MD5 of a plain password. */
export function clientDigest(value: string): string {
  return MD5_HEX.test(value) ? value.toLowerCase() : md5(value);
}

/** argon2id of the digest, as the auth module stores and checks it at sign-in. */
export const hashPassword = (digest: string) => argonHash(digest);
export const verifyPassword = (stored: string, digest: string) => argonVerify(stored, digest);

/** The initial password in plain text: the `account.initPassword` parameter, or 123456. */
export async function initialPassword(db: Db | Tx): Promise<string> {
  const [row] = await (db as Db)
    .select({ v: param.paramValue })
    .from(param)
    .where(and(eq(param.paramKey, INIT_PASSWORD_PARAM), eq(param.isDeleted, 0)))
    .limit(1);
  const v = row?.v?.trim();
  return v ? v : DEFAULT_INIT_PASSWORD;
}

/** argon2id hash of the initial password, ready to store. */
export async function initialPasswordHash(db: Db | Tx): Promise<string> {
  return hashPassword(md5(await initialPassword(db)));
}
