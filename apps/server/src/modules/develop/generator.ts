/**
 * The code generator: from a data-source table or an online module, the files of a screen built the way this
 * repository builds its own — a server module (Drizzle schema with pk/tenant/audit columns, routes through
 * `defineResource` with menu grants and zod input, a seed of its menu with buttons, an API test) and a React screen
 * (its `CrudPage` column schema and the screen registration), plus the menu SQL. Pure: a model in, `{ path,
 * content }` files out; the output passes the repository's type check and lint (generator.unit.test.ts).
 */
import { type DataField, dataFields, type LcFormConf } from '@swp/contract';
import { newId } from '../../core/ids.ts';

export interface GenColumn {
  /** database column (snake_case) */
  column: string;
  /** property (camelCase) */
  prop: string;
  label: string;
  kind: 'string' | 'text' | 'integer' | 'decimal' | 'date' | 'datetime';
  length?: number;
  precision?: number;
  scale?: number;
  required: boolean;
  search: boolean;
  /** static options (select) */
  options?: { value: string; label: string }[];
}

export interface GenModel {
  /** module folder and code, snake_case, e.g. `repair_request` */
  name: string;
  /** screen title, e.g. 用户报修登记 */
  label: string;
  /** table name */
  table: string;
  columns: GenColumn[];
  /** where it came from (comment) */
  source: string;
  /** top menu (business area) the screen's menu goes into (default system) */
  area?: string;
}

export interface GenFile {
  path: string;
  content: string;
}

const AUDIT = new Set([
  'id',
  'tenant_id',
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
]);

