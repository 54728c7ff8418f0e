/**
 * A run's result as one blob (bytea): a 4-byte length, a JSON header (times, node and link codes and types), then
 * four Float32 arrays [time][item]: node pressure (m), node head (m), link flow (L/s), link velocity (m/s); a run with
 * a quality mode has `quality` in the header and a fifth array, node quality (age h / trace %), after them (a blob
 * without `quality` is read as before: stored runs stay readable).
 * Float32 keeps 7 significant digits (relative error below 6e-8), ample for pressures and flows, and halves the
 * size: L-Town at 24 h hourly is about 330 KB, at its 5-minute step about 3.9 MB.
 */
import type { SimResult } from './engine.ts';

export function pack(r: SimResult): Buffer {
  const header = Buffer.from(
    JSON.stringify({
      times: r.times,
      nodeCodes: r.nodeCodes,
      nodeTypes: r.nodeTypes,
      linkCodes: r.linkCodes,
      linkTypes: r.linkTypes,
      // added with the quality modes: a blob without it has no fifth array (older runs read as before)
      ...(r.quality && r.nodeQuality ? { quality: r.quality } : {}),
    }),
  );
  // the arrays start on a 4-byte boundary so they can be viewed in place
  const pad = (4 - ((4 + header.length) % 4)) % 4;
  const arrays = [r.pressure, r.head, r.flow, r.velocity];
  if (r.quality && r.nodeQuality) arrays.push(r.nodeQuality);
  // one buffer of its own (never Node's shared pool): the worker transfers it to the main thread whole
  const start = 4 + header.length + pad;
  const out = Buffer.from(new ArrayBuffer(start + arrays.reduce((s, a) => s + a.byteLength, 0)));
  out.writeUInt32LE(header.length + pad, 0);
  header.copy(out, 4);
  out.fill(0x20, 4 + header.length, start);
  let at = start;
  for (const a of arrays) {
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), at);
    at += a.byteLength;
  }
  return out;
}

export function unpack(blob: Uint8Array): SimResult {
  const buf = Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  const hl = buf.readUInt32LE(0);
  const h = JSON.parse(buf.subarray(4, 4 + hl).toString()) as Omit<
    SimResult,
    'pressure' | 'head' | 'flow' | 'velocity' | 'nodeQuality'
  >;
  // the arrays are viewed in place when they sit on a 4-byte boundary (a blob packed here: the worker's), else
  // copied once into an aligned buffer (the driver's buffer may sit at any offset)
  const aligned = (buf.byteOffset + 4 + hl) % 4 === 0;
  const body = aligned ? buf.buffer : new Uint8Array(buf.subarray(4 + hl)).buffer;
  const o = aligned ? buf.byteOffset + 4 + hl : 0;
  const nn = h.times.length * h.nodeCodes.length;
  const nl = h.times.length * h.linkCodes.length;
  return {
    ...h,
    pressure: new Float32Array(body, o, nn),
    head: new Float32Array(body, o + nn * 4, nn),
    flow: new Float32Array(body, o + nn * 8, nl),
    velocity: new Float32Array(body, o + nn * 8 + nl * 4, nl),
    ...(h.quality ? { nodeQuality: new Float32Array(body, o + nn * 8 + nl * 8, nn) } : {}),
  };
}

const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** The time step index for `time` seconds (the step at or before it). */
export function stepAt(r: SimResult, time: number): number {
  let k = 0;
  for (let i = 0; i < r.times.length; i++) if (r.times[i] <= time) k = i;
  return k;
}

export function nodeSeries(r: SimResult, i: number) {
  const n = r.nodeCodes.length;
  const q = r.nodeQuality;
  return r.times.map((t, k) => ({
    time: t,
    pressure: r.pressure[k * n + i],
    head: r.head[k * n + i],
    ...(q ? { quality: q[k * n + i] } : {}),
  }));
}

export function linkSeries(r: SimResult, i: number) {
  const n = r.linkCodes.length;
  return r.times.map((t, k) => ({ time: t, flow: r.flow[k * n + i], velocity: r.velocity[k * n + i] }));
}

/** Everything at one step, compact for the map: parallel arrays in the header's order, 4 decimals. */
export function snapshot(r: SimResult, k: number) {
  const nn = r.nodeCodes.length;
  const nl = r.linkCodes.length;
  return {
    time: r.times[k],
    step: k,
    nodes: {
      codes: r.nodeCodes,
      types: r.nodeTypes,
      pressure: Array.from(r.pressure.subarray(k * nn, (k + 1) * nn), r4),
      head: Array.from(r.head.subarray(k * nn, (k + 1) * nn), r4),
      ...(r.nodeQuality ? { quality: Array.from(r.nodeQuality.subarray(k * nn, (k + 1) * nn), r4) } : {}),
    },
    /** the quality mode of the run (age: hours; trace: % from `node`), null without one */
    quality: r.quality ?? null,
    links: {
      codes: r.linkCodes,
      types: r.linkTypes,
      flow: Array.from(r.flow.subarray(k * nl, (k + 1) * nl), r4),
      velocity: Array.from(r.velocity.subarray(k * nl, (k + 1) * nl), r4),
    },
  };
}
