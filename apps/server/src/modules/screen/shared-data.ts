/**
 * One computation of a screen's data shared by every display that asks for it (docs/screen.md, "Live figures"):
 * a wall of 50 share-link displays re-reads the screen on every `monitor.points` event, and computing it 50 times
 * per reading on 2 cores made the reading-to-display p99 13.5 s. Displays asking for the same tenant and screen
 * while it is being computed share that computation, unless the tenant's data changed since it started (a new
 * reading, a saved layout). A finished answer is not kept: a read that starts after a write always sees it (alarms
 * and orders change without a reading, and a display re-reads on every event anyway).
 */
import type { AppContext } from '../../core/module.ts';
import { LIVE_TOPIC } from '../monitor/index.ts';
import type { ScreenCode } from './catalog.ts';
import { screenData } from './data.ts';

type Answer = Awaited<ReturnType<typeof screenData>>;
interface Entry {
  version: number;
  answer: Promise<Answer>;
}

interface State {
  versions: Map<string, number>;
  entries: Map<string, Entry>;
  /** computations started and reads answered by one already running (for the tests and the bench) */
  computed: number;
  shared: number;
}
const states = new WeakMap<AppContext, State>();

function stateOf(ctx: AppContext): State {
  let s = states.get(ctx);
  if (!s) {
    const st: State = { versions: new Map(), entries: new Map(), computed: 0, shared: 0 };
    ctx.live.on(LIVE_TOPIC, (ev) => {
      if (ev.tenantId) bumpScreenData(ctx, ev.tenantId);
    });
    states.set(ctx, st);
    s = st;
  }
  return s;
}

/** The tenant's screens changed: the next read computes afresh. */
export function bumpScreenData(ctx: AppContext, tenantId: string) {
  const s = stateOf(ctx);
  s.versions.set(tenantId, (s.versions.get(tenantId) ?? 0) + 1);
  for (const key of s.entries.keys()) if (key.startsWith(`${tenantId}:`)) s.entries.delete(key);
}

export function sharedScreenData(ctx: AppContext, tenantId: string, code: ScreenCode): Promise<Answer> {
  const s = stateOf(ctx);
  const key = `${tenantId}:${code}`;
  const version = s.versions.get(tenantId) ?? 0;
  const hit = s.entries.get(key);
  if (hit && hit.version === version) {
    s.shared++;
    return hit.answer;
  }
  s.computed++;
  const answer = screenData(ctx, tenantId, code);
  const entry: Entry = { version, answer };
  s.entries.set(key, entry);
  const forget = () => {
    if (s.entries.get(key) === entry) s.entries.delete(key);
  };
  answer.then(forget, forget);
  return answer;
}

export function sharedScreenStats(ctx: AppContext) {
  const s = stateOf(ctx);
  return { computed: s.computed, shared: s.shared };
}
