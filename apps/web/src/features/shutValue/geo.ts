/** Navigation links and a readable crew map: pure helpers of the shutValue page. */

/**
 * `geo:` URI of a point (RFC 5870): a phone opens it in its navigation app. Latitude first, 6 decimals (≈ 0.1 m);
 * the `q` form with a label makes Android's maps drop a named pin.
 */
export function geoUri(lat: number, lon: number, label?: string) {
  const c = `${lat.toFixed(6)},${lon.toFixed(6)}`;
  return `geo:${c}?q=${c}${label ? `(${encodeURIComponent(label)})` : ''}`;
}

/** `31.812345°N, 117.234567°E` as the crew reads it off the page */
export function latLonText(lat: number, lon: number) {
  return `${lat.toFixed(6)}°N, ${lon.toFixed(6)}°E`;
}

/**
 * Screen offsets (pixels, y up as OpenLayers' `displacement`) that keep markers apart at a map resolution (metres
 * per pixel): markers nearer than `minPx` on screen form a group (a valve that is both a valve to close and a
 * backup, or valves a few metres apart at one crossing), and a group's markers are set on a circle around its
 * first member, `minPx` apart, so every number stays readable.
 */
export function spreadMarkers(points: { x: number; y: number }[], resolution: number, minPx = 24): [number, number][] {
  const groups: { x: number; y: number; members: number[] }[] = [];
  points.forEach((p, i) => {
    const g = groups.find((g) => Math.hypot(g.x - p.x, g.y - p.y) / resolution < minPx);
    if (g) g.members.push(i);
    else groups.push({ x: p.x, y: p.y, members: [i] });
  });
  const out: [number, number][] = points.map(() => [0, 0]);
  for (const g of groups) {
    const n = g.members.length;
    if (n < 2) continue;
    // neighbours on the circle are minPx apart; the group's own offset from its anchor is kept as well
    const r = minPx / (2 * Math.sin(Math.PI / n));
    g.members.forEach((i, k) => {
      const a = Math.PI / 2 + (2 * Math.PI * k) / n;
      const p = points[i];
      out[i] = [(g.x - p.x) / resolution + r * Math.cos(a), (g.y - p.y) / resolution + r * Math.sin(a)];
    });
  }
  return out;
}
