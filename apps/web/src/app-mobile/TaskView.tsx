/**
 * A task: its map, its objects with the distance from me, check-in (normal or with a hazard: type, level, note and
 * photos from the camera), start and finish. Check-ins always go through the outbox, so they work the same without
 * a connection; the list shows each object's queued, sent or refused state until the server's copy catches up.
 */
import { useState } from 'react';
import { newClientId } from './api';
import { EVENT_TYPES, eventName, t } from './i18n';
import { enqueue, type OutboxItem } from './outbox';
import { currentFix, type Fix } from './position';
import { TaskMap } from './TaskMap';
import { metres, type Network, type Settings, type TaskDetail, type TaskObject } from './types';

interface Props {
  detail: TaskDetail;
  network: Network | null;
  me: Fix | null;
  items: OutboxItem[];
  settings: Settings;
  onBack: () => void;
  onChanged: () => void;
}

type Sheet = { kind: 'check' | 'hazard'; object: TaskObject; fix: Fix | null; distance: number | null } | null;

export function objectState(o: TaskObject, items: OutboxItem[]): string {
  if (o.result === 2) return 'hazard';
  if (o.result === 1) return 'checked';
  const mine = items.filter((i) => (i.kind ?? 'check') === 'check' && i.body.id === o.id);
  const last = mine[mine.length - 1];
  if (!last) return 'todo';
  if (last.state === 'conflict') return 'conflict';
  if (last.state === 'sent') return last.body.result === 2 ? 'hazard' : 'checked';
  return 'queued';
}

export const readPhoto = (f: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(f);
  });

