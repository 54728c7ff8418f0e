/**
 * Burst events (爆管事件, `/swp-dispatch/wsnc-squibbing-event/*`): an event stores the valve-shutdown analysis of
 * its pipe and the valves a crew closes (in order, nearest first) with their backups; the public shutValue page
 * reaches one event through a signed, expiring link.
 *
 * Share links: `<eventId>.<expires>.<hmac>` where the HMAC-SHA256 key is the event's own random `share_key`;
 * a new key (`share` with `renew`) revokes every link given out before. The link admits exactly that event's
 * valve list and marking its valves closed.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import { newId } from '../../core/ids.ts';
import { defineResource } from '../../core/resource.ts';
import { inTenant, liveInTenant, tenantColumnSql, tenantSql } from '../../core/scoped.ts';
import { formatDate } from '../../core/time.ts';
import type { Db } from '../../db/connection.ts';
import { burstEvent, eventValve } from './schema.ts';
import { analysePipe, nearestPipe, type PipeAnalysis } from './service.ts';

export const EVENT_STATUS = { open: 0, closing: 1, closed: 2, voided: 3 } as const;
/** default lifetime of a share link: 24 hours */
export const SHARE_TTL_SECONDS = 24 * 3600;

export interface NewBurst {
  pipeGid?: number;
  x?: number;
  y?: number;
  title?: string;
  source?: 'manual' | 'alarm';
  alarmId?: string;
  userId?: string;
  /** the network version the dispatcher's preview ran on: a confirmation on a changed network is refused */
  networkVersion?: number;
}

/** The pipe of a burst: the one named, or the nearest to the point (within 200 m). */
async function burstPipe(db: Db, tenantId: string, inp: { pipeGid?: number; x?: number; y?: number }) {
  const at = inp.x !== undefined && inp.y !== undefined ? { x: inp.x, y: inp.y } : undefined;
  if (inp.pipeGid !== undefined) return { pipeGid: inp.pipeGid, at };
  if (!at) throw badRequest('缺少必要的请求参数: pipeGid 或 x, y');
  const p = await nearestPipe(db, tenantId, at.x, at.y);
  if (!p) throw badRequest('爆管点 200 米内没有管线');
  return { pipeGid: p.gid, at };
}

/**
 * 预览: the valve-shutdown analysis of a burst, stored nowhere. The dispatcher checks the valves, the pipes cut off
 * and the customers, then confirms (createBurstEvent with the same pipe, point and network version) or drops it.
 */
export async function previewBurst(db: Db, tenantId: string, inp: { pipeGid?: number; x?: number; y?: number }) {
  const { pipeGid, at } = await burstPipe(db, tenantId, inp);
  const a = await analysePipe(db, tenantId, pipeGid, at);
  return {
    pipeGid,
    x: a.burst.x,
    y: a.burst.y,
    networkVersion: a.networkVersion,
    title: `${a.burst.roadName ?? ''}${a.burst.pipeDno} 爆管`,
    address: a.burst.roadName,
    dmaCode: a.burst.dmaCode,
    valveCount: a.valves.length,
    affectedCustomers: a.affectedCustomers,
    criticalCount: a.criticalUsers.length,
    analysis: a,
  };
}

