/**
 * The generator's output follows this repository's conventions: generated into the paths it names (served to the
 * TypeScript compiler from memory, so nothing is written into the source tree), it passes the type check of the
 * app it belongs to, and Biome finds nothing to lint or reformat in it.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { METER_FORM, REPAIR_FORM } from '../lowcode/demo-forms.ts';
import { type GenFile, type GenModel, generate, modelFromForm, modelFromTable } from './generator.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');

/** Type errors in the generated files of one app, compiled with that app's tsconfig. */
function typeErrors(app: 'server' | 'web', files: GenFile[]): string[] {
  const virtual = new Map(
    files.filter((f) => f.path.startsWith(`apps/${app}/`)).map((f) => [path.join(root, f.path), f.content]),
  );
  const dirs = new Set([...virtual.keys()].map((f) => path.dirname(f)));
  const cfg = ts.getParsedCommandLineOfConfigFile(
    path.join(root, `apps/${app}/tsconfig.json`),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!cfg) throw new Error('no tsconfig');
  const options = { ...cfg.options, noEmit: true, skipLibCheck: true, incremental: false };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile, directoryExists } = host;
  host.fileExists = (f) => virtual.has(path.resolve(f)) || fileExists(f);
  host.readFile = (f) => virtual.get(path.resolve(f)) ?? readFile(f);
  host.directoryExists = (d) => dirs.has(path.resolve(d)) || (directoryExists?.(d) ?? ts.sys.directoryExists(d));
  host.getSourceFile = (f, lang, ...rest) => {
    const text = virtual.get(path.resolve(f));
    return text !== undefined ? ts.createSourceFile(f, text, lang) : getSourceFile(f, lang, ...rest);
  };
  const program = ts.createProgram([...virtual.keys()], options, host);
  // only the generated files' own diagnostics: the checker then types just what they reach (asking for the whole
  // program's, as getPreEmitDiagnostics does, checked every file of the app and made this the slowest unit test)
  const mine = program.getSourceFiles().filter((sf) => virtual.has(path.resolve(sf.fileName)));
  return mine
    .flatMap((sf) => [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)])
    .filter((d) => d.file && virtual.has(path.resolve(d.file.fileName)))
    .map((d) => {
      const { line } = d.file!.getLineAndCharacterOfPosition(d.start ?? 0);
      return `${path.relative(root, d.file!.fileName)}:${line + 1} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
}

/** Biome's findings for one generated file, checked at the path it would have (lint and format). */
function lint(f: GenFile): string | undefined {
  // with stdin and --write, Biome prints the file as it would write it, and fails on what it cannot fix
  const r = spawnSync(path.join(root, 'node_modules/.bin/biome'), ['check', '--write', `--stdin-file-path=${f.path}`], {
    cwd: root,
    input: f.content,
    encoding: 'utf8',
  });
  if (r.status !== 0) return `${f.path}: ${r.stderr || r.stdout}`;
  if (r.stdout !== f.content) return `${f.path}: Biome would change it:\n${r.stdout}`;
  return undefined;
}

const fromTable: GenModel = modelFromTable('hydrant_inspection', '消火栓巡检记录', 'swp_hydrant_inspection', [
  { name: 'id', type: 'bigint', nullable: false, primaryKey: true, comment: null },
  { name: 'hydrant_no', type: 'character varying(32)', nullable: false, primaryKey: false, comment: '消火栓编号' },
  { name: 'inspector', type: 'varchar(64)', nullable: true, primaryKey: false, comment: '巡检人' },
  { name: 'pressure', type: 'numeric(6,3)', nullable: true, primaryKey: false, comment: '静水压(MPa)' },
  { name: 'leak_count', type: 'integer', nullable: true, primaryKey: false, comment: '渗漏处数' },
  { name: 'inspect_date', type: 'date', nullable: false, primaryKey: false, comment: '巡检日期' },
  {
    name: 'checked_at',
    type: 'timestamp without time zone',
    nullable: true,
    primaryKey: false,
    comment: "签到时间 '现场'",
  },
  { name: 'remark', type: 'text', nullable: true, primaryKey: false, comment: '备注' },
  { name: 'create_time', type: 'timestamp', nullable: true, primaryKey: false, comment: null },
]);
const models: GenModel[] = [
  fromTable,
  modelFromForm('repair_request', '用户报修登记', REPAIR_FORM, ['title']),
  modelFromForm('meter_reading', '抄表记录', METER_FORM),
];

describe('generated code', () => {
  const files = models.flatMap(generate);

  it('names a server module, a web screen, the menu SQL and a readme for each model', () => {
    for (const m of models) {
      const mine = files.filter((f) => f.path.includes(m.name) || f.path.includes(m.name.replace(/_/g, '-')));
      expect(mine.map((f) => f.path)).toEqual(
        expect.arrayContaining([
          `apps/server/src/modules/${m.name}/schema.ts`,
          `apps/server/src/modules/${m.name}/routes.ts`,
          `apps/server/src/modules/${m.name}/${m.name}.api.test.ts`,
          `sql/${m.name}.menu.sql`,
        ]),
      );
      expect(mine.some((f) => f.path.startsWith('apps/web/src/features/') && f.path.endsWith('Page.tsx'))).toBe(true);
    }
    expect(fromTable.columns.map((c) => c.kind)).toEqual([
      'string',
      'string',
      'decimal',
      'integer',
      'date',
      'datetime',
      'text',
    ]);
  });

  it('passes the server type check', { timeout: 120_000 }, () => {
    expect(typeErrors('server', files)).toEqual([]);
  });

  it('passes the web type check', { timeout: 120_000 }, () => {
    expect(typeErrors('web', files)).toEqual([]);
  });

  it('passes the lint and is formatted', { timeout: 60_000 }, () => {
    const code = files.filter((f) => /\.(ts|tsx)$/.test(f.path));
    expect(code.length).toBeGreaterThan(10);
    expect(code.map(lint).filter(Boolean)).toEqual([]);
  });
});
