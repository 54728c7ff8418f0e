/**
 * A year of deterministic patrol history for the demo plans: the tasks of the periods that ended before today with
 * their check-ins and hazards, and the work orders (from patrols, hotline calls, alarms and monitoring warnings).
 * Every draw is keyed (plan and period, source and day), so the history does not depend on the order rows are made.
 */
import { eq } from 'drizzle-orm';
import { newId } from '../../core/ids.ts';
import type { Tx } from '../../core/resource.ts';
import { inTenant } from '../../core/scoped.ts';
import { EVENT_TYPES } from './catalog.ts';
import { dayString, localDay, TASK_STATUS, zoneOffset } from './periods.ts';
import { type patrolHazard, type patrolOrder, patrolPlan } from './schema.ts';
import { DAY, DEMO_TENANT, draw } from './seed-common.ts';
import type { DemoRefs } from './seed-demo-plans.ts';
import { bulkInsert, materialize, type PlanRow, slotsOf } from './tasks.ts';

type Decorate = NonNullable<Parameters<typeof materialize>[2]>;
type HazardInsert = typeof patrolHazard.$inferInsert;

/** The work orders being made, numbered in the order they are made. */
function orderBook(refs: DemoRefs, now: Date) {
  const orders: (typeof patrolOrder.$inferInsert)[] = [];
  const repairers = refs.staff.filter((s) => s.account.startsWith('qx')).map((s) => s.id);
  let orderSeq = 0;
  const order = (source: string, eventType: string, title: string, at: Date, key: string, deptIdOf: string) => {
    const hours = 1 + 60 * draw(key, 21) ** 2;
    const finish = new Date(at.getTime() + hours * 3_600_000);
    const done = finish.getTime() < now.getTime() && draw(key, 22) < 0.97;
    const row = {
      id: newId(),
      tenantId: DEMO_TENANT,
      orderNo: `GD${dayString(at.getTime()).replaceAll('-', '')}${String(++orderSeq).padStart(5, '0')}`,
      source,
      eventType,
      title,
      deptId: deptIdOf,
      orderStatus: done ? 2 : draw(key, 23) < 0.5 ? 1 : 0,
      createTime: at,
      finishTime: done ? finish : null,
      handleUser: repairers[Math.floor(draw(key, 24) * repairers.length)] ?? null,
    };
    orders.push(row);
    return row;
  };
  return { orders, order };
}
type OrderBook = ReturnType<typeof orderBook>;

/** How one past task went: when it was worked, which objects were checked, what hazards were found. */
function playTask(order: OrderBook['order'], hazards: HazardInsert[], repairDept: string): Decorate {
  return (task, objects, users, slot) => {
    const key = `${slot.plan.planCode}-${slot.firstDay}`;
    const u = draw(key, 5);
    const span = slot.end.getTime() - slot.start.getTime();
    const workStart =
      slot.start.getTime() +
      (slot.plan.period === 'daily' ? 8.5 * 3_600_000 : DAY + 9 * 3_600_000) +
      draw(key, 6) * 3_600_000;
    const overdue = u < 0.04;
    const late = !overdue && u < 0.1;
    const duration = (1.5 + 2.5 * draw(key, 7)) * 3_600_000 * (slot.plan.period === 'daily' ? 1 : 2);
    const finish = late
      ? slot.end.getTime() + (1 + 20 * draw(key, 8)) * 3_600_000
      : Math.min(workStart + duration, slot.start.getTime() + span - 60_000);
    const who = users[0]?.userId;
    let checked = 0;
    let found = 0;
    objects.forEach((o, k) => {
      const ok = overdue ? draw(key, 30 + k) < 0.4 : draw(key, 30 + k) < 0.985;
      if (!ok) return;
      checked++;
      o.checkTime = new Date(workStart + ((finish - workStart) * (k + 0.5)) / objects.length);
      o.checkUser = who;
      o.result = 1;
      if (draw(key, 60 + k) < 0.02) {
        o.result = 2;
        found++;
        const ev = EVENT_TYPES[Math.floor(draw(key, 70 + k) * EVENT_TYPES.length)];
        const ord = order('patrol', ev.code, `${o.objectName}${ev.name}`, o.checkTime, `${key}-${k}`, repairDept);
        hazards.push({
          id: newId(),
          tenantId: DEMO_TENANT,
          taskId: task.id,
          taskObjectId: o.id,
          eventType: ev.code,
          level: 1 + Math.floor(draw(key, 80 + k) * 3),
          description: `${o.objectName}发现${ev.name}，已拍照上报`,
          x: o.x,
          y: o.y,
          reportUser: who,
          reportTime: o.checkTime,
          deptId: slot.plan.deptId,
          hazardStatus: ord.orderStatus === 2 ? 2 : 1,
          orderId: ord.id,
        });
      }
    });
    task.checkedCount = checked;
    task.hazardCount = found;
    task.startTime = checked || !overdue ? new Date(workStart - 10 * 60_000) : null;
    task.taskStatus = overdue ? TASK_STATUS.overdue : TASK_STATUS.finished;
    task.finishTime = overdue ? null : new Date(finish);
    task.updateTime = task.finishTime ?? slot.end;
  };
}

