/**
 * A minimal Shapefile writer (Point and PolyLine layers with a dBASE III table, zipped): the test fixtures and the
 * benchmark build their zips with it, so the reader is checked against files made to the published layout.
 */
import { zipSync } from 'fflate';

export interface ShpLayer {
  name: string;
  kind: 'point' | 'line';
  features: { coords: number[] | number[][]; props: Record<string, string | number | null> }[];
  fields: { name: string; type: 'C' | 'N'; length: number; decimals?: number }[];
}

function shp(layer: ShpLayer): Uint8Array {
  const recs = layer.features.map((f) => {
    if (layer.kind === 'point') {
      const b = new DataView(new ArrayBuffer(20));
      b.setInt32(0, 1, true);
      b.setFloat64(4, (f.coords as number[])[0], true);
      b.setFloat64(12, (f.coords as number[])[1], true);
      return new Uint8Array(b.buffer);
    }
    const pts = f.coords as number[][];
    const b = new DataView(new ArrayBuffer(44 + 4 + pts.length * 16));
    b.setInt32(0, 3, true);
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].forEach((v, i) => {
      b.setFloat64(4 + i * 8, v, true);
    });
    b.setInt32(36, 1, true);
    b.setInt32(40, pts.length, true);
    b.setInt32(44, 0, true);
    pts.forEach((p, i) => {
      b.setFloat64(48 + i * 16, p[0], true);
      b.setFloat64(56 + i * 16, p[1], true);
    });
    return new Uint8Array(b.buffer);
  });
  const total = 100 + recs.reduce((s, r) => s + 8 + r.length, 0);
  const out = new Uint8Array(total);
  const v = new DataView(out.buffer);
  v.setInt32(0, 9994, false);
  v.setInt32(24, total / 2, false);
  v.setInt32(28, 1000, true);
  v.setInt32(32, layer.kind === 'point' ? 1 : 3, true);
  let off = 100;
  recs.forEach((r, i) => {
    v.setInt32(off, i + 1, false);
    v.setInt32(off + 4, r.length / 2, false);
    out.set(r, off + 8);
    off += 8 + r.length;
  });
  return out;
}

function dbf(layer: ShpLayer): Uint8Array {
  const enc = new TextEncoder();
  const headerLen = 32 + layer.fields.length * 32 + 1;
  const recLen = 1 + layer.fields.reduce((s, f) => s + f.length, 0);
  const out = new Uint8Array(headerLen + recLen * layer.features.length + 1).fill(0x20, headerLen);
  const v = new DataView(out.buffer);
  out[0] = 3;
  v.setUint32(4, layer.features.length, true);
  v.setUint16(8, headerLen, true);
  v.setUint16(10, recLen, true);
  layer.fields.forEach((f, i) => {
    const o = 32 + i * 32;
    out.fill(0, o, o + 32);
    out.set(enc.encode(f.name).subarray(0, 10), o);
    out[o + 11] = f.type.charCodeAt(0);
    out[o + 16] = f.length;
    out[o + 17] = f.decimals ?? 0;
  });
  out[headerLen - 1] = 0x0d;
  layer.features.forEach((ft, r) => {
    let o = headerLen + r * recLen + 1;
    for (const f of layer.fields) {
      const val = ft.props[f.name];
      const s = val === null || val === undefined ? '' : String(val);
      const bytes = enc.encode(f.type === 'N' ? s.padStart(f.length) : s).subarray(0, f.length);
      out.set(bytes, o);
      o += f.length;
    }
  });
  out[out.length - 1] = 0x1a;
  return out;
}

/** The layers as one zip: `<name>.shp`, `.shx` omitted (the reader does not need it), `.dbf`, `.cpg`. */
export function shapefileZip(layers: ShpLayer[]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const l of layers) {
    files[`${l.name}.shp`] = shp(l);
    files[`${l.name}.dbf`] = dbf(l);
    files[`${l.name}.cpg`] = new TextEncoder().encode('UTF-8');
  }
  return zipSync(files);
}
