// `npm test`: every suite in turn (unit, API on the embedded database, API on PostgreSQL when TEST_DATABASE_URL
// is set, browser), then one closing line with the totals.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.tmp/test-results');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
const only = process.argv[2];

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSuites = [];
// Named again at the very end: CI keeps only the tail of the output, and a failure scrolled out of it once cost a
// whole session's work that nobody could diagnose.
const failures = [];
const flaky = [];
const firstLines = (text, n = 12) =>
  String(text ?? '')
    .split('\n')
    .slice(0, n)
    .join('\n    ');

function run(name, cmd, args, opts = {}) {
  if (only && only !== name.split(':')[0]) return;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  console.log(`=== ${name}: exit ${r.status} in ${Math.round((Date.now() - started) / 1000)} s ===`);
  if (r.status !== 0) failedSuites.push(name);
}

function vitestCounts(file) {
  if (!fs.existsSync(file)) return;
  const j = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += j.numPassedTests ?? 0;
  totals.failed += j.numFailedTests ?? 0;
  totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  for (const f of j.testResults ?? []) {
    const rel = path.relative(root, f.name);
    for (const t of f.assertionResults ?? []) {
      if (t.status === 'failed') failures.push(`${rel} › ${t.fullName}\n    ${firstLines(t.failureMessages?.[0])}`);
    }
    if (f.status === 'failed' && !(f.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failures.push(`${rel} (the file itself)\n    ${firstLines(f.message)}`);
    }
  }
}

function playwrightOutcomes(suites, trail = []) {
  for (const s of suites ?? []) {
    const here = s.title ? [...trail, s.title] : trail;
    for (const spec of s.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const name = [...here, spec.title].join(' › ');
        const bad = (t.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped');
        if (t.status === 'unexpected') failures.push(`${name}\n    ${firstLines(bad?.error?.message)}`);
        else if (t.status === 'flaky') flaky.push(`${name}\n    ${firstLines(bad?.error?.message, 6)}`);
      }
    }
    playwrightOutcomes(s.suites, here);
  }
}

const vitest = (project, cwd, file, env) => [
  'npx',
  [
    'vitest',
    'run',
    '--root',
    cwd,
    ...(project ? ['--project', project] : []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ],
  { env },
];

// The walls between modules and between web layers (issue 23): the rules' own tests, then the tree against the
// baseline of crossings, which may only shrink.
run('unit:walls', 'node', ['--test', 'scripts/walls.test.mjs']);
run('unit:walls-check', 'node', ['scripts/walls.mjs']);

const webUnit = path.join(out, 'web-unit.json');
run('unit:web', ...vitest(undefined, 'apps/web', webUnit));
vitestCounts(webUnit);

const serverUnit = path.join(out, 'server-unit.json');
run('unit:server', ...vitest('unit', 'apps/server', serverUnit));
vitestCounts(serverUnit);

const apiEmbedded = path.join(out, 'api-embedded.json');
run('api:embedded', ...vitest('api', 'apps/server', apiEmbedded, { TEST_DATABASE_URL: '' }));
vitestCounts(apiEmbedded);

if (process.env.TEST_DATABASE_URL) {
  const apiPg = path.join(out, 'api-postgresql.json');
  run('api:postgresql', ...vitest('api', 'apps/server', apiPg));
  vitestCounts(apiPg);
}

if (!only || only === 'e2e') {
  run('e2e:build', 'npm', ['run', 'build', '-w', 'apps/web']);
  const e2e = path.join(out, 'e2e.json');
  // Without a built app every browser test would only wait out its timeout: that once made CI overrun its hour.
  if (!failedSuites.includes('e2e:build')) {
    run('e2e', 'npx', ['playwright', 'test'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2e } });
  }
  if (fs.existsSync(e2e)) {
    const report = JSON.parse(fs.readFileSync(e2e, 'utf8'));
    playwrightOutcomes(report.suites);
    const s = report.stats ?? {};
    totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    totals.failed += s.unexpected ?? 0;
    totals.skipped += s.skipped ?? 0;
  }
}

if (flaky.length) console.log(`\nPassed only on a retry:\n  ${flaky.join('\n  ')}`);
if (failures.length) console.log(`\nFailed tests:\n  ${failures.join('\n  ')}`);
if (failedSuites.length) console.log(`\nFailed suites: ${failedSuites.join(', ')}`);
if (failedSuites.length && totals.failed === 0) totals.failed = failedSuites.length;
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSuites.length ? 1 : 0);
