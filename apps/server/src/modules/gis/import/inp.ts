/**
 * EPANET 2.2 `.inp` reader. Sections are read line by line (comments after `;` dropped, except a feature's own
 * comment, kept as its `comment`); every id becomes the feature's code. Junctions, reservoirs and tanks are nodes;
 * pipes are links; pumps and valves are links in EPANET but point features in the GIS (a valve or pump node between
 * its two EPANET nodes, see build.ts). Every hydraulic attribute needed to write the model back is kept: roughness,
 * minor loss, status, demands and their patterns, tank levels, pump parameters, valve settings, and the model-wide
 * sections (OPTIONS, TIMES, CONTROLS, …) as text.
 *
 * Lengths and diameters go into the GIS columns in metres and millimetres: with US flow units (CFS, GPM, MGD, IMGD,
 * AFD) the file is in feet and inches and is converted; the original figures stay in `hydraulic`.
 */
import {
  emptyModel,
  type ImpLink,
  type ImpNode,
  type LinkKind,
  type ParsedNetwork,
  type Rejected,
  SLICE,
  yieldToLoop,
} from './model.ts';

const US_UNITS = new Set(['CFS', 'GPM', 'MGD', 'IMGD', 'AFD']);
/** sections whose lines are kept verbatim in the model */
const RAW_SECTIONS = new Set([
  'OPTIONS',
  'TIMES',
  'ENERGY',
  'REPORT',
  'REACTIONS',
  'CONTROLS',
  'RULES',
  'MIXING',
  'SOURCES',
  'LABELS',
  'BACKDROP',
  'TAGS',
]);
const FEATURE_SECTIONS = new Set([
  'TITLE',
  'JUNCTIONS',
  'RESERVOIRS',
  'TANKS',
  'PIPES',
  'PUMPS',
  'VALVES',
  'DEMANDS',
  'STATUS',
  'PATTERNS',
  'CURVES',
  'COORDINATES',
  'VERTICES',
  'EMITTERS',
  'QUALITY',
  'END',
]);
const VALVE_TYPES = new Set(['PRV', 'PSV', 'PBV', 'FCV', 'TCV', 'GPV', 'PCV']);

const num = (s: string | undefined): number | undefined => {
  if (s === undefined || s === '') return undefined;
  const v = Number(s);
  return Number.isFinite(v) ? v : Number.NaN;
};

/** Parses an .inp text. Never throws for bad lines: they are rejected with their line number and reason. */
export async function parseInp(text: string): Promise<ParsedNetwork> {
  const lines = text.split(/\r?\n/);
  const r = new InpReader();
  for (let i = 0; i < lines.length; i++) {
    if (i % SLICE === SLICE - 1) await yieldToLoop();
    r.line(lines[i], i + 1);
  }
  return r.finish();
}

type Demand = { demand: number; pattern: string | null; category: string | null };
type Later = { id: string; value: number; row: number };
const isNum = (x: number | undefined): x is number => x !== undefined && !Number.isNaN(x);

/** The reader's state over the lines: the section it is in, the features read, what later sections add. */
class InpReader {
  readonly model = emptyModel();
  readonly nodes = new Map<string, ImpNode>();
  readonly links = new Map<string, ImpLink>();
  readonly warnings: string[] = [];
  readonly rejected: Rejected[] = [];
  readonly coords = new Map<string, [number, number]>();
  readonly vertices = new Map<string, [number, number][]>();
  readonly demands = new Map<string, Demand[]>();
  readonly statuses: { id: string; value: string; row: number }[] = [];
  readonly emitters: Later[] = [];
  readonly quality: Later[] = [];
  readonly duplicates = new Set<string>();
  section = '';
  curveType: string | null = null;

  reject(row: number, id: string | null, reason: string) {
    this.rejected.push({ row, id, reason });
  }

  addNode(n: ImpNode) {
    if (this.nodes.has(n.id)) {
      this.duplicates.add(n.id);
      return this.reject(n.row, n.id, `节点编号重复 (duplicate node id ${n.id})`);
    }
    this.nodes.set(n.id, n);
  }

  addLink(l: ImpLink) {
    if (this.links.has(l.id)) {
      this.duplicates.add(l.id);
      return this.reject(l.row, l.id, `管段编号重复 (duplicate link id ${l.id})`);
    }
    this.links.set(l.id, l);
  }

  bad(row: number, id: string, what: string) {
    this.reject(row, id, `${this.section} 第 ${row} 行: ${what}`);
  }

