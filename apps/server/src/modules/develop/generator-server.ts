/**
 * The server module the generator writes: a Drizzle schema, routes through `defineResource`, the seed of its menu,
 * the module registration and an API test.
 */
import { camel, chainLine, type GenColumn, type GenFile, type GenModel, kebab, pascal, q } from './generator-text.ts';

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
  return [
    { path: `${dir}/schema.ts`, content: schemaFile(m) },
    { path: `${dir}/routes.ts`, content: routesFile(m) },
    { path: `${dir}/seed.ts`, content: seedFile(m) },
    { path: `${dir}/index.ts`, content: indexFile(m) },
    { path: `${dir}/${m.name}.api.test.ts`, content: apiTestFile(m) },
  ];
}

/** schema.ts: the table with pk, tenant and audit columns. */
function schemaFile(m: GenModel): string {
  const v = camel(m.name);
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
  return schema;
}

/** routes.ts: the resource with its menu grants and zod input. */
function routesFile(m: GenModel): string {
  const v = camel(m.name);
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
  return routes;
}

/** seed.ts: the menu with its add / edit / delete / view buttons. */
function seedFile(m: GenModel): string {
  const v = camel(m.name);
  const P = pascal(m.name);
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
  return seed;
}

/** index.ts: the module registration. */
function indexFile(m: GenModel): string {
  const v = camel(m.name);
  const P = pascal(m.name);
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
  return index;
}

/** <name>.api.test.ts: adds, lists, reads and removes a row; refuses one without its first required field. */
function apiTestFile(m: GenModel): string {
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
  return test;
}
