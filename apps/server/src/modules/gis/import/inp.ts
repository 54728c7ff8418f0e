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
  const model = emptyModel();
  const nodes = new Map<string, ImpNode>();
  const links = new Map<string, ImpLink>();
  const warnings: string[] = [];
  const rejected: Rejected[] = [];
  const coords = new Map<string, [number, number]>();
  const vertices = new Map<string, [number, number][]>();
  const demands = new Map<string, { demand: number; pattern: string | null; category: string | null }[]>();
  const statuses: { id: string; value: string; row: number }[] = [];
  const emitters: { id: string; value: number; row: number }[] = [];
  const quality: { id: string; value: number; row: number }[] = [];
  const duplicates = new Set<string>();
  let section = '';
  let curveType: string | null = null;

  const reject = (row: number, id: string | null, reason: string) => rejected.push({ row, id, reason });
  const addNode = (n: ImpNode) => {
    if (nodes.has(n.id)) {
      duplicates.add(n.id);
      return reject(n.row, n.id, `节点编号重复 (duplicate node id ${n.id})`);
    }
    nodes.set(n.id, n);
  };
  const addLink = (l: ImpLink) => {
    if (links.has(l.id)) {
      duplicates.add(l.id);
      return reject(l.row, l.id, `管段编号重复 (duplicate link id ${l.id})`);
    }
    links.set(l.id, l);
  };
  const bad = (row: number, id: string, what: string) => reject(row, id, `${section} 第 ${row} 行: ${what}`);

  for (let i = 0; i < lines.length; i++) {
    if (i % SLICE === SLICE - 1) await yieldToLoop();
    const row = i + 1;
    const raw = lines[i];
    const semi = raw.indexOf(';');
    const body = (semi >= 0 ? raw.slice(0, semi) : raw).trim();
    const comment = semi >= 0 ? raw.slice(semi + 1).trim() : '';
    if (!body) {
      // a comment line in [CURVES] names the type of the curve that follows (";PUMP: ...")
      if (section === 'CURVES' && /^(PUMP|EFFICIENCY|VOLUME|HEADLOSS)\s*:/i.test(comment))
        curveType = comment.split(':')[0].trim().toUpperCase();
      continue;
    }
    const head = /^\[([A-Za-z_]+)\]/.exec(body);
    if (head) {
      section = head[1].toUpperCase();
      curveType = null;
      if (!RAW_SECTIONS.has(section) && !FEATURE_SECTIONS.has(section))
        warnings.push(`未知的节 [${section}] 已保留原文 (unknown section kept as text)`);
      if (!FEATURE_SECTIONS.has(section)) model.sections[section] ??= [];
      continue;
    }
    if (section === 'TITLE') {
      model.title.push(raw.trim());
      continue;
    }
    if (!FEATURE_SECTIONS.has(section)) {
      model.sections[section] ??= [];
      model.sections[section].push(body);
      continue;
    }
    const t = body.split(/\s+/);
    const id = t[0];
    const extra = comment ? { comment } : {};
    switch (section) {
      case 'JUNCTIONS': {
        const elev = num(t[1]);
        const demand = num(t[2]) ?? 0;
        if (elev === undefined || Number.isNaN(elev) || Number.isNaN(demand)) {
          bad(row, id, '高程或需水量不是数值 (elevation/demand not a number)');
          break;
        }
        addNode({
          id,
          kind: 'junction',
          elevation: elev,
          row,
          // the file's elevation is kept too: the GIS column is in metres, a US-unit file's figure is in feet
          hydraulic: { elevation: elev, demand, pattern: t[3] ?? null, ...extra },
        });
        break;
      }
      case 'RESERVOIRS': {
        const h = num(t[1]);
        if (h === undefined || Number.isNaN(h)) {
          bad(row, id, '总水头不是数值 (head not a number)');
          break;
        }
        addNode({ id, kind: 'reservoir', elevation: h, row, hydraulic: { head: h, pattern: t[2] ?? null, ...extra } });
        break;
      }
      case 'TANKS': {
        const v = t.slice(1, 7).map(num);
        if (v.length < 6 || v.some((x) => x === undefined || Number.isNaN(x))) {
          bad(row, id, '水池参数不完整或不是数值 (tank needs elevation, init/min/max level, diameter, min volume)');
          break;
        }
        const [elevation, initLevel, minLevel, maxLevel, diameter, minVol] = v as number[];
        addNode({
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
        break;
      }
      case 'PIPES': {
        const [len, diam, rough, minor] = [num(t[3]), num(t[4]), num(t[5]), num(t[6]) ?? 0];
        if (t.length < 6 || [len, diam, rough, minor].some((x) => x === undefined || Number.isNaN(x))) {
          bad(row, id, '管段需要 起点 终点 长度 管径 粗糙系数 (pipe needs node1 node2 length diameter roughness)');
          break;
        }
        addLink({
          id,
          kind: 'pipe',
          from: t[1],
          to: t[2],
          length: len,
          diameter: diam,
          row,
          hydraulic: {
            length: len,
            diameter: diam,
            roughness: rough,
            minorLoss: minor,
            status: t[7] ?? 'Open',
            ...extra,
          },
        });
        break;
      }
      case 'PUMPS': {
        if (t.length < 4) {
          bad(row, id, '水泵需要 起点 终点 参数 (pump needs node1 node2 parameters)');
          break;
        }
        addLink(linkPoint(id, 'pump', t[1], t[2], row, { parameters: t.slice(3).join(' '), ...extra }));
        break;
      }
      case 'VALVES': {
        const [diam, setting, minor] = [num(t[3]), num(t[5]), num(t[6]) ?? 0];
        const type = (t[4] ?? '').toUpperCase();
        if (!VALVE_TYPES.has(type)) {
          bad(row, id, `阀门类型 ${t[4] ?? ''} 无效 (valve type must be PRV PSV PBV FCV TCV GPV PCV)`);
          break;
        }
        if (
          diam === undefined ||
          Number.isNaN(diam) ||
          Number.isNaN(minor) ||
          (type !== 'GPV' && Number.isNaN(setting))
        ) {
          bad(row, id, '阀门管径或设定值不是数值 (valve diameter/setting not a number)');
          break;
        }
        const l = linkPoint(id, 'valve', t[1], t[2], row, {
          diameter: diam,
          valveType: type,
          // a GPV's setting is a curve id
          setting: type === 'GPV' ? t[5] : setting,
          minorLoss: minor,
          ...extra,
        });
        l.diameter = diam;
        addLink(l);
        break;
      }
      case 'DEMANDS': {
        const d = num(t[1]);
        if (d === undefined || Number.isNaN(d)) {
          bad(row, id, '需水量不是数值 (demand not a number)');
          break;
        }
        const list = demands.get(id) ?? [];
        list.push({ demand: d, pattern: t[2] ?? null, category: comment || null });
        demands.set(id, list);
        break;
      }
      case 'STATUS':
        statuses.push({ id, value: t[1] ?? '', row });
        break;
      case 'EMITTERS':
      case 'QUALITY': {
        const v = num(t[1]);
        if (v === undefined || Number.isNaN(v)) bad(row, id, '数值无效 (not a number)');
        else (section === 'EMITTERS' ? emitters : quality).push({ id, value: v, row });
        break;
      }
      case 'PATTERNS': {
        const vals = t.slice(1).map(num);
        if (vals.some((x) => x === undefined || Number.isNaN(x))) {
          bad(row, id, '模式乘子不是数值 (pattern multiplier not a number)');
          break;
        }
        const p = model.patterns[id] ?? [];
        model.patterns[id] = p.concat(vals as number[]);
        break;
      }
      case 'CURVES': {
        const [x, y] = [num(t[1]), num(t[2])];
        if (x === undefined || y === undefined || Number.isNaN(x) || Number.isNaN(y)) {
          bad(row, id, '曲线点不是数值 (curve point not a number)');
          break;
        }
        const c = model.curves[id] ?? { type: curveType, points: [] };
        c.points.push([x, y]);
        model.curves[id] = c;
        break;
      }
      case 'COORDINATES': {
        const [x, y] = [num(t[1]), num(t[2])];
        if (x === undefined || y === undefined || Number.isNaN(x) || Number.isNaN(y)) {
          bad(row, id, '坐标不是数值 (coordinate not a number)');
          break;
        }
        coords.set(id, [x, y]);
        break;
      }
      case 'VERTICES': {
        const [x, y] = [num(t[1]), num(t[2])];
        if (x === undefined || y === undefined || Number.isNaN(x) || Number.isNaN(y)) {
          bad(row, id, '折点坐标不是数值 (vertex not a number)');
          break;
        }
        const v = vertices.get(id) ?? [];
        v.push([x, y]);
        vertices.set(id, v);
        break;
      }
    }
  }

  // attach what later sections say about earlier features
  for (const [id, list] of demands) {
    const n = nodes.get(id);
    if (n?.kind === 'junction') n.hydraulic = { ...n.hydraulic, demands: list };
    else warnings.push(`[DEMANDS] 中的 ${id} 不是接点, 已忽略 (not a junction, ignored)`);
  }
  for (const s of statuses) {
    const l = links.get(s.id);
    if (l) l.hydraulic = { ...l.hydraulic, initStatus: s.value };
    else warnings.push(`[STATUS] 第 ${s.row} 行: 管段 ${s.id} 不存在, 已忽略 (unknown link, ignored)`);
  }
  for (const [list, key] of [
    [emitters, 'emitter'],
    [quality, 'initQuality'],
  ] as const) {
    for (const e of list) {
      const n = nodes.get(e.id);
      if (n) n.hydraulic = { ...n.hydraulic, [key]: e.value };
      else warnings.push(`第 ${e.row} 行: 节点 ${e.id} 不存在, 已忽略 (unknown node, ignored)`);
    }
  }
  for (const [id, c] of coords) {
    const n = nodes.get(id);
    if (n) [n.x, n.y] = c;
  }
  for (const [id, v] of vertices) {
    const l = links.get(id);
    if (l) l.vertices = v;
    else warnings.push(`[VERTICES] 管段 ${id} 不存在, 已忽略 (unknown link, ignored)`);
  }

  const units = (model.sections.OPTIONS ?? [])
    .map((l) => l.split(/\s+/))
    .find((t) => t[0].toUpperCase() === 'UNITS')?.[1]
    ?.toUpperCase();
  if (units && US_UNITS.has(units)) {
    for (const l of links.values()) {
      if (l.length !== undefined) l.length *= 0.3048;
      if (l.diameter !== undefined) l.diameter *= 25.4;
    }
    for (const n of nodes.values()) if (n.elevation != null) n.elevation *= 0.3048;
  }
  if (duplicates.size)
    warnings.push(`编号重复 ${duplicates.size} 个, 重复行已拒绝 (duplicate ids: later rows rejected)`);
  return { format: 'inp', nodes: [...nodes.values()], links: [...links.values()], model, warnings, rejected };
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
