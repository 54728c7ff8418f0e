/**
 * The repair step completed as a form: a note and photos before and after the work (at most nine each, none over
 * the tenant's size limit).
 */
import { useState } from 'react';
import { t } from './i18n';
import { addPhotos, type Photo } from './photos';

export function RepairCompleteForm({
  taskName,
  photoMaxKb,
  error,
  setError,
  onComplete,
}: {
  taskName: string;
  photoMaxKb: number;
  error: string;
  setError: (e: string) => void;
  onComplete: (note: string, before: Photo[], after: Photo[]) => void;
}) {
  const [note, setNote] = useState('');
  const [before, setBefore] = useState<Photo[]>([]);
  const [after, setAfter] = useState<Photo[]>([]);

  const add = (files: FileList | null, set: (f: (p: Photo[]) => Photo[]) => void) =>
    addPhotos(files, photoMaxKb, setError, set);

  return (
    <section className="form">
      <h3>{taskName}</h3>
      <label className="field">
        {t('repairNote')}
        <textarea
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
          data-testid="app-repair-note"
        />
      </label>
      {(['before', 'after'] as const).map((g) => {
        const list = g === 'before' ? before : after;
        return (
          <div key={g}>
            <label className="photo">
              {t(g === 'before' ? 'photoBefore' : 'photoAfter')}
              <input
                type="file"
                accept="image/*"
                capture="environment"
                multiple
                onChange={(e) => void add(e.target.files, g === 'before' ? setBefore : setAfter)}
                data-testid={`app-photo-${g}`}
              />
            </label>
            <div className="thumbs">
              {list.map((p, i) => (
                <img key={p.key} src={p.data} alt={`${t(g === 'before' ? 'photoBefore' : 'photoAfter')} ${i + 1}`} />
              ))}
            </div>
          </div>
        );
      })}
      {error && <p className="error">{error}</p>}
      <button
        type="button"
        className="primary"
        onClick={() => onComplete(note, before, after)}
        data-testid="app-repair-submit"
      >
        {t('completeStep')}
      </button>
    </section>
  );
}
