/**
 * The check-in sheet of one object: its distance from me (a warning past the tenant's radius), a hazard's fields
 * when it is one, and the check-in queued in the outbox.
 */
import { useState } from 'react';
import { newClientId } from './api';
import { type Hazard, HazardFields } from './HazardFields';
import { t } from './i18n';
import { enqueue } from './outbox';
import { addPhotos, type Photo } from './photos';
import type { Fix } from './position';
import type { TaskObject } from './types';

export type Sheet = { kind: 'check' | 'hazard'; object: TaskObject; fix: Fix | null; distance: number | null } | null;

export function CheckSheet({
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
  const [fields, setFields] = useState<Hazard>({ eventType: '', level: 1, note: '' });
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [error, setError] = useState('');
  const hazard = sheet.kind === 'hazard';
  const far = sheet.distance !== null && sheet.distance > radius;

  async function submit() {
    const { eventType, level, note } = fields;
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
          <HazardFields
            value={fields}
            onChange={setFields}
            photos={photos}
            onPhotos={(files) => void addPhotos(files, photoMaxKb, setError, setPhotos)}
          />
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
