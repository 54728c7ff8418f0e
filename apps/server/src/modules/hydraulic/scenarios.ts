/**
 * What-if scenarios (docs/hydraulics.md "Scenarios"):
 * - `base`: the model as it is;
 * - `burst`: the valves of the gis module's valve-shutdown analysis for a burst on pipe `pipeGid` closed; run
 *   against the unchanged model too, and the junctions that fall below `minPressure` (default 14 m) at any step
 *   only in the burst run are listed with the customers who draw from them;
 * - `fireFlow`: at a hydrant (or junction), the flow available with its pressure held at `residual` (default 10 m)
 *   at time `time`, by bisection; then the run with that flow drawn, for the pressures elsewhere;
 * - `growth`: every demand × (1 + percent / 100), or only the junctions inside one DMA's boundary (`dma`);
 * - `settings`: pumps by hourly schedule or speed, valves by setting or status; run against the unchanged model
 *   too, and the junctions whose pressure drops or rises by more than 1 m are counted;
 * - `quality`: EPANET's water age (h) or source trace (% of the water from `node`) stored per step with the run.
 */
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { zoneRing } from '../dma/index.ts';
import { analysePipe, customersAt, modelNodeOf } from '../gis/index.ts';
import { areaOf, inRing, type LowArea, modelLinks } from './area.ts';
import type { PumpChange, QualityMode, Scenario, SimResult, ValveChange } from './engine.ts';
import { geometryOf } from './geometry.ts';

const minPressure = z.coerce
  .number({ error: 'minPressure 须为数值 (m)' })
  .min(0, { error: 'minPressure 不能为负' })
  .max(100, { error: 'minPressure 最大 100 m' })
  .default(14);

const code = z.string({ error: '缺少编码 (code)' }).trim().min(1, { error: '缺少编码 (code)' }).max(64);
const speed = z.coerce
  .number({ error: '转速比须为数值' })
  .min(0, { error: '转速比不能为负' })
  .max(2, { error: '转速比最大 2' });

export const scenarioSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('base'), minPressure }),
    z.object({
      type: z.literal('burst'),
      pipeGid: z.coerce.number({ error: 'pipeGid 须为管线编号' }).int().positive({ error: 'pipeGid 须为正整数' }),
      minPressure,
    }),
    z.object({
      type: z.literal('fireFlow'),
      hydrant: z
        .string({ error: '请选择消火栓或节点 (hydrant)' })
        .min(1, { error: '请选择消火栓或节点 (hydrant)' })
        .max(64),
      residual: z.coerce.number().min(0).max(100, { error: 'residual 最大 100 m' }).default(10),
      time: z.coerce
        .number()
        .int()
        .min(0)
        .max(86400 * 7)
        .default(0),
      minPressure,
    }),
    z.object({
      type: z.literal('growth'),
      percent: z.coerce
        .number({ error: 'percent 须为数值' })
        .min(-90, { error: 'percent 最小 -90' })
        .max(500, { error: 'percent 最大 500' }),
      /** a DMA's code: only the junctions inside its boundary grow */
      dma: z.string().trim().min(1).max(64).optional(),
      minPressure,
    }),
    z.object({
      type: z.literal('settings'),
      pumps: z
        .array(
          z
            .object({
              code,
              /** 24 hourly relative speeds (0 = off, 1 = as built), repeated every day */
              schedule: z
                .array(speed, { error: 'schedule 须为 24 个时段的转速比' })
                .length(24, { error: 'schedule 须为 24 个时段 (每小时一个)' })
                .optional(),
              speed: speed.optional(),
            })
            .refine((p) => p.schedule !== undefined || p.speed !== undefined, {
              error: '水泵须给出 schedule (24 小时) 或 speed',
            }),
        )
        .max(20)
        .default([]),
      valves: z
        .array(
          z
            .object({
              code,
              /** PRV/PSV/PBV: m; FCV: L/s; TCV: loss coefficient */
              setting: z.coerce
                .number({ error: 'setting 须为数值' })
                .min(0, { error: 'setting 不能为负' })
                .max(10000)
                .optional(),
              status: z
                .enum(['open', 'closed', 'active'], { error: 'status 只能是 open、closed 或 active' })
                .optional(),
            })
            .refine((v) => v.setting !== undefined || v.status !== undefined, {
              error: '阀门须给出 setting 或 status',
            }),
        )
        .max(50)
        .default([]),
      minPressure,
    }),
    z.object({
      type: z.literal('quality'),
      mode: z.enum(['age', 'trace'], { error: 'mode 只能是 age (水龄) 或 trace (水源追踪)' }),
      /** the traced source (a reservoir, tank or any node) */
      node: z.string().trim().min(1).max(64).optional(),
      minPressure,
    }),
  ],
  { error: 'scenario.type 只能是 base、burst、fireFlow、growth、settings 或 quality' },
);
export type ScenarioInput = z.infer<typeof scenarioSchema>;

