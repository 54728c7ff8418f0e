/**
 * 人员定位: the pipe-network map with everyone's latest position (online: reported within 5 minutes, green;
 * offline: grey), moving live over the server's position stream (`position/stream`, server-sent events); when the
 * stream is not available the positions are polled every 10 s. On the left: the counts by department and state,
 * and the people list (state filter, name search); choosing a person centres the map on them and loads their
 * trace over a time range, played back with a time slider.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Space } from 'antd';
import type OlMap from 'ol/Map';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { locationApi, type PresenceState, type StaffPosition } from '../../api/location';
import { NetworkMap } from '../../components/map';
import { useLoadDeps } from '../../lib/useLoadDeps';
import { CountsCard, MapTitle, PeopleCard } from './LocationCards';
import { TracePanel } from './TracePanel';
import { useLivePositions, useLocationLayers } from './useLocation';

export { applyLive, pointAt, traceRange } from './positions';

import { personAt } from './positions';

export { POLL_MS } from './useLocation';

export default function LocationPage() {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<StaffPosition | null>(null);
  const [deptId, setDeptId] = useState<string | undefined>();
  const [state, setState] = useState<'all' | PresenceState>('all');
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [showNames, setShowNames] = useState(true);
  const { people, live, loadPositions, tick, setTick } = useLivePositions();
  const { map, ready, onTrace, onHead } = useLocationLayers(people, selected, deptId, showNames);

  const counts = useLoadDeps(() => locationApi.monitorCount(), [tick]);
  const list = useLoadDeps(
    () =>
      locationApi.monitor({
        current: page,
        size: 10,
        deptId,
        state: state === 'all' ? undefined : state,
        realName: name.trim() || undefined,
      }),
    [page, deptId, state, name, tick],
  );

  const onMapClick = (x: number, y: number, m: OlMap) => {
    const hit = personAt(m, x, y);
    if (hit) choose(hit);
  };

  const choose = (p: StaffPosition) => {
    const current = people.find((x) => x.userId === p.userId) ?? p;
    setSelected(current);
    if (current.x !== null && current.y !== null)
      map.current?.getView().animate({ center: [current.x, current.y], zoom: 8, duration: 300 });
  };

  const c = counts.data;
  const onMap = useMemo(
    () => people.filter((p) => p.x !== null && (!deptId || p.deptId === deptId)).length,
    [people, deptId],
  );

  return (
    <div data-testid="patrol-location" style={{ display: 'flex', gap: 12, padding: 12, alignItems: 'flex-start' }}>
      <div style={{ width: 360, flex: 'none' }}>
        <CountsCard
          counts={c}
          deptId={deptId}
          onDept={(id) => {
            setDeptId((d) => (d === id ? undefined : (id ?? undefined)));
            setPage(1);
          }}
        />
        <PeopleCard
          list={list}
          page={page}
          setPage={setPage}
          state={state}
          setState={setState}
          setName={setName}
          selected={selected}
          choose={choose}
        />
        {selected && <TracePanel key={selected.userId} person={selected} onTrace={onTrace} onHead={onHead} />}
      </div>
      <Card
        size="small"
        style={{ flex: 1, minWidth: 0 }}
        title={<MapTitle live={live} onMap={onMap} />}
        extra={
          <Space>
            <Button size="small" onClick={() => setShowNames((s) => !s)}>
              {showNames ? t('patrol.location.hideNames') : t('patrol.location.showNames')}
            </Button>
            <Button
              size="small"
              icon={<ReloadOutlined />}
              onClick={() => {
                void loadPositions();
                setTick((x) => x + 1);
              }}
            >
              {t('patrol.common.refresh')}
            </Button>
          </Space>
        }
      >
        <NetworkMap
          onReady={ready}
          onClick={onMapClick}
          zoom={5}
          style={{ height: 'calc(100vh - 220px)', minHeight: 520 }}
          testId="location-map"
        />
      </Card>
    </div>
  );
}
