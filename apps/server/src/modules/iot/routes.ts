/**
 * Telemetry routes (mounted under /api and bare):
 * - POST /swp-iot/telemetry                  a device's readings (docs/iot.md); public at the gate — the device signs
 *                                            in here with `Authorization: Basic base64({deviceCode}@{tenantId}:{secret})`
 *                                            (not the OAuth client check, which the gate skips for public routes)
 * - POST /swp-iot/device/credential?deviceCode=   a new secret, answered once (the tenant's administrator)
 * - GET  /swp-iot/device/status?deviceCodes=a,b   last contact, online, counts, refusals by reason
 */
import type { FastifyInstance } from 'fastify';
import { ApiError, ok } from '../../core/envelope.ts';
import { adminOnly, byMenu, parseBasic, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { queryAndBody, queryOf } from '../../core/request-params.ts';
import { deviceStatus, issueCredential } from './credential.ts';
import type { Telemetry } from './telemetry.ts';
import { MAX_BYTES, parseUsername, Refusal } from './wire.ts';

const BASE = '/swp-iot';

export function iotRoutes(app: FastifyInstance, ctx: AppContext, telemetry: () => Telemetry) {
  app.register(async (scope) => {
    // readings arrive as JSON whatever the device says its body is
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(`${BASE}/telemetry`, { config: { access: 'public' } }, async (req, reply) => {
      const basic = parseBasic(req.headers.authorization);
      const k = parseUsername(basic?.id);
      if (!basic || !k) {
        reply.header('www-authenticate', 'Basic realm="swp-iot"');
        throw new ApiError(
          401,
          401,
          '设备认证失败：需要 Authorization: Basic base64({deviceCode}@{tenantId}:{secret})',
        );
      }
      const t = telemetry();
      try {
        const entry = await t.authenticate(k, basic.secret);
        const body = req.body as Buffer | undefined;
        const points = await t.accept(entry, 'http', body?.length ? body : Buffer.from(''));
        return ok({ points }, `已接收 ${points} 个数据点`);
      } catch (e) {
        if (!(e instanceof Refusal)) throw e;
        if (e.reason === 'device' || e.reason === 'auth') throw new ApiError(401, 401, `设备认证失败：${e.message}`);
        throw new ApiError(400, 400, `${e.message}（${e.reason}）`);
      }
    });
  });

  app.post(`${BASE}/device/credential`, adminOnly, async (req) => {
    const q = queryAndBody(req);
    return ok(
      await issueCredential(ctx, telemetry(), userOf(req), q.deviceCode),
      '已签发新密钥，请立即保存，之后不再显示',
    );
  });

  app.get(`${BASE}/device/status`, byMenu('device_base'), async (req) =>
    ok(await deviceStatus(ctx, telemetry(), req.tenantId, queryOf(req).deviceCodes)),
  );
}
