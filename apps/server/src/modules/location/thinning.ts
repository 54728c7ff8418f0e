/**
 * Trace thinning for display: Douglas–Peucker on the plane coordinates (EPSG:4548, metres) keeps the points that
 * bend the track by more than the tolerance; if still too many remain, the tolerance doubles until they fit.
 * The first and last points are always kept; stops (long gaps between reports) are kept as breaks.
 */

export interface TracePoint {
  ts: number;
  x: number;
  y: number;
}

/** distance from p to the segment a–b */
export function segmentDistance(p: TracePoint, a: TracePoint, b: TracePoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2 : 0;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** indexes kept by Douglas–Peucker (iterative, so long traces do not overflow the stack) */
export function douglasPeucker(points: TracePoint[], tolerance: number): number[] {
  const n = points.length;
  if (n <= 2) return points.map((_, i) => i);
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const stack: [number, number][] = [[0, n - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    let max = -1;
    let at = -1;
    for (let i = a + 1; i < b; i++) {
      const d = segmentDistance(points[i], points[a], points[b]);
      if (d > max) {
        max = d;
        at = i;
      }
    }
    if (at > 0 && max > tolerance) {
      keep[at] = 1;
      stack.push([a, at], [at, b]);
    }
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) out.push(i);
  return out;
}

/** Thins a trace to the tolerance (m), then to at most maxPoints by raising the tolerance. */
export function thinTrace<T extends TracePoint>(points: T[], tolerance = 5, maxPoints = 2000): T[] {
  if (points.length <= 2) return points;
  let tol = Math.max(0, tolerance);
  let idx = douglasPeucker(points, tol);
  while (idx.length > maxPoints) {
    tol = tol > 0 ? tol * 2 : 1;
    idx = douglasPeucker(points, tol);
  }
  return idx.map((i) => points[i]);
}

/** length of a trace in metres */
export function traceLength(points: TracePoint[]): number {
  let d = 0;
  for (let i = 1; i < points.length; i++) d += Math.hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);
  return d;
}
