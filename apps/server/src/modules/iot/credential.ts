/**
 * Device credentials and contact records for the device screen: a new secret per call (random, 32 characters,
 * shown once, stored as argon2id), replacing the old one at once on every instance (live bus), and the devices'
 * last contact, online state, counts and refusals by reason.
 */
import { randomBytes } from 'node:crypto';
import { hash as argonHash } from '@node-rs/argon2';
import { eq, inArray } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import type { AuthUser } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { formatDateTime } from '../../core/time.ts';
import { deviceBase } from '../device/index.ts';
import { CREDENTIAL_TOPIC } from './directory.ts';
import { iotCredential, iotDeviceStat } from './schema.ts';
import type { Telemetry } from './telemetry.ts';
import { REFUSALS, topicOf } from './wire.ts';

/** a device is online while its last contact is at most this old */
export const ONLINE_MS = 10 * 60_000;
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

export async function issueCredential(ctx: AppContext, telemetry: Telemetry, user: AuthUser, deviceCode: unknown) {
  if (deviceCode === undefined || deviceCode === '') throw badRequest('缺少必要的请求参数: deviceCode');
  const code = String(deviceCode);
  if (!CODE.test(code)) throw badRequest('设备编号只能包含字母、数字、下划线和短横线，最长 64 位');
  const tenantId = user.tenantId;
  const [device] = await ctx.db
    .select({ id: deviceBase.id })
    .from(deviceBase)
    .where(liveInTenant(deviceBase, tenantId, eq(deviceBase.deviceCode, code)))
    .limit(1);
  if (!device) throw badRequest(`设备不存在: ${code}`);
  const secret = randomBytes(24).toString('base64url');
  const secretHash = await argonHash(secret);
  const issuedAt = new Date();
  await ctx.db
    .insert(iotCredential)
    .values({ deviceId: device.id, tenantId, deviceCode: code, secretHash, issuedAt, issuedBy: user.userId })
    .onConflictDoUpdate({
      target: iotCredential.deviceId,
      set: { secretHash, issuedAt, issuedBy: user.userId, deviceCode: code },
    });
  // the old secret stops here at once, and on the other instances when the event arrives
  telemetry.directory.forget({ tenantId, deviceCode: code });
  await ctx.live.publish({ topic: CREDENTIAL_TOPIC, data: { tenantId, deviceCode: code } });
  return {
    deviceCode: code,
    tenantId,
    username: `${code}@${tenantId}`,
    secret,
    topic: topicOf({ tenantId, deviceCode: code }),
    issuedAt: formatDateTime(issuedAt),
  };
}

/** Contact records of some devices of the tenant (`deviceCodes` comma-joined, at most 200). */
export async function deviceStatus(ctx: AppContext, telemetry: Telemetry, tenantId: string, codesRaw: unknown) {
  const codes = [
    ...new Set(
      String(codesRaw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (!codes.length) throw badRequest('缺少必要的请求参数: deviceCodes');
  if (codes.length > 200) throw badRequest('一次最多查询 200 台设备');
  const bad = codes.find((c) => !CODE.test(c));
  if (bad) throw badRequest(`设备编号格式不正确: ${bad.slice(0, 64)}`);
  // what this instance counted in the last second is written first, so the screen shows it
  await telemetry.stats.flush();
  const [creds, stats] = await Promise.all([
    ctx.db
      .select({ deviceCode: iotCredential.deviceCode, issuedAt: iotCredential.issuedAt })
      .from(iotCredential)
      .where(inTenant(iotCredential, tenantId, inArray(iotCredential.deviceCode, codes))),
    ctx.db
      .select()
      .from(iotDeviceStat)
      .where(inTenant(iotDeviceStat, tenantId, inArray(iotDeviceStat.deviceCode, codes))),
  ]);
  const credBy = new Map(creds.map((c) => [c.deviceCode, c]));
  const statBy = new Map(stats.map((s) => [s.deviceCode, s]));
  const now = Date.now();
  return codes.map((code) => {
    const c = credBy.get(code);
    const s = statBy.get(code);
    const refusals = Object.entries(s?.refusals ?? {}).map(([reason, count]) => ({
      reason,
      name: REFUSALS[reason as keyof typeof REFUSALS] ?? reason,
      count: Number(count),
    }));
    return {
      deviceCode: code,
      username: `${code}@${tenantId}`,
      topic: topicOf({ tenantId, deviceCode: code }),
      credentialIssued: !!c,
      credentialIssuedAt: c ? formatDateTime(c.issuedAt) : null,
      lastContact: s?.lastContact ? formatDateTime(s.lastContact) : null,
      lastSource: s?.lastSource ?? null,
      online: !!s?.lastContact && now - s.lastContact.getTime() <= ONLINE_MS,
      messages: s?.messages ?? 0,
      points: s?.points ?? 0,
      refusals,
      refusedTotal: refusals.reduce((a, r) => a + r.count, 0),
      lastRefusal: s?.lastRefusal ?? null,
      lastRefusalAt: s?.lastRefusalAt ? formatDateTime(s.lastRefusalAt) : null,
    };
  });
}
