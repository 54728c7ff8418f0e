/** The release note of a new version, shown once: OK marks the version seen on this device. */
import { t } from './i18n';
import { NOTE_SEEN, type ReleaseNote } from './useAppStart';

export function ReleaseNoteSheet({ note, onClose }: { note: ReleaseNote; onClose: () => void }) {
  return (
    <div className="sheet" role="dialog" aria-modal="true" aria-label={t('whatsNew')}>
      <div className="sheet-body">
        <h3>
          {t('whatsNew')} · {note.version}
        </h3>
        <b>{note.title}</b>
        <p className="pre">{note.content}</p>
        <button
          type="button"
          className="primary"
          onClick={() => {
            localStorage.setItem(NOTE_SEEN, note.version);
            onClose();
          }}
        >
          {t('ok')}
        </button>
      </div>
    </div>
  );
}
