/**
 * The form's custom script (the designer's script editor: beforeMount, afterMount, beforeSubmit, afterSubmit),
 * run by lib/formScript.ts in a locked-down worker. JNPF `funcs.onLoad` / `beforeSubmit` / `afterSubmit` bodies
 * are accepted too: `onLoad` is the spec's beforeMount.
 */
import type { LcFormConf } from '@swp/contract';
import { type FormData, type FormScriptHook, type HookOutcome, runFormHook } from '../../lib/formScript';

/** The script text of a form: its `script`, else one built from JNPF `funcs` bodies (`(data) => { … }`). */
export function scriptOf(conf: Pick<LcFormConf, 'script' | 'funcs'> | undefined): string | undefined {
  if (!conf) return undefined;
  if (conf.script?.trim()) return conf.script;
  const f = conf.funcs;
  if (!f) return undefined;
  const parts: string[] = [];
  const add = (hook: string, src?: string) => {
    if (src?.trim()) parts.push(`  ${hook}: ${src.trim()},`);
  };
  add('beforeMount', f.onLoad);
  add('beforeSubmit', f.beforeSubmit);
  add('afterSubmit', f.afterSubmit);
  return parts.length ? `({\n${parts.join('\n')}\n})` : undefined;
}

/** Runs one hook of the form's script (no script or no such hook: the data back unchanged). */
export function runSchemaHook(
  conf: Pick<LcFormConf, 'script' | 'funcs'> | undefined,
  hook: FormScriptHook,
  data: FormData,
  mode: 'add' | 'edit',
): Promise<HookOutcome> {
  return runFormHook(scriptOf(conf), hook, data, mode);
}
