/**
 * Processes the workflow tests build (no database, so the unit tests can use them too): an exclusive gateway
 * between a start and an end (engine.api, expr.unit).
 */
import type { SimpleNode, SimpleProcess } from './build.ts';

/** A branch of `exclusive`: a step that leaves the gateway under `condition`, or as its default (`isDefault`). */
export type Branch = Omit<SimpleNode, 'type'> & { condition?: string; isDefault?: boolean };

/**
 * Start `s` → exclusive gateway `g` (named `gate` when given) → one task per branch, each with its flow from `g` →
 * end `e`.
 */
export const exclusive = (name: string, gate: string | undefined, branches: Branch[]): Omit<SimpleProcess, 'key'> => ({
  name,
  nodes: [
    { id: 's', type: 'start' },
    { id: 'g', type: 'xor', ...(gate === undefined ? {} : { name: gate }) },
    ...branches.map(({ id, condition, isDefault, ...step }): SimpleNode => ({ id, type: 'task', ...step })),
    { id: 'e', type: 'end' },
  ],
  flows: [
    { from: 's', to: 'g' },
    ...branches.map(({ id, condition, isDefault }) => ({
      from: 'g',
      to: id,
      ...(condition === undefined ? {} : { condition }),
      ...(isDefault === undefined ? {} : { isDefault }),
    })),
    ...branches.map(({ id }) => ({ from: id, to: 'e' })),
  ],
});
