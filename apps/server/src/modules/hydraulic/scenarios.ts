/**
 * What-if scenarios (docs/hydraulics.md "Scenarios"):
 * - `base`: the model as it is;
 * - `burst`: the valves of the gis module's valve-shutdown analysis for a burst on pipe `pipeGid` closed; run
 *   against the unchanged model too, and the junctions that fall below `minPressure` (default 14 m) at any step
 *   only in the burst run are listed with the customers who draw from them;
 * - `fireFlow`: at a hydrant (or junction), the flow available with its pressure held at `residual` (default 10 m)
 *   at time `time`, by bisection; then the run with that flow drawn, for the pressures elsewhere;
 * - `growth`: every demand × (1 + percent / 100).
 */
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { analysePipe, customersAt, modelNodeOf } from '../gis/index.ts';
import type { Scenario, SimResult } from './engine.ts';

const minPressure = z.coerce
  .number({ error: 'minPressure 须为数值 (m)' })
  .min(0, { error: 'minPressure 不能为负' })
  .max(100, { error: 'minPressure 最大 100 m' })
  .default(14);

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
      minPressure,
    }),
  ],
  { error: 'scenario.type 只能是 base、burst、fireFlow 或 growth' },
);
export type ScenarioInput = z.infer<typeof scenarioSchema>;

export type Plan =
  | { type: 'base'; minPressure: number }
  | { type: 'growth'; minPressure: number; percent: number }
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

async function prepare(ctx: AppContext, tenantId: string, s: ScenarioInput): Promise<Plan> {
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
  const min = plan.minPressure;
  if (plan.type === 'base' || plan.type === 'growth') {
    const result = await t.simulate(
      plan.type === 'growth' ? { demandGrowthPercent: plan.percent } : undefined,
      [0, 100],
    );
    const low = lowJunctions(result, min);
    return { result, summary: { type: plan.type, minPressure: min, belowCount: low.size, below: top(low) } };
  }
  if (plan.type === 'burst') {
    const base = await t.simulate(undefined, [0, 45]);
    const result = await t.simulate({ closeValves: plan.valves }, [45, 95]);
    const before = lowJunctions(base, min);
    const after = lowJunctions(result, min);
    const added = new Map([...after].filter(([code]) => !before.has(code)));
    const customers = await customersAt(ctx.db, tenantId, [...added.keys()]);
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
      },
    };
  }
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

/** the 100 lowest, for the summary (the map has them all from the snapshot) */
function top(m: Map<string, number>) {
  return [...m]
    .sort((a, b) => a[1] - b[1])
    .slice(0, 100)
    .map(([code, pressure]) => ({ code, pressure: r2(pressure) }));
}

export const evaluate = { prepare, run };
