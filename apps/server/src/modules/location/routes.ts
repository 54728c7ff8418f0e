/**
 * `/swp-pipeops-location`: `position/report` (the ingest the mobile app calls: one report or a batch, for the
 * signed-in person), `position/realTime`, `position/trace` (thinned), `position/personnelMonitorCount`,
 * `position/personnelMonitor`, `message-center/queryState`, and `position/stream`: the live positions of the
 * tenant as server-sent events (read with fetch, which carries the client and token headers).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, ok } from '../../core/envelope.ts';
import { openEventStream } from '../../core/event-stream.ts';
import { userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseInputFirst } from '../../core/parse-input.ts';
import { tenantText } from '../../core/scoped.ts';
import { streamLimitOf } from '../../core/stream-limit.ts';
import { parseDateTime } from '../../core/time.ts';
import { fromEpsg4548, toEpsg4548 } from '../monitor/index.ts';
import { byMenu, dateBound, deptTree, signedIn } from '../patrol/index.ts';
import { user } from '../system/index.ts';
import { staffPosition } from './schema.ts';
import { POSITIONS_TOPIC, publishPositions } from './simulator.ts';
import { IngestQueue, type Report } from './store.ts';
import { thinTrace, traceLength } from './thinning.ts';

/** a person is online while their last report is younger than this */
export const ONLINE_MS = 5 * 60_000;
const DAY = 86_400_000;
export const MAX_BATCH = 500;

export const LOC_MSG = {
  position: '请提供经纬度 lon、lat 或平面坐标 x、y',
  lon: '经度应在 73 到 136 之间',
  lat: '纬度应在 3 到 54 之间',
  ts: '定位时间应为毫秒时间戳或 YYYY-MM-DD HH:mm:ss',
  future: '定位时间不能晚于当前时间',
  old: '只接受 7 天内的定位',
  batch: `一次最多上报 ${MAX_BATCH} 个定位`,
  userId: '请选择人员',
  range: '时间范围不能超过 7 天',
  order: '开始时间不能晚于结束时间',
} as const;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const num = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blank(v)),
  z.number({ error: LOC_MSG.position }).finite(LOC_MSG.position).optional(),
);
const time = z.preprocess(
  (v) => blank(v),
  z
    .union([z.number(), z.string()], { error: LOC_MSG.ts })
    .transform((v, c) => {
      const t = typeof v === 'number' ? v : /^\d{10,13}$/.test(v) ? Number(v) : parseDateTime(v)?.getTime();
      if (t === undefined || !Number.isFinite(t)) {
        c.addIssue({ code: 'custom', message: LOC_MSG.ts });
        return z.NEVER;
      }
      return t < 1e12 ? t * 1000 : t;
    })
    .optional(),
);
const reportInput = z.object({
  lon: num,
  lat: num,
  x: num,
  y: num,
  ts: time,
  speed: z.preprocess(
    (v) => (typeof v === 'string' ? Number(v) : blank(v)),
    z.number({ error: '速度必须是数字' }).min(0, '速度不能为负').max(100, '速度过大').optional(),
  ),
  accuracy: z.preprocess(
    (v) => (typeof v === 'string' ? Number(v) : blank(v)),
    z.number({ error: '精度必须是数字' }).min(0, '精度不能为负').max(10_000, '精度过大').optional(),
  ),
});

function toReport(r: z.infer<typeof reportInput>, userId: string, tenantId: string, now: number): Report {
  let { lon, lat, x, y } = r;
  if (lon === undefined || lat === undefined) {
    if (x === undefined || y === undefined) throw badRequest(LOC_MSG.position);
    ({ lon, lat } = fromEpsg4548(x, y));
  }
  if (!(lon >= 73 && lon <= 136)) throw badRequest(LOC_MSG.lon);
  if (!(lat >= 3 && lat <= 54)) throw badRequest(LOC_MSG.lat);
  if (x === undefined || y === undefined) ({ x, y } = toEpsg4548(lon, lat));
  const ts = r.ts ?? now;
  if (ts > now + 5 * 60_000) throw badRequest(LOC_MSG.future);
  if (ts < now - 7 * DAY) throw badRequest(LOC_MSG.old);
  return { userId, tenantId, ts, lon, lat, x, y, speed: r.speed ?? null, accuracy: r.accuracy ?? null };
}