/** work orders from the other sources: hotline calls, alarms, monitoring warnings */
function otherOrders(order: OrderBook['order'], todayStart: number, tz: string, now: Date, repairDept: string) {
  const SOURCES: [string, number][] = [
    ['hotline', 3.2],
    ['alarm', 1.1],
    ['monitor', 0.7],
    ['other', 0.6],
  ];
  const TITLES: Record<string, string> = {
    leak: '报修：路面冒水',
    valve_damage: '阀门无法关闭',
    cover_missing: '井盖缺失存在安全隐患',
    illegal_work: '施工挖断管线风险',
    hydrant_damage: '消火栓被撞漏水',
    occupation: '管线上方违章搭建',
  };
  for (let d = 365; d >= 0; d--) {
    const day = todayStart - d * DAY;
    for (const [source, rate] of SOURCES) {
      const key = `${source}-${dayString(day)}`;
      const n = Math.floor(rate + draw(key, 1) * rate);
      for (let k = 0; k < n; k++) {
        const at = new Date(day + (7 + 14 * draw(key, 10 + k)) * 3_600_000 - zoneOffset(day, tz));
        if (at.getTime() > now.getTime()) continue;
        const ev = EVENT_TYPES[Math.floor(draw(key, 40 + k) * EVENT_TYPES.length)];
        order(source, ev.code, TITLES[ev.code], at, `${key}-${k}`, repairDept);
      }
    }
  }
}

async function insertHistory(tx: Tx, hazards: HazardInsert[], orders: OrderBook['orders']) {
  await bulkInsert(
    tx,
    'swp_patrol_hazard',
    [
      ['id', 'bigint', 'id'],
      ['tenant_id', 'varchar', 'tenantId'],
      ['task_id', 'bigint', 'taskId'],
      ['task_object_id', 'bigint', 'taskObjectId'],
      ['event_type', 'varchar', 'eventType'],
      ['level', 'int', 'level'],
      ['description', 'varchar', 'description'],
      ['x', 'float8', 'x'],
      ['y', 'float8', 'y'],
      ['report_user', 'bigint', 'reportUser'],
      ['report_time', 'timestamptz', 'reportTime'],
      ['dept_id', 'bigint', 'deptId'],
      ['hazard_status', 'int', 'hazardStatus'],
      ['order_id', 'bigint', 'orderId'],
    ],
    hazards,
  );
  await bulkInsert(
    tx,
    'swp_patrol_order',
    [
      ['id', 'bigint', 'id'],
      ['tenant_id', 'varchar', 'tenantId'],
      ['order_no', 'varchar', 'orderNo'],
      ['source', 'varchar', 'source'],
      ['event_type', 'varchar', 'eventType'],
      ['title', 'varchar', 'title'],
      ['dept_id', 'bigint', 'deptId'],
      ['order_status', 'int', 'orderStatus'],
      ['create_time', 'timestamptz', 'createTime'],
      ['finish_time', 'timestamptz', 'finishTime'],
      ['handle_user', 'bigint', 'handleUser'],
    ],
    orders,
  );
}

/** a year of history: the periods that ended before today */
export async function seedDemoHistory(tx: Tx, refs: DemoRefs, tz: string, now: Date, startDate: string) {
  const stored = (await tx
    .select()
    .from(patrolPlan)
    .where(inTenant(patrolPlan, DEMO_TENANT, eq(patrolPlan.auditStatus, 2)))) as PlanRow[];
  const todayStart = localDay(now.getTime(), tz);
  const past = slotsOf(stored, tz, startDate, dayString(todayStart - DAY)).filter(
    (s) => s.end.getTime() <= now.getTime(),
  );
  const hazards: HazardInsert[] = [];
  const { orders, order } = orderBook(refs, now);
  const repairDept = refs.deptId('管网抢修班');
  const T0 = Date.now();
  await materialize(tx, past, playTask(order, hazards, repairDept));
  otherOrders(order, todayStart, tz, now, repairDept);
  if (process.env.PATROL_TIMING) console.log('materialize', Date.now() - T0, past.length);
  await insertHistory(tx, hazards, orders);
  if (process.env.PATROL_TIMING) console.log('orders', Date.now() - T0, orders.length, hazards.length);
}
