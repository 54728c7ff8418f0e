/**
 * The crew page's state and calls: the event read by the link's token (again every 30 seconds and on refresh),
 * the valves in the crew's order with the progress, the valve picked on the map or list, and marking a valve
 * closed or open again.
 */
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CrewValveRow } from '../../api/burst';
import { HttpError } from '../../api/http';
import { type BurstEvent, dispatchApi } from '../../components/map/gisApi';
import { type CrewValve, crewOrder, progressOf } from './valveOrder';

const REFRESH_MS = 30_000;
/** The burst event as the public link gives it, with the burst point in longitude and latitude when known. */
export type CrewEvent = BurstEvent & { lon?: number; lat?: number };
type View = { event: CrewEvent; valves: CrewValveRow[] };

export function useShutValue() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [view, setView] = useState<View | null>(null);
  const [error, setError] = useState<string | null>(token ? null : t('shutValue.noToken'));
  const [busy, setBusy] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | undefined>();

  const load = useCallback(async () => {
    if (!token) return;
    try {
      setView((await dispatchApi.publicView(token)) as View);
      setError(null);
    } catch (e) {
      setError(e instanceof HttpError ? e.message : String(e));
    }
  }, [token]);

  useEffect(() => {
    document.title = t('shutValue.title');
    void load();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [load, t]);

  const valves = useMemo(() => crewOrder(view?.valves ?? []), [view]);
  const progress = useMemo(() => progressOf(view?.valves ?? []), [view]);

  async function mark(v: CrewValve, closed: boolean) {
    setBusy(v.valveGid);
    try {
      await dispatchApi.publicClose(token, v.valveGid, closed);
      message.success(t(closed ? 'shutValue.marked' : 'shutValue.reopened'));
      await load();
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(null);
    }
  }

  /** The refresh button: read again, then say so. */
  async function refresh() {
    await load();
    message.success(t('shutValue.refreshed'));
  }

  return { token, view, error, busy, selected, setSelected, load, refresh, mark, valves, progress };
}

/** One valve of the crew's list, as the hook orders it. */
export type CrewListValve = ReturnType<typeof useShutValue>['valves'][number];