/** Creates a burst event with its analysis (one statement); `pipeGid` or a point near a pipe is required. */
export async function createBurstEvent(db: Db, tenantId: string, inp: NewBurst) {
  const { pipeGid, at } = await burstPipe(db, tenantId, inp);
  const a = await analysePipe(db, tenantId, pipeGid, at);
  // what was previewed is what is stored: a network changed meanwhile means another analysis
  if (inp.networkVersion !== undefined && inp.networkVersion !== a.networkVersion)
    throw badRequest('管网已更新, 分析结果已变化, 请重新分析后再确认');
  const id = newId();
  // the day in the utility's time zone (the server's TZ): a burst at 07:00 Beijing time is that day's event
  const day = formatDate(new Date()).replaceAll('-', '');
  const rows = [
    ...a.valves.map((v, i) => ({ v, seq: i + 1, role: 'close', forValveGid: null as number | null })),
    ...a.backups.flatMap((b) =>
      b.valves.map((v, i) => ({ v, seq: i + 1, role: 'backup', forValveGid: b.forValve as number | null })),
    ),
  ];
  const col = (f: (r: (typeof rows)[number]) => unknown) => sql.param(rows.map(f));
  // one statement, so one round trip and still all or nothing: the event, numbered after the day's events so far
  // (BG<day><nnnn>), and its valve list
  await db.execute(sql`
    with ev as (
      insert into swp_dispatch_burst_event (id, tenant_id, code, title, pipe_gid, pipe_dno, x, y, address, dma_code,
        source, alarm_id, valve_count, affected_customers, critical_count, analysis, network_version, create_user,
        update_user)
      select ${id}::bigint, ${tenantId}, ${`BG${day}`}::text || lpad((count(*) + 1)::text, 4, '0'),
        ${inp.title?.trim() || `${a.burst.roadName ?? ''}${a.burst.pipeDno} 爆管`}, ${pipeGid}::int, ${a.burst.pipeDno},
        ${a.burst.x}::float8, ${a.burst.y}::float8, ${a.burst.roadName}, ${a.burst.dmaCode}, ${inp.source ?? 'manual'},
        ${inp.alarmId ?? null}::bigint, ${a.valves.length}::int, ${a.affectedCustomers}::int,
        ${a.criticalUsers.length}::int, ${JSON.stringify(a)}::jsonb, ${a.networkVersion}::int,
        ${inp.userId ?? null}::bigint, ${inp.userId ?? null}::bigint
      from swp_dispatch_burst_event where ${tenantSql(burstEvent, tenantId)} and code like ${`BG${day}%`}
      returning id)
    insert into swp_dispatch_event_valve (id, tenant_id, event_id, valve_gid, valve_dno, seq, role, for_valve_gid, x, y,
      diameter, distance)
    select u.id, ${tenantId}, ev.id, u.valve_gid, u.valve_dno, u.seq, u.role, u.for_valve_gid, u.x, u.y, u.diameter,
      u.distance
    from ev, unnest(${sql.param(rows.map(() => newId()))}::bigint[], ${col((r) => r.v.gid)}::int[],
      ${col((r) => r.v.dno)}::varchar[], ${col((r) => r.seq)}::int[], ${col((r) => r.role)}::varchar[],
      ${col((r) => r.forValveGid)}::int[], ${col((r) => r.v.x)}::float8[], ${col((r) => r.v.y)}::float8[],
      ${col((r) => r.v.diameter)}::int[], ${col((r) => r.v.distance)}::float8[])
      as u(id, valve_gid, valve_dno, seq, role, for_valve_gid, x, y, diameter, distance)`);
  return eventDetail(db, tenantId, id);
}

const SUMMARY = {
  id: burstEvent.id,
  tenantId: burstEvent.tenantId,
  code: burstEvent.code,
  title: burstEvent.title,
  pipeGid: burstEvent.pipeGid,
  pipeDno: burstEvent.pipeDno,
  x: burstEvent.x,
  y: burstEvent.y,
  address: burstEvent.address,
  dmaCode: burstEvent.dmaCode,
  source: burstEvent.source,
  alarmId: burstEvent.alarmId,
  occurTime: burstEvent.occurTime,
  eventStatus: burstEvent.eventStatus,
  valveCount: burstEvent.valveCount,
  affectedCustomers: burstEvent.affectedCustomers,
  criticalCount: burstEvent.criticalCount,
  voidReason: burstEvent.voidReason,
  voidTime: burstEvent.voidTime,
  createTime: burstEvent.createTime,
};

