/**
 * The EPANET engine (epanet-js, EPANET 2.2 in WebAssembly) driven step by step: an extended-period run of an `.inp`
 * text under a scenario, sampled at every reporting step. Pure (no database): the worker thread calls it, and so do
 * the exactness test and the bench, which compare it with the bare toolkit.
 *
 * Units out are always SI: pressure and head in m, flow in L/s, velocity in m/s, whatever the file's flow units.
 */
import {
  ControlType,
  CountType,
  FlowUnits,
  InitHydOption,
  LinkProperty,
  LinkStatusType,
  LinkType,
  NodeProperty,
  NodeType,
  Project,
  QualityType,
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
  /** valves opened for the whole run, likewise (a normally closed valve drawn as a node opens the links at it) */
  openValves?: string[];
  /** every junction's demand × (1 + percent/100) */
  demandGrowthPercent?: number;
  /** an added constant demand (L/s) at a node, e.g. a hydrant's fire flow */
  extraDemand?: { node: string; flow: number };
  /** the demands of these junctions × factor (growth of one DMA) */
  demandFactor?: { nodes: string[]; factor: number };
  /**
   * pumps run differently: `schedule` is 24 hourly relative speeds repeated every day of the run (0 = off, 1 = as
   * built), `speed` one relative speed for the whole run; the file's controls and rules acting on the pump go
   */
  pumps?: PumpChange[];
  /**
   * valves set differently: `setting` in SI (PRV/PSV/PBV m of pressure, FCV L/s, TCV loss coefficient), `status`
   * open (fully open), closed, or active (the setting governs); the file's controls and rules acting on it go
   */
  valves?: ValveChange[];
  /** a water quality mode of EPANET: water age (h) or the share (%) of water coming from a node */
  quality?: QualityMode;
}

export interface PumpChange {
  code: string;
  schedule?: number[];
  speed?: number;
}
export interface ValveChange {
  code: string;
  setting?: number;
  status?: 'open' | 'closed' | 'active';
}
export type QualityMode = { mode: 'age' } | { mode: 'trace'; node: string };

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
  /** the quality mode run, if any: water age in hours, or trace in % of the water from `node` */
  quality?: QualityMode;
  /** [time][node], h (age) or % (trace); present with `quality` */
  nodeQuality?: Float32Array;
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
  for (const code of s.openValves ?? []) {
    let li = 0;
    try {
      li = p.getLinkIndex(code);
    } catch {
      const n = nodeIndex(p, code);
      for (let i = 1; i <= p.getCount(CountType.LinkCount); i++) {
        const { node1, node2 } = p.getLinkNodes(i);
        if (node1 === n || node2 === n) p.setLinkValue(i, LinkProperty.InitStatus, LinkStatusType.Open);
      }
    }
    if (li) p.setLinkValue(li, LinkProperty.InitStatus, LinkStatusType.Open);
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
  if (s.demandFactor) {
    for (const code of s.demandFactor.nodes) {
      const i = nodeIndex(p, code);
      if (p.getNodeType(i) !== NodeType.Junction) continue;
      const d = p.getNumberOfDemands(i);
      for (let j = 1; j <= d; j++) p.setBaseDemand(i, j, p.getBaseDemand(i, j) * s.demandFactor.factor);
    }
  }
  for (const c of s.pumps ?? []) {
    const i = linkIndex(p, c.code);
    if (p.getLinkType(i) !== LinkType.Pump) throw new ModelError(`${c.code} 不是水泵`);
    dropControlsOf(p, i);
    p.setLinkValue(i, LinkProperty.LinkPattern, 0);
    const at0 = c.schedule ? c.schedule[0] : (c.speed ?? 1);
    setPump(p, i, at0);
    if (c.schedule) {
      // a timer control at every hour whose speed differs from the hour before, day after day
      for (let t = 3600, prev = at0; t < duration(p); t += 3600) {
        const v = c.schedule[Math.floor(t / 3600) % 24];
        if (v !== prev) p.addControl(ControlType.Timer, i, v, 0, t);
        prev = v;
      }
    }
  }
  for (const c of s.valves ?? []) {
    const i = linkIndex(p, c.code);
    const type = p.getLinkType(i);
    if (type < LinkType.PRV) throw new ModelError(`${c.code} 不是阀门`);
    dropControlsOf(p, i);
    if (c.setting !== undefined) {
      const k = type === LinkType.FCV ? f.flow : type === LinkType.TCV || type === LinkType.GPV ? 1 : f.pressure;
      p.setLinkValue(i, LinkProperty.InitSetting, c.setting / k);
    }
    if (c.status === 'open') p.setLinkValue(i, LinkProperty.InitStatus, LinkStatusType.Open);
    else if (c.status === 'closed') p.setLinkValue(i, LinkProperty.InitStatus, LinkStatusType.Closed);
    else if (c.status === 'active' && c.setting === undefined)
      p.setLinkValue(i, LinkProperty.InitSetting, p.getLinkValue(i, LinkProperty.InitSetting));
  }
  if (s.extraDemand) {
    const i = nodeIndex(p, s.extraDemand.node);
    if (p.getNodeType(i) !== NodeType.Junction) throw new ModelError(`节点 ${s.extraDemand.node} 不是用水节点`);
    p.addDemand(i, s.extraDemand.flow / f.flow, '', 'scenario');
  }
}

