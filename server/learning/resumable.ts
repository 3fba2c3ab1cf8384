import { randomUUID } from 'node:crypto';
import { UPLOAD_MESSAGES, type UploadMessage } from '@contract/messages/learning';
import { SERVER_MESSAGES, type ServerMessage } from '@contract/messages/server-messages';
import {
  isVideoExtension,
  RESUMABLE_UPLOADS_PATH,
  UPLOAD_MAX_VIDEO_BYTES,
  type UploadResponse,
  uploadLimitOf,
} from '@contract/wire/learning';
import { type DataStore, Server, type Upload } from '@tus/server';
import { type Context, Hono } from 'hono';
import { requireAuth } from '../auth/middleware';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { type AppEnv, errorBody, HttpProblem } from '../http';
import { videoProblem } from '../media/video';
import { scheduleVideoFacts } from '../media/video-facts';
import type { Mounts } from '../mounts';
import {
  extensionOf,
  isUploadExtension,
  UPLOAD_FORMATS,
  type UploadStore,
  uploadedFileName,
} from '../uploads';
import { fileAddress, insertUploadRow, type UploadRow } from './files';

/**
 * Resumable uploads (the tus protocol, served by @tus/server): the app creates an upload with its
 * size and name, sends the bytes in as many requests as the connection allows, and after a cut or
 * a reload asks the server how far it got and goes on from there. The bytes land in
 * `UPLOADS_DIR/incoming/`; once complete they are checked like any upload (the kind's size limit,
 * the file's signature), moved among the stored files under the upload's id, and answered with the
 * stored file's address (UploadResponse), exactly as POST /upload/ answers.
 */

/** The limits of resumable uploads; each can be set (server/start.ts reads them from the environment). */
export interface UploadLimits {
  /** The largest video (UPLOAD_MAX_VIDEO_BYTES); other kinds keep UPLOAD_MAX_BYTES. */
  maxVideoBytes: number;
  /** The stored and incoming bytes one user may hold at most (UPLOAD_QUOTA_BYTES). */
  quotaBytes: number;
  /** How many unfinished uploads one user may have at once (UPLOADS_IN_FLIGHT). */
  inFlight: number;
}

/** The largest size an uploads row holds (a 32-bit integer). */
export const UPLOAD_SIZE_CEILING = 2 ** 31 - 1;

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxVideoBytes: UPLOAD_MAX_VIDEO_BYTES,
  quotaBytes: 10 * 1000 ** 3,
  inFlight: 3,
};

/** A whole number of bytes from the environment, or the default when unset. */
function bytesSetting(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  ceiling = Number.MAX_SAFE_INTEGER,
): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value <= 0 || value > ceiling)
    throw new Error(`${name} must be a whole number from 1 to ${ceiling}`);
  return value;
}

/** UPLOAD_MAX_VIDEO_BYTES (at most UPLOAD_SIZE_CEILING), UPLOAD_QUOTA_BYTES and UPLOADS_IN_FLIGHT. */
export function uploadLimitsFromEnv(env: NodeJS.ProcessEnv): UploadLimits {
  return {
    maxVideoBytes: bytesSetting(
      env,
      'UPLOAD_MAX_VIDEO_BYTES',
      DEFAULT_UPLOAD_LIMITS.maxVideoBytes,
      UPLOAD_SIZE_CEILING,
    ),
    quotaBytes: bytesSetting(env, 'UPLOAD_QUOTA_BYTES', DEFAULT_UPLOAD_LIMITS.quotaBytes),
    inFlight: bytesSetting(env, 'UPLOADS_IN_FLIGHT', DEFAULT_UPLOAD_LIMITS.inFlight, 100),
  };
}

/** An upload not finished within this time is removed, and so is a finished one that nothing uses. */
export const UPLOAD_EXPIRY_MS = 24 * 3600 * 1000;

/** A refusal as @tus/server sends it: the status and the API's error body. */
function refusal(status: number, message: ServerMessage | UploadMessage) {
  return { status_code: status, body: JSON.stringify(errorBody(message)) };
}

/**
 * @tus/server sends every body as text/plain: the refusals of the hooks below carry the API's error
 * body, so they are said to be JSON, as every other refusal of the API is.
 */
async function jsonRefusal(response: Response): Promise<Response> {
  if (response.status < 400 || response.body === null) return response;
  const text = await response.text();
  const headers = new Headers(response.headers);
  if (text.startsWith('{')) headers.set('Content-Type', 'application/json');
  return new Response(text, { status: response.status, headers });
}

/** The user of each request handed to the tus server (it hands the same Request to the hooks). */
const requestUsers = new WeakMap<Request, number>();

function userOf(request: Request): number {
  const user = requestUsers.get(request);
  if (user === undefined) throw refusal(401, SERVER_MESSAGES.authenticationRequired);
  return user;
}

