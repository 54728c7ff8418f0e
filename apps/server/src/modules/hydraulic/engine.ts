/**
 * The EPANET engine (epanet-js, EPANET 2.2 in WebAssembly) driven step by step: an extended-period run of an `.inp`
 * text under a scenario, sampled at every reporting step. Pure (no database): the worker thread calls it, and so do
 * the exactness test and the bench, which compare it with the bare toolkit.
 *
 * Units out are always SI: pressure and head in m, flow in L/s, velocity in m/s, whatever the file's flow units.
 */
import {
  CountType,
  FlowUnits,
  InitHydOption,
  LinkProperty,
  LinkStatusType,
  LinkType,
  NodeProperty,
  NodeType,
  Project,
  TimeParameter,
  Workspace,
} from 'epanet-js';

export interface Scenario {
  /** links (pipes, valves) closed for the whole run, by code */
  closeLinks?: string[];
  /**
   * valves closed for the whole run, by code: a valve that is a model link (an imported EPANET valve) closes
   * itself; a valve drawn as a node (the GIS form) closes every link that meets it
   */
  closeValves?: string[];
  /** every junction's demand × (1 + percent/100) */
  demandGrowthPercent?: number;
  /** an added constant demand (L/s) at a node, e.g. a hydrant's fire flow */
  extraDemand?: { node: string; flow: number };
}

export interface SimOptions {
  /** seconds simulated (default 24 h) */
  duration: number;
  /** reporting step in seconds */
  step: number;
  scenario?: Scenario;
  onProgress?: (fraction: number) => void;
}

export interface SimResult {
  times: number[];
  nodeCodes: string[];
  /** 0 junction, 1 reservoir, 2 tank (EPANET NodeType) */
  nodeTypes: number[];
  linkCodes: string[];
  /** 0 CV pipe, 1 pipe, 2 pump, 3+ valves (EPANET LinkType) */
  linkTypes: number[];
  /** [time][node] row-major, m */
  pressure: Float32Array;
  head: Float32Array;
  /** [time][link] row-major, L/s and m/s */
  flow: Float32Array;
  velocity: Float32Array;
}

/** L/s per file flow unit. */
const FLOW_TO_LPS: Record<number, number> = {
  [FlowUnits.CFS]: 28.316846592,
  [FlowUnits.GPM]: 0.0630901964,
  [FlowUnits.MGD]: 43.812636389,
  [FlowUnits.IMGD]: 52.616782407,
  [FlowUnits.AFD]: 14.276410157,
  [FlowUnits.LPS]: 1,
  [FlowUnits.LPM]: 1 / 60,
  [FlowUnits.MLD]: 1e6 / 86400,
  [FlowUnits.CMH]: 1 / 3.6,
  [FlowUnits.CMD]: 1 / 86.4,
};

export interface UnitFactors {
  flow: number;
  pressure: number;
  head: number;
  velocity: number;
}

/** Multipliers from the project's units to SI (US units: psi, ft, ft/s). */
export function unitFactors(flowUnits: number): UnitFactors {
  const us = flowUnits <= FlowUnits.AFD;
  return {
    flow: FLOW_TO_LPS[flowUnits] ?? 1,
    pressure: us ? 0.70307 : 1,
    head: us ? 0.3048 : 1,
    velocity: us ? 0.3048 : 1,
  };
}

let workspace: Promise<Workspace> | null = null;
/** One WebAssembly instance per thread, loaded once. */
export function loadWorkspace(): Promise<Workspace> {
  workspace ??= (async () => {
    const ws = new Workspace();
    await ws.loadModule();
    return ws;
  })();
  return workspace;
}

export class ModelError extends Error {}

/** Opens the text as a project; the caller closes it. */
export async function openProject(inp: string): Promise<Project> {
  const ws = await loadWorkspace();
  ws.writeFile('model.inp', inp);
  const p = new Project(ws);
  try {
    p.open('model.inp', 'model.rpt', '');
  } catch (e) {
    throw new ModelError(`模型无法打开: ${(e as Error).message}`);
  }
  return p;
}

function applyScenario(p: Project, s: Scenario | undefined, f: UnitFactors) {
  if (!s) return;
  for (const code of s.closeLinks ?? []) {
    const i = linkIndex(p, code);
    p.setLinkValue(i, LinkProperty.InitStatus, LinkStatusType.Closed);
  }
  if (s.closeValves?.length) {
    const nodes = new Set<number>();
    for (const code of s.closeValves) {
      let li = 0;
      try {
        li = p.getLinkIndex(code);
      } catch {
        nodes.add(nodeIndex(p, code));
      }
      if (li) p.setLinkValue(li, LinkProperty.InitStatus, LinkStatusType.Closed);
    }
    const nl = p.getCount(CountType.LinkCount);
    for (let i = 1; i <= nl && nodes.size; i++) {
      const { node1, node2 } = p.getLinkNodes(i);
      if (nodes.has(node1) || nodes.has(node2)) p.setLinkValue(i, LinkProperty.InitStatus, LinkStatusType.Closed);
    }
  }
  if (s.demandGrowthPercent) {
    const k = 1 + s.demandGrowthPercent / 100;
    const n = p.getCount(CountType.NodeCount);
    for (let i = 1; i <= n; i++) {
      if (p.getNodeType(i) !== NodeType.Junction) continue;
      const d = p.getNumberOfDemands(i);
      for (let j = 1; j <= d; j++) p.setBaseDemand(i, j, p.getBaseDemand(i, j) * k);
    }
  }
  if (s.extraDemand) {
    const i = nodeIndex(p, s.extraDemand.node);
    if (p.getNodeType(i) !== NodeType.Junction) throw new ModelError(`节点 ${s.extraDemand.node} 不是用水节点`);
    p.addDemand(i, s.extraDemand.flow / f.flow, '', 'scenario');
  }
}