/**
 * `wsnc-squibbing-event/page`: the tenant's burst events, newest first, with the query's filters; the analysis (a
 * valve plan, large) and the share key only in the detail. On the resource engine.
 */
export const burstEventPageResource = defineResource({
  code: 'burst_event',
  base: '/swp-dispatch/wsnc-squibbing-event',
  table: burstEvent,
  input: {},
  grant: {
    read: ['burst_event', 'gis_map'],
    submit: ['burst_event_add', 'gis_map_analyse'],
    remove: ['burst_event_add', 'gis_map_analyse'],
  },
  routes: ['page'],
  // events are the tenant's, whoever analysed them
  dataScope: false,
  hidden: ['analysis', 'shareKey'],
  order: (c) => [desc(c.get('occurTime')!), desc(c.get('id')!)],
});

export async function eventDetail(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ ...SUMMARY, analysis: burstEvent.analysis })
    .from(burstEvent)
    .where(liveInTenant(burstEvent, tenantId, eq(burstEvent.id, id)));
  return row ? { ...row, analysis: row.analysis as PipeAnalysis } : null;
}

export async function valveList(db: Db, tenantId: string, eventId: string) {
  return db
    .select({
      id: eventValve.id,
      eventId: eventValve.eventId,
      valveGid: eventValve.valveGid,
      valveDno: eventValve.valveDno,
      seq: eventValve.seq,
      role: eventValve.role,
      forValveGid: eventValve.forValveGid,
      x: eventValve.x,
      y: eventValve.y,
      diameter: eventValve.diameter,
      distance: eventValve.distance,
      closed: eventValve.closed,
      closedTime: eventValve.closedTime,
      closedBy: eventValve.closedBy,
    })
    .from(eventValve)
    .where(liveInTenant(eventValve, tenantId, eq(eventValve.eventId, eventId)))
    .orderBy(
      sql`case when ${eventValve.role} = 'close' then 0 else 1 end`,
      asc(eventValve.forValveGid),
      asc(eventValve.seq),
    );
}

/**
 * 作废: a mistaken event is voided with a reason, never deleted; it stays in the list (status 3) with who, when and
 * why. Its valves can no longer be marked and its share links stop admitting the crew's marks.
 */
export async function voidEvent(db: Db, tenantId: string, id: string, reason: string, userId: string) {
  const hit = await db
    .update(burstEvent)
    .set({
      eventStatus: EVENT_STATUS.voided,
      voidReason: reason,
      voidTime: new Date(),
      voidUser: userId,
      updateUser: userId,
      updateTime: new Date(),
    })
    .where(
      liveInTenant(
        burstEvent,
        tenantId,
        eq(burstEvent.id, id),
        sql`${burstEvent.eventStatus} <> ${EVENT_STATUS.voided}`,
      ),
    )
    .returning({ code: burstEvent.code });
  if (hit.length) return { id, code: hit[0].code, eventStatus: EVENT_STATUS.voided };
  const ev = await eventDetail(db, tenantId, id);
  throw badRequest(ev ? `爆管事件 ${ev.code} 已作废` : `爆管事件不存在: ${id}`);
}

