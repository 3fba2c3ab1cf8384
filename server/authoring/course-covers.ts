import { AUTHORING_VALIDATION } from '../../src/contract/authoring';
import { SERVER_MESSAGES } from '../../src/contract/server-messages';
import type { Queryable } from '../db';
import { HttpProblem } from '../http';
import { fileAddress, fileIdOf } from '../learning/files';
import type { UploadStore } from '../uploads';
import { ownImageUpload, type StoredCover } from './course-queries';

/**
 * Course covers. The wizard sends the address POST /upload/ answered for a PNG or JPEG of the
 * trainer's own; the server copies it into DATA_DIR/uploads/covers under a new random name and
 * serves that copy publicly at /api/v1/covers/{uuid}.{png|jpg} (the catalogue shows covers to
 * anyone). The upload itself stays private; `cover_file_id` remembers it, so that the wizard sends
 * its address back unchanged to keep the cover.
 */

export const COVERS_PATH = '/covers/';
export const COVER_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/;

const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg' } as const;

/** The public address of a stored cover (`covers/{name}` in the upload store). */
export function coverAddress(storedPath: string): string {
  return `/api/v1${COVERS_PATH}${storedPath.slice('covers/'.length)}`;
}

const refuseCover = () =>
  new HttpProblem(400, { field: 'cover_image', message: AUTHORING_VALIDATION.coverType });

/**
 * The cover a create or an edit stores. `current` is the course's cover when editing: sending
 * back its upload address, or its public one (a seeded course has no upload), keeps it. Anything
 * else must be the address of a PNG or JPEG the trainer uploaded, which is copied.
 */
export async function resolveCover(
  db: Queryable,
  uploads: UploadStore,
  address: string,
  ownerId: number,
  current?: StoredCover,
): Promise<StoredCover> {
  if (current && (address === current.address || (current.fileId && address === fileAddress(current.fileId))))
    return current;
  const fileId = fileIdOf(address.trim());
  if (!fileId) throw refuseCover();
  const upload = await ownImageUpload(db, fileId, ownerId);
  if (!upload) throw refuseCover();
  const bytes = await uploads.read(upload.path);
  if (!bytes) throw refuseCover();
  const stored = await uploads.store(bytes, 'covers', upload.extension);
  return { address: coverAddress(stored), fileId: upload.id };
}

/** GET /covers/{name}: a course's cover, public, never changing under its name. */
export async function coverResponse(uploads: UploadStore, name: string): Promise<Response> {
  const match = COVER_NAME.exec(name);
  const bytes = match ? await uploads.read(`covers/${name}`) : null;
  if (!match || !bytes) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'Content-Type': CONTENT_TYPES[match[1] as keyof typeof CONTENT_TYPES],
      'Content-Length': String(bytes.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
    },
  });
}
