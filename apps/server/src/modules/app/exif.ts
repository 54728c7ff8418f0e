/**
 * Photo checks for the field app: the type from the file's first bytes (never from its name or the declared type),
 * and a JPEG's EXIF block (APP1 "Exif") dropped, which removes the camera's GPS position and the rest of its metadata.
 * The image data itself is copied untouched, so nothing is re-encoded.
 */

export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp';

/** The photo's type by its magic bytes, or null when it is none of JPEG, PNG, WebP. */
export function sniffPhoto(b: Uint8Array): PhotoType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d)
    return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/**
 * A JPEG without its EXIF segments (APP1 starting "Exif\0\0", where GPS lives). Other segments and the scan are
 * kept. A file whose segment structure does not parse is refused (null) rather than stored with its metadata.
 */
export function stripJpegExif(b: Uint8Array): Uint8Array | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  const parts: Uint8Array[] = [b.subarray(0, 2)];
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    // start of scan: the compressed data runs to the end; copy the rest as is
    if (marker === 0xda) {
      parts.push(b.subarray(i));
      return concat(parts);
    }
    // standalone markers without a length
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) {
      parts.push(b.subarray(i, i + 2));
      i += 2;
      continue;
    }
    if (marker === 0xd9) {
      parts.push(b.subarray(i, i + 2));
      return concat(parts);
    }
    const len = (b[i + 2] << 8) | b[i + 3];
    if (len < 2 || i + 2 + len > b.length) return null;
    const isExif =
      marker === 0xe1 && len >= 8 && String.fromCharCode(...b.subarray(i + 4, i + 8)) === 'Exif' && b[i + 8] === 0;
    if (!isExif) parts.push(b.subarray(i, i + 2 + len));
    i += 2 + len;
  }
  return null;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** True when the JPEG still carries an EXIF segment (used by tests and by the upload's own check). */
export function hasExif(b: Uint8Array): boolean {
  for (let i = 2; i + 10 < b.length; i++) {
    if (b[i] === 0xff && b[i + 1] === 0xe1 && String.fromCharCode(...b.subarray(i + 4, i + 8)) === 'Exif') return true;
    if (b[i] === 0xff && b[i + 1] === 0xda) return false;
  }
  return false;
}
