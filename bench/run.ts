/**
 * `npm run bench`: every benchmark in turn, printed and written to BENCHMARKS.md. Figures are ratios against a
 * baseline measured in the same run (these machines are noisy), plus the absolute numbers behind them.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface BenchResult {
  name: string;
  lines: string[];
}

const root = path.resolve(import.meta.dirname, '..');
const suites: { file: string; fn: string }[] = [
  { file: './shell.ts', fn: 'benchShell' },
  { file: './users.ts', fn: 'benchUsers' },
  { file: './monitor.ts', fn: 'benchMonitor' },
  { file: './gis.ts', fn: 'benchGis' },
  { file: './lowcode.ts', fn: 'benchLowcode' },
  { file: './workflow.ts', fn: 'benchWorkflow' },
  { file: './patrol.ts', fn: 'benchPatrol' },
  { file: './backup.ts', fn: 'benchBackup' },
  { file: './dma.ts', fn: 'benchDma' },
  { file: './iot.ts', fn: 'benchIot' },
  { file: './import.ts', fn: 'benchImport' },
  { file: './hydraulics.ts', fn: 'benchHydraulics' },
  { file: './hydraulics-big.ts', fn: 'benchHydraulicsBig' },
  { file: './app.ts', fn: 'benchApp' },
  { file: './app-load.ts', fn: 'benchAppLoad' },
  { file: './control-room.ts', fn: 'benchControlRoom' },
];
const only = process.argv.slice(2);

const results: BenchResult[] = [];
for (const s of suites) {
  if (only.length && !only.some((o) => s.file.includes(o))) continue;
  if (!fs.existsSync(path.join(import.meta.dirname, s.file))) continue;
  const mod = await import(s.file);
  console.log(`\n## ${s.file}`);
  try {
    const r: BenchResult = await mod[s.fn]();
    for (const l of r.lines) console.log(l);
    results.push(r);
  } catch (e) {
    console.error(`${s.file} failed:`, e);
    results.push({ name: s.file, lines: [`failed: ${(e as Error).message}`] });
  }
}

const machine = `${(await import('node:os')).cpus().length} cores, Node ${process.version}`;
const md = [
  '# Benchmarks',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC (${machine}).`,
  'Every goal is a ratio against a baseline measured in the same run, or a budget; absolute numbers vary by machine.',
  '',
  ...results.flatMap((r) => [`## ${r.name}`, '', ...r.lines, '']),
].join('\n');
const file = path.join(root, 'BENCHMARKS.md');
if (!only.length) fs.writeFileSync(file, md);
else {
  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  fs.writeFileSync(path.join(root, '.tmp/BENCHMARKS.partial.md'), md);
  // a partial run (`npm run bench -- app`) also refreshes its own sections of BENCHMARKS.md, keeping the others
  let doc = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  for (const r of results) {
    const section = [`## ${r.name}`, '', ...r.lines, ''].join('\n');
    const at = doc.indexOf(`\n## ${r.name}\n`);
    if (at < 0) doc = `${doc.trimEnd()}\n\n${section}`;
    else {
      const next = doc.indexOf('\n## ', at + 1);
      doc = `${doc.slice(0, at + 1)}${section}${next < 0 ? '' : doc.slice(next)}`;
    }
  }
  fs.writeFileSync(file, doc.endsWith('\n') ? doc : `${doc}\n`);
}
console.log(
  `\nwrote ${only.length ? '.tmp/BENCHMARKS.partial.md and its sections of BENCHMARKS.md' : 'BENCHMARKS.md'}`,
);
process.exit(0);
