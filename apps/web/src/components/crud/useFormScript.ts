/**
 * The form script of the screen a CrudPage sits on (lib/formScript.ts): found by the page's own route in the
 * signed-in user's menu. Runs a hook and reports failures as a warning and in the local error log, so a broken
 * script never blocks the form (only an explicit `false` or message from beforeSubmit stops a save).
 */
import { App } from 'antd';
import { useCallback, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_LocationContext } from 'react-router';
import { type FormData, type FormScriptHook, formScriptOf, type HookOutcome, runFormHook } from '../../lib/formScript';
import { findMenuForRoute } from '../../lib/menu';
import { useErrorLog } from '../../stores/errorLog';
import { useSession } from '../../stores/session';

export type RunHook = (hook: FormScriptHook, data: FormData, mode: 'add' | 'edit') => Promise<HookOutcome>;

export function useFormScript(): { script?: string; run: RunHook } {
  // outside a router (tests, embeds) there is no screen and so no script
  const location = useContext(UNSAFE_LocationContext)?.location;
  const menuAll = useSession((s) => s.menuAll);
  const { t } = useTranslation();
  const { message } = App.useApp();
  const addError = useErrorLog((s) => s.add);
  const script = useMemo(() => {
    if (!location) return undefined;
    const entry = findMenuForRoute(menuAll, location.pathname, location.search);
    return entry ? formScriptOf(entry.propertyJson) : undefined;
  }, [location, menuAll]);
  const run = useCallback<RunHook>(
    async (hook, data, mode) => {
      const out = await runFormHook(script, hook, data, mode);
      if (out.error) {
        message.warning(t('crud.scriptError', { hook, error: out.error }));
        addError({ type: 'bug', url: location?.pathname ?? '', message: `form script ${hook}: ${out.error}` });
      }
      return out;
    },
    [script, message, t, addError, location],
  );
  return { script, run };
}
