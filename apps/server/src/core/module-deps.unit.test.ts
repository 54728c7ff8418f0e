import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript without types: the parser the wall check itself uses
import { importsOf, sourceFiles } from '../../../../scripts/walls.mjs';
import { modules } from '../modules/index.ts';
import { closureOf } from './module-deps.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const prefix = 'apps/server/src/modules/';

/** Module → the other modules its non-test source files import (through their index.ts, as the walls demand). */
function importedModules(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const f of sourceFiles('apps/server/src/modules') as string[]) {
    const [from, ...inner] = f.slice(prefix.length).split('/');
    if (!inner.length || /\.test\.tsx?$/.test(f)) continue;
    if (!out.has(from)) out.set(from, new Set());
    for (const spec of importsOf(fs.readFileSync(path.join(root, f), 'utf8')) as string[]) {
      const to = path.relative(root, path.resolve(root, path.dirname(f), spec));
      const other = to.startsWith(prefix) ? to.slice(prefix.length).split('/') : [];
      if (other.length > 1 && other[0] !== from) out.get(from)?.add(other[0]);
    }
  }
  return out;
}

describe('module dependencies (ServerModule.uses)', () => {
  const imported = importedModules();

  it('lists every module folder once in modules/index.ts', () => {
    expect(modules.map((m) => m.name).sort()).toEqual([...imported.keys()].sort());
  });

  it.each(modules.map((m) => [m.name, m] as const))('%s declares exactly the modules it imports', (name, m) => {
    expect(m.uses, `${name}Module declares no uses`).toBeDefined();
    expect([...(m.uses ?? [])].sort(), `${name}Module.uses vs the imports of modules/${name}/`).toEqual(
      [...(imported.get(name) ?? [])].sort(),
    );
  });

  it('has no loop', () => {
    const byName = new Map(modules.map((m) => [m.name, m]));
    const done = new Set<string>();
    const visit = (name: string, trail: string[]) => {
      if (trail.includes(name))
        throw new Error(`module loop: ${[...trail.slice(trail.indexOf(name)), name].join(' → ')}`);
      if (done.has(name)) return;
      for (const u of byName.get(name)?.uses ?? []) visit(u, [...trail, name]);
      done.add(name);
    };
    for (const m of modules) expect(() => visit(m.name, [])).not.toThrow();
  });

  it('closes over uses in start order and refuses an unknown name', () => {
    const names = (n: string[]) => closureOf(modules, n).map((m) => m.name);
    expect(names(['health'])).toEqual(['health']);
    const order = modules.map((m) => m.name);
    const desk = names(['desk']);
    expect(desk).toEqual([...desk].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    expect(desk).toEqual(expect.arrayContaining(['desk', 'auth', 'system', 'log', 'message', 'resource']));
    expect(() => names(['nope'])).toThrow(/unknown module 'nope'/);
  });
});