  /** One line: a section head, a title or verbatim line, or a feature line of the current section. */
  line(raw: string, row: number) {
    const semi = raw.indexOf(';');
    const body = (semi >= 0 ? raw.slice(0, semi) : raw).trim();
    const comment = semi >= 0 ? raw.slice(semi + 1).trim() : '';
    if (!body) {
      // a comment line in [CURVES] names the type of the curve that follows (";PUMP: ...")
      if (this.section === 'CURVES' && /^(PUMP|EFFICIENCY|VOLUME|HEADLOSS)\s*:/i.test(comment))
        this.curveType = comment.split(':')[0].trim().toUpperCase();
      return;
    }
    const head = /^\[([A-Za-z_]+)\]/.exec(body);
    if (head) {
      this.section = head[1].toUpperCase();
      this.curveType = null;
      if (!RAW_SECTIONS.has(this.section) && !FEATURE_SECTIONS.has(this.section))
        this.warnings.push(`未知的节 [${this.section}] 已保留原文 (unknown section kept as text)`);
      if (!FEATURE_SECTIONS.has(this.section)) this.model.sections[this.section] ??= [];
      return;
    }
    if (this.section === 'TITLE') {
      this.model.title.push(raw.trim());
      return;
    }
    if (!FEATURE_SECTIONS.has(this.section)) {
      this.model.sections[this.section] ??= [];
      this.model.sections[this.section].push(body);
      return;
    }
    this.feature(body.split(/\s+/), row, comment);
  }

  feature(t: string[], row: number, comment: string) {
    const id = t[0];
    const extra = comment ? { comment } : {};
    switch (this.section) {
      case 'JUNCTIONS':
        return this.junction(t, row, extra);
      case 'RESERVOIRS': {
        const h = num(t[1]);
        if (!isNum(h)) return this.bad(row, id, '总水头不是数值 (head not a number)');
        return this.addNode({
          id,
          kind: 'reservoir',
          elevation: h,
          row,
          hydraulic: { head: h, pattern: t[2] ?? null, ...extra },
        });
      }
      case 'TANKS':
        return this.tank(t, row, extra);
      case 'PIPES':
        return this.pipe(t, row, extra);
      case 'PUMPS':
        if (t.length < 4) return this.bad(row, id, '水泵需要 起点 终点 参数 (pump needs node1 node2 parameters)');
        return this.addLink(linkPoint(id, 'pump', t[1], t[2], row, { parameters: t.slice(3).join(' '), ...extra }));
      case 'VALVES':
        return this.valve(t, row, extra);
      case 'DEMANDS': {
        const d = num(t[1]);
        if (!isNum(d)) return this.bad(row, id, '需水量不是数值 (demand not a number)');
        const list = this.demands.get(id) ?? [];
        list.push({ demand: d, pattern: t[2] ?? null, category: comment || null });
        this.demands.set(id, list);
        return;
      }
      case 'STATUS':
        this.statuses.push({ id, value: t[1] ?? '', row });
        return;
      case 'EMITTERS':
      case 'QUALITY': {
        const v = num(t[1]);
        if (!isNum(v)) this.bad(row, id, '数值无效 (not a number)');
        else (this.section === 'EMITTERS' ? this.emitters : this.quality).push({ id, value: v, row });
        return;
      }
      case 'PATTERNS': {
        const vals = t.slice(1).map(num);
        if (vals.some((x) => !isNum(x))) return this.bad(row, id, '模式乘子不是数值 (pattern multiplier not a number)');
        const p = this.model.patterns[id] ?? [];
        this.model.patterns[id] = p.concat(vals as number[]);
        return;
      }
      case 'CURVES':
      case 'COORDINATES':
      case 'VERTICES':
        return this.point(t, row);
    }
  }

  junction(t: string[], row: number, extra: { comment?: string }) {
    const id = t[0];
    const elev = num(t[1]);
    const demand = num(t[2]) ?? 0;
    if (elev === undefined || Number.isNaN(elev) || Number.isNaN(demand))
      return this.bad(row, id, '高程或需水量不是数值 (elevation/demand not a number)');
    this.addNode({
      id,
      kind: 'junction',
      elevation: elev,
      row,
      // the file's elevation is kept too: the GIS column is in metres, a US-unit file's figure is in feet
      hydraulic: { elevation: elev, demand, pattern: t[3] ?? null, ...extra },
    });
  }

  tank(t: string[], row: number, extra: { comment?: string }) {
    const id = t[0];
    const v = t.slice(1, 7).map(num);
    if (v.length < 6 || v.some((x) => !isNum(x)))
      return this.bad(
        row,
        id,
        '水池参数不完整或不是数值 (tank needs elevation, init/min/max level, diameter, min volume)',
      );
    const [elevation, initLevel, minLevel, maxLevel, diameter, minVol] = v as number[];
    this.addNode({
      id,
      kind: 'tank',
      elevation,
      row,
      hydraulic: {
        elevation,
        initLevel,
        minLevel,
        maxLevel,
        diameter,
        minVol,
        volCurve: t[7] && t[7] !== '*' ? t[7] : null,
        overflow: t[8] ?? null,
        ...extra,
      },
    });
  }

  pipe(t: string[], row: number, extra: { comment?: string }) {
    const id = t[0];
    const [len, diam, rough, minor] = [num(t[3]), num(t[4]), num(t[5]), num(t[6]) ?? 0];
    if (t.length < 6 || [len, diam, rough, minor].some((x) => !isNum(x)))
      return this.bad(
        row,
        id,
        '管段需要 起点 终点 长度 管径 粗糙系数 (pipe needs node1 node2 length diameter roughness)',
      );
    this.addLink({
      id,
      kind: 'pipe',
      from: t[1],
      to: t[2],
      length: len,
      diameter: diam,
      row,
      hydraulic: { length: len, diameter: diam, roughness: rough, minorLoss: minor, status: t[7] ?? 'Open', ...extra },
    });
  }

