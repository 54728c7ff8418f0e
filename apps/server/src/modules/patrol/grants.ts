/** Route grants of the patrol and location routes: the gate's own helpers (core/gate.ts). */
export { byMenu, signedIn } from '../../core/gate.ts';