const nn0 = (p: Project) => p.getCount(CountType.NodeCount);
const duration = (p: Project) => p.getTimeParameter(TimeParameter.Duration);

function setPump(p: Project, i: number, speed: number) {
  if (speed > 0) {
    p.setLinkValue(i, LinkProperty.InitStatus, LinkStatusType.Open);
    p.setLinkValue(i, LinkProperty.InitSetting, speed);
  } else p.setLinkValue(i, LinkProperty.InitStatus, LinkStatusType.Closed);
}

/** The file's simple controls and rules that act on link `i` (a scenario's setting replaces them). */
function dropControlsOf(p: Project, i: number) {
  for (let c = p.getCount(CountType.ControlCount); c >= 1; c--) if (p.getControl(c).linkIndex === i) p.deleteControl(c);
  for (let r = p.getCount(CountType.RuleCount); r >= 1; r--) {
    const rule = p.getRule(r);
    let acts = false;
    for (let a = 1; a <= rule.thenActionCount && !acts; a++) acts = p.getThenAction(r, a).linkIndex === i;
    for (let a = 1; a <= rule.elseActionCount && !acts; a++) acts = p.getElseAction(r, a).linkIndex === i;
    if (acts) p.deleteRule(r);
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
    p.setTimeParameter(TimeParameter.Duration, o.duration);
    p.setTimeParameter(TimeParameter.ReportStep, o.step);
    p.setTimeParameter(TimeParameter.ReportStart, 0);
    applyScenario(p, o.scenario, f);
    const q = o.scenario?.quality;
    if (q?.mode === 'age') p.setQualityType(QualityType.Age, '', '', '');
    else if (q?.mode === 'trace') {
      nodeIndex(p, q.node);
      p.setQualityType(QualityType.Trace, '', '', q.node);
    } else p.setQualityType(QualityType.None, '', '', '');
    // a file's [QUALITY] values are concentrations, not ages or shares: age and trace start from 0 everywhere
    if (q) for (let i = 1; i <= nn0(p); i++) p.setNodeValue(i, NodeProperty.Initqual, 0);
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
    // with a quality mode the hydraulics are saved for the quality pass that follows
    p.initH(q ? InitHydOption.Save : InitHydOption.NoSave);
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
        o.onProgress?.((q ? 0.5 : 1) * (t / Math.max(1, o.duration)));
      }
      tstep = p.nextH();
    } while (tstep > 0);
    p.closeH();
    let nodeQuality: Float32Array | undefined;
    if (q) {
      // EPANET's quality pass over the saved hydraulics, sampled at the same steps: age in hours, trace in %
      nodeQuality = new Float32Array(times.length * nn);
      p.openQ();
      p.initQ(InitHydOption.NoSave);
      let k = 0;
      do {
        const t = p.runQ();
        if (k < times.length && t === times[k]) {
          for (let i = 0; i < nn; i++) nodeQuality[k * nn + i] = p.getNodeValue(i + 1, NodeProperty.Quality);
          k++;
          o.onProgress?.(0.5 + 0.5 * (t / Math.max(1, o.duration)));
        }
        tstep = p.nextQ();
      } while (tstep > 0);
      p.closeQ();
    }
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
      ...(q && nodeQuality ? { quality: q, nodeQuality } : {}),
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
