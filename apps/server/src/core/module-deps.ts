import type { ServerModule } from './module.ts';

/**
 * The modules named and every module they use, directly or not (`ServerModule.uses`), in the order of `all` (the
 * start order of `modules/index.ts`): what an app serving just these needs to boot.
 */
export function closureOf(all: readonly ServerModule[], names: readonly string[]): ServerModule[] {
  const byName = new Map(all.map((m) => [m.name, m]));
  const wanted = new Set<string>();
  const visit = (name: string, from?: string) => {
    if (wanted.has(name)) return;
    const m = byName.get(name);
    if (!m) throw new Error(`unknown module '${name}'${from ? ` (used by '${from}')` : ''}`);
    wanted.add(name);
    for (const u of m.uses ?? []) visit(u, name);
  };
  for (const n of names) visit(n);
  return all.filter((m) => wanted.has(m.name));
}