export type Plan =
  | { type: 'base'; minPressure: number }
  | { type: 'growth'; minPressure: number; percent: number; dma?: string; nodes?: string[] }
  | {
      type: 'settings';
      minPressure: number;
      pumps: PumpChange[];
      valves: ValveChange[];
      /** valves drawn as nodes (the GIS form): every link meeting them closed / opened */
      closeValves: string[];
      openValves: string[];
    }
  | { type: 'quality'; minPressure: number; quality: QualityMode }
  | { type: 'burst'; minPressure: number; pipeGid: number; pipeDno: string; valves: string[] }
  | { type: 'fireFlow'; minPressure: number; hydrant: string; node: string; residual: number; time: number };

interface RunTools {
  inp: string;
  duration: number;
  step: number;
  /** one simulation in a worker; `share` is the part of the run's progress (0–100) it covers */
  simulate(s: Scenario | undefined, share: [number, number]): Promise<SimResult>;
  fireFlow(node: string, residual: number, time: number): Promise<{ flow: number; staticPressure: number }>;
}

/** Junctions whose lowest pressure over the run is below `min`, with that pressure. */
export function lowJunctions(r: SimResult, min: number): Map<string, number> {
  const n = r.nodeCodes.length;
  const out = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    if (r.nodeTypes[i] !== 0) continue;
    let lo = Number.POSITIVE_INFINITY;
    for (let k = 0; k < r.times.length; k++) lo = Math.min(lo, r.pressure[k * n + i]);
    if (lo < min) out.set(r.nodeCodes[i], lo);
  }
  return out;
}

const r2 = (x: number) => Math.round(x * 100) / 100;

async function prepare(ctx: AppContext, tenantId: string, s: ScenarioInput, inp: string): Promise<Plan> {
  if (s.type === 'growth' && s.dma) {
    const ring = await zoneRing(ctx.db, tenantId, s.dma);
    if (!ring || ring.length < 3) throw badRequest(`分区 ${s.dma} 没有边界`);
    const types = modelLinks(inp).junctions;
    const nodes = geometryOf(inp)
      .nodes.filter((n) => types.has(n.code) && inRing(n.x, n.y, ring))
      .map((n) => n.code);
    if (!nodes.length) throw badRequest(`分区 ${s.dma} 内没有模型节点`);
    return { ...s, nodes };
  }
  if (s.type === 'settings') {
    if (!s.pumps.length && !s.valves.length) throw badRequest('请至少改变一台水泵或一个阀门');
    const m = modelLinks(inp);
    for (const p of s.pumps) if (m.links.get(p.code) !== 'PUMP') throw badRequest(`模型中没有水泵 ${p.code}`);
    const valves: ValveChange[] = [];
    const closeValves: string[] = [];
    const openValves: string[] = [];
    for (const v of s.valves) {
      const type = m.links.get(v.code);
      if (type && type !== 'PUMP' && type !== 'PIPE') valves.push(v);
      else if (
        !type &&
        m.nodes.has(v.code) &&
        (v.status === 'closed' || v.status === 'open') &&
        v.setting === undefined
      )
        (v.status === 'closed' ? closeValves : openValves).push(v.code);
      else
        throw badRequest(
          m.nodes.has(v.code) ? `阀门 ${v.code} 是节点形式, 只能开 (open) 或关 (closed)` : `模型中没有阀门 ${v.code}`,
        );
    }
    return { type: 'settings', minPressure: s.minPressure, pumps: s.pumps, valves, closeValves, openValves };
  }
  if (s.type === 'quality') {
    if (s.mode === 'trace') {
      if (!s.node) throw badRequest('水源追踪须选择水源节点 (node)');
      if (!modelLinks(inp).nodes.has(s.node)) throw badRequest(`模型中没有节点 ${s.node}`);
      return { type: 'quality', minPressure: s.minPressure, quality: { mode: 'trace', node: s.node } };
    }
    return { type: 'quality', minPressure: s.minPressure, quality: { mode: 'age' } };
  }
  if (s.type === 'burst') {
    const a = await analysePipe(ctx.db, tenantId, s.pipeGid);
    if (!a.valves.length) throw badRequest(`管线 ${a.burst.pipeDno} 的关阀分析没有可关的阀门`);
    return {
      type: 'burst',
      minPressure: s.minPressure,
      pipeGid: s.pipeGid,
      pipeDno: a.burst.pipeDno,
      valves: a.valves.map((v) => v.dno),
    };
  }
  if (s.type === 'fireFlow') {
    const node = await modelNodeOf(ctx.db, tenantId, s.hydrant);
    if (!node) throw badRequest(`消火栓或节点不存在: ${s.hydrant}`);
    return {
      type: 'fireFlow',
      minPressure: s.minPressure,
      hydrant: s.hydrant,
      node,
      residual: s.residual,
      time: s.time,
    };
  }
  return s;
}

