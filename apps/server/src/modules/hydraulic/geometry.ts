/**
 * Where the model's nodes and links are, read from its own .inp text ([COORDINATES], [VERTICES] and the link
 * sections), so the map draws exactly what was run, in EPSG:4548 metres (the model is written in that system).
 */
import { inpLines } from './inp-lines.ts';

export interface ModelGeometry {
  nodes: { code: string; x: number; y: number }[];
  links: { code: string; path: [number, number][] }[];
}

export function geometryOf(inp: string): ModelGeometry {
  const xy = new Map<string, [number, number]>();
  const ends: { code: string; from: string; to: string }[] = [];
  const vertices = new Map<string, [number, number][]>();
  for (const { section, f } of inpLines(inp)) {
    if (section === '[COORDINATES]') xy.set(f[0], [Number(f[1]), Number(f[2])]);
    else if (section === '[PIPES]' || section === '[PUMPS]' || section === '[VALVES]')
      ends.push({ code: f[0], from: f[1], to: f[2] });
    else if (section === '[VERTICES]')
      vertices.set(f[0], [...(vertices.get(f[0]) ?? []), [Number(f[1]), Number(f[2])]]);
  }
  const links: ModelGeometry['links'] = [];
  for (const e of ends) {
    const a = xy.get(e.from);
    const b = xy.get(e.to);
    if (a && b) links.push({ code: e.code, path: [a, ...(vertices.get(e.code) ?? []), b] });
  }
  return { nodes: [...xy].map(([code, [x, y]]) => ({ code, x, y })), links };
}
