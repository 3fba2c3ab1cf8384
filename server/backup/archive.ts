import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { type Extract, extract, pack } from 'tar-stream';
import * as z from 'zod/mini';
import { type BackupEntry, DATABASE_ENTRY, UPLOADS_FOLDER } from './snapshot';

/** The archive is not a tar stream, or it ends early (the message says how, of "it", the archive). */
export class TarError extends Error {
  override readonly name = 'TarError';
}

const BLOCK = 512;

/**
 * The entries as a tar stream (POSIX ustar, written by tar-stream), chunk by chunk: `tar tzf` lists
 * it. The next entry is asked for once the reader has taken the previous one's bytes.
 */
export async function* tarChunks(entries: AsyncIterable<BackupEntry>): AsyncGenerator<Uint8Array> {
  const archive = pack();
  const mtime = new Date();
  const writing = (async () => {
    for await (const entry of entries) {
      await new Promise<void>((resolve, reject) => {
        const header = { name: entry.name, mode: entry.mode ?? 0o600, mtime };
        archive.entry(header, entry.bytes, (error) => (error ? reject(error) : resolve()));
      });
    }
    archive.finalize();
  })();
  // A failing source ends the archive with its error; a reader that stops ends the source.
  writing.catch((error: unknown) => archive.destroy(error as Error));
  for await (const chunk of archive) yield chunk as Uint8Array;
}

/** The bytes written into an extractor, and the source's own error if it failed. */
interface Fed {
  bytes: number;
  error?: unknown;
}

/** Writes the chunks into the extractor as it reads them; a failing source destroys it with its error. */
async function feed(chunks: AsyncIterable<Uint8Array>, into: Extract, fed: Fed): Promise<void> {
  let closed = false;
  let wake = () => {};
  into.once('close', () => {
    closed = true;
    wake();
  });
  into.on('drain', () => wake());
  try {
    for await (const chunk of chunks) {
      if (closed) return;
      fed.bytes += chunk.length;
      if (!into.write(chunk) && !closed) await new Promise<void>((resolve) => (wake = resolve));
    }
    if (!closed) into.end(null);
  } catch (error) {
    fed.error = error;
    into.destroy(error as Error);
  }
}

/**
 * The regular files of a tar stream, in order (folders are skipped), read with tar-stream. A damaged
 * header, or a stream that ends before the closing blocks, is a TarError; the source's own errors
 * (gzip's, the network's) pass through as they are.
 */
