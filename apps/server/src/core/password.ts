/**
 * How the console keeps passwords: clients send the lower-case hex MD5 of what the person typed (BladeX's wire
 * format), and the store keeps argon2id of that. Shared by the modules that create users (auth, system, user).
 */
import { createHash } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';

const MD5_HEX = /^[0-9a-f]{32}$/;
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** argon2id of the lower-case hex MD5 the client sends (what blade_user.password stores). */
export async function hashPassword(md5Hex: string): Promise<string> {
  // @node-rs/argon2 defaults to argon2id (m=19456 KiB, t=2, p=1)
  return argonHash(md5Hex.toLowerCase());
}

/** Checks a lower-case hex MD5 against a stored hash. */
export async function verifyPassword(stored: string, md5Hex: string): Promise<boolean> {
  if (!stored || !md5Hex) return false;
  try {
    return await argonVerify(stored, md5Hex.toLowerCase());
  } catch {
    return false;
  }
}

/** A form's password as the MD5 the store expects: an MD5 already (what our clients send) or hashed here. */
export function asMd5(password: string): string {
  return MD5_HEX.test(password) ? password : md5(password);
}