const idRe = /^\d{1,20}$/;
const optionalId = (msg: string) => z.preprocess(blank, z.string().regex(idRe, msg).optional());

/** Latest positions reported on this instance, published once a second (the live bus must not carry every report). */
class LiveBatcher {
  private pending = new Map<string, Report>();
  private timer?: NodeJS.Timeout;
  constructor(private ctx: AppContext) {}
  add(reports: Report[]) {
    for (const r of reports) {
      const have = this.pending.get(r.userId);
      if (!have || have.ts <= r.ts) this.pending.set(r.userId, r);
    }
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), 1000);
      this.timer.unref?.();
    }
  }
  async flush() {
    this.timer = undefined;
    const list = [...this.pending.values()];
    this.pending.clear();
    if (list.length) await publishPositions(this.ctx, list).catch(() => {});
  }
  stop() {
    if (this.timer) clearTimeout(this.timer);
  }
}
export const batchers = new Set<LiveBatcher>();

/** STAFF_SQL's arguments (tenant, online window) and, when `deptId` names a department, the filter to its subtree. */
async function staffArgs(ctx: AppContext, tenantId: string, deptId?: string) {
  const depts = deptId ? await deptTree(ctx, tenantId, deptId) : undefined;
  const args: unknown[] = [tenantId, ONLINE_MS / 1000];
  let w = '';
  if (depts) {
    args.push(depts);
    w = ` and string_to_array(u.dept_id, ',') && $${args.length}::text[]`;
  }
  return { args, w };
}

const STAFF_SQL = `
  select u.id::text as "userId", u.account, u.real_name as "realName", u.phone,
         (string_to_array(u.dept_id, ','))[1] as "deptId",
         (select d.dept_name from blade_dept d where d.id::text = (string_to_array(u.dept_id, ','))[1]) as "deptName",
         l.ts as "lastTime", l.lon, l.lat, l.x, l.y, l.speed,
         case when l.ts is null then 'never' when l.ts > now() - make_interval(secs => $2::float8) then 'online' else 'offline' end as state
    from blade_user u left join swp_location_latest l on l.user_id = u.id
   where ${tenantText(user, '$1', 'u')} and u.is_deleted = 0 and u.account <> 'admin'`;

// where each person is and has been is for the location screen; the overview shows only counts
const read = byMenu('location_monitor');
const counts = byMenu('location_monitor', 'patrol_overview');

export function locationRoutes(app: FastifyInstance, ctx: AppContext) {
  const B = '/swp-pipeops-location';
  const pool = ctx.database.pool;
  const batcher = new LiveBatcher(ctx);
  batchers.add(batcher);
  const ingest = new IngestQueue(pool);

  app.post(`${B}/position/report`, signedIn, async (req) => {
    const u = userOf(req);
    const body = req.body as any;
    const list: unknown[] = Array.isArray(body) ? body : Array.isArray(body?.positions) ? body.positions : [body];
    if (!list.length) throw badRequest(LOC_MSG.position);
    if (list.length > MAX_BATCH) throw badRequest(LOC_MSG.batch);
    const now = Date.now();
    const reports = list.map((item) => toReport(parseInputFirst(reportInput, item), u.userId, u.tenantId, now));
    const inserted = await ingest.store(reports);
    batcher.add(reports);
    return ok({ received: reports.length, inserted });
  });
  positionRoutes(app, ctx);
  monitorRoutes(app, ctx);
  streamRoutes(app, ctx);
}

