/**
 * What the factory works out once from a definition (columns, flags, default order, input schema) and every phase
 * (reads, writes, tree, routes) shares: one `Parts` per resource.
 */
import { asc, type Column, desc, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { columnsOf } from '../query.ts';
import type { ResourceDef, RouteName } from './types.ts';
import { inputSchemaOf } from './write.ts';

/** The routes a definition serves: those it names, else list, detail, submit and remove. */
export function routesOf(def: ResourceDef): Set<RouteName> {
  return new Set<RouteName>(def.routes ?? ['list', 'detail', 'submit', 'remove']);
}

/** The last path segment a definition serves a route under (its name unless `paths` renames it). */
export const segmentOf = (def: ResourceDef, name: RouteName): string => def.paths?.[name] ?? name;

/** Which of a definition's routes a path segment is, if any. */
export function routeAt(def: ResourceDef, segment: string): RouteName | undefined {
  for (const name of routesOf(def)) if (segmentOf(def, name) === segment) return name;
  return undefined;
}

export interface Parts {
  def: ResourceDef;
  cols: Map<string, Column>;
  /** the column of a field; a definition naming a column its table lacks is a programming error */
  col(name: string): Column;
  has(name: string): boolean;
  tenantScoped: boolean;
  /** the user's data scope applies */
  scoped: boolean;
  /** removal sets isDeleted instead of deleting */
  soft: boolean;
  hidden: Set<string>;
  /** query keys that are not filters */
  params: Set<string>;
  routes: Set<RouteName>;
  idField: string;
  idCol: Column;
  treeRoot: string;
  defaultOrder: SQL[];
  inputSchema: z.ZodTypeAny;
}

export function partsOf(def: ResourceDef): Parts {
  const cols = columnsOf(def.table);
  const col = (name: string) => {
    const c = cols.get(name);
    if (!c) throw new Error(`${def.code}: no column ${name}`);
    return c;
  };
  const has = (name: string) => cols.has(name);
  const tenantScoped = def.tenant ?? has('tenantId');
  const idField = def.idField ?? 'id';
  const idCol = col(idField);
  const defaultOrder = def.order?.(cols) ?? [
    ...(has('sort') ? [asc(col('sort'))] : []),
    ...(has('createTime') ? [desc(col('createTime'))] : []),
    desc(idCol),
  ];
  const params = new Set(def.params ?? []);
  // on a tenant's table `tenantId` names the tenant to read (platform administrator only), it is not a filter
  if (tenantScoped) params.add('tenantId');
  return {
    def,
    cols,
    col,
    has,
    tenantScoped,
    scoped: def.dataScope ?? has('createUser'),
    soft: has('isDeleted'),
    hidden: new Set(def.hidden ?? []),
    params,
    routes: routesOf(def),
    idField,
    idCol,
    treeRoot: def.tree?.root ?? '0',
    defaultOrder,
    inputSchema: inputSchemaOf(def),
  };
}