async function run(ctx: AppContext, tenantId: string, plan: Plan, t: RunTools) {
  if (plan.type === 'base' || plan.type === 'growth') return runDemand(plan, t);
  if (plan.type === 'quality') return runQuality(plan, t);
  if (plan.type === 'settings') return runSettings(plan, t);
  if (plan.type === 'burst') return runBurst(ctx, tenantId, plan, t);
  return runFireFlow(plan, t);
}

type PlanOf<K extends Plan['type']> = Extract<Plan, { type: K }>;

/** the base run, or the demand grown (everywhere, or in one DMA's junctions) */
async function runDemand(plan: PlanOf<'base' | 'growth'>, t: RunTools) {
  const min = plan.minPressure;
  const growth: Scenario | undefined =
    plan.type !== 'growth'
      ? undefined
      : plan.nodes
        ? { demandFactor: { nodes: plan.nodes, factor: 1 + plan.percent / 100 } }
        : { demandGrowthPercent: plan.percent };
  const result = await t.simulate(growth, [0, 100]);
  const low = lowJunctions(result, min);
  return {
    result,
    summary: {
      type: plan.type,
      minPressure: min,
      belowCount: low.size,
      below: top(low),
      ...(plan.type === 'growth' && plan.dma ? { dma: plan.dma, grownJunctions: plan.nodes?.length ?? 0 } : {}),
    },
  };
}

async function runQuality(plan: PlanOf<'quality'>, t: RunTools) {
  const min = plan.minPressure;
  const result = await t.simulate({ quality: plan.quality }, [0, 100]);
  const low = lowJunctions(result, min);
  return { result, summary: { ...qualitySummary(result), minPressure: min, belowCount: low.size, below: top(low) } };
}

/** pump and valve settings changed: against the base run */
async function runSettings(plan: PlanOf<'settings'>, t: RunTools) {
  const min = plan.minPressure;
  const { base, result, before, after } = await againstBase(
    t,
    min,
    { pumps: plan.pumps, valves: plan.valves, closeValves: plan.closeValves, openValves: plan.openValves },
    [45, 100],
  );
  const d = pressureChange(base, result);
  return {
    result,
    summary: {
      type: 'settings',
      minPressure: min,
      pumps: plan.pumps,
      valves: [
        ...plan.valves,
        ...plan.closeValves.map((code) => ({ code, status: 'closed' })),
        ...plan.openValves.map((code) => ({ code, status: 'open' })),
      ],
      belowCount: after.size,
      baseBelowCount: before.size,
      newlyBelowCount: [...after.keys()].filter((c) => !before.has(c)).length,
      below: top(after),
      ...d,
    },
  };
}

/**
 * A change weighed against the unchanged network (settings, burst): the base is simulated first (the first 45% of
 * the progress), then the changed network over `share`; with the junctions below `min` in each.
 */
async function againstBase(t: RunTools, min: number, change: Scenario, share: [number, number]) {
  const base = await t.simulate(undefined, [0, 45]);
  const result = await t.simulate(change, share);
  return { base, result, before: lowJunctions(base, min), after: lowJunctions(result, min) };
}

/** a burst isolated by closing its valves: the newly low junctions, the customers there and their area */
async function runBurst(ctx: AppContext, tenantId: string, plan: PlanOf<'burst'>, t: RunTools) {
  const min = plan.minPressure;
  const { result, before, after } = await againstBase(t, min, { closeValves: plan.valves }, [45, 95]);
  const added = new Map([...after].filter(([code]) => !before.has(code)));
  const customers = await customersAt(ctx.db, tenantId, [...added.keys()]);
  const area: LowArea = areaOf(geometryOf(t.inp), [...added.keys()]);
  return {
    result,
    summary: {
      type: 'burst',
      minPressure: min,
      pipeGid: plan.pipeGid,
      pipeDno: plan.pipeDno,
      valves: plan.valves,
      belowCount: after.size,
      baseBelowCount: before.size,
      newlyBelowCount: added.size,
      below: top(added),
      customerPoints: customers.length,
      customerCount: customers.reduce((s, c) => s + c.customers, 0),
      customers: customers.slice(0, 200),
      /** the newly low junctions drawn as an area (EPSG:4548): buffered hulls of their clusters */
      area,
    },
  };
}

