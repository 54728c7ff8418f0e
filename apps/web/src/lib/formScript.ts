/**
 * Form scripts (spec 1 §2.12 "custom-script editor", spec 2 §2): an administrator attaches a script to a menu
 * (menu `propertyJson.formScript`, edited in the custom-script editor dialog); every add/edit dialog of that
 * screen runs its hooks:
 *   beforeMount(data, ctx)   before the form is filled: change `data` (or return a new object) to prefill fields
 *   afterMount(data, ctx)    after the form is filled: same, the changed values are written into the form
 *   beforeSubmit(data, ctx)  before saving: return false (or a message text) to stop the save; `data` may change
 *   afterSubmit(data, ctx)   after a successful save
 * `ctx` is `{ mode: 'add' | 'edit', hook }`. Hooks may be async.
 *
 * Scripts never run in the page: each hook runs in a throw-away Web Worker with the network, storage and worker
 * APIs removed before the script is evaluated, so a script cannot read the session token, touch the page or
 * call the server; it only sees a JSON copy of the form's values. A hook that takes longer than
 * FORM_SCRIPT_TIMEOUT_MS is stopped.
 */

export const FORM_SCRIPT_HOOKS = ['beforeMount', 'afterMount', 'beforeSubmit', 'afterSubmit'] as const;
export type FormScriptHook = (typeof FORM_SCRIPT_HOOKS)[number];
export const FORM_SCRIPT_TIMEOUT_MS = 2000;

export type FormData = Record<string, unknown>;

export interface HookOutcome {
  /** the form values after the hook (the input values when the hook failed or is not defined) */
  data: FormData;
  /** false when the script stops a submit; a message when it says why */
  stop?: string | true;
  /** the script's error, if it failed */
  error?: string;
}

/** The form script stored on a menu entry (its propertyJson), if any. */
export function formScriptOf(propertyJson: unknown): string | undefined {
  if (!propertyJson) return undefined;
  try {
    const p = typeof propertyJson === 'string' ? JSON.parse(propertyJson) : propertyJson;
    const s = p && typeof p === 'object' ? (p as { formScript?: unknown }).formScript : undefined;
    return typeof s === 'string' && s.trim() ? s : undefined;
  } catch {
    return undefined;
  }
}

/** propertyJson with the form script set (or removed when empty); other properties are kept. */
export function withFormScript(propertyJson: unknown, script: string | undefined): string | null {
  let p: Record<string, unknown> = {};
  if (propertyJson) {
    try {
      const v = typeof propertyJson === 'string' ? JSON.parse(propertyJson) : propertyJson;
      if (v && typeof v === 'object' && !Array.isArray(v)) p = { ...(v as Record<string, unknown>) };
    } catch {
      // not JSON: the server refuses it with its own message; keep the text as it is
      return typeof propertyJson === 'string' ? propertyJson : null;
    }
  }
  if (script?.trim()) p.formScript = script;
  else delete p.formScript;
  return Object.keys(p).length ? JSON.stringify(p) : null;
}

/** propertyJson as the editor shows it: without the form script (which has its own field). */
export function withoutFormScript(propertyJson: unknown): string | undefined {
  if (!propertyJson) return undefined;
  try {
    const v = typeof propertyJson === 'string' ? JSON.parse(propertyJson) : propertyJson;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return String(propertyJson);
    const { formScript: _drop, ...rest } = v as Record<string, unknown>;
    return Object.keys(rest).length ? JSON.stringify(rest) : undefined;
  } catch {
    return String(propertyJson);
  }
}

/**
 * The hook call itself. It runs inside the worker (stringified there), and directly in unit tests. The script is
 * an expression whose value is an object of hooks, as the editor's default template writes it.
 */
export async function callHook(script: string, hook: string, input: FormData, mode: string): Promise<HookOutcome> {
  const data = JSON.parse(JSON.stringify(input ?? {}));
  let hooks: Record<string, unknown>;
  try {
    hooks = new Function(`"use strict";\nreturn (${script}\n);`)();
  } catch (e) {
    return { data: input, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
  const fn = hooks && typeof hooks === 'object' ? hooks[hook] : undefined;
  if (typeof fn !== 'function') return { data: input };
  try {
    const r = await fn.call(hooks, data, { mode, hook });
    const out: FormData = r && typeof r === 'object' && !Array.isArray(r) ? r : data;
    const clean = JSON.parse(JSON.stringify(out));
    if (hook === 'beforeSubmit' && (r === false || (typeof r === 'string' && r.trim()))) {
      return { data: clean, stop: r === false ? true : r };
    }
    return { data: clean };
  } catch (e) {
    return { data: input, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

/** Removes what a script must not reach, from the worker's global object and every prototype above it. */
function lockDown() {
  const banned = [
    'fetch',
    'XMLHttpRequest',
    'WebSocket',
    'WebSocketStream',
    'EventSource',
    'importScripts',
    'indexedDB',
    'caches',
    'BroadcastChannel',
    'Worker',
    'SharedWorker',
    'WebTransport',
    'FileReaderSync',
    'Request',
    'navigator',
    'location',
    'close',
    'postMessage',
  ];
  for (let o: object | null = self; o; o = Object.getPrototypeOf(o)) {
    for (const k of banned) {
      if (!Object.hasOwn(o, k)) continue;
      try {
        Object.defineProperty(o, k, { value: undefined, writable: false, configurable: false });
      } catch {
        // a property the engine will not redefine: leave it (the script still sees no token or page)
      }
    }
  }
}

/** The worker's source: lock down, then answer one message with one hook call. */
export function workerSource(): string {
  return `"use strict";
const send = self.postMessage.bind(self);
const callHook = ${callHook.toString()};
(${lockDown.toString()})();
self.onmessage = async (e) => {
  const { script, hook, data, mode } = e.data;
  let out;
  try { out = await callHook(script, hook, data, mode); }
  catch (err) { out = { data, error: String(err) }; }
  try { send(out); } catch (err) { send({ data, error: 'DataCloneError: ' + String(err) }); }
};
`;
}

let sourceUrl: string | undefined;

/** Runs one hook of a form script in a fresh sandboxed worker. */
export function runFormHook(
  script: string | undefined,
  hook: FormScriptHook,
  data: FormData,
  mode: 'add' | 'edit',
  timeoutMs = FORM_SCRIPT_TIMEOUT_MS,
): Promise<HookOutcome> {
  if (!script?.trim() || !new RegExp(`\\b${hook}\\b`).test(script)) return Promise.resolve({ data });
  if (typeof Worker === 'undefined') {
    return Promise.resolve({ data, error: 'Web Worker is not available: the form script did not run' });
  }
  sourceUrl ??= URL.createObjectURL(new Blob([workerSource()], { type: 'text/javascript' }));
  return new Promise((resolve) => {
    const worker = new Worker(sourceUrl!);
    const timer = setTimeout(() => {
      worker.terminate();
      resolve({ data, error: `TimeoutError: ${hook} took longer than ${timeoutMs} ms` });
    }, timeoutMs);
    worker.onmessage = (e: MessageEvent<HookOutcome>) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(e.data);
    };
    worker.onerror = (e) => {
      clearTimeout(timer);
      worker.terminate();
      e.preventDefault();
      resolve({ data, error: e.message || 'the form script failed' });
    };
    worker.postMessage({ script, hook, data: JSON.parse(JSON.stringify(data ?? {})), mode });
  });
}