/** Where people are (`position/realTime`) and have been (`position/trace`). */
function positionRoutes(app: FastifyInstance, ctx: AppContext) {
  const B = '/swp-pipeops-location';
  const pool = ctx.database.pool;

  app.get(`${B}/position/realTime`, read, async (req) => {
    const q = parseInputFirst(
      z.object({
        deptId: optionalId('部门编号格式不正确'),
        state: z.preprocess(blank, z.enum(['online', 'offline'], { error: '状态应为 online 或 offline' }).optional()),
      }),
      req.query,
    );
    const { args, w: depts } = await staffArgs(ctx, userOf(req).tenantId, q.deptId);
    const w = ` and l.ts is not null${depts}`;
    if (q.state) args.push(q.state);
    const r = await pool.query(
      `select * from (${STAFF_SQL}${w}) s ${q.state ? `where state = $${args.length}` : ''} order by "deptName", "realName"`,
      args,
    );
    return ok(r.rows.map((x) => ({ ...x, online: x.state === 'online' })));
  });

  app.get(`${B}/position/trace`, read, async (req) => {
    const q = parseInputFirst(
      z.object({
        userId: z.preprocess(blank, z.string({ error: LOC_MSG.userId }).regex(idRe, LOC_MSG.userId)),
        startTime: dateBound('开始时间', 'YYYY-MM-DD HH:mm:ss'),
        endTime: dateBound('结束时间', 'YYYY-MM-DD HH:mm:ss'),
        tolerance: z.preprocess(
          (v) => (typeof v === 'string' ? Number(v) : blank(v)),
          z.number({ error: '容差必须是数字' }).min(0, '容差不能为负').max(1000, '容差不能超过 1000 米').default(3),
        ),
        maxPoints: z.preprocess(
          (v) => (typeof v === 'string' ? Number(v) : blank(v)),
          z
            .number({ error: '点数必须是整数' })
            .int('点数必须是整数')
            .min(2, '点数至少为 2')
            .max(20_000, '点数不能超过 20000')
            .default(2000),
        ),
      }),
      req.query,
    );
    const end = q.endTime ?? new Date();
    const start = q.startTime ?? new Date(new Date(end).setHours(0, 0, 0, 0));
    if (start > end) throw badRequest(LOC_MSG.order);
    if (end.getTime() - start.getTime() > 7 * DAY) throw badRequest(LOC_MSG.range);
    const tenantId = userOf(req).tenantId;
    const who = await pool.query(
      `select real_name as "realName" from blade_user where id = $1 and ${tenantText(user, '$2')} and is_deleted = 0`,
      [q.userId, tenantId],
    );
    if (!who.rowCount) throw badRequest('人员不存在');
    const r = await pool.query<{ ts: number; x: number; y: number; lon: number; lat: number; speed: number | null }>(
      `select (extract(epoch from ts) * 1000)::float8 as ts, x, y, lon, lat, speed from swp_location_position
        where user_id = $1 and ${tenantText(staffPosition, '$2')} and ts >= $3 and ts <= $4 order by ts`,
      [q.userId, tenantId, start, end],
    );
    const pts = r.rows;
    const thin = thinTrace(pts, q.tolerance, q.maxPoints);
    return ok({
      userId: q.userId,
      realName: who.rows[0].realName,
      startTime: start,
      endTime: end,
      raw: pts.length,
      distance: Math.round(traceLength(pts)),
      points: thin.map((p) => ({ ...p, time: new Date(p.ts) })),
    });
  });
}