/** the flow a hydrant can give at a residual pressure, and the network with it drawn */
async function runFireFlow(plan: PlanOf<'fireFlow'>, t: RunTools) {
  const min = plan.minPressure;
  if (plan.time > t.duration) throw badRequest('fireFlow.time 超出计算时长');
  const ff = await t.fireFlow(plan.node, plan.residual, plan.time);
  const result = await t.simulate(
    ff.flow > 0 ? { extraDemand: { node: plan.node, flow: ff.flow } } : undefined,
    [50, 100],
  );
  const low = lowJunctions(result, min);
  return {
    result,
    summary: {
      type: 'fireFlow',
      minPressure: min,
      hydrant: plan.hydrant,
      node: plan.node,
      residual: plan.residual,
      time: plan.time,
      flow: r2(ff.flow),
      staticPressure: r2(ff.staticPressure),
      belowCount: low.size,
      below: top(low),
    },
  };
}

/**
 * How a changed run differs from the base: per junction the largest drop and the largest rise of pressure over the
 * steps; junctions moved by more than 1 m are counted, the 100 largest drops listed.
 */
export function pressureChange(base: SimResult, r: SimResult) {
  const n = r.nodeCodes.length;
  const drops = new Map<string, number>();
  let dropped = 0;
  let raised = 0;
  let maxDrop = 0;
  let maxRise = 0;
  for (let i = 0; i < n; i++) {
    if (r.nodeTypes[i] !== 0) continue;
    let down = 0;
    let up = 0;
    for (let k = 0; k < r.times.length; k++) {
      const diff = r.pressure[k * n + i] - base.pressure[k * n + i];
      down = Math.max(down, -diff);
      up = Math.max(up, diff);
    }
    if (down > 1) {
      dropped++;
      drops.set(r.nodeCodes[i], down);
    }
    if (up > 1) raised++;
    maxDrop = Math.max(maxDrop, down);
    maxRise = Math.max(maxRise, up);
  }
  return {
    droppedCount: dropped,
    raisedCount: raised,
    maxDrop: r2(maxDrop),
    maxRise: r2(maxRise),
    drops: [...drops]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 100)
      .map(([code, drop]) => ({ code, drop: r2(drop) })),
  };
}

/** Water age (h) or trace (%) over the junctions at the last step: mean, max, and the 20 highest (age) or lowest. */
export function qualitySummary(r: SimResult) {
  const q = r.nodeQuality as Float32Array;
  const mode = r.quality as QualityMode;
  const n = r.nodeCodes.length;
  const k = r.times.length - 1;
  const vals: [string, number][] = [];
  for (let i = 0; i < n; i++) if (r.nodeTypes[i] === 0) vals.push([r.nodeCodes[i], q[k * n + i]]);
  const mean = vals.reduce((s, [, v]) => s + v, 0) / Math.max(1, vals.length);
  vals.sort((a, b) => b[1] - a[1]);
  return {
    type: 'quality',
    mode: mode.mode,
    ...(mode.mode === 'trace' ? { node: mode.node } : {}),
    unit: mode.mode === 'age' ? 'h' : '%',
    time: r.times[k],
    mean: r2(mean),
    max: r2(vals[0]?.[1] ?? 0),
    // trace: the junctions that get water from the source (more than half of it)
    ...(mode.mode === 'trace' ? { servedCount: vals.filter(([, v]) => v > 50).length } : {}),
    extremes: (mode.mode === 'age' ? vals : vals.reverse())
      .slice(0, 20)
      .map(([code, value]) => ({ code, value: r2(value) })),
  };
}

/**
 * The 100 lowest, for the summary (the map has them all from the snapshot): kept in order by insertion, not by
 * sorting every low junction (on a big starved network nearly all of its 76,000 junctions are low).
 */
function top(m: Map<string, number>) {
  const best: [string, number][] = [];
  for (const e of m) {
    if (best.length === 100 && e[1] >= best[99][1]) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (best[mid][1] <= e[1]) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, e);
    if (best.length > 100) best.pop();
  }
  return best.map(([code, pressure]) => ({ code, pressure: r2(pressure) }));
}

export const evaluate = { prepare, run };
