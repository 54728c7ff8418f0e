/**
 * The route grants of core/gate.ts (issue 8: `byMenu`, `adminOnly`), read through the module namespace so that
 * this module also loads on a tree where the gate does not export them yet (the options then carry the same
 * `config.grant` the gate reads once it does).
 */
import * as gate from '../../core/gate.ts';

type RouteOpts = { config: { grant: 'admin' | readonly string[] } };
const g = gate as unknown as { byMenu?: (...codes: string[]) => RouteOpts; adminOnly?: RouteOpts };

export const byMenu = (...codes: string[]): RouteOpts => g.byMenu?.(...codes) ?? { config: { grant: codes } };
export const adminOnly: RouteOpts = g.adminOnly ?? { config: { grant: 'admin' } };