export function TaskView({ detail, network, me, items, settings, onBack, onChanged }: Props) {
  const [sheet, setSheet] = useState<Sheet>(null);
  const [selected, setSelected] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState('');
  // a start or finish waiting in the outbox counts: the person goes on working offline
  const pending = (kind: 'start' | 'finish') =>
    items.some((i) => i.kind === kind && i.taskId === detail.id && i.state !== 'conflict');
  const started = !!detail.startTime || pending('start');
  const done = detail.taskStatus === 2 || pending('finish');

  // a message belongs to the task it was about
  const [msgTask, setMsgTask] = useState(detail.id);
  if (msgTask !== detail.id) {
    setMsgTask(detail.id);
    setMsg('');
  }

  const distanceTo = (o: TaskObject, f: Fix | null) =>
    f && o.lon != null && o.lat != null ? Math.round(metres(f.lon, f.lat, o.lon, o.lat)) : null;

  // start and finish go through the outbox like check-ins, so they work offline and are sent in order, once
  async function command(kind: 'start' | 'finish') {
    setBusy(true);
    setMsg('');
    try {
      const clientId = newClientId(kind === 'start' ? 'st' : 'fin');
      await enqueue({
        kind,
        clientId,
        taskId: detail.id,
        objectName: detail.planName,
        body: { id: detail.id, clientId },
        photos: [],
      });
      if (kind === 'finish') setMsg(t('finished'));
      onChanged();
    } finally {
      setBusy(false);
    }
  }

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
      <div className="bar">
        <button type="button" onClick={onBack} data-testid="app-back">
          ‹ {t('back')}
        </button>
        <span className={`tag s${detail.taskStatus}`}>{t(`status${detail.taskStatus}` as 'status0')}</span>
      </div>
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
      <ol className="objects">
        {detail.objects.map((o) => {
          const state = objectState(o, items);
          const d = distanceTo(o, me);
          const item = [...items].reverse().find((i) => (i.kind ?? 'check') === 'check' && i.body.id === o.id);
          return (
            <li key={o.id} className={o.id === selected ? 'sel' : ''} data-testid="app-object">
              <div className="row">
                <b>{o.objectName}</b>
                <span className={`tag ${state}`} data-testid="app-object-state">
                  {t(state === 'todo' ? 'status0' : state === 'hazard' ? 'hazard' : (state as 'checked'))}
                </span>
              </div>
              {o.address && <div className="meta">{o.address}</div>}
              <div className="meta">
                {t('distance')} {d === null ? '—' : `${d} ${t('metres')}`}
                {(o.checkFar === 1 || item?.far) && (
                  <span className="tag far" data-testid="app-far">
                    {t('far')}
                  </span>
                )}
              </div>
              {state === 'conflict' && item?.error && <div className="error">{item.error}</div>}
              {started && !done && (state === 'todo' || state === 'conflict') && (
                <div className="actions">
                  <button
                    type="button"
                    className="primary"
                    onClick={() => void open('check', o)}
                    data-testid="app-check"
                  >
                    {t('checkIn')}
                  </button>
                  <button
                    type="button"
                    className="danger"
                    onClick={() => void open('hazard', o)}
                    data-testid="app-hazard"
                  >
                    {t('hazard')}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
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

function CheckSheet({
  sheet,
  radius,
  photoMaxKb,
  taskId,
  onClose,
}: {
  sheet: NonNullable<Sheet>;
  radius: number;
  photoMaxKb: number;
  taskId: string;
  onClose: () => void;
}) {
  const [eventType, setEventType] = useState('');
  const [level, setLevel] = useState(1);
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<{ key: string; data: string }[]>([]);
  const [error, setError] = useState('');
  const hazard = sheet.kind === 'hazard';
  const far = sheet.distance !== null && sheet.distance > radius;

  async function addPhoto(files: FileList | null) {
    setError('');
    for (const f of Array.from(files ?? [])) {
      if (f.size > photoMaxKb * 1024) {
        setError(t('photoTooBig', { kb: photoMaxKb }));
        continue;
      }
      const data = await readPhoto(f);
      setPhotos((p) => [...p, { key: crypto.randomUUID(), data }].slice(0, 9));
    }
  }

  async function submit() {
    if (hazard && (!eventType || !note.trim())) {
      setError(t('notesRequired'));
      return;
    }
    const clientId = newClientId('chk');
    await enqueue({
      clientId,
      taskId,
      objectName: sheet.object.objectName,
      body: {
        id: sheet.object.id,
        clientId,
        result: hazard ? 2 : 1,
        ...(sheet.fix ? { lon: sheet.fix.lon, lat: sheet.fix.lat, accuracy: sheet.fix.accuracy } : {}),
        ...(hazard ? { eventType, level, description: note.trim() } : {}),
      },
      photos: photos.map((p, i) => ({ clientId: `${clientId}-p${i}`, data: p.data })),
    });
    onClose();
  }

  return (
    <div className="sheet" role="dialog" aria-modal="true" aria-label={hazard ? t('hazard') : t('checkIn')}>
      <div className="sheet-body">
        <h3>
          {hazard ? t('hazard') : t('checkIn')} · {sheet.object.objectName}
        </h3>
        <p className="meta" data-testid="app-sheet-distance">
          {sheet.fix ? `${t('distance')} ${sheet.distance ?? '—'} ${t('metres')}` : t('noPosition')}
        </p>
        {far && (
          <p className="warn" role="alert" data-testid="app-far-warning">
            {t('farConfirm', { d: sheet.distance!, r: radius })}
          </p>
        )}
        {hazard && (
          <>
            <label>
              {t('eventType')}
              <select value={eventType} onChange={(e) => setEventType(e.target.value)} data-testid="app-event-type">
                <option value="" />
                {EVENT_TYPES.map((e) => (
                  <option key={e} value={e}>
                    {eventName(e)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('level')}
              <select value={level} onChange={(e) => setLevel(Number(e.target.value))}>
                {[1, 2, 3].map((l) => (
                  <option key={l} value={l}>
                    {t(`level${l}` as 'level1')}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('note')}
              <textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} data-testid="app-note" />
            </label>
            <label className="photo">
              {t('photo')}
              <input
                type="file"
                accept="image/*"
                capture="environment"
                multiple
                onChange={(e) => void addPhoto(e.target.files)}
                data-testid="app-photo"
              />
            </label>
            <div className="thumbs">
              {photos.map((p, i) => (
                <img key={p.key} src={p.data} alt={`${t('photo')} ${i + 1}`} />
              ))}
            </div>
          </>
        )}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="actions">
          <button type="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button
            type="button"
            className={far ? 'danger' : 'primary'}
            onClick={() => void submit()}
            data-testid="app-submit"
          >
            {far ? `${t('submit')} (${t('far')})` : t('submit')}
          </button>
        </div>
      </div>
    </div>
  );
}
