/**
 * Device routes (mounted under /api and bare), spec 2 §7 "Patrol, devices, alarms":
 * - GET  /swp-admin/device-base/page                  devices, paged: deviceType (valve, waterQuality, pump,
 *                                                     video), keyword, runStatus, BladeX filters; live values
 *                                                     and rule (the resource engine)
 * - GET  /swp-admin/device-base/detail?id=            one device with its rule and live values (the resource
 *                                                     engine: data null when there is none; no id is a 400)
 * - GET  /swp-admin/device-base/rule-by-code-type     deviceCode, deviceType: the rule and the fields it may watch
 * - POST /swp-admin/device-base/save-or-update        JSON: a device (no id inserts) with an optional `rule`;
 *                                                     { id | deviceCode+deviceType, rule } saves the rule alone
 * - POST /swp-admin/device-base/run-rule              JSON or query: id (rule) | deviceId | deviceCode(+deviceType)
 * - POST /swp-admin/device-base/stop-rule             same
 * - GET  /swp-admin/device-base/select-device-report-num   id | deviceCode: a valve's report count
 * - GET|POST /swp-admin/device-base/save-device-report-num id | deviceCode, reportNum (1–100; valves only)
 * - POST /swp-admin/device-base/remove?ids=           soft delete (the rule goes with its device): the resource
 *                                                     engine, 删除成功（n 台设备）
 * - GET  /swp-admin/device-base/stations              monitoring points a device may be linked to
 * - GET  /swp-admin/device-base/dict                  device types, run states
 * - GET  /swp-admin/device-base/import/template, POST …/import (multipart xlsx: dryRun, skipRejected, jobId),
 *   GET …/import/progress?jobId=                      devices from xlsx (import.ts, core/xlsx-import.ts)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../core/envelope.ts';
import { byMenu, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { queryAndBody } from '../../core/request-params.ts';
import { registerXlsxImport } from '../../core/xlsx-import.ts';
import { deviceImport } from './import.ts';
import { saveDevice } from './save.ts';
import {
  DEVICE_TYPES,
  deviceResource,
  MAX_REPORT_NUM,
  RUN_STATUS,
  ruleByCodeType,
  runRule,
  saveReportNum,
  selectReportNum,
  stationOptions,
  stopRule,
} from './service.ts';

const BASE = '/swp-admin/device-base';
const READ = byMenu('device_base', 'alarm_info');

export function deviceRoutes(app: FastifyInstance, ctx: AppContext) {
  registerXlsxImport(app, ctx, { base: `${BASE}/import`, grant: byMenu('device_base_import'), spec: deviceImport });
  // page, detail and remove
  deviceResource.routes(app, ctx);

  app.get(`${BASE}/rule-by-code-type`, byMenu('device_base'), async (req) =>
    ok(await ruleByCodeType(ctx, req.tenantId, req.query as Record<string, unknown>)),
  );

  // which button a save needs depends on what it saves (add, edit, rule): checked inside
  app.post(`${BASE}/save-or-update`, byMenu('device_base_add', 'device_base_edit', 'device_base_rule'), async (req) =>
    ok(await saveDevice(ctx, req, req.body), '保存成功'),
  );

  app.post(`${BASE}/run-rule`, byMenu('device_base_run'), async (req) =>
    ok(await runRule(ctx, userOf(req), queryAndBody(req)), '规则已运行'),
  );

  app.post(`${BASE}/stop-rule`, byMenu('device_base_run'), async (req) =>
    ok(await stopRule(ctx, userOf(req), queryAndBody(req)), '规则已停止'),
  );

  app.get(`${BASE}/select-device-report-num`, byMenu('device_base'), async (req) =>
    ok(await selectReportNum(ctx, req.tenantId, req.query as Record<string, unknown>)),
  );

  const saveNum = async (req: FastifyRequest) =>
    ok(await saveReportNum(ctx, userOf(req), queryAndBody(req)), '保存成功');
  app.get(`${BASE}/save-device-report-num`, byMenu('device_base_report'), saveNum);
  app.post(`${BASE}/save-device-report-num`, byMenu('device_base_report'), saveNum);

  app.get(`${BASE}/stations`, byMenu('device_base'), async (req) => ok(await stationOptions(ctx, req.tenantId)));

  app.get(`${BASE}/dict`, READ, async () =>
    ok({
      deviceTypes: Object.entries(DEVICE_TYPES).map(([code, t]) => ({ code, ...t })),
      runStatus: Object.entries(RUN_STATUS).map(([code, name]) => ({ code: Number(code), name })),
      maxReportNum: MAX_REPORT_NUM,
    }),
  );
}
