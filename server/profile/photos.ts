import { PROFILE_MESSAGES, type ProfileMessage } from '@contract/messages/profile';
import { PHOTO_MAX_BYTES } from '@contract/wire/profile';

/**
 * Profile photos: accepted by their bytes (never by the name or the type the browser gave), stored
 * under a random name in DATA_DIR/uploads/photos, and served at /api/v1/user/photos/{name}.
 */

export interface PhotoFormat {
  extension: 'jpg' | 'png' | 'webp';
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
}

const JPEG: PhotoFormat = { extension: 'jpg', contentType: 'image/jpeg' };
const PNG: PhotoFormat = { extension: 'png', contentType: 'image/png' };
const WEBP: PhotoFormat = { extension: 'webp', contentType: 'image/webp' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Where the web app finds a stored photo (the API's base is /api/v1, server/app.ts). */
export const PHOTO_ADDRESS_PREFIX = '/api/v1/user/photos/';

/** A stored photo's name: a random UUID and the extension of its format. */
export const PHOTO_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;

const FORMATS_BY_EXTENSION: Record<PhotoFormat['extension'], PhotoFormat> = {
  jpg: JPEG,
  png: PNG,
  webp: WEBP,
};

/** The format of a stored photo's name. */
export function formatOfName(name: string): PhotoFormat | undefined {
  const match = PHOTO_NAME.exec(name);
  return match ? FORMATS_BY_EXTENSION[match[1] as PhotoFormat['extension']] : undefined;
}

/** A JPEG starts with its SOI marker and a segment, and ends with EOI (trailing padding allowed). */
function isJpeg(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return false;
  const end = bytes.lastIndexOf(Buffer.from([0xff, 0xd9]));
  return end >= 2 && bytes.length - end <= 1024;
}

/** A PNG has its signature, IHDR as the first chunk, and ends with IEND. */
function isPng(bytes: Buffer): boolean {
  if (bytes.length < 45 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return false;
  return bytes.toString('latin1', bytes.length - 8, bytes.length - 4) === 'IEND';
}

/** A WebP is a RIFF container of type WEBP whose size is the file's, holding a VP8, VP8L or VP8X chunk. */
function isWebp(bytes: Buffer): boolean {
  if (bytes.length < 20) return false;
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return false;
  const size = bytes.readUInt32LE(4);
  if (size + 8 !== bytes.length && size + 9 !== bytes.length) return false;
  return ['VP8 ', 'VP8L', 'VP8X'].includes(bytes.toString('latin1', 12, 16));
}

/** The photo's format by its content, or undefined when it is none of JPEG, PNG and WebP. */
export function photoFormatOf(bytes: Buffer): PhotoFormat | undefined {
  if (isJpeg(bytes)) return JPEG;
  if (isPng(bytes)) return PNG;
  if (isWebp(bytes)) return WEBP;
  return undefined;
}

/** An accepted photo, or why it is refused. */
export type PhotoCheck =
  | { ok: true; bytes: Buffer; format: PhotoFormat }
  | { ok: false; message: ProfileMessage };

export async function checkPhoto(file: File): Promise<PhotoCheck> {
  if (file.size > PHOTO_MAX_BYTES) return { ok: false, message: PROFILE_MESSAGES.photoTooLarge };
  const bytes = Buffer.from(await file.arrayBuffer());
  const format = photoFormatOf(bytes);
  return format ? { ok: true, bytes, format } : { ok: false, message: PROFILE_MESSAGES.photoType };
}