/** Marks a valve of an event closed (or open again) and moves the event's status on. */
export async function markValve(
  db: Db,
  tenantId: string,
  eventId: string,
  valveGid: number,
  closed: boolean,
  by: string,
) {
  return db.transaction(async (tx) => {
    // a voided event is over: no more marks (checked under a row lock, so a void and a mark never cross)
    const st = await tx.execute<{ s: number }>(sql`
      select event_status as s from swp_dispatch_burst_event
      where id = ${eventId} and ${tenantSql(burstEvent, tenantId)} and is_deleted = 0 for update`);
    if (st.rows[0] && Number(st.rows[0].s) === EVENT_STATUS.voided) throw badRequest('该爆管事件已作废, 不能登记关阀');
    const hit = await tx
      .update(eventValve)
      .set({
        closed: closed ? 1 : 0,
        closedTime: closed ? new Date() : null,
        closedBy: closed ? by : null,
        updateTime: new Date(),
      })
      .where(inTenant(eventValve, tenantId, eq(eventValve.eventId, eventId), eq(eventValve.valveGid, valveGid)))
      .returning({ id: eventValve.id });
    if (!hit.length) throw badRequest(`该事件没有阀门 ${valveGid}`);
    const r = await tx.execute<{ total: number; done: number }>(sql`
      select count(*) filter (where v.role = 'close')::int as total,
        count(*) filter (where v.role = 'close' and (v.closed = 1 or exists (
          select 1 from swp_dispatch_event_valve b
          where b.event_id = v.event_id and ${tenantSql(eventValve, tenantColumnSql(eventValve, 'v'), 'b')} and b.role = 'backup'
            and b.for_valve_gid = v.valve_gid and b.closed = 1 and b.is_deleted = 0)))::int as done
      from swp_dispatch_event_valve v
      where v.event_id = ${eventId} and ${tenantSql(eventValve, tenantId, 'v')} and v.is_deleted = 0`);
    // a valve that cannot be operated is replaced by its backup: closing the backup isolates that side too
    const { total, done } = r.rows[0];
    const status =
      total > 0 && done >= total ? EVENT_STATUS.closed : done > 0 || closed ? EVENT_STATUS.closing : EVENT_STATUS.open;
    await tx
      .update(burstEvent)
      .set({ eventStatus: status, updateTime: new Date() })
      .where(inTenant(burstEvent, tenantId, eq(burstEvent.id, eventId)));
    return { eventStatus: status, closedCount: done, total };
  });
}

// ---------------------------------------------------------------- share links

const b64 = (b: Buffer) => b.toString('base64url');

function sign(key: string, payload: string) {
  return b64(createHmac('sha256', Buffer.from(key, 'base64url')).update(payload).digest());
}

/** A signed link token for the event, valid `ttl` seconds; `renew` first replaces the key (revokes old links). */
export async function shareToken(db: Db, tenantId: string, eventId: string, ttl = SHARE_TTL_SECONDS, renew = false) {
  const [row] = await db
    .select({ key: burstEvent.shareKey, status: burstEvent.eventStatus })
    .from(burstEvent)
    .where(liveInTenant(burstEvent, tenantId, eq(burstEvent.id, eventId)));
  if (!row) throw badRequest(`爆管事件不存在: ${eventId}`);
  if (row.status === EVENT_STATUS.voided) throw badRequest('该爆管事件已作废, 不能分享');
  let key = row.key;
  if (!key || renew) {
    key = b64(randomBytes(32));
    await db.update(burstEvent).set({ shareKey: key }).where(eq(burstEvent.id, eventId));
  }
  const expires = Math.floor(Date.now() / 1000) + ttl;
  const payload = `${eventId}.${expires}`;
  return { token: `${payload}.${sign(key, payload)}`, expires };
}

/** The event (id, tenant) a token admits, or a 400 with a clear message (链接无效, 链接已过期). */
export async function verifyShareToken(db: Db, token: string): Promise<{ eventId: string; tenantId: string }> {
  const m = /^(\d{1,19})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) throw badRequest('链接无效');
  const [, eventId, exp, mac] = m;
  if (Number(exp) < Date.now() / 1000) throw badRequest('链接已过期');
  const [row] = await db
    .select({ key: burstEvent.shareKey, tenantId: burstEvent.tenantId })
    .from(burstEvent)
    .where(and(eq(burstEvent.id, eventId), eq(burstEvent.isDeleted, 0)));
  if (!row?.key) throw badRequest('链接无效');
  const want = Buffer.from(sign(row.key, `${eventId}.${exp}`));
  const got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw badRequest('链接无效');
  return { eventId, tenantId: row.tenantId };
}
