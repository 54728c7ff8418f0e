// The walls between the code's rooms, checked on every `npm test` and `npm run lint` (issue 23).
//
// Server (apps/server/src):
//   - a module reaches another module only through that module's `index.ts`;
//   - no module imports `db/schema.ts` (the aggregate of every module's tables, kept for drizzle's typed client):
//     a module that needs another's table gets it from that module's `index.ts` or a query function there;
//   - `core/` never imports a module;
//   - the modules' import graph (through their index files) has no loop.
// Web (apps/web/src):
//   - a feature imports only the shared layers (components, lib, api, stores, i18n), never another feature,
//     `app/` or `shell/`;
//   - the shared layers import no feature, `app/` or `shell/`;
//   - `shell/` does not import `app/` (the app composes the shell, not the other way round).
// Test files (`*.test.ts(x)`) may look inside anything and are not checked.
//
// Crossings that existed when the check came in are listed in `scripts/walls-baseline.txt`. That list may only
// shrink: a crossing not in it fails the check. `node scripts/walls.mjs --update` rewrites it, and refuses to
// add a line. `--list` prints every crossing of today.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const BASELINE = path.join(root, 'scripts/walls-baseline.txt');
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const TEST = /\.test\.(ts|tsx)$/;
const WEB_SHARED = new Set(['components', 'lib', 'api', 'stores', 'i18n']);

/** Every source file under a folder, as paths relative to the repo root. */
export function sourceFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'migrations') continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (SOURCE.test(e.name) && !e.name.endsWith('.d.ts')) out.push(path.relative(root, p));
    }
  };
  walk(path.join(root, dir));
  return out.sort();
}

/** The relative module specifiers a file imports (static, dynamic and `export … from`), comments ignored. */
export function importsOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = new Set();
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm;
  for (const m of code.matchAll(re)) if (!m[2].includes('${')) found.add(m[2]);
  return [...found];
}

/** Where a specifier points, relative to the repo root, with the extension it was written with (or none). */
const target = (from, spec) => path.relative(root, path.resolve(root, path.dirname(from), spec));

/** The crossing an import makes, as one baseline line, or null when the import keeps to the walls. */
export function crossing(from, to) {
  if (TEST.test(from)) return null;
  const server = 'apps/server/src/';
  const web = 'apps/web/src/';
  if (from.startsWith(server) && to.startsWith(server)) {
    const [fa, fb] = from.slice(server.length).split('/');
    const [ta, tb, ...rest] = to.slice(server.length).split('/');
    if (fa === 'modules' && fb === 'index.ts') return null; // the registry mounts every module
    if (fa === 'modules' && ta === 'db' && /^schema(\.ts)?$/.test(tb)) return `${from} -> ${to}`;
    if (fa === 'core' && ta === 'modules') return `${from} -> ${to}`;
    if (fa === 'modules' && ta === 'modules' && tb !== fb && tb !== 'index.ts') {
      const inner = rest.join('/');
      if (inner !== 'index.ts' && inner !== 'index' && inner !== '') return `${from} -> ${to}`;
    }
    return null;
  }
  if (from.startsWith(web) && to.startsWith(web)) {
    const [fa, fb] = from.slice(web.length).split('/');
    const [ta, tb] = to.slice(web.length).split('/');
    if (fa === 'features') {
      if (fb === 'registry.ts') return null; // finds the features' screens
      if (ta === 'features' && tb !== fb && tb !== 'registry' && tb !== 'registry.ts') return `${from} -> ${to}`;
      if (ta === 'app' || ta === 'shell' || ta === 'app-mobile') return `${from} -> ${to}`;
      return null;
    }
    if (WEB_SHARED.has(fa) && (ta === 'features' || ta === 'app' || ta === 'shell')) return `${from} -> ${to}`;
    if (fa === 'shell' && ta === 'app') return `${from} -> ${to}`;
  }
  return null;
}

/** Module → modules it imports (through their index files), for the loop check. */
function moduleGraph(edges) {
  const g = new Map();
  const prefix = 'apps/server/src/modules/';
  for (const [from, to] of edges) {
    if (!from.startsWith(prefix) || !to.startsWith(prefix) || TEST.test(from)) continue;
    const a = from.slice(prefix.length).split('/');
    const b = to.slice(prefix.length).split('/');
    if (a.length < 2 || b.length < 2 || a[0] === b[0]) continue;
    if (!g.has(a[0])) g.set(a[0], new Set());
    g.get(a[0]).add(b[0]);
  }
  return g;
}

/** The strongly connected groups of more than one node (Tarjan), each sorted, as `loop a,b,c` lines. */
export function loops(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) out.push(`loop ${group.sort().join(',')}`);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return out.sort();
}

/** Every crossing and module loop in the tree today. */
export function scan() {
  const edges = [];
  for (const dir of ['apps/server/src', 'apps/web/src']) {
    for (const f of sourceFiles(dir)) {
      for (const spec of importsOf(fs.readFileSync(path.join(root, f), 'utf8'))) edges.push([f, target(f, spec)]);
    }
  }
  const lines = new Set();
  for (const [from, to] of edges) {
    const c = crossing(from, to);
    if (c) lines.add(c);
  }
  return { crossings: [...lines].sort(), loops: loops(moduleGraph(edges)) };
}

export function readBaseline() {
  if (!fs.existsSync(BASELINE)) return [];
  return fs
    .readFileSync(BASELINE, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

const HEADER = `# Crossings of the walls that existed when scripts/walls.mjs came in (issue 23). This list may only shrink:
# remove a line when you remove its crossing; a crossing not listed here fails \`npm test\` and \`npm run lint\`.
`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { crossings, loops: found } = scan();
  const today = [...crossings, ...found];
  const mode = process.argv[2];
  if (mode === '--list') {
    console.log(today.join('\n'));
    process.exit(0);
  }
  const base = new Set(readBaseline());
  const fresh = today.filter((l) => !base.has(l));
  const gone = [...base].filter((l) => !today.includes(l));
  if (mode === '--update') {
    if (fresh.length) {
      console.error(`walls: refusing to add to the baseline:\n  ${fresh.join('\n  ')}`);
      process.exit(1);
    }
    fs.writeFileSync(BASELINE, `${HEADER}${today.join('\n')}\n`);
    console.log(`walls: baseline now ${today.length} (was ${base.size})`);
    process.exit(0);
  }
  if (gone.length) {
    console.log(`walls: ${gone.length} crossing(s) of the baseline are gone; run \`node scripts/walls.mjs --update\``);
  }
  if (fresh.length) {
    console.error(
      `walls: ${fresh.length} new crossing(s) (a module only through its index.ts, no db/schema.ts in modules, ` +
        `web features only through components/lib/api/stores/i18n; see scripts/walls.mjs):\n  ${fresh.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log(`walls: ${crossings.length} crossings and ${found.length} module loops, none new`);
}
