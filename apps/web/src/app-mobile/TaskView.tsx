/**
 * A task: its map, its objects with the distance from me, check-in (normal or with a hazard: type, level, note and
 * photos from the camera), start and finish. Check-ins always go through the outbox, so they work the same without
 * a connection; the list shows each object's queued, sent or refused state until the server's copy catches up.
 */
import { metresBetween } from '@swp/contract';
import { useState } from 'react';
import { BackBar } from './AppChrome';
import { CheckSheet, type Sheet } from './CheckSheet';
import { t } from './i18n';
import { objectState } from './objectState';
import type { OutboxItem } from './outbox';
import { currentFix, type Fix } from './position';
import { TaskMap } from './TaskMap';
import { TaskObjectList } from './TaskObjectList';
import type { Network, Settings, TaskDetail, TaskObject } from './types';
import { useTaskCommands } from './useTaskCommands';

export { objectState } from './objectState';
export { readPhoto } from './photos';

interface Props {
  detail: TaskDetail;
  network: Network | null;
  me: Fix | null;
  items: OutboxItem[];
  settings: Settings;
  onBack: () => void;
  onChanged: () => void;
}

const distanceTo = (o: TaskObject, f: Fix | null) =>
  f && o.lon != null && o.lat != null ? Math.round(metresBetween(f.lon, f.lat, o.lon, o.lat)) : null;

export function TaskView({ detail, network, me, items, settings, onBack, onChanged }: Props) {
  const [sheet, setSheet] = useState<Sheet>(null);
  const [selected, setSelected] = useState<string>();
  const { busy, msg, started, done, command } = useTaskCommands(detail, items, onChanged);

  async function open(kind: 'check' | 'hazard', object: TaskObject) {
    setSelected(object.id);
    setSheet({ kind, object, fix: me, distance: distanceTo(object, me) });
    // a fresh fix for the check-in itself
    const fix = await currentFix();
    setSheet((s) => (s && s.object.id === object.id ? { ...s, fix, distance: distanceTo(object, fix) } : s));
  }

  const checkedOrQueued = detail.objects.filter(
    (o) => objectState(o, items) !== 'todo' && objectState(o, items) !== 'conflict',
  ).length;

  return (
    <div className="page" data-testid="app-task-view">
      <BackBar onBack={onBack} testId="app-back">
        <span className={`tag s${detail.taskStatus}`}>{t(`status${detail.taskStatus}` as 'status0')}</span>
      </BackBar>
      <h2>{detail.planName}</h2>
      <p className="meta">
        {t('due')} {detail.periodEnd.slice(5, 16)} · {t('progress')}{' '}
        <b data-testid="app-progress">
          {checkedOrQueued}/{detail.objectCount}
        </b>
      </p>
      <TaskMap
        objects={detail.objects}
        network={network}
        me={me}
        selected={selected}
        stateOf={(o) => objectState(o, items)}
        onPick={setSelected}
        label={t('myPosition')}
        layers={settings.gisLayers}
      />
      <p className="meta">{me ? `${t('myPosition')} ±${Math.round(me.accuracy)} ${t('metres')}` : t('locating')}</p>
      {!started && !done && (
        <button
          className="primary"
          type="button"
          disabled={busy}
          onClick={() => void command('start')}
          data-testid="app-start"
        >
          {t('start')}
        </button>
      )}
      <TaskObjectList
        objects={detail.objects}
        items={items}
        me={me}
        selected={selected}
        canCheck={started && !done}
        distanceTo={distanceTo}
        onOpen={(kind, o) => void open(kind, o)}
      />
      {started && !done && (
        <button
          className="primary"
          type="button"
          disabled={busy || checkedOrQueued < detail.objectCount}
          onClick={() => void command('finish')}
          data-testid="app-finish"
        >
          {t('finish')}
        </button>
      )}
      {msg && (
        <p className="notice" role="status">
          {msg}
        </p>
      )}
      {sheet && (
        <CheckSheet
          sheet={sheet}
          radius={settings.checkinRadius}
          photoMaxKb={settings.photoMaxKb}
          taskId={detail.id}
          onClose={() => setSheet(null)}
        />
      )}
    </div>
  );
}