export function nodeIndex(p: Project, code: string): number {
  try {
    return p.getNodeIndex(code);
  } catch {
    throw new ModelError(`模型中没有节点 ${code}`);
  }
}
export function linkIndex(p: Project, code: string): number {
  try {
    return p.getLinkIndex(code);
  } catch {
    throw new ModelError(`模型中没有管段 ${code}`);
  }
}

/** The extended-period run: values at t = 0, step, 2·step … duration (times EPANET reached exactly). */
export async function simulate(inp: string, o: SimOptions): Promise<SimResult> {
  const p = await openProject(inp);
  try {
    const f = unitFactors(p.getFlowUnits());
    applyScenario(p, o.scenario, f);
    p.setTimeParameter(TimeParameter.Duration, o.duration);
    p.setTimeParameter(TimeParameter.ReportStep, o.step);
    p.setTimeParameter(TimeParameter.ReportStart, 0);
    const nn = p.getCount(CountType.NodeCount);
    const nl = p.getCount(CountType.LinkCount);
    const nodeCodes: string[] = [];
    const nodeTypes: number[] = [];
    for (let i = 1; i <= nn; i++) {
      nodeCodes.push(p.getNodeId(i));
      nodeTypes.push(p.getNodeType(i));
    }
    const linkCodes: string[] = [];
    const linkTypes: number[] = [];
    for (let i = 1; i <= nl; i++) {
      linkCodes.push(p.getLinkId(i));
      linkTypes.push(p.getLinkType(i));
    }
    const steps = Math.floor(o.duration / o.step) + 1;
    const pressure = new Float32Array(steps * nn);
    const head = new Float32Array(steps * nn);
    const flow = new Float32Array(steps * nl);
    const velocity = new Float32Array(steps * nl);
    const times: number[] = [];
    p.openH();
    p.initH(InitHydOption.NoSave);
    let tstep = 0;
    do {
      const t = p.runH();
      if (t % o.step === 0 && times.length < steps && t === times.length * o.step) {
        const k = times.length;
        for (let i = 0; i < nn; i++) {
          pressure[k * nn + i] = p.getNodeValue(i + 1, NodeProperty.Pressure) * f.pressure;
          head[k * nn + i] = p.getNodeValue(i + 1, NodeProperty.Head) * f.head;
        }
        for (let i = 0; i < nl; i++) {
          flow[k * nl + i] = p.getLinkValue(i + 1, LinkProperty.Flow) * f.flow;
          velocity[k * nl + i] = p.getLinkValue(i + 1, LinkProperty.Velocity) * f.velocity;
        }
        times.push(t);
        o.onProgress?.(t / Math.max(1, o.duration));
      }
      tstep = p.nextH();
    } while (tstep > 0);
    p.closeH();
    return {
      times,
      nodeCodes,
      nodeTypes,
      linkCodes,
      linkTypes,
      pressure: pressure.subarray(0, times.length * nn),
      head: head.subarray(0, times.length * nn),
      flow: flow.subarray(0, times.length * nl),
      velocity: velocity.subarray(0, times.length * nl),
    };
  } finally {
    p.close();
  }
}

/** Pressure (m) at a node at time `time` (s) with an added demand (L/s) there: one run up to `time`. */
async function pressureWith(inp: string, node: string, flow: number, time: number): Promise<number> {
  const p = await openProject(inp);
  try {
    const f = unitFactors(p.getFlowUnits());
    const i = nodeIndex(p, node);
    if (flow > 0) p.addDemand(i, flow / f.flow, '', 'fire');
    p.setTimeParameter(TimeParameter.Duration, time);
    p.openH();
    p.initH(InitHydOption.NoSave);
    let pr = Number.NaN;
    let tstep = 0;
    do {
      const t = p.runH();
      if (t === time) pr = p.getNodeValue(i, NodeProperty.Pressure) * f.pressure;
      tstep = p.nextH();
    } while (tstep > 0);
    p.closeH();
    return pr;
  } finally {
    p.close();
  }
}

/**
 * Fire flow (L/s) available at a node at `time` with its pressure held at `residual` m: bisection on an added
 * demand (EPANET is demand-driven: a too large demand gives a pressure below the residual, even negative).
 */
export async function fireFlow(
  inp: string,
  node: string,
  o: { residual: number; time: number; maxFlow?: number; tolerance?: number },
): Promise<{ flow: number; staticPressure: number; iterations: number }> {
  const p = await openProject(inp);
  try {
    if (p.getNodeType(nodeIndex(p, node)) !== NodeType.Junction) throw new ModelError(`节点 ${node} 不是用水节点`);
  } finally {
    p.close();
  }
  const staticPressure = await pressureWith(inp, node, 0, o.time);
  if (!(staticPressure > o.residual)) return { flow: 0, staticPressure, iterations: 0 };
  let lo = 0;
  let hi = o.maxFlow ?? 1000;
  let iterations = 0;
  if ((await pressureWith(inp, node, hi, o.time)) >= o.residual) return { flow: hi, staticPressure, iterations: 1 };
  const tol = o.tolerance ?? 0.1;
  while (hi - lo > tol && iterations < 40) {
    const mid = (lo + hi) / 2;
    if ((await pressureWith(inp, node, mid, o.time)) >= o.residual) lo = mid;
    else hi = mid;
    iterations++;
  }
  return { flow: lo, staticPressure, iterations };
}

export { LinkType, NodeType };