/**
 * Whether the complete file is really of its kind: a video by its signature and by what ffprobe
 * reads of it, any other kind (at most 25 MB) by its whole content.
 */
async function contentProblem(
  uploads: UploadStore,
  id: string,
  extension: string,
): Promise<UploadMessage | null> {
  if (!isUploadExtension(extension)) return UPLOAD_MESSAGES.uploadType;
  const format = UPLOAD_FORMATS[extension];
  if (isVideoExtension(extension)) {
    // The first 64 KB hold every video signature.
    if (!format.check(await uploads.incoming.bytes(id, 64 * 1024))) return UPLOAD_MESSAGES.uploadType;
    return uploads.incoming.withLocalFile(id, videoProblem);
  }
  return format.check(await uploads.incoming.bytes(id)) ? null : UPLOAD_MESSAGES.uploadType;
}

/** The bytes a user holds: stored files and the full size of the uploads under way. */
async function bytesHeld(db: Db, ownerId: number): Promise<{ held: number; inFlight: number }> {
  const { rows } = await db.query<{ stored: number; incoming: number; in_flight: number }>(
    `SELECT (SELECT COALESCE(SUM(size), 0)::float8 FROM uploads WHERE owner_id = $1) AS stored,
            (SELECT COALESCE(SUM(size), 0)::float8 FROM resumable_uploads WHERE owner_id = $1) AS incoming,
            (SELECT COUNT(*)::int FROM resumable_uploads WHERE owner_id = $1) AS in_flight`,
    [ownerId],
  );
  const row = rows[0];
  return { held: Number(row?.stored ?? 0) + Number(row?.incoming ?? 0), inFlight: row?.in_flight ?? 0 };
}

export interface Resumable {
  routes: Mounts;
  /**
   * Removes the uploads not finished within UPLOAD_EXPIRY_MS, and the finished ones that nothing
   * uses after as long (never attached to a lecture, a submission or a course); answers how many.
   */
  prune(now?: Date): Promise<number>;
}

