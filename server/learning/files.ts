import { createHmac, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { UPLOAD_MESSAGES } from '@contract/messages/learning';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { type FileLink, UPLOAD_MAX_BYTES, type UploadResponse } from '@contract/wire/learning';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requireAuth } from '../auth/middleware';
import type { Db, Queryable } from '../db';
import type { Deps } from '../deps';
import { storedFileResponse } from '../file-response';
import { type AppEnv, HttpProblem } from '../http';
import { isVideoExtension, videoProblem } from '../media/video';
import { scheduleVideoFacts } from '../media/video-facts';
import type { Mounts } from '../mounts';
import { checkUpload, type UploadStore } from '../uploads';
import { formBody } from '../validation';

/**
 * Uploaded files: POST /upload/ stores one privately, GET /files/{uuid} serves it to whom it
 * belongs. A `<video>`, a caption `<track>` or a PDF frame cannot send the bearer token, so the
 * lecture details link files with a signed address (`?expires=…&signature=…`, an HMAC of the file
 * id and the expiry made with the server's secret) that works for anyone holding it until it expires.
 */

export const FILES_PATH = '/files/';

/** The largest upload body: the file and the little the form's parts add to it. */
const UPLOAD_MAX_BODY = UPLOAD_MAX_BYTES + 64 * 1024;

/** How long a signed link works: from 3 to 6 hours, the same address for the same 3-hour span. */
const LINK_SPAN_SECONDS = 3 * 3600;

/** The key of file signatures, derived from the token secret (never the secret itself). */
function signingKey(secret: Uint8Array): Buffer {
  return createHmac('sha256', secret).update('learning file links').digest();
}

function signatureOf(secret: Uint8Array, fileId: string, expires: number): string {
  return createHmac('sha256', signingKey(secret)).update(`${fileId}.${expires}`).digest('base64url');
}

/** The address of a stored file, as the API answers it (`/api/v1/files/{uuid}`). */
export function fileAddress(fileId: string): string {
  return `/api/v1${FILES_PATH}${fileId}`;
}

/**
 * The query (`expires=…&signature=…`) that lets an address of `fileId` work without a token until
 * `expires` (seconds since 1970). Besides stored files' uuids, ids such as `cv:12` sign other files.
 */
export function signedQuery(secret: Uint8Array, fileId: string, now = Date.now()): string {
  const seconds = Math.floor(now / 1000);
  // Rounded up to a span, so that a details answer read again keeps the video's address.
  const expires = (Math.floor(seconds / LINK_SPAN_SECONDS) + 2) * LINK_SPAN_SECONDS;
  return `expires=${expires}&signature=${signatureOf(secret, fileId, expires)}`;
}

/** A signed address of the file that works without a token for 3 to 6 hours (signedQuery). */
export function signedFileUrl(secret: Uint8Array, fileId: string, now = Date.now()): string {
  return `${fileAddress(fileId)}?${signedQuery(secret, fileId, now)}`;
}

/** Whether a signed query is right for the file and not expired. */
export function signatureHolds(
  secret: Uint8Array,
  fileId: string,
  expires: string | undefined,
  signature: string | undefined,
  now = Date.now(),
): boolean {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
  if (Number(expires) * 1000 <= now) return false;
  const expected = Buffer.from(signatureOf(secret, fileId, Number(expires)));
  const offered = Buffer.from(signature);
  return offered.length === expected.length && timingSafeEqual(offered, expected);
}

/** An uploads row, as the file links and the serving need it. */
export interface UploadRow {
  id: string;
  owner_id: number;
  path: string;
  name: string;
  extension: string;
  content_type: string;
  size: number;
}

/** The file link of the lecture details and submissions (FileLink), with its signed address. */
export function fileLink(
  secret: Uint8Array,
  file: Pick<UploadRow, 'id' | 'name' | 'extension' | 'size'>,
): FileLink {
  return { url: signedFileUrl(secret, file.id), name: file.name, extension: file.extension, size: file.size };
}

