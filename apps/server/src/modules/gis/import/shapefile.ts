/**
 * Zipped Shapefile reader (no dependency beyond fflate): every `.shp` in the zip with its `.dbf` (attributes) and
 * `.cpg` (attribute encoding, default UTF-8; GBK files say so in their .cpg). Point/PointZ/PointM become nodes,
 * PolyLine/PolyLineZ/PolyLineM become pipes; attributes map as in GeoJSON (features.ts). Usually a utility
 * exports one layer per file (pipes.shp, valves.shp, …): a point layer without a `kind` field takes its kind from the
 * file name when that names one (valve, hydrant, pump, tank, reservoir, meter, junction/node).
 */
import { unzipSync } from 'fflate';
import { badRequest } from '../../../core/envelope.ts';
import { featureCollector, type Geometry } from './features.ts';
import { type ParsedNetwork, SLICE, yieldToLoop } from './model.ts';

const FILE_KINDS: [RegExp, string][] = [
  [/valve|阀/i, 'valve'],
  [/hydrant|消火栓/i, 'hydrant'],
  [/pump|泵/i, 'pump'],
  [/tank|水池/i, 'tank'],
  [/reservoir|source|水厂/i, 'reservoir'],
  [/meter|水表/i, 'meter'],
  [/junction|node|节点/i, 'junction'],
];

export interface DbfTable {
  fields: { name: string; type: string; length: number }[];
  records: Record<string, unknown>[];
}

/** Reads a dBASE III table. */
export function readDbf(buf: Uint8Array, encoding = 'utf-8'): DbfTable {
  const v = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (buf.length < 32) throw badRequest('导入失败: .dbf 文件不完整');
  const count = v.getUint32(4, true);
  const headerLen = v.getUint16(8, true);
  const recordLen = v.getUint16(10, true);
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(encoding);
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  const fields: DbfTable['fields'] = [];
  for (let off = 32; off + 32 <= headerLen && buf[off] !== 0x0d; off += 32) {
    let end = off;
    while (end < off + 11 && buf[end] !== 0) end++;
    fields.push({
      name: new TextDecoder('latin1').decode(buf.subarray(off, end)).trim(),
      type: String.fromCharCode(buf[off + 11]),
      length: buf[off + 16],
    });
  }
  const records: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const start = headerLen + i * recordLen;
    if (start + recordLen > buf.length) break;
    const rec: Record<string, unknown> = {};
    let pos = start + 1; // deletion flag first
    for (const f of fields) {
      const raw = decoder.decode(buf.subarray(pos, pos + f.length)).trim();
      pos += f.length;
      if (f.type === 'N' || f.type === 'F') rec[f.name] = raw === '' || /^\*+$/.test(raw) ? null : Number(raw);
      else if (f.type === 'L') rec[f.name] = /^[YyTt]$/.test(raw) ? true : /^[NnFf]$/.test(raw) ? false : null;
      else rec[f.name] = raw === '' ? null : raw;
    }
    records.push(buf[start] === 0x2a ? { __deleted: true } : rec);
  }
  return { fields, records };
}

/** Reads the geometries of a .shp file, in record order (null for null shapes). */
export function readShp(buf: Uint8Array): (Geometry | null)[] {
  const v = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (buf.length < 100 || v.getInt32(0, false) !== 9994) throw badRequest('导入失败: .shp 文件头无效');
  const fileLen = Math.min(buf.length, v.getInt32(24, false) * 2);
  const out: (Geometry | null)[] = [];
  let off = 100;
  while (off + 12 <= fileLen) {
    const len = v.getInt32(off + 4, false) * 2;
    const c = off + 8;
    const type = v.getInt32(c, true);
    off = c + len;
    if (type === 0) {
      out.push(null);
      continue;
    }
    if (type === 1 || type === 11 || type === 21) {
      const pt = [v.getFloat64(c + 4, true), v.getFloat64(c + 12, true)];
      if (type === 11) pt.push(v.getFloat64(c + 20, true));
      out.push({ type: 'Point', coordinates: pt });
      continue;
    }
    if (type === 3 || type === 13 || type === 23) {
      const parts = v.getInt32(c + 36, true);
      const points = v.getInt32(c + 40, true);
      const starts: number[] = [];
      for (let p = 0; p < parts; p++) starts.push(v.getInt32(c + 44 + p * 4, true));
      const base = c + 44 + parts * 4;
      const pts: number[][] = [];
      for (let p = 0; p < points; p++)
        pts.push([v.getFloat64(base + p * 16, true), v.getFloat64(base + p * 16 + 8, true)]);
      const lines = starts.map((s, p) => pts.slice(s, p + 1 < parts ? starts[p + 1] : points));
      out.push(
        lines.length === 1
          ? { type: 'LineString', coordinates: lines[0] }
          : { type: 'MultiLineString', coordinates: lines },
      );
      continue;
    }
    out.push({ type: `shape type ${type}` });
  }
  return out;
}

export async function parseShapefileZip(buf: Uint8Array): Promise<ParsedNetwork> {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(buf);
  } catch {
    throw badRequest('导入失败: 文件不是有效的 zip (a zipped Shapefile is expected)');
  }
  const byBase = new Map<string, Record<string, Uint8Array>>();
  for (const [name, data] of Object.entries(files)) {
    const m = /^(.*)\.(shp|dbf|cpg)$/i.exec(name);
    if (!m || name.startsWith('__MACOSX/')) continue;
    const e = byBase.get(m[1]) ?? {};
    e[m[2].toLowerCase()] = data;
    byBase.set(m[1], e);
  }
  const layers = [...byBase.entries()].filter(([, e]) => e.shp).sort(([a], [b]) => a.localeCompare(b));
  if (!layers.length) throw badRequest('导入失败: zip 中没有 .shp 文件');
  const c = featureCollector('shapefile');
  let row = 0;
  for (const [base, e] of layers) {
    const shapes = readShp(e.shp);
    const encoding = e.cpg ? new TextDecoder().decode(e.cpg).trim() || 'utf-8' : 'utf-8';
    const table = e.dbf ? readDbf(e.dbf, /^(cp)?936$/i.test(encoding) ? 'gbk' : encoding) : null;
    if (!table) c.warnings.push(`${base}.shp 没有 .dbf, 要素没有属性 (no attributes)`);
    const fileKind = FILE_KINDS.find(([re]) => re.test(base.split('/').pop() ?? ''))?.[1];
    for (let i = 0; i < shapes.length; i++) {
      if (++row % SLICE === 0) await yieldToLoop();
      const props = { ...(table?.records[i] ?? {}) };
      if (props.__deleted) continue;
      const hasKind = Object.keys(props).some((k) =>
        ['kind', 'type', 'layer', 'featuretype'].includes(k.toLowerCase()),
      );
      if (!hasKind && fileKind && shapes[i]?.type === 'Point') props.kind = fileKind;
      c.add(props, shapes[i], row);
    }
  }
  return c.result();
}