/** The tus endpoint at /api/v1/uploads/ (any signed-in user) and its clean-up. */
export function resumableUploads(
  { db, tokens, uploads, limiter }: Pick<Deps, 'db' | 'tokens' | 'uploads' | 'limiter'>,
  options: { limits?: Partial<UploadLimits> | undefined } = {},
): Resumable {
  const limits = { ...DEFAULT_UPLOAD_LIMITS, ...options.limits };
  const maxVideoBytes = Math.min(limits.maxVideoBytes, UPLOAD_SIZE_CEILING);
  const auth = requireAuth(db, tokens);
  let server: Promise<{ tus: Server; store: DataStore }> | undefined;

  function tusServer() {
    server ??= uploads.incoming.dataStore(UPLOAD_EXPIRY_MS).then((store) => {
      const tus = new Server({
        path: `/api/v1${RESUMABLE_UPLOADS_PATH.replace(/\/$/, '')}`,
        datastore: store,
        relativeLocation: true,
        // Same origin only: no cross-site page may send bytes in a user's name.
        allowedOrigins: () => false,
        namingFunction: () => randomUUID(),
        async onUploadCreate(request, upload) {
          const owner = userOf(request);
          const name = uploadedFileName(upload.metadata?.filename ?? '');
          const extension = extensionOf(name);
          if (!isUploadExtension(extension)) throw refusal(400, UPLOAD_MESSAGES.uploadType);
          const size = upload.size;
          if (size === undefined) throw refusal(400, UPLOAD_MESSAGES.uploadRequired);
          if (size === 0) throw refusal(400, UPLOAD_MESSAGES.uploadRequired);
          if (size > uploadLimitOf(extension, maxVideoBytes)) {
            throw refusal(
              413,
              isVideoExtension(extension) ? UPLOAD_MESSAGES.videoTooLarge : UPLOAD_MESSAGES.uploadTooLarge,
            );
          }
          await db.transaction(async (tx) => {
            // One at a time per user, so two creations cannot both pass the checks.
            await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['resumable uploads', owner]);
            const { held, inFlight } = await bytesHeld(tx, owner);
            if (inFlight >= limits.inFlight) throw refusal(429, UPLOAD_MESSAGES.uploadsInFlight);
            if (held + size > limits.quotaBytes) throw refusal(413, UPLOAD_MESSAGES.uploadQuotaFull);
            await tx.query(
              'INSERT INTO resumable_uploads (id, owner_id, name, extension, size) VALUES ($1, $2, $3, $4, $5)',
              [upload.id, owner, name || `file.${extension}`, extension, size],
            );
          });
          return { metadata: { filename: name } };
        },
        async onIncomingRequest(request, id) {
          if (request.method === 'POST' || request.method === 'OPTIONS') return;
          const owner = userOf(request);
          const { rows } = await db.query<{ owner_id: number }>(
            'SELECT owner_id FROM resumable_uploads WHERE id = $1',
            [/^[0-9a-f-]{36}$/.test(id) ? id : '00000000-0000-0000-0000-000000000000'],
          );
          // Someone else's upload, or one already finished or removed, is not found.
          if (rows[0]?.owner_id !== owner) throw refusal(404, SERVER_MESSAGES.notFound);
        },
        async onUploadFinish(request, upload) {
          const owner = userOf(request);
          const answer = await finish(store, owner, upload);
          return {
            status_code: 200,
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(answer),
          };
        },
      });
      tus.on('POST_TERMINATE', (_request, _response, id) => {
        db.query('DELETE FROM resumable_uploads WHERE id = $1', [id]).catch((error: unknown) => {
          console.error(`forgetting a cancelled upload failed: ${String(error)}`);
        });
      });
      return { tus, store };
    });
    return server;
  }

  /** Checks the complete file, stores it and its row, and forgets the upload under way. */
  async function finish(store: DataStore, owner: number, upload: Upload): Promise<UploadResponse> {
    const { rows } = await db.query<{ name: string; extension: string; size: number }>(
      'SELECT name, extension, size FROM resumable_uploads WHERE id = $1 AND owner_id = $2',
      [upload.id, owner],
    );
    const row = rows[0];
    if (!row) throw refusal(404, SERVER_MESSAGES.notFound);
    const problem = await contentProblem(uploads, upload.id, row.extension);
    if (problem) {
      await forget(store, upload.id);
      throw refusal(400, problem);
    }
    const path = `files/${upload.id}.${row.extension}`;
    await uploads.incoming.keep(upload.id, path);
    let stored: UploadRow;
    try {
      stored = await db.transaction(async (tx) => {
        const inserted = await insertUploadRow(tx, owner, {
          id: upload.id,
          path,
          name: row.name,
          extension: row.extension,
          contentType: UPLOAD_FORMATS[row.extension as keyof typeof UPLOAD_FORMATS].type,
          size: row.size,
        });
        await tx.query('DELETE FROM resumable_uploads WHERE id = $1', [upload.id]);
        return inserted;
      });
    } catch (error) {
      await uploads.remove(path);
      throw error;
    }
    // The length and poster frame of a video are read in the background, by one instance.
    await scheduleVideoFacts(db, uploads, stored);
    return { file: fileAddress(upload.id), name: row.name, size: row.size };
  }

  /** Removes an upload under way: its bytes, its description and its row. */
  async function forget(store: DataStore, id: string): Promise<void> {
    await store.remove(id).catch(() => uploads.incoming.discard(id));
    await db.query('DELETE FROM resumable_uploads WHERE id = $1', [id]);
  }

  const routes = new Hono<AppEnv>();
  const handOver = async (c: Context<AppEnv>) => {
    const owner = c.get('user').id;
    if (c.req.method === 'POST') await limiter.consume('uploadAccount', String(owner));
    const { tus } = await tusServer();
    const request = c.req.raw;
    requestUsers.set(request, owner);
    return jsonRefusal(await tus.handleWeb(request));
  };
  routes.post('/', auth, handOver);
  routes.on(['PATCH', 'DELETE'], '/:id', auth, handOver);
  // Hono answers HEAD with the GET route: HEAD asks how far an upload got, but the bytes are never
  // downloaded from here (stored files are served by /files/).
  routes.get('/:id', auth, async (c) => {
    if (c.req.raw.method === 'HEAD') return handOver(c);
    throw new HttpProblem(405, SERVER_MESSAGES.notFound);
  });

  return {
    routes: [['/uploads/', routes]],
    async prune(now = new Date()) {
      const { store } = await tusServer();
      const before = new Date(now.getTime() - UPLOAD_EXPIRY_MS);
      const { rows: stale } = await db.query<{ id: string }>(
        'DELETE FROM resumable_uploads WHERE created_at < $1 RETURNING id',
        [before],
      );
      for (const { id } of stale) {
        await uploads.incoming.discard(id);
      }
      // Files the store still holds whose row is gone (a crash between the two).
      await store.deleteExpired().catch(() => 0);
      const { rows: unused } = await db.query<{ path: string }>(
        `DELETE FROM uploads u
         WHERE u.created_at < $1
           AND NOT EXISTS (SELECT 1 FROM lectures l WHERE l.file_id = u.id
             OR l.captions @> jsonb_build_array(jsonb_build_object('file_id', u.id::text)))
           AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.file_id = u.id OR s.feedback_file_id = u.id)
           AND NOT EXISTS (SELECT 1 FROM courses c WHERE c.cover_file_id = u.id)
           -- A poster frame is used while its video is.
           AND NOT EXISTS (SELECT 1 FROM uploads v WHERE v.poster_id = u.id)
         RETURNING u.path`,
        [before],
      );
      for (const { path } of unused) await uploads.remove(path);
      return stale.length + unused.length;
    },
  };
}