/** The upload, if the user may read it (see 013_learning.sql): owner, trainer or facilitator, enrolled trainee. */
async function readableUpload(db: Queryable, fileId: string, userId: number): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM uploads WHERE id = $1 AND owner_id = $2)
       OR EXISTS (
         SELECT 1 FROM lectures l JOIN courses c ON c.id = l.course_id
         WHERE (l.file_id = $1 OR l.captions @> jsonb_build_array(jsonb_build_object('file_id', $1::text)))
           AND (c.created_by = $2 OR EXISTS (
             SELECT 1 FROM enrolments e WHERE e.course_id = c.id AND e.user_id = $2
               AND e.status IN ('enrolled', 'withdrawal_requested'))
             OR EXISTS (SELECT 1 FROM course_facilitators f WHERE f.course_id = c.id AND f.user_id = $2)))
       OR EXISTS (
         SELECT 1 FROM submissions s JOIN lectures l ON l.id = s.lecture_id JOIN courses c ON c.id = l.course_id
         WHERE (s.file_id = $1 OR s.feedback_file_id = $1) AND (s.user_id = $2 OR c.created_by = $2
           OR EXISTS (SELECT 1 FROM course_facilitators f WHERE f.course_id = c.id AND f.user_id = $2))) AS ok`,
    [fileId, userId],
  );
  return rows[0]?.ok === true;
}

async function uploadById(db: Queryable, fileId: string): Promise<UploadRow | undefined> {
  const { rows } = await db.query<UploadRow>(
    'SELECT id, owner_id, path, name, extension, content_type, size FROM uploads WHERE id = $1',
    [fileId],
  );
  return rows[0];
}

/** How many rows of `uploads` the file route keeps at most. */
const KEPT_ROWS = 1000;

/**
 * uploadById with the rows read last kept (rows of `uploads` never change once written): a player
 * asks for many ranges of one file. Only rows found are kept; a deleted file still answers 404, as
 * its bytes are gone from the store.
 */
function keptUploads(db: Queryable): (fileId: string) => Promise<UploadRow | undefined> {
  const kept = new Map<string, UploadRow>();
  return async (fileId) => {
    const row = kept.get(fileId);
    if (row) {
      // Most recently used last: the first is the one to drop.
      kept.delete(fileId);
      kept.set(fileId, row);
      return row;
    }
    const read = await uploadById(db, fileId);
    if (!read) return undefined;
    kept.set(fileId, read);
    if (kept.size > KEPT_ROWS) kept.delete(kept.keys().next().value as string);
    return read;
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const FILE_POLICY =
  "default-src 'none'; object-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/** Types shown in the page (a PDF frame, a player, a picture); anything else is downloaded. */
function isShownInline(contentType: string): boolean {
  return /^(application\/pdf|image\/|audio\/|video\/|text\/vtt)/.test(contentType);
}

/** `inline` or `attachment` with the name in RFC 5987 form (and a plain fallback). */
function contentDisposition(contentType: string, name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${isShownInline(contentType) ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The answer carrying a stored file (or its range), streamed (server/file-response.ts). */
function fileResponse(c: Context, uploads: UploadStore, upload: UploadRow): Promise<Response> {
  return storedFileResponse(c, uploads, upload.path, {
    'Content-Type': upload.content_type,
    'Content-Disposition': contentDisposition(upload.content_type, upload.name),
    // Private: a shared cache must never keep someone's file; no-transform: never recompressed.
    'Cache-Control': 'private, max-age=3600, no-transform',
    'X-Content-Type-Options': 'nosniff',
    // The app shows a PDF in a frame of its own pages: framing by this origin only, and nothing the
    // file could run or load (the browser's PDF viewer is the file's own plugin).
    'Content-Security-Policy': FILE_POLICY,
    'X-Frame-Options': 'SAMEORIGIN',
  });
}

/** The row of a stored file, owned by `ownerId`. */
export async function insertUploadRow(
  db: Queryable,
  ownerId: number,
  file: { id: string; path: string; name: string; extension: string; contentType: string; size: number },
): Promise<UploadRow> {
  const { rows } = await db.query<UploadRow>(
    `INSERT INTO uploads (id, owner_id, path, name, extension, content_type, size)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, owner_id, path, name, extension, content_type, size`,
    [
      file.id,
      ownerId,
      file.path,
      file.name || `file.${file.extension}`,
      file.extension,
      file.contentType,
      file.size,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('The upload was not stored');
  return row;
}

/**
 * Stores an accepted upload and its row, owned by `ownerId`. A video must be one ffprobe reads (else
 * 400, and nothing is kept); its facts are then read in the background (server/media/video-facts.ts).
 */
export async function saveUpload(
  db: Db,
  uploads: UploadStore,
  ownerId: number,
  file: { bytes: Uint8Array; name: string; extension: string; contentType: string },
): Promise<UploadRow> {
  const path = await uploads.store(file.bytes, 'files', file.extension);
  if (isVideoExtension(file.extension)) {
    const problem = await videoProblem(join(await uploads.dir(), path)).catch(async (error: unknown) => {
      await uploads.remove(path);
      throw error;
    });
    if (problem) {
      await uploads.remove(path);
      throw new HttpProblem(400, { field: 'file', message: problem });
    }
  }
  const id = path.slice('files/'.length, path.lastIndexOf('.'));
  const row = await insertUploadRow(db, ownerId, { id, path, ...file, size: file.bytes.length });
  await scheduleVideoFacts(db, uploads, row);
  return row;
}

/** The upload an address of ours names (`/api/v1/files/{uuid}`, or the bare uuid), if any. */
export function fileIdOf(address: string): string | undefined {
  const id = address.startsWith(fileAddress('')) ? address.slice(fileAddress('').length) : address;
  return UUID.test(id) ? id : undefined;
}

/** POST /upload/ (any signed-in user) and GET /files/{uuid}. */
export function fileRoutes({ db, tokens, uploads, limiter, secret }: Deps): Mounts {
  const auth = requireAuth(db, tokens);
  const keptUpload = keptUploads(db);

  const uploading = new Hono<AppEnv>();
  uploading.post(
    '/',
    auth,
    async (c, next) => {
      // Refused before the body is read when its declared length is too large.
      const length = Number(c.req.header('Content-Length') ?? 0);
      if (length > UPLOAD_MAX_BODY) throw new HttpProblem(413, UPLOAD_MESSAGES.uploadTooLarge);
      await limiter.consume('uploadAccount', String(c.get('user').id));
      await next();
    },
    // A body sent in chunks is cut off once it passes the limit.
    bodyLimit({
      maxSize: UPLOAD_MAX_BODY,
      onError: () => {
        throw new HttpProblem(413, UPLOAD_MESSAGES.uploadTooLarge);
      },
    }),
    formBody(UPLOAD_MESSAGES.uploadRequired, async (form) => {
      const file = form.get('file');
      if (!(file instanceof File) || file.size === 0) {
        throw new HttpProblem(400, { field: 'file', message: UPLOAD_MESSAGES.uploadRequired });
      }
      const checked = await checkUpload(file);
      if (typeof checked === 'string') {
        throw new HttpProblem(checked === UPLOAD_MESSAGES.uploadTooLarge ? 413 : 400, {
          field: 'file',
          message: checked,
        });
      }
      return checked;
    }),
    async (c) => {
      const upload = await saveUpload(db, uploads, c.get('user').id, c.req.valid('form'));
      const answer: UploadResponse = { file: fileAddress(upload.id), name: upload.name, size: upload.size };
      return c.json(answer);
    },
  );

  const files = new Hono<AppEnv>();
  files.get('/:id', async (c) => {
    const id = c.req.param('id').toLowerCase();
    if (!UUID.test(id)) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    const signature = c.req.query('signature');
    if (signature !== undefined) {
      if (!signatureHolds(secret, id, c.req.query('expires'), signature)) {
        throw new HttpProblem(403, SERVER_MESSAGES.invalidAccessToken);
      }
    } else {
      await auth(c, async () => {});
      if (!(await readableUpload(db, id, c.get('user').id)))
        throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    }
    const row = await keptUpload(id);
    if (!row) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return fileResponse(c, uploads, row);
  });

  return [
    ['/upload/', uploading],
    [FILES_PATH, files],
  ];
}
