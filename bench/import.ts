import { migratedScratch } from './harness.ts';

const PIPES = Number(process.env.BENCH_IMPORT_PIPES ?? 100_000);
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;

/** Peak RSS and heap above the start while `fn` runs. */
async function peak<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; rss: number; heap: number }> {
  global.gc?.();
  const base = process.memoryUsage();
  let rss = 0;
  let heap = 0;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss - base.rss);
    heap = Math.max(heap, m.heapUsed - base.heapUsed);
  }, 20);
  const t0 = performance.now();
  try {
    const value = await fn();
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss - base.rss);
    heap = Math.max(heap, m.heapUsed - base.heapUsed);
    return { value, ms: performance.now() - t0, rss, heap };
  } finally {
    clearInterval(timer);
  }
}

export async function benchImport(): Promise<{ name: string; lines: string[] }> {
  const lines: string[] = [];
  const { database, drop } = await migratedScratch(`bench_import_${process.pid}`);
  const { importNetwork } = await import('../apps/server/src/modules/gis/import/service.ts');
  const { L_TOWN, lTownDir } = await import('../apps/server/src/modules/gis/import/ltown.ts');
  const { generateNetwork, optionsForPipes } = await import('../apps/server/src/modules/gis/network.ts');
  try {
    const ctx = { db: database.db };
    const fs = await import('node:fs');
    const path = await import('node:path');

    const { dir } = lTownDir();
    if (dir) {
      const inp = fs.readFileSync(path.join(dir, 'L-TOWN.inp'));
      const opts = {
        format: 'inp' as const,
        crs: 'local' as const,
        offsetX: L_TOWN.offsetX,
        offsetY: L_TOWN.offsetY,
        mode: 'replace' as const,
        skipRejected: false,
      };
      const dry = await peak(() => importNetwork(ctx, 'BENCHLT', inp, { ...opts, dryRun: true }));
      const apply = await peak(() => importNetwork(ctx, 'BENCHLT', inp, { ...opts, dryRun: false }));
      const again = await peak(() => importNetwork(ctx, 'BENCHLT', inp, { ...opts, dryRun: false }));
      const r = apply.value;
      lines.push(
        `- L-Town (${r.junctions} junctions, ${r.pipes} pipes, ${r.valves} valves, ${r.pumps} pump): dry run ${s(dry.ms)}, ` +
          `apply ${s(apply.ms)} (${r.inserted} rows), dry run + apply ${s(dry.ms + apply.ms)}; ` +
          `the same file again ${s(again.ms)} (${again.value.unchanged} unchanged, nothing written)`,
      );
    } else lines.push('- L-Town: skipped (../shared/data/l-town not found; set SWP_LTOWN_DIR)');

    // the generator's network as the GeoJSON a utility would send: graph points, then pipes naming their ends
    const net = generateNetwork(optionsForPipes(PIPES, 7));
    const code = new Map(net.nodes.map((n) => [n.gid, n.dno]));
    const kinds: Record<string, string> = { junction: 'junction', valve: 'valve', pump: 'pump', source: 'reservoir' };
    const features: unknown[] = [];
    for (const n of net.nodes)
      if (kinds[n.kind])
        features.push({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [n.x, n.y] },
          properties: {
            id: n.dno,
            kind: kinds[n.kind],
            elevation: n.elevation,
            diameter: n.diameter,
            operable: n.operable,
          },
        });
    for (const p of net.pipes)
      features.push({
        type: 'Feature',
        geometry: { type: 'LineString', coordinates: p.coords },
        properties: {
          id: p.dno,
          from: code.get(p.from),
          to: code.get(p.to),
          diameter: p.diameter,
          material: p.material,
          installYear: p.installYear,
          length: p.length,
        },
      });
    const text = JSON.stringify({ type: 'FeatureCollection', features });
    const buf = Buffer.from(text);
    const parse = await peak(async () => JSON.parse(text));
    const gopts = {
      format: 'geojson' as const,
      crs: 'EPSG:4548' as const,
      offsetX: 0,
      offsetY: 0,
      mode: 'replace' as const,
      skipRejected: true,
    };
    const dry = await peak(() => importNetwork(ctx, 'BENCHGJ', buf, { ...gopts, dryRun: true }));
    const apply = await peak(() => importNetwork(ctx, 'BENCHGJ', buf, { ...gopts, dryRun: false }));
    const r = apply.value;
    lines.push(
      `- GeoJSON of ${r.pipes.toLocaleString('en')} pipes and ${(r.junctions + r.valves + r.reservoirs + r.pumps).toLocaleString('en')} points ` +
        `(${mb(buf.length)}): dry run ${s(dry.ms)}, apply ${s(apply.ms)} (${r.inserted.toLocaleString('en')} rows written, ` +
        `${r.rejectedCount} rejected); peak memory above start: RSS ${mb(Math.max(dry.rss, apply.rss))}, heap ` +
        `${mb(Math.max(dry.heap, apply.heap))}; baseline JSON.parse alone ${s(parse.ms)}, heap ${mb(parse.heap)}`,
    );
  } finally {
    await drop();
  }
  return { name: 'Network import (issue 18)', lines };
}