export const camel = (s: string) => s.replace(/[_-]+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
export const pascal = (s: string) => camel(s).replace(/^./, (c) => c.toUpperCase());
export const snake = (s: string) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
const kebab = (s: string) => snake(s).replace(/_/g, '-');
/** A TypeScript string literal as Biome writes it: single quotes, double ones when the text holds a single quote. */
export const q = (s: string) =>
  s.includes("'") && !s.includes('"')
    ? JSON.stringify(s.replace(/\r/g, ''))
    : `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '')}'`;

/** Columns a line takes on screen (wide CJK characters count two, as Biome's line width does). */
export function width(s: string): number {
  let n = 0;
  for (const ch of s)
    n += /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/.test(ch)
      ? 2
      : 1;
  return n;
}

/**
 * `${indent}${key}${expr},` on one line when it fits in 120 columns; otherwise the member chain broken the way
 * Biome breaks it: the head (`z`, `z.coerce`) stays, every call goes on its own line, two spaces further in.
 */
export function chainLine(indent: string, key: string, expr: string): string {
  const one = `${indent}${key}${expr},`;
  if (width(one) <= 120) return one;
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let cur = '';
  for (let i = 0; i < expr.length; i++) {
    const ch = expr[i];
    if (quote) {
      if (ch === '\\') {
        cur += ch + expr[++i];
        continue;
      }
      if (ch === quote) quote = '';
    } else if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    else if (ch === '.' && depth === 0) {
      parts.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  parts.push(cur);
  const firstCall = parts.findIndex((p) => p.includes('('));
  const head = parts.slice(0, firstCall).join('.');
  return `${indent}${key}${head}${parts
    .slice(firstCall)
    .map((p) => `\n${indent}  .${p}`)
    .join('')},`;
}
const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** A valid module name from anything: snake_case, starting with a letter, at most 40 characters. */
export function moduleName(s: string): string {
  const n = snake(s).replace(/^[^a-z]+/, '');
  return (n || 'gen_module').slice(0, 40).replace(/_+$/, '');
}

/** A database column of a data source → a generated column (audit columns are the template's own). */
export function columnFromDb(c: {
  name: string;
  type: string;
  nullable: boolean;
  primaryKey: boolean;
  comment: string | null;
}): GenColumn | undefined {
  const column = snake(c.name);
  if (AUDIT.has(column) || c.primaryKey) return undefined;
  const t = c.type.toLowerCase();
  const num = /\((\d+)(?:,\s*(\d+))?\)/.exec(t);
  let kind: GenColumn['kind'] = 'string';
  if (/^(tinyint\(1\)|boolean|bool)/.test(t) || /^(smallint|int|integer|mediumint|tinyint)/.test(t)) kind = 'integer';
  else if (/^bigint/.test(t)) kind = 'decimal';
  else if (/^(numeric|decimal|double|float|real)/.test(t)) kind = 'decimal';
  else if (/^(timestamp|datetime)/.test(t)) kind = 'datetime';
  else if (/^date/.test(t)) kind = 'date';
  else if (/^(text|longtext|mediumtext|json|jsonb)/.test(t)) kind = 'text';
  const length = kind === 'string' ? Math.min(Number(num?.[1] ?? 255), 4000) : undefined;
  return {
    column,
    prop: camel(column),
    label: (c.comment ?? '').trim().slice(0, 30) || column,
    kind,
    length,
    precision: kind === 'decimal' ? Math.min(Number(num?.[1] ?? 18), 30) : undefined,
    scale: kind === 'decimal' ? Math.min(Number(num?.[2] ?? (/^bigint/.test(t) ? 0 : 2)), 10) : undefined,
    required: !c.nullable,
    search: false,
  };
}

/** A value field of an online module's form → a generated column (sub-tables and files are left out). */
export function columnFromField(df: DataField): GenColumn | undefined {
  const skip = ['table', 'uploadFile', 'uploadImg', 'createUser', 'createTime', 'modifyUser', 'modifyTime'];
  if (skip.includes(df.key)) return undefined;
  const column = snake(df.vModel);
  if (AUDIT.has(column)) return undefined;
  const f = df.field;
  const required = !!f.__config__.required;
  const base = { column, prop: camel(column), label: df.label.slice(0, 30), required, search: false };
  switch (df.key) {
    case 'input':
      return { ...base, kind: 'string', length: Math.min(Number(f.maxlength) || 255, 4000) };
    case 'textarea':
    case 'editor':
      return { ...base, kind: 'text' };
    case 'inputNumber':
    case 'calculate':
    case 'slider':
      return { ...base, kind: 'decimal', precision: 18, scale: typeof f.precision === 'number' ? f.precision : 2 };
    case 'switch':
    case 'rate':
      return { ...base, kind: 'integer' };
    case 'datePicker':
      return { ...base, kind: /[Hh]/.test(String(f.format ?? '')) ? 'datetime' : 'date' };
    case 'select':
    case 'radio': {
      const p = (f.props ?? {}) as Record<string, unknown>;
      const vk = String(p.value ?? 'id');
      const lk = String(p.label ?? 'fullName');
      const options = (f.options ?? []).map((o) => ({
        value: String(o[vk] ?? o.value ?? o.id),
        label: String(o[lk] ?? o.label ?? o.fullName),
      }));
      return { ...base, kind: 'string', length: 64, options: f.multiple ? undefined : options };
    }
    default:
      return { ...base, kind: 'string', length: 255 };
  }
}

export function modelFromForm(name: string, label: string, form: LcFormConf, searchProps: string[] = []): GenModel {
  const n = moduleName(name);
  const columns = dataFields(form)
    .map(columnFromField)
    .filter((c): c is GenColumn => !!c);
  for (const c of columns) c.search = searchProps.map((s) => camel(snake(s))).includes(c.prop);
  return { name: n, label, table: `swp_${n}`, columns: dedupe(columns), source: `在线开发功能「${label}」` };
}

export function modelFromTable(
  name: string,
  label: string,
  table: string,
  cols: Parameters<typeof columnFromDb>[0][],
): GenModel {
  const n = moduleName(name);
  const columns = cols.map(columnFromDb).filter((c): c is GenColumn => !!c);
  columns.slice(0, 2).forEach((c) => {
    c.search = c.kind === 'string';
  });
  return { name: n, label, table: snake(table), columns: dedupe(columns), source: `数据表 ${table}` };
}

function dedupe(cols: GenColumn[]): GenColumn[] {
  const seen = new Set<string>();
  return cols.filter((c) => {
    if (seen.has(c.prop)) return false;
    seen.add(c.prop);
    return true;
  });
}

// ----------------------------------------------------------------------------------------------------- server

function drizzleColumn(c: GenColumn): { builder: string; expr: string } {
  const nn = c.required ? '.notNull()' : '';
  switch (c.kind) {
    case 'text':
      return { builder: 'text', expr: `text(${q(c.column)})${nn}` };
    case 'integer':
      return { builder: 'integer', expr: `integer(${q(c.column)})${nn}` };
    case 'decimal':
      return {
        builder: 'numeric',
        expr: `numeric(${q(c.column)}, { precision: ${c.precision ?? 18}, scale: ${c.scale ?? 2}, mode: 'number' })${nn}`,
      };
    case 'date':
      return { builder: 'date', expr: `date(${q(c.column)}, { mode: 'string' })${nn}` };
    case 'datetime':
      return { builder: 'timestamp', expr: `timestamp(${q(c.column)}, { mode: 'string' })${nn}` };
    default:
      return { builder: 'varchar', expr: `varchar(${q(c.column)}, { length: ${c.length ?? 255} })${nn}` };
  }
}

function zodOf(c: GenColumn): string {
  const need = `请输入${c.label}`;
  switch (c.kind) {
    case 'integer':
    case 'decimal': {
      const n = `z.coerce.number({ error: ${q(`${c.label}必须是数字`)} })`;
      return c.required ? n : `${n}.nullish()`;
    }
    case 'date':
      return `z.string({ error: ${q(need)} }).regex(/^\\d{4}-\\d{2}-\\d{2}$/, ${q(`${c.label}格式应为 YYYY-MM-DD`)})${c.required ? '' : '.nullish()'}`;
    case 'datetime':
      return `z.string({ error: ${q(need)} }).regex(/^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$/, ${q(`${c.label}格式应为 YYYY-MM-DD HH:mm:ss`)})${c.required ? '' : '.nullish()'}`;
    case 'text':
      return c.required ? `z.string({ error: ${q(need)} }).trim().min(1, ${q(need)})` : 'z.string().nullish()';
    default: {
      const max = `.max(${c.length ?? 255}, ${q(`${c.label}不能超过${c.length ?? 255}个字符`)})`;
      if (c.options?.length) {
        const vals = c.options.map((o) => q(o.value)).join(', ');
        const e = `z.enum([${vals}], { error: ${q(`请选择${c.label}`)} })`;
        return c.required ? e : `${e}.nullish()`;
      }
      return c.required
        ? `z.string({ error: ${q(need)} }).trim().min(1, ${q(need)})${max}`
        : `z.string().trim()${max}.nullish()`;
    }
  }
}

const sample = (c: GenColumn, i: number): string => {
  if (c.options?.length) return q(c.options[0].value);
  switch (c.kind) {
    case 'integer':
      return String(i + 1);
    case 'decimal':
      return `${i + 1}.5`;
    case 'date':
      return q('2026-01-15');
    case 'datetime':
      return q('2026-01-15 08:30:00');
    default:
      return q(`测试${i + 1}`.slice(0, Math.max(1, Math.min(c.length ?? 255, 10))));
  }
};

export function serverFiles(m: GenModel): GenFile[] {
  const dir = `apps/server/src/modules/${m.name}`;
  const v = camel(m.name);
  const P = pascal(m.name);
  const cols = m.columns.map((c) => ({ c, d: drizzleColumn(c) }));
  const builders = [...new Set(cols.map((x) => x.d.builder))].sort();
  const schema = `/** ${m.label} (${m.table}): generated from ${m.source}. */
import { ${builders.join(', ')} } from 'drizzle-orm/pg-core';
import { audit, pk, tenantCol } from '../../core/columns.ts';

export const ${v}Table = pgTable(${q(m.table)}, {
  id: pk(),
  ...tenantCol(),
${cols.map(({ c, d }) => `  /** ${c.label} */\n  ${c.prop}: ${d.expr},`).join('\n')}
  ...audit(),
});
`.replace(`import { ${builders.join(', ')} }`, `import { ${[...builders, 'pgTable'].sort().join(', ')} }`);

  const routes = `/** ${m.label}: list, detail, submit, remove (BladeX), granted by the ${m.name} menu and its buttons. */
import { z } from 'zod';
import { defineResource } from '../../core/resource.ts';
import { ${v}Table } from './schema.ts';

export const ${v}Resource = defineResource({
  code: ${q(m.name)},
  base: ${q(`/swp-gen/${kebab(m.name)}`)},
  table: ${v}Table,
  grant: {
    read: [${q(m.name)}],
    submit: [${q(`${m.name}_add`)}, ${q(`${m.name}_edit`)}],
    remove: [${q(`${m.name}_delete`)}],
  },
  routes: ['list', 'detail', 'submit', 'remove'],
  input: {
${m.columns.map((c) => chainLine('    ', `${c.prop}: `, zodOf(c))).join('\n')}
  },
});
`;

  const buttons = [
    ['add', '新增'],
    ['edit', '修改'],
    ['delete', '删除'],
    ['view', '查看'],
  ];
  const seed = `/** The menu of ${m.label} with its add / edit / delete / view buttons (idempotent). */
import type { AppContext } from '../../core/module.ts';
import { ensureMenus, type MenuItem } from '../system/index.ts';

export const ${v}Menus: MenuItem[] = [
  {
    code: ${q(m.name)},
    name: ${q(m.label)},
    path: ${q(`/gen/${kebab(m.name)}`)},
    source: 'TableOutlined',
    sort: 1,
    parentCode: 'lowcode_apps',
    topMenuCodes: [${q(m.area || 'system')}],
    children: [
${buttons
  .map(
    ([op, n], i) => `      {
        code: ${q(`${m.name}_${op}`)},
        name: ${q(n)},
        alias: ${q(op)},
        path: ${q(`/gen/${kebab(m.name)}/${op}`)},
        sort: ${i + 1},
        category: 2,
        action: ${op === 'add' || op === 'delete' ? 0 : 1},
      },`,
  )
  .join('\n')}
    ],
  },
];

export async function seed${P}(ctx: AppContext) {
  await ensureMenus(ctx, ${v}Menus);
}
`;

  const index = `/** ${m.label}: register ${v}Module in src/modules/index.ts and export ./schema.ts from src/db/schema.ts. */
import type { ServerModule } from '../../core/module.ts';
import { ${v}Resource } from './routes.ts';
import { seed${P} } from './seed.ts';

export const ${v}Module: ServerModule = {
  name: ${q(m.name)},
  routes(app, ctx) {
    ${v}Resource.routes(app, ctx);
  },
  seed: seed${P},
};
`;

  const base = `/api/swp-gen/${kebab(m.name)}`;
  const row = m.columns.map((c, i) => `  ${c.prop}: ${sample(c, i)},`).join('\n');
  const firstRequired = m.columns.find((c) => c.required);
  const test = `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await bootTestApp();
  await t.signIn();
});
afterAll(() => t?.close());

const base = ${q(base)};
const valid = {
${row}
};

describe(${q(m.label)}, () => {
  it('adds, lists, reads and removes a row', async () => {
    const res = await t.post(\`\${base}/submit\`, valid);
    expect(res.json(), res.body).toMatchObject({ code: 200 });
    const page = (await t.get(\`\${base}/list\`, { size: 100 })).json().data;
    expect(page.total).toBe(1);
    const id = page.records[0].id;
    expect((await t.get(\`\${base}/detail\`, { id })).json().data.id).toBe(id);
    expect((await t.post(\`\${base}/remove\`, undefined, { ids: id })).json().code).toBe(200);
    expect((await t.get(\`\${base}/list\`)).json().data.total).toBe(0);
  });
${
  firstRequired
    ? `
  it('refuses a row without ${firstRequired.label}', async () => {
    const res = await t.post(\`\${base}/submit\`, { ...valid, ${firstRequired.prop}: undefined });
    expect(res.statusCode).toBe(400);
  });
`
    : ''
}});
`;

  return [
    { path: `${dir}/schema.ts`, content: schema },
    { path: `${dir}/routes.ts`, content: routes },
    { path: `${dir}/seed.ts`, content: seed },
    { path: `${dir}/index.ts`, content: index },
    { path: `${dir}/${m.name}.api.test.ts`, content: test },
  ];
}

// -------------------------------------------------------------------------------------------------------- web

function crudColumn(c: GenColumn): string {
  const parts = [`prop: ${q(c.prop)}`, `label: ${q(c.label)}`];
  if (c.options?.length) {
    parts.push("type: 'select'");
    const items = c.options.map((o) => `{ value: ${q(o.value)}, label: ${q(o.label)} }`);
    // Biome puts each object of an array of several on its own line
    parts.push(
      items.length > 1 ? `options: [\n${items.map((i) => `      ${i},`).join('\n')}\n    ]` : `options: [${items[0]}]`,
    );
  } else if (c.kind === 'integer' || c.kind === 'decimal') {
    parts.push("type: 'number'");
    if (c.kind === 'decimal') parts.push(`precision: ${c.scale ?? 2}`);
  } else if (c.kind === 'date') parts.push("type: 'date'");
  else if (c.kind === 'datetime') parts.push("type: 'datetime'");
  else if (c.kind === 'text') parts.push("type: 'textarea'", 'hide: true');
  if (c.search) parts.push('search: true');
  if (c.required) parts.push(`required: ${q(`${c.options?.length ? '请选择' : '请输入'}${c.label}`)}`);
  return `  {\n${parts.map((p) => `    ${p},`).join('\n')}\n  },`;
}

export function webFiles(m: GenModel): GenFile[] {
  const dir = `apps/web/src/features/${kebab(m.name)}`;
  const P = pascal(m.name);
  const page = `/** ${m.label} (generated): the list, search, add, edit, view and delete of ${m.table} over CrudPage. */
import { crudApi } from '../../api/crud';
import { type CrudColumn, CrudPage } from '../../components/crud';

export const ${camel(m.name)}Api = crudApi(${q(`/api/swp-gen/${kebab(m.name)}`)});

export const columns: CrudColumn[] = [
${m.columns.map(crudColumn).join('\n')}
];

export default function ${P}Page() {
  return (
    <CrudPage
      api={${camel(m.name)}Api}
      columns={columns}
      title={${q(m.label)}}
      permission={${q(m.name)}}
      selection
      batchDelBtn
    />
  );
}
`;
  const screens = `import type { ScreenLoader } from '../registry';

export const screens: Record<string, ScreenLoader> = {
  ${q(`/gen/${kebab(m.name)}`)}: () => import('./${P}Page'),
};
`;
  return [
    { path: `${dir}/${P}Page.tsx`, content: page },
    { path: `${dir}/screens.ts`, content: screens },
  ];
}

export function menuSql(m: GenModel): GenFile {
  const id = newId();
  const rows = [
    `(${id}, (select id from blade_menu where code = 'lowcode_apps' and is_deleted = 0), ${sqlText(m.name)}, ${sqlText(m.label)}, null, ${sqlText(`/gen/${kebab(m.name)}`)}, 'TableOutlined', 1, 1, 0, 1)`,
    ...['add:新增:0', 'edit:修改:1', 'delete:删除:0', 'view:查看:1'].map((s, i) => {
      const [op, n, action] = s.split(':');
      return `(${newId()}, ${id}, ${sqlText(`${m.name}_${op}`)}, ${sqlText(n)}, ${sqlText(op)}, ${sqlText(`/gen/${kebab(m.name)}/${op}`)}, null, ${i + 1}, 2, ${action}, 1)`;
    }),
  ];
  return {
    path: `sql/${m.name}.menu.sql`,
    content: `-- ${m.label}: the menu entry and its buttons (the module's seed writes the same with ensureMenus)
INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open) VALUES
${rows.join(',\n')};
`,
  };
}

export function readme(m: GenModel): GenFile {
  return {
    path: 'README.md',
    content: `# ${m.label}

Generated from ${m.source}.

1. Copy \`apps/\` into the repository.
2. Register \`${camel(m.name)}Module\` in \`apps/server/src/modules/index.ts\` and add
   \`export * from '../modules/${m.name}/schema.ts';\` to \`apps/server/src/db/schema.ts\`.
3. \`cd apps/server && npx drizzle-kit generate --name ${m.name}\` (creates table \`${m.table}\`).
4. Add \`screens\` of \`apps/web/src/features/${kebab(m.name)}/screens.ts\` to \`apps/web/src/features/registry.ts\`.
5. The module's seed adds the menu \`${m.name}\` under 在线应用 with its buttons (or run \`sql/${m.name}.menu.sql\`).
6. \`npx vitest run --project api src/modules/${m.name}\`.
`,
  };
}

/** Every file of a model. */
export function generate(m: GenModel): GenFile[] {
  if (!m.columns.length) throw new Error('没有可生成的字段');
  return [...serverFiles(m), ...webFiles(m), menuSql(m), readme(m)];
}
