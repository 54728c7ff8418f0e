/**
 * The code generator: from a data-source table or an online module, the files of a screen built the way this
 * repository builds its own — a server module (Drizzle schema with pk/tenant/audit columns, routes through
 * `defineResource` with menu grants and zod input, a seed of its menu with buttons, an API test) and a React screen
 * (its `CrudPage` column schema and the screen registration), plus the menu SQL. Pure: a model in, `{ path,
 * content }` files out; the output passes the repository's type check and lint (generator.unit.test.ts).
 */
import { type DataField, dataFields, type LcFormConf } from '@swp/contract';
import { newId } from '../../core/ids.ts';
import { serverFiles } from './generator-server.ts';
import {
  camel,
  type GenColumn,
  type GenFile,
  type GenModel,
  kebab,
  pascal,
  q,
  snake,
  sqlText,
} from './generator-text.ts';

export type { GenColumn, GenFile, GenModel } from './generator-text.ts';
export { camel, chainLine, pascal, q, snake, width } from './generator-text.ts';
export { serverFiles };

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
