// `npm run arch:figures`: the figures of issue 23, measured from the working tree (docs/architecture.md keeps
// them with their dates). What each counts:
//   tenant filters   hand-written tenant conditions outside the query layer: `tenant_id =` in SQL text and
//                    `eq(x.tenantId, …)` in drizzle, in server source files (tests left out), except the files
//                    that are the query layer (core/query.ts, core/resource.ts, core/tenancy.ts, core/scoped.ts)
//   not on engine    server modules that serve routes and call `defineResource` nowhere
//   long functions   functions, methods and arrow functions over 100 (and 200) lines, server and web source
//   long files       source files over 500 lines (tests left out; tests over 500 counted apart)
//   crossings        the walls' crossings and module loops (scripts/walls.mjs), today and in the baseline
//   duplicates       the `duplicates` tool's pair count over the tree, where the tool is on the machine
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { readBaseline, scan, sourceFiles } from './walls.mjs';

const root = path.resolve(import.meta.dirname, '..');
const read = (f) => fs.readFileSync(path.join(root, f), 'utf8');
// test files, and the helpers only test files import
const TEST = /(\.test\.(ts|tsx)|[\\/]test-helpers\.ts)$/;
const QUERY_LAYER = new Set(
  ['query.ts', 'resource.ts', 'resource/read.ts', 'resource/write.ts', 'tenancy.ts', 'scoped.ts'].map(
    (f) => `apps/server/src/core/${f}`,
  ),
);

const server = sourceFiles('apps/server/src').filter((f) => /\.tsx?$/.test(f));
const web = sourceFiles('apps/web/src').filter((f) => /\.tsx?$/.test(f));
const all = [...server, ...web];

// Tenant filters written by hand.
const FILTER = /tenant_id\s*=|eq\(\s*[\w.]+\.tenantId\b/g;
let filters = 0;
const filterFiles = new Map();
for (const f of server) {
  if (TEST.test(f) || QUERY_LAYER.has(f)) continue;
  const n = (read(f).match(FILTER) ?? []).length;
  if (n) {
    filters += n;
    filterFiles.set(f, n);
  }
}
const perModule = new Map();
for (const [f, n] of filterFiles) {
  const m = f.match(/modules\/([^/]+)\//)?.[1] ?? f.replace('apps/server/src/', '');
  perModule.set(m, (perModule.get(m) ?? 0) + n);
}

// Modules not on the resource engine.
const modulesDir = path.join(root, 'apps/server/src/modules');
const notOnEngine = [];
for (const m of fs.readdirSync(modulesDir, { withFileTypes: true })) {
  if (!m.isDirectory()) continue;
  const files = server.filter((f) => f.startsWith(`apps/server/src/modules/${m.name}/`) && !TEST.test(f));
  const text = files.map(read).join('\n');
  const servesRoutes = /\bapp\.(get|post|put|delete|patch)\(/.test(text);
  if (servesRoutes && !/\bdefineResource\(/.test(text)) notOnEngine.push(m.name);
}

// Long functions and files.
const longFns = [];
const longFiles = [];
const longTests = [];
for (const f of all) {
  const text = read(f);
  const lines = text.split('\n').length;
  if (lines > 500) (TEST.test(f) ? longTests : longFiles).push([f, lines]);
  if (TEST.test(f)) continue;
  const sf = ts.createSourceFile(
    f,
    text,
    ts.ScriptTarget.Latest,
    true,
    f.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const n = end - start + 1;
      if (n > 100) {
        let name = node.name?.getText(sf);
        if (!name && ts.isVariableDeclaration(node.parent)) name = node.parent.name.getText(sf);
        if (!name && ts.isPropertyAssignment(node.parent)) name = node.parent.name.getText(sf);
        if (!name && ts.isCallExpression(node.parent)) name = `${node.parent.expression.getText(sf).slice(0, 40)}(…)`;
        longFns.push([`${f}:${start + 1} ${name ?? '(anonymous)'}`, n]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
longFns.sort((a, b) => b[1] - a[1]);
longFiles.sort((a, b) => b[1] - a[1]);

// Walls.
const walls = scan();
const baseline = readBaseline();
const kinds = {
  'server: into another module past its index.ts': (l) =>
    l.startsWith('apps/server') && !l.includes('db/schema') && !l.includes('src/core/'),
  'server: a module through db/schema.ts': (l) => l.includes('-> apps/server/src/db/schema'),
  'server: core into a module': (l) => l.startsWith('apps/server/src/core/'),
  'web: feature into another feature': (l) => /web\/src\/features\/.* -> apps\/web\/src\/features\//.test(l),
  'web: feature into app/ or shell/': (l) => /web\/src\/features\/.* -> apps\/web\/src\/(app|shell)\//.test(l),
  'web: shared layer into app/, shell/ or a feature': (l) =>
    /web\/src\/(components|lib|api|stores|i18n)\//.test(l.split(' -> ')[0]),
  'web: shell into app': (l) => /web\/src\/shell\/.* -> apps\/web\/src\/app\//.test(l),
};

// Duplicates, where the tool is installed.
let duplicates = 'the `duplicates` tool is not on this machine';
const dup = spawnSync('duplicates', ['--seconds', '300', '--most', '1'], { cwd: root, encoding: 'utf8' });
if (!dup.error) {
  const first = (dup.stdout ?? '').split('\n')[0];
  const total = Number(first.match(/^(\d+) pairs/)?.[1]);
  const shape = Number(first.match(/\((\d+) by shape alone/)?.[1] ?? 0);
  duplicates = Number.isFinite(total) ? `${total} pairs, ${total - shape} exact (${first})` : first;
}

const verbose = process.argv.includes('--verbose');
const out = [];
out.push(`Hand-written tenant filters outside the query layer: ${filters} in ${filterFiles.size} files`);
if (verbose) {
  for (const [m, n] of [...perModule].sort((a, b) => b[1] - a[1])) out.push(`  ${m} ${n}`);
}
out.push(`Modules serving routes without the resource engine: ${notOnEngine.length} (${notOnEngine.join(', ')})`);
out.push(
  `Functions over 100 lines: ${longFns.length} (over 200: ${longFns.filter(([, n]) => n > 200).length}); longest: ${longFns
    .slice(0, 5)
    .map(([k, n]) => `${k.split(' ').pop()} ${n}`)
    .join(', ')}`,
);
if (verbose) for (const [k, n] of longFns) out.push(`  ${n} ${k}`);
out.push(`Source files over 500 lines: ${longFiles.length} (and ${longTests.length} test files)`);
if (verbose) for (const [k, n] of longFiles) out.push(`  ${n} ${k}`);
out.push(
  `Wall crossings: ${walls.crossings.length} today (baseline ${baseline.filter((l) => !l.startsWith('loop')).length}); module loops: ${walls.loops.length ? walls.loops.join('; ') : 'none'}`,
);
for (const [kind, test] of Object.entries(kinds)) out.push(`  ${kind}: ${walls.crossings.filter(test).length}`);
out.push(`Duplicates: ${duplicates}`);
console.log(out.join('\n'));
