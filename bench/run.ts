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
  { file: './app.ts', fn: 'benchApp' },
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
if (!only.length) fs.writeFileSync(path.join(root, 'BENCHMARKS.md'), md);
else fs.writeFileSync(path.join(root, '.tmp/BENCHMARKS.partial.md'), md);
console.log(`\nwrote ${only.length ? '.tmp/BENCHMARKS.partial.md' : 'BENCHMARKS.md'}`);
process.exit(0);
