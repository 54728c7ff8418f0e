import { describe, expect, it } from 'vitest';
import { hasExif, sniffPhoto, stripJpegExif } from './exif.ts';

const seg = (marker: number, body: Buffer) =>
  Buffer.concat([Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body]);
const exif = seg(0xe1, Buffer.from('Exif\0\0MM\0*GPS', 'latin1'));
const xmp = seg(0xe1, Buffer.from('http://ns.adobe.com/xap/1.0/\0<x/>', 'latin1'));
const jfif = seg(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'));
const scan = Buffer.from([0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0, 0xe1, 0x45, 0xff, 0x00, 0x99, 0xff, 0xd9]);
const jpeg = (...parts: Buffer[]) => Buffer.concat([Buffer.from([0xff, 0xd8]), ...parts, scan]);

describe('photo checks', () => {
  it('knows JPEG, PNG and WebP by their first bytes, and nothing else', () => {
    expect(sniffPhoto(jpeg(jfif))).toBe('image/jpeg');
    expect(sniffPhoto(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffPhoto(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffPhoto(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffPhoto(Buffer.from('GIF89a'))).toBeNull();
  });

  it('drops only the EXIF segments and keeps the rest, scan data included, byte for byte', () => {
    const src = jpeg(exif, jfif, xmp);
    expect(hasExif(src)).toBe(true);
    const out = Buffer.from(stripJpegExif(src)!);
    expect(hasExif(out)).toBe(false);
    expect(out).toEqual(jpeg(jfif, xmp));
    // nothing to strip: the same bytes
    expect(Buffer.from(stripJpegExif(jpeg(jfif))!)).toEqual(jpeg(jfif));
  });

  it('refuses a JPEG whose segments do not parse rather than keep its metadata', () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x7f, 0xff]), Buffer.from('Exif\0\0')]);
    expect(stripJpegExif(broken)).toBeNull();
    expect(stripJpegExif(Buffer.from([0xff, 0xd8, 0x00, 0x01]))).toBeNull();
  });
});
