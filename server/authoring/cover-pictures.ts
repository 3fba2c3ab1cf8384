import type { CoverWidth } from '@contract/domain/covers';
import sharp, { type Sharp } from 'sharp';

/**
 * The pictures made from a trainer's cover upload, with sharp (libvips, prebuilt for each platform
 * by npm, so nothing is compiled or installed beside it): AVIF and WebP encoders, and resizing with
 * good filters, that no hand-written code would match.
 *
 * - The cover served as the course's `cover_image` is the upload turned upright by its EXIF
 *   orientation, at most MAX_WIDTH wide, in its own format, with its metadata (a phone's GPS
 *   position among it) left out.
 * - Each width of COVER_WIDTHS gets an AVIF and a WebP copy (never wider than the upload), which
 *   `?w=` serves to a browser that accepts the format.
 */

export type PictureFormat = 'avif' | 'webp';
export const PICTURE_FORMATS: readonly PictureFormat[] = ['avif', 'webp'];

/** The widest cover kept: twice the widest place a cover is shown. */
export const MAX_WIDTH = 1920;
/** Pictures larger than this many pixels are refused before they are decoded. */
const MAX_PIXELS = 40_000_000;

const INPUT = { limitInputPixels: MAX_PIXELS, failOn: 'error' } as const;

function encode(picture: Sharp, format: PictureFormat | 'png' | 'jpg'): Promise<Buffer> {
  switch (format) {
    case 'avif':
      return picture.avif({ quality: 55, effort: 3 }).toBuffer();
    case 'webp':
      return picture.webp({ quality: 78 }).toBuffer();
    case 'png':
      return picture.png({ compressionLevel: 9 }).toBuffer();
    case 'jpg':
      return picture.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  }
}

/** The upload upright, at most `width` wide, without its metadata. */
function upright(bytes: Uint8Array, width: number): Sharp {
  return sharp(bytes, INPUT).rotate().resize({ width, withoutEnlargement: true });
}

/** The cover to store from an upload's bytes; throws when they are not a picture sharp can read. */
export function coverFromUpload(bytes: Uint8Array, extension: 'png' | 'jpg'): Promise<Buffer> {
  return encode(upright(bytes, MAX_WIDTH), extension);
}

/** One copy of a stored cover: `width` wide at most, in `format`. */
export function coverCopy(cover: Uint8Array, width: CoverWidth, format: PictureFormat): Promise<Buffer> {
  return encode(upright(cover, width), format);
}

/**
 * The format to answer a request's `Accept` with: AVIF, else WebP, else none (the stored cover).
 * A type listed with `q=0` is refused.
 */
export function acceptedFormat(accept: string | undefined): PictureFormat | undefined {
  const accepted = new Set<string>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [type, ...parameters] = part.split(';').map((piece) => piece.trim());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    if (type && !(q && Number(q.slice(2)) === 0)) accepted.add(type);
  }
  return PICTURE_FORMATS.find((format) => accepted.has(`image/${format}`));
}