export async function* readTar(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<BackupEntry> {
  const reader = extract();
  const fed: Fed = { bytes: 0 };
  const feeding = feed(chunks, reader, fed);
  let end = 0;
  try {
    for await (const entry of reader) {
      const { name, size, mode, type } = entry.header;
      const parts: Uint8Array[] = [];
      for await (const part of entry) parts.push(part as Uint8Array);
      end = entry.offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
      if (name.includes('\uFFFD')) throw new TarError('it has a file name that is not text');
      if (type === 'file') yield { name, bytes: Buffer.concat(parts), mode };
      else if (type !== 'directory') throw new TarError(`it holds ${name}, which is not a plain file`);
    }
  } catch (error) {
    if (error instanceof TarError || error === fed.error) throw error;
    // tar-stream's own complaints, in the words of a backup's messages.
    const { message } = error as Error;
    throw new TarError(
      message === 'Unexpected end of data'
        ? 'it ends in the middle of a file (cut short?)'
        : 'it has a damaged header',
    );
  } finally {
    reader.destroy();
  }
  await feeding;
  if (fed.bytes - end < 2 * BLOCK) throw new TarError('it ends before its last block (cut short?)');
}

/** The last entry of a backup: what it holds, each file with its size and SHA-256. */
export const MANIFEST_ENTRY = 'backup.json';
const FORMAT = 'kfu-training-backup';

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  created_at: z.string(),
  /** `pglite`: the embedded database is in it; `none`: files only (PostgreSQL is dumped apart). */
  database: z.enum(['pglite', 'none']),
  files: z.array(z.object({ name: z.string(), size: z.number(), sha256: z.string() })),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** A backup file that cannot be restored: not a backup, or damaged. */
export class DamagedBackupError extends Error {
  override readonly name = 'DamagedBackupError';
}

/**
 * Where an entry may go in a data folder: the database's dump, a file under uploads/, or a file at
 * the top (the secrets). Nothing absolute, no `..`, nothing that names the lock or the database folder.
 */
export function isSafeEntryName(name: string): boolean {
  if (name === DATABASE_ENTRY) return true;
  const parts = name.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\'))) return false;
  if (parts.length === 1) return !['server.lock', 'pglite', UPLOADS_FOLDER, MANIFEST_ENTRY].includes(name);
  return parts[0] === UPLOADS_FOLDER;
}

export interface WrittenBackup {
  manifest: BackupManifest;
  bytes: number;
}

/**
 * Writes the entries as a gzip-compressed tar file, readable by its owner only (it holds the secret
 * that signs sessions), with the manifest last. Written aside and renamed: a backup that fails
 * half-way leaves no file that looks whole.
 */
export async function writeBackupFile(
  file: string,
  entries: AsyncIterable<BackupEntry>,
  database: BackupManifest['database'],
): Promise<WrittenBackup> {
  const files: BackupManifest['files'] = [];
  let manifest: BackupManifest | undefined;
  async function* withManifest(): AsyncGenerator<BackupEntry> {
    for await (const entry of entries) {
      if (!isSafeEntryName(entry.name)) throw new Error(`A backup cannot hold ${entry.name}`);
      files.push({
        name: entry.name,
        size: entry.bytes.length,
        sha256: createHash('sha256').update(entry.bytes).digest('hex'),
      });
      yield entry;
    }
    manifest = { format: FORMAT, version: 1, created_at: new Date().toISOString(), database, files };
    yield { name: MANIFEST_ENTRY, bytes: new TextEncoder().encode(`${JSON.stringify(manifest, null, 1)}\n`) };
  }
  const aside = join(dirname(file), `.${randomBytes(6).toString('hex')}.backup.part`);
  try {
    const out = createWriteStream(aside, { flags: 'wx', mode: 0o600 });
    await pipeline(Readable.from(tarChunks(withManifest())), createGzip(), out);
    await chmod(aside, 0o600);
    await rename(aside, file);
  } catch (error) {
    await rm(aside, { force: true });
    throw error;
  }
  const done = manifest as BackupManifest | undefined;
  if (!done) throw new Error('The backup was not finished');
  return { manifest: done, bytes: (await stat(file)).size };
}

function damaged(file: string, error: unknown): DamagedBackupError {
  const { code = '', message } = error as NodeJS.ErrnoException;
  const reason =
    error instanceof DamagedBackupError || error instanceof TarError
      ? message
      : code === 'Z_BUF_ERROR' || message === 'unexpected end of file'
        ? 'it is cut short (its compressed data ends early)'
        : code.startsWith('Z_')
          ? `it is not a gzip file, or its bytes are damaged (${message})`
          : message;
  return new DamagedBackupError(`${file} cannot be restored: ${reason}.`);
}

/**
 * Unpacks a backup into an empty folder, checking every file against the manifest: a file that is
 * not a backup, damaged, cut short or altered throws DamagedBackupError (the folder then holds
 * part of it, for the caller to remove).
 */
export async function unpackBackupFile(file: string, into: string): Promise<BackupManifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifest: BackupManifest | undefined;
  try {
    const gunzip = createGunzip();
    const source = createReadStream(file);
    source.on('error', (error) => gunzip.destroy(error));
    for await (const entry of readTar(source.pipe(gunzip))) {
      if (manifest) throw new DamagedBackupError(`it holds ${entry.name} after its manifest`);
      if (entry.name === MANIFEST_ENTRY) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(new TextDecoder().decode(entry.bytes));
        } catch {
          throw new DamagedBackupError('its manifest is not JSON');
        }
        const checked = manifestSchema.safeParse(parsed);
        if (!checked.success) throw new DamagedBackupError('it is not a backup of this product');
        manifest = checked.data;
        continue;
      }
      if (!isSafeEntryName(entry.name) || seen.has(entry.name))
        throw new DamagedBackupError(`it holds a file it may not: ${entry.name}`);
      seen.set(entry.name, {
        size: entry.bytes.length,
        sha256: createHash('sha256').update(entry.bytes).digest('hex'),
      });
      const path = join(into, entry.name);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await writeFile(path, entry.bytes, { mode: 0o600 });
    }
  } catch (error) {
    throw damaged(file, error);
  }
  if (!manifest) throw damaged(file, new DamagedBackupError('it has no manifest (it is cut short?)'));
  const listed = new Set(manifest.files.map((entry) => entry.name));
  for (const expected of manifest.files) {
    const found = seen.get(expected.name);
    if (!found) throw damaged(file, new DamagedBackupError(`${expected.name} is missing from it`));
    if (found.size !== expected.size || found.sha256 !== expected.sha256)
      throw damaged(file, new DamagedBackupError(`${expected.name} does not match its checksum`));
  }
  for (const name of seen.keys()) {
    if (!listed.has(name)) throw damaged(file, new DamagedBackupError(`${name} is not in its manifest`));
  }
  if ((manifest.database === 'pglite') !== seen.has(DATABASE_ENTRY))
    throw damaged(file, new DamagedBackupError('its database is missing'));
  return manifest;
}