  valve(t: string[], row: number, extra: { comment?: string }) {
    const id = t[0];
    const [diam, setting, minor] = [num(t[3]), num(t[5]), num(t[6]) ?? 0];
    const type = (t[4] ?? '').toUpperCase();
    if (!VALVE_TYPES.has(type))
      return this.bad(row, id, `阀门类型 ${t[4] ?? ''} 无效 (valve type must be PRV PSV PBV FCV TCV GPV PCV)`);
    if (diam === undefined || Number.isNaN(diam) || Number.isNaN(minor) || (type !== 'GPV' && Number.isNaN(setting)))
      return this.bad(row, id, '阀门管径或设定值不是数值 (valve diameter/setting not a number)');
    const l = linkPoint(id, 'valve', t[1], t[2], row, {
      diameter: diam,
      valveType: type,
      // a GPV's setting is a curve id
      setting: type === 'GPV' ? t[5] : setting,
      minorLoss: minor,
      ...extra,
    });
    l.diameter = diam;
    this.addLink(l);
  }

  /** An x, y pair: a curve point, a node's coordinates or a link's vertex. */
  point(t: string[], row: number) {
    const id = t[0];
    const [x, y] = [num(t[1]), num(t[2])];
    if (x === undefined || y === undefined || Number.isNaN(x) || Number.isNaN(y)) {
      const what = {
        CURVES: '曲线点不是数值 (curve point not a number)',
        COORDINATES: '坐标不是数值 (coordinate not a number)',
      };
      return this.bad(row, id, what[this.section as keyof typeof what] ?? '折点坐标不是数值 (vertex not a number)');
    }
    if (this.section === 'CURVES') {
      const c = this.model.curves[id] ?? { type: this.curveType, points: [] };
      c.points.push([x, y]);
      this.model.curves[id] = c;
    } else if (this.section === 'COORDINATES') this.coords.set(id, [x, y]);
    else {
      const v = this.vertices.get(id) ?? [];
      v.push([x, y]);
      this.vertices.set(id, v);
    }
  }

  /** attach what later sections say about earlier features */
  attach() {
    const { nodes, links, warnings } = this;
    for (const [id, list] of this.demands) {
      const n = nodes.get(id);
      if (n?.kind === 'junction') n.hydraulic = { ...n.hydraulic, demands: list };
      else warnings.push(`[DEMANDS] 中的 ${id} 不是接点, 已忽略 (not a junction, ignored)`);
    }
    for (const s of this.statuses) {
      const l = links.get(s.id);
      if (l) l.hydraulic = { ...l.hydraulic, initStatus: s.value };
      else warnings.push(`[STATUS] 第 ${s.row} 行: 管段 ${s.id} 不存在, 已忽略 (unknown link, ignored)`);
    }
    for (const [list, key] of [
      [this.emitters, 'emitter'],
      [this.quality, 'initQuality'],
    ] as const) {
      for (const e of list) {
        const n = nodes.get(e.id);
        if (n) n.hydraulic = { ...n.hydraulic, [key]: e.value };
        else warnings.push(`第 ${e.row} 行: 节点 ${e.id} 不存在, 已忽略 (unknown node, ignored)`);
      }
    }
    for (const [id, c] of this.coords) {
      const n = nodes.get(id);
      if (n) [n.x, n.y] = c;
    }
    for (const [id, v] of this.vertices) {
      const l = links.get(id);
      if (l) l.vertices = v;
      else warnings.push(`[VERTICES] 管段 ${id} 不存在, 已忽略 (unknown link, ignored)`);
    }
  }

  /** with US flow units the file is in feet and inches: the GIS columns in metres and millimetres */
  toMetric() {
    const units = (this.model.sections.OPTIONS ?? [])
      .map((l) => l.split(/\s+/))
      .find((t) => t[0].toUpperCase() === 'UNITS')?.[1]
      ?.toUpperCase();
    if (!units || !US_UNITS.has(units)) return;
    for (const l of this.links.values()) {
      if (l.length !== undefined) l.length *= 0.3048;
      if (l.diameter !== undefined) l.diameter *= 25.4;
    }
    for (const n of this.nodes.values()) if (n.elevation != null) n.elevation *= 0.3048;
  }

  finish(): ParsedNetwork {
    this.attach();
    this.toMetric();
    const { warnings } = this;
    if (this.duplicates.size)
      warnings.push(`编号重复 ${this.duplicates.size} 个, 重复行已拒绝 (duplicate ids: later rows rejected)`);
    const { model, rejected } = this;
    return {
      format: 'inp',
      nodes: [...this.nodes.values()],
      links: [...this.links.values()],
      model,
      warnings,
      rejected,
    };
  }
}

function linkPoint(
  id: string,
  kind: LinkKind,
  from: string,
  to: string,
  row: number,
  hydraulic: Record<string, unknown>,
): ImpLink {
  return { id, kind, from, to, row, hydraulic };
}
