import type { Db } from '../db';
import type { UploadStore } from '../uploads';
import { tarChunks } from './archive';
import { databaseAndUploads, isPglite, webStream } from './snapshot';

/** The type of the answer of GET /admin/backup/ (a tar stream: the database's dump, then the uploads). */
export const BACKUP_STREAM_TYPE = 'application/x-tar';

/**
 * GET /admin/backup/ (admin token): what `npm run backup` asks of the running server, which holds
 * the embedded database. Streamed, never compressed on the way (the command compresses the file).
 */
export function backupAnswer(db: Db, uploads: UploadStore): Response {
  if (!isPglite(db)) {
    const message = 'This server uses PostgreSQL: back its database up with pg_dump (docs/operations.md).';
    return Response.json({ success: false, error: message, details: [{ message }] }, { status: 409 });
  }
  return new Response(webStream(tarChunks(databaseAndUploads(db, uploads))), {
    headers: { 'Content-Type': BACKUP_STREAM_TYPE, 'Cache-Control': 'no-store, no-transform' },
  });
}