/** The monitor's counts and list by state, and the online state of given people (`message-center/queryState`). */
function monitorRoutes(app: FastifyInstance, ctx: AppContext) {
  const B = '/swp-pipeops-location';
  const pool = ctx.database.pool;

  app.get(`${B}/position/personnelMonitorCount`, counts, async (req) => {
    const q = parseInputFirst(z.object({ deptId: optionalId('部门编号格式不正确') }), req.query);
    const { args, w } = await staffArgs(ctx, userOf(req).tenantId, q.deptId);
    const r = await pool.query(
      `select "deptId", "deptName", count(*)::int as total, count(*) filter (where state = 'online')::int as online,
              count(*) filter (where state = 'offline')::int as offline, count(*) filter (where state = 'never')::int as never
         from (${STAFF_SQL}${w}) s group by 1, 2 order by 2`,
      args,
    );
    const sum = (k: string) => r.rows.reduce((s, x) => s + x[k], 0);
    return ok({
      total: sum('total'),
      online: sum('online'),
      offline: sum('offline'),
      never: sum('never'),
      byDept: r.rows,
    });
  });

  app.get(`${B}/position/personnelMonitor`, read, async (req) => {
    const q = parseInputFirst(
      z.object({
        current: z.preprocess(blank, z.coerce.number().int().min(1, '页码必须是正整数').default(1)),
        size: z.preprocess(
          blank,
          z.coerce.number().int().min(1).max(10_000, '每页条数必须是 1 到 10000 的整数').default(10),
        ),
        deptId: optionalId('部门编号格式不正确'),
        state: z.preprocess(
          blank,
          z.enum(['online', 'offline', 'never'], { error: '状态应为 online、offline 或 never' }).optional(),
        ),
        realName: z.preprocess(blank, z.string().max(20).optional()),
      }),
      req.query,
    );
    const { args, w: depts } = await staffArgs(ctx, userOf(req).tenantId, q.deptId);
    let w = depts;
    if (q.realName) {
      args.push(q.realName);
      w += ` and u.real_name like '%' || $${args.length} || '%'`;
    }
    let outer = '';
    if (q.state) {
      args.push(q.state);
      outer = ` where state = $${args.length}`;
    }
    const base = `select * from (${STAFF_SQL}${w}) s${outer}`;
    const total = (await pool.query(`select count(*)::int as n from (${base}) c`, args)).rows[0].n;
    const rows = await pool.query(
      `select s.*, (select t.task_name from swp_patrol_task t join swp_patrol_task_user tu on tu.task_id = t.id and tu.active = 1
                      where tu.user_id = s."userId"::bigint and t.period_start <= now() and t.period_end > now() and t.is_deleted = 0
                      order by t.period_start desc limit 1) as "taskName"
         from (${base}) s order by (state = 'online') desc, "deptName", "realName" limit ${q.size} offset ${(q.current - 1) * q.size}`,
      args,
    );
    return ok({ records: rows.rows, total, size: q.size, current: q.current, pages: Math.ceil(total / q.size) });
  });

  app.get(`${B}/message-center/queryState`, counts, async (req) => {
    const q = parseInputFirst(
      z.object({
        userIds: z.preprocess(
          (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : Array.isArray(v) ? v : []),
          z.array(z.string().regex(idRe, '人员编号格式不正确')).max(1000, '一次最多查询 1000 人'),
        ),
      }),
      req.query,
    );
    const tenantId = userOf(req).tenantId;
    const args: unknown[] = [tenantId, ONLINE_MS / 1000];
    let w = '';
    if (q.userIds.length) {
      args.push(q.userIds);
      w = ` and u.id = any($${args.length}::bigint[])`;
    }
    const r = await pool.query(
      `select "userId", "realName", state, "lastTime" from (${STAFF_SQL}${w}) s order by "realName"`,
      args,
    );
    return ok(r.rows.map((x) => ({ ...x, online: x.state === 'online' })));
  });
}

/** `position/stream`: positions as server-sent events. */
function streamRoutes(app: FastifyInstance, ctx: AppContext) {
  const B = '/swp-pipeops-location';
  app.get(`${B}/position/stream`, read, async (req, reply) => {
    const { tenantId, userId } = userOf(req);
    // at most MAX_STREAMS_PER_USER open per user: the next is a 429 before anything is sent
    const release = streamLimitOf(ctx).acquire('position', userId);
    const res = openEventStream(reply);
    const off = ctx.live.on(POSITIONS_TOPIC, (ev) => {
      if (ev.tenantId && ev.tenantId !== tenantId) return;
      res.write(`event: positions\ndata: ${JSON.stringify(ev.data)}\n\n`);
    });
    const beat = setInterval(() => res.write(': ping\n\n'), 15_000);
    beat.unref?.();
    const close = () => {
      clearInterval(beat);
      off();
      release();
    };
    req.raw.on('close', close);
    res.on('error', close);
  });
}
