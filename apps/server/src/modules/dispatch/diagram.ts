/**
 * The process diagram (工艺图) of the utility: sources, plants, booster pump stations and the main network points
 * as nodes in columns left to right (the way the water flows), each with the latest value of every series it has.
 * A value whose series has not reported for three of its own intervals is stale: it is sent without a number so no
 * screen can show an old reading as current. Positions an administrator saved override the automatic layout.
 */
import type { DiagramNode, DiagramPump, DiagramValue } from '@swp/contract';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { parseInput } from '../../core/parse-input.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { FIELDS, monitorStation, PUMP_FIELD, seriesOf } from '../monitor/index.ts';
import { dispatchLayout } from './schema.ts';

/** Columns of the diagram in flow order, by station type. */
export const COLUMNS = [
  { kind: 'source', name: '水源', nameEn: 'Sources', sttp: ['RR'] },
  { kind: 'plant', name: '水厂', nameEn: 'Plants', sttp: ['SC'] },
  { kind: 'pump', name: '加压泵站', nameEn: 'Booster stations', sttp: ['BZ'] },
  { kind: 'network', name: '管网监测点', nameEn: 'Network points', sttp: ['YL', 'LL'] },
] as const;

export const NODE_W = 220;
export const COL_GAP = 300;
export const ROW_GAP = 130;
export const STALE_INTERVALS = 3;
/** the box of a station as the screens draw it: title, a row per value, a header and a row per pump */
export const boxHeight = (values: number, pumps: number) =>
  28 + (Math.max(1, values) + (pumps ? pumps + 1 : 0)) * 20 + 8;

export type { DiagramNode, DiagramPump, DiagramValue };

/** Stale when more than three reporting intervals passed since the series' last point. */
export function isStale(lastTs: Date | null, stepSeconds: number, now: number) {
  return !lastTs || now - lastTs.getTime() > STALE_INTERVALS * stepSeconds * 1000;
}

export async function diagramOf(ctx: AppContext, tenantId: string, now = Date.now()) {
  const types = COLUMNS.flatMap((c) => [...c.sttp]);
  const stations = await ctx.db
    .select()
    .from(monitorStation)
    .where(liveInTenant(monitorStation, tenantId, inArray(monitorStation.sttp, types)))
    .orderBy(monitorStation.sort, monitorStation.stcd);
  const series = await seriesOf(
    ctx,
    stations.map((s) => s.id),
  );
  const [saved] = await ctx.db.select().from(dispatchLayout).where(inTenant(dispatchLayout, tenantId));
  const positions = saved?.positions ?? {};
  const nodes: DiagramNode[] = [];
  COLUMNS.forEach((col, ci) => {
    const mine = stations.filter((s) => (col.sttp as readonly string[]).includes(s.sttp));
    let top = 70;
    mine.forEach((s) => {
      const all: DiagramValue[] = series
        .filter((x) => x.stationId === s.id)
        .map((x) => {
          const stale = isStale(x.lastTs, x.stepSeconds, now);
          const def = FIELDS[x.field];
          return {
            field: x.field,
            name: def?.name ?? x.field,
            nameEn: def?.nameEn ?? x.field,
            unit: def?.unit ?? '',
            value: stale || x.lastValue === null ? null : Number(x.lastValue.toFixed(def?.decimals ?? 2)),
            time: x.lastTs ? x.lastTs.toISOString() : null,
            stale,
            step: x.stepSeconds,
          };
        });
      const values = all.filter((v) => !PUMP_FIELD.test(v.field));
      const pumps = pumpsOf(all);
      const p = positions[s.id];
      nodes.push({
        id: s.id,
        stcd: s.stcd,
        stnm: s.stnm,
        sttp: s.sttp,
        kind: col.kind,
        column: ci,
        x: p?.x ?? 40 + ci * COL_GAP,
        y: p?.y ?? top,
        values,
        pumps,
        stale: all.every((v) => v.stale),
      });
      top += Math.max(ROW_GAP, boxHeight(values.length, pumps.length) + 24);
    });
  });
  // pipes of the diagram: every node feeds the next column (the demo network is one pressure zone)
  const links: { from: string; to: string }[] = [];
  for (let c = 0; c + 1 < COLUMNS.length; c++) {
    const from = nodes.filter((n) => n.column === c);
    const to = nodes.filter((n) => n.column === c + 1);
    if (!from.length || !to.length) continue;
    for (const t of to) {
      // each downstream node hangs off the upstream node of the nearest row
      const ti = to.indexOf(t);
      links.push({ from: from[Math.min(from.length - 1, Math.floor((ti * from.length) / to.length))].id, to: t.id });
    }
  }
  return {
    columns: COLUMNS.map((c, i) => ({ kind: c.kind, name: c.name, nameEn: c.nameEn, x: 40 + i * COL_GAP })),
    nodes,
    links,
    layoutSaved: Boolean(saved),
    time: new Date(now).toISOString(),
  };
}

const PUMP_KEYS = { State: 'state', Freq: 'frequency', Flow: 'flow', Press: 'pressure' } as const;

/** Groups a station's pump series (`pump{n}State|Freq|Flow|Press`) by pump number. */
export function pumpsOf(values: DiagramValue[]): DiagramPump[] {
  const byNo = new Map<number, DiagramPump>();
  for (const v of values) {
    const m = PUMP_FIELD.exec(v.field);
    if (!m) continue;
    const no = Number(m[1]);
    const pump = byNo.get(no) ?? { no, running: null, state: null, frequency: null, flow: null, pressure: null };
    pump[PUMP_KEYS[m[2] as keyof typeof PUMP_KEYS]] = v;
    byNo.set(no, pump);
  }
  for (const p of byNo.values()) p.running = !p.state || p.state.value === null ? null : p.state.value >= 0.5;
  return [...byNo.values()].sort((a, b) => a.no - b.no);
}

const layoutInput = z.object({
  positions: z
    .record(
      z.string().regex(/^\d{1,19}$/, '站点编号无效'),
      z.object({ x: z.number().finite().min(-5000).max(20000), y: z.number().finite().min(-5000).max(20000) }),
    )
    .refine((r) => Object.keys(r).length <= 2000, '最多 2000 个节点'),
});

export async function layoutOf(ctx: AppContext, tenantId: string) {
  const [saved] = await ctx.db.select().from(dispatchLayout).where(inTenant(dispatchLayout, tenantId));
  return { positions: saved?.positions ?? {}, updateTime: saved?.updateTime ?? null };
}

export async function saveLayout(ctx: AppContext, tenantId: string, userId: string, body: unknown) {
  const { positions } = parseInput(layoutInput, body);
  const ids = Object.keys(positions);
  if (ids.length) {
    const known = await ctx.db
      .select({ id: monitorStation.id })
      .from(monitorStation)
      .where(inTenant(monitorStation, tenantId, inArray(monitorStation.id, ids)));
    if (known.length !== ids.length) throw badRequest('布局含有不存在的站点');
  }
  const now = new Date();
  await ctx.db
    .insert(dispatchLayout)
    .values({ tenantId, positions, updateUser: userId, updateTime: now })
    .onConflictDoUpdate({
      target: dispatchLayout.tenantId,
      set: { positions, updateUser: userId, updateTime: now },
    });
  return layoutOf(ctx, tenantId);
}
