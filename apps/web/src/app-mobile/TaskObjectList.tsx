/** A task's objects on the phone: state, address, distance from me, the far flag, and check-in / hazard buttons. */
import { t } from './i18n';
import { objectState } from './objectState';
import type { OutboxItem } from './outbox';
import type { Fix } from './position';
import type { TaskObject } from './types';

export function TaskObjectList({
  objects,
  items,
  me,
  selected,
  canCheck,
  distanceTo,
  onOpen,
}: {
  objects: TaskObject[];
  items: OutboxItem[];
  me: Fix | null;
  selected: string | undefined;
  canCheck: boolean;
  distanceTo: (o: TaskObject, f: Fix | null) => number | null;
  onOpen: (kind: 'check' | 'hazard', o: TaskObject) => void;
}) {
  return (
    <ol className="objects">
      {objects.map((o) => {
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
            {canCheck && (state === 'todo' || state === 'conflict') && (
              <div className="actions">
                <button type="button" className="primary" onClick={() => onOpen('check', o)} data-testid="app-check">
                  {t('checkIn')}
                </button>
                <button type="button" className="danger" onClick={() => onOpen('hazard', o)} data-testid="app-hazard">
                  {t('hazard')}
                </button>
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
