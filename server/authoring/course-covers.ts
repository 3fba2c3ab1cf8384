import { COVER_NAME, COVER_WIDTHS, type CoverWidth } from '@contract/domain/covers';
import { AUTHORING_VALIDATION } from '@contract/forms/authoring';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { Context } from 'hono';
import type { Queryable } from '../db';
import { storedFileResponse } from '../file-response';
import { describeError, HttpProblem } from '../http';
import { fileAddress, fileIdOf } from '../learning/files';
import { claimFileJob, fileJobState, runClaimed } from '../media/file-jobs';
import type { UploadStore } from '../uploads';
import { ownImageUpload, type StoredCover } from './course-queries';
import {
  acceptedFormat,
  coverCopy,
  coverFromUpload,
  PICTURE_FORMATS,
  type PictureFormat,
} from './cover-pictures';

/**
 * Course covers. The wizard sends the address POST /upload/ answered for a PNG or JPEG of the
 * trainer's own; the server stores an upright copy without metadata (see cover-pictures.ts) in
 * DATA_DIR/uploads/covers under a new random name and serves it publicly at
 * /api/v1/covers/{uuid}.{png|jpg} (the catalogue shows covers to anyone). The upload itself stays
 * private; `cover_file_id` remembers it, so that the wizard sends its address back unchanged to keep
 * the cover.
 *
 * The AVIF and WebP copies `?w=` serves (contract/domain/covers.ts) are made after the cover is stored,
 * one at a time, and kept beside it as `covers/{uuid}-{width}.{format}`; a copy asked for before it
 * is ready (or of a cover stored before copies were made) is made then, once. Each copy is claimed
 * in file_jobs, so that instances sharing the uploads folder make it once between them.
 */

export const COVERS_PATH = '/covers/';

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
  // Bytes that only look like a PNG or JPEG are refused here, not shown broken in the catalogue.
  const cover = await coverFromUpload(bytes, upload.extension).catch(() => {
    throw refuseCover();
  });
  const stored = await uploads.store(cover, 'covers', upload.extension);
  uploads.later(() => prepareCopies(db, uploads, stored));
  return { address: coverAddress(stored), fileId: upload.id };
}

/** Copies being made, by upload store and path, so that each is made once however many ask for it. */
const making = new WeakMap<UploadStore, Map<string, Promise<string | null>>>();

/** How long a copy another instance is making is waited for (one takes well under a second). */
const COPY_WAIT_MS = 10_000;
const COPY_POLL_MS = 100;

/** The path of the copy at `path`, once another instance has made it; null if it did not in COPY_WAIT_MS. */
async function copyMadeElsewhere(uploads: UploadStore, path: string): Promise<string | null> {
  for (let waited = 0; waited < COPY_WAIT_MS; waited += COPY_POLL_MS) {
    await new Promise((resolve) => setTimeout(resolve, COPY_POLL_MS));
    if (await uploads.stat(path)) return path;
  }
  return null;
}

/**
 * The stored path of the copy of cover `stored` (`covers/{name}`) at `width` in `format`, made if
 * missing (by the instance that claims it, server/media/file-jobs.ts, the others waiting for it);
 * null when the cover is not stored.
 */
function copyOf(
  db: Queryable,
  uploads: UploadStore,
  stored: string,
  width: CoverWidth,
  format: PictureFormat,
): Promise<string | null> {
  const path = `${stored.replace(/\.(png|jpg)$/, '')}-${width}.${format}`;
  const being = making.get(uploads) ?? new Map<string, Promise<string | null>>();
  making.set(uploads, being);
  let copy = being.get(path);
  if (!copy) {
    copy = (async () => {
      if (await uploads.stat(path)) return path;
      const cover = await uploads.read(stored);
      if (!cover) return null;
      const make = async () => {
        await uploads.put(path, await coverCopy(cover, width, format));
        return path;
      };
      if (await claimFileJob(db, path, 'cover_copy')) {
        let made: string | null = null;
        await runClaimed(db, path, 'cover_copy', async () => {
          made = await make();
        });
        return made;
      }
      // Claimed by another instance: its copy, once made. A claim that ended without the file
      // (failed, or the folder lost it) is made here.
      const made =
        (await fileJobState(db, path, 'cover_copy')) === 'running'
          ? await copyMadeElsewhere(uploads, path)
          : null;
      return made ?? ((await uploads.stat(path)) ? path : await make());
    })().finally(() => being.delete(path));
    being.set(path, copy);
  }
  return copy;
}

/** Makes every copy of a newly stored cover, one after another, once the request is answered. */
async function prepareCopies(db: Queryable, uploads: UploadStore, stored: string): Promise<void> {
  try {
    for (const width of COVER_WIDTHS)
      for (const format of PICTURE_FORMATS) await copyOf(db, uploads, stored, width, format);
  } catch (error) {
    console.error(`Preparing the copies of ${stored} failed: ${describeError(error)}`);
  }
}

/** `?w=`: absent, or one of COVER_WIDTHS. */
export function coverWidth(text: string | undefined): CoverWidth | undefined {
  if (text === undefined) return undefined;
  const width = COVER_WIDTHS.find((each) => String(each) === text);
  if (!width) throw new HttpProblem(400, { field: 'w', message: SERVER_MESSAGES.coverWidthInvalid });
  return width;
}

/**
 * GET /covers/{name}[?w=]: a course's cover, public, never changing under its name. With `w`, a copy
 * that wide at most, in the best format `accept` names (AVIF, then WebP), else the cover itself.
 * Streamed from the store, with ranges and conditional requests (server/file-response.ts).
 */
export async function coverResponse(
  c: Context,
  db: Queryable,
  name: string,
  uploads: UploadStore,
  width?: CoverWidth,
): Promise<Response> {
  const match = COVER_NAME.exec(name);
  if (!match) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  const stored = `covers/${name}`;
  const format = width ? acceptedFormat(c.req.header('Accept')) : undefined;
  const path = width && format ? await copyOf(db, uploads, stored, width, format) : stored;
  if (!path) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  return storedFileResponse(c, uploads, path, {
    'Content-Type': format ? `image/${format}` : CONTENT_TYPES[match[1] as keyof typeof CONTENT_TYPES],
    'Cache-Control': 'public, max-age=31536000, immutable',
    // Copies differ by what the browser accepts.
    ...(width ? { Vary: 'Accept' } : {}),
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': 'inline',
  });
}
