/** A hazard's own fields in the check-in sheet: type, level, note and photos from the camera. */
import { EVENT_TYPES, eventName, t } from './i18n';
import type { Photo } from './photos';

export interface Hazard {
  eventType: string;
  level: number;
  note: string;
}

export function HazardFields({
  value,
  onChange,
  photos,
  onPhotos,
}: {
  value: Hazard;
  onChange: (h: Hazard) => void;
  photos: Photo[];
  onPhotos: (files: FileList | null) => void;
}) {
  return (
    <>
      <label>
        {t('eventType')}
        <select
          value={value.eventType}
          onChange={(e) => onChange({ ...value, eventType: e.target.value })}
          data-testid="app-event-type"
        >
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
        <select value={value.level} onChange={(e) => onChange({ ...value, level: Number(e.target.value) })}>
          {[1, 2, 3].map((l) => (
            <option key={l} value={l}>
              {t(`level${l}` as 'level1')}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('note')}
        <textarea
          value={value.note}
          onChange={(e) => onChange({ ...value, note: e.target.value })}
          maxLength={500}
          data-testid="app-note"
        />
      </label>
      <label className="photo">
        {t('photo')}
        <input
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          onChange={(e) => onPhotos(e.target.files)}
          data-testid="app-photo"
        />
      </label>
      <div className="thumbs">
        {photos.map((p, i) => (
          <img key={p.key} src={p.data} alt={`${t('photo')} ${i + 1}`} />
        ))}
      </div>
    </>
  );
}
