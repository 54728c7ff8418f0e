/** Photos taken in the app: read as data URLs, at most nine per list, none over the tenant's size limit. */
import { t } from './i18n';

export type Photo = { key: string; data: string };

export const readPhoto = (f: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(f);
  });

/** the files picked added to a list (an error for each one too big, the rest still added) */
export async function addPhotos(
  files: FileList | null,
  photoMaxKb: number,
  setError: (e: string) => void,
  set: (f: (p: Photo[]) => Photo[]) => void,
) {
  setError('');
  for (const f of Array.from(files ?? [])) {
    if (f.size > photoMaxKb * 1024) {
      setError(t('photoTooBig', { kb: photoMaxKb }));
      continue;
    }
    const data = await readPhoto(f);
    set((p) => [...p, { key: crypto.randomUUID(), data }].slice(0, 9));
  }
}
