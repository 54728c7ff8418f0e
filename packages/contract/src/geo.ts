/** Geometry both sides compute the same way (the field app shows what the server flags). */

/** Great-circle distance in metres between two WGS84 points (haversine; ample for check-in radii). */
export function metresBetween(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6_371_008 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A closed rectangle around plane points, `pad` metres out, in whole metres (a patrol area around its objects). */
export function boxRing(points: { x: number; y: number }[], pad: number): [number, number][] {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [a, b, c, d] = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) + pad, Math.max(...ys) + pad];
  return (
    [
      [a, b],
      [c, b],
      [c, d],
      [a, d],
      [a, b],
    ] as const
  ).map(([x, y]) => [Math.round(x), Math.round(y)]);
}
