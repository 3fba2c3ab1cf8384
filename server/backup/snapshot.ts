import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db, PgliteDb } from '../db';
import type { UploadStore } from '../uploads';

/** One file of a backup. */
export interface BackupEntry {
  /** Path inside the archive, with forward slashes. */
  name: string;
  bytes: Uint8Array;
  /** Permission bits; 0600 when absent. */
  mode?: number;
}

/** The name of the embedded database's dump inside a backup (PGlite's data directory as a tarball). */
export const DATABASE_ENTRY = 'pglite.tar';
/** Uploaded files sit under this folder in a backup, as in the data folder. */
export const UPLOADS_FOLDER = 'uploads';

export function isPglite(db: Db): db is PgliteDb {
  return db.kind === 'pglite' && 'dumpDataDir' in db;
}

/** Files being written aside (`*.part`, server/uploads.ts) are not uploads yet. */
const WRITING = /\.part$/;

/** Every file under a folder, as paths relative to it with forward slashes, sorted. */
export async function filesUnder(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile() && !WRITING.test(entry.name))
      .map((entry) =>
        join(entry.parentPath, entry.name)
          .slice(dir.length + 1)
          .split('\\')
          .join('/'),
      );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names.sort();
}

/** The files under a folder as backup entries under `folder/`; a file gone meanwhile is skipped. */
export async function* folderEntries(dir: string, folder: string): AsyncGenerator<BackupEntry> {
  for (const file of await filesUnder(dir)) {
    let bytes: Buffer;
    try {
      bytes = await readFile(join(dir, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    yield { name: `${folder}/${file}`, bytes };
  }
}

/**
 * The embedded database and the uploaded files as they were at one moment.
 *
 * - The dump is taken inside a transaction of its own: PGlite runs one transaction at a time, so no
 *   other one is half done when the data directory is copied.
 * - Every file a row names was written in full before that row was committed (the routes store the
 *   file, then write the row), and stored files are never rewritten in place (new names, or a
 *   rename over the old one). So a file the dumped database names is already there, whole.
 * - Removals wait from before the dump until the last file is read (UploadStore.hold), so none of
 *   those files disappears before it is copied. Files stored after the dump may be copied too: no
 *   row names them, and they are harmless.
 */
export async function* databaseAndUploads(db: PgliteDb, uploads: UploadStore): AsyncGenerator<BackupEntry> {
  const release = uploads.hold();
  try {
    const dump = await db.transaction(() => db.dumpDataDir());
    yield { name: DATABASE_ENTRY, bytes: new Uint8Array(await dump.arrayBuffer()) };
    yield* folderEntries(await uploads.dir(), UPLOADS_FOLDER);
  } finally {
    await release();
  }
}

/** A stream of chunks as a web stream that pulls one chunk at a time; cancelling it ends the source. */
export function webStream(chunks: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
