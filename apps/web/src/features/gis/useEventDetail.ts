/**
 * State and calls of the burst event drawer: the event and its valves (loaded when it opens), the analysis drawn on
 * its map with the closed valves, and the 关阀登记 of a valve (the event and its drawing are reloaded after).
 */
import { App } from 'antd';
import type OlMap from 'ol/Map';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListedEvent } from '../../api/burst';
import { type BurstEvent, dispatchApi, type EventValve } from '../../components/map/gisApi';
import { analysisLayer } from './analysisLayer';

export function useEventDetail(eventId: string | null, tab: string, onChanged?: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [event, setEvent] = useState<ListedEvent | null>(null);
  const [valves, setValves] = useState<EventValve[]>([]);
  const [active, setActive] = useState<string>(tab);
  const [busyGid, setBusyGid] = useState<number | null>(null);
  const mapRef = useRef<OlMap | null>(null);
  const drawn = useRef(analysisLayer());

  const load = useCallback(async (id: string) => {
    const [ev, vs] = await Promise.all([dispatchApi.detail(id), dispatchApi.valves(id)]);
    setEvent(ev as ListedEvent | null);
    setValves(vs);
    return { ev, vs };
  }, []);

  const redraw = useCallback((ev: BurstEvent | ListedEvent | null, vs: EventValve[]) => {
    if (!ev?.analysis || !mapRef.current) return;
    const closed = new Set(vs.filter((v) => v.role === 'close' && v.closed === 1).map((v) => v.valveGid));
    void drawn.current.draw(ev.analysis, mapRef.current, closed);
  }, []);

  useEffect(() => {
    setActive(tab);
    if (!eventId) {
      setEvent(null);
      setValves([]);
      return;
    }
    void load(eventId).then(({ ev, vs }) => redraw(ev, vs));
  }, [eventId, tab, load, redraw]);

  const ready = (map: OlMap) => {
    mapRef.current = map;
    map.addLayer(drawn.current.layer);
    redraw(event, valves);
  };

  const mark = async (v: EventValve, closed: boolean) => {
    if (!eventId) return;
    setBusyGid(v.valveGid);
    try {
      await dispatchApi.closeValve(eventId, v.valveGid, closed);
      message.success(t(closed ? 'burstEvent.marked' : 'burstEvent.unmarked', { dno: v.valveDno }));
      const { ev, vs } = await load(eventId);
      redraw(ev, vs);
      onChanged?.();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setBusyGid(null);
    }
  };

  return { event, valves, active, setActive, busyGid, ready, mark };
}
