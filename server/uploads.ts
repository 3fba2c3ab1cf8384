import { randomUUID } from 'node:crypto';
import { close, fstat, open as openFile, read } from 'node:fs';
import { mkdir, mkdtemp, open as openHandle, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { UPLOAD_MESSAGES, type UploadMessage } from '@contract/messages/learning';
import { SERVER_MESSAGES, type ServerMessage } from '@contract/messages/server-messages';
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES, type UploadExtension } from '@contract/wire/learning';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/server';
import { unzipSync } from 'fflate';

/** The folder of uploads under way, in the uploads folder. */
const INCOMING = 'incoming';
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const CV_MAX_BYTES = 5 * 1024 * 1024;

/** The CV formats accepted, each recognised by its extension and its content. */
const CV_FORMATS = ['pdf', 'doc', 'docx'] as const;
type CvFormat = (typeof CV_FORMATS)[number];

function formatOf(name: string): CvFormat | undefined {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  return (CV_FORMATS as readonly string[]).includes(extension) ? (extension as CvFormat) : undefined;
}

const PDF_HEADER = Buffer.from('%PDF-');
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** A PDF starts with its header and ends with the cross-reference pointer and `%%EOF`. */
function isPdf(bytes: Buffer): boolean {
  if (!bytes.subarray(0, PDF_HEADER.length).equals(PDF_HEADER)) return false;
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1');
  return /startxref\s+\d+\s+%%EOF\s*$/.test(tail);
}

/**
 * A Word 97–2003 document is an OLE compound file: its 512-byte header has the signature, the
 * little-endian byte-order mark, a sector size that fits its version, and whole sectors follow.
 */
function isOleDocument(bytes: Buffer): boolean {
  if (bytes.length < 1024 || !bytes.subarray(0, 8).equals(OLE_SIGNATURE)) return false;
  const major = bytes.readUInt16LE(26);
  const byteOrder = bytes.readUInt16LE(28);
  const sectorShift = bytes.readUInt16LE(30);
  const expectedShift = major === 3 ? 9 : major === 4 ? 12 : 0;
  if (byteOrder !== 0xfffe || sectorShift !== expectedShift) return false;
  return bytes.length >= 2 ** sectorShift * 2 && bytes.length % 512 === 0;
}

/** Whether the bytes are a ZIP archive holding every one of `required` (an Office 2007+ file). */
function isZipWith(bytes: Buffer, required: readonly string[]): boolean {
  const names = new Set<string>();
  try {
    // Reads the archive's central directory only: nothing is decompressed.
    unzipSync(bytes, {
      filter: (entry) => {
        names.add(entry.name);
        return false;
      },
    });
  } catch {
    return false;
  }
  return required.every((name) => names.has(name));
}

/** A Word 2007+ document is a ZIP archive that holds `word/document.xml` and its content types. */
function isDocx(bytes: Buffer): boolean {
  return isZipWith(bytes, ['word/document.xml', '[Content_Types].xml']);
}

const CONTENT_CHECKS: Record<CvFormat, (bytes: Buffer) => boolean> = {
  pdf: isPdf,
  doc: isOleDocument,
  docx: isDocx,
};

/** Controls and direction marks or overrides, which could make a name read as another (`cv‮fdp.exe`). */
function isUnsafeNameCharacter(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** The name a file was uploaded with: no folder part, no control or direction characters. */
export function uploadedName(file: File): string {
  return uploadedFileName(file.name);
}

/** A file name as given by a client, made safe: see uploadedName. */
export function uploadedFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return [...base]
    .filter((char) => !isUnsafeNameCharacter(char))
    .join('')
    .trim()
    .slice(0, 200);
}

/** Why a CV is refused (too large, or not really a PDF or Word document), or null when it is fine. */
export async function cvProblem(file: File): Promise<ServerMessage | null> {
  if (file.size > CV_MAX_BYTES) return SERVER_MESSAGES.cvTooLarge;
  const format = formatOf(uploadedName(file));
  if (!format || file.size === 0) return SERVER_MESSAGES.cvType;
  const bytes = Buffer.from(await file.arrayBuffer());
  return CONTENT_CHECKS[format](bytes) ? null : SERVER_MESSAGES.cvType;
}

/** The extension of a file name, lower-case, without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

const startsWith = (bytes: Buffer, prefix: readonly number[] | string, at = 0) => {
  const expected = typeof prefix === 'string' ? Buffer.from(prefix, 'latin1') : Buffer.from(prefix);
  return bytes.length >= at + expected.length && bytes.subarray(at, at + expected.length).equals(expected);
};

/** Text in UTF-8 (a byte-order mark allowed) without NUL: what a CSV file is. */
function isUtf8Text(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** An ISO base media file (MP4, M4A, QuickTime): its first box is `ftyp`. */
const isIsoMedia = (bytes: Buffer) => startsWith(bytes, 'ftyp', 4);
const isOgg = (bytes: Buffer) => startsWith(bytes, 'OggS');

/** An MP3 starts with an ID3 tag or an MPEG audio frame's sync bits. */
function isMp3(bytes: Buffer): boolean {
  if (startsWith(bytes, 'ID3')) return true;
  return bytes.length >= 2 && bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0;
}

/**
 * The files a trainee or trainer may upload (spec section 5: assignments and lecture files), each
 * recognised by its extension and its content, with the type it is served as.
 */
export const UPLOAD_FORMATS: Record<UploadExtension, { check: (bytes: Buffer) => boolean; type: string }> = {
  pdf: { check: isPdf, type: 'application/pdf' },
  csv: { check: isUtf8Text, type: 'text/csv; charset=utf-8' },
  xlsx: {
    check: (bytes) => isZipWith(bytes, ['xl/workbook.xml', '[Content_Types].xml']),
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  xls: { check: isOleDocument, type: 'application/vnd.ms-excel' },
  png: {
    check: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    type: 'image/png',
  },
  gif: { check: (bytes) => startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a'), type: 'image/gif' },
  jpeg: { check: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]), type: 'image/jpeg' },
  jpg: { check: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]), type: 'image/jpeg' },
  mp3: { check: isMp3, type: 'audio/mpeg' },
  m4a: { check: isIsoMedia, type: 'audio/mp4' },
  wav: { check: (bytes) => startsWith(bytes, 'RIFF') && startsWith(bytes, 'WAVE', 8), type: 'audio/wav' },
  oga: { check: isOgg, type: 'audio/ogg' },
  ogg: { check: isOgg, type: 'video/ogg' },
  mp4: { check: isIsoMedia, type: 'video/mp4' },
  mov: { check: isIsoMedia, type: 'video/quicktime' },
  webm: { check: (bytes) => startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]), type: 'video/webm' },
};

export function isUploadExtension(extension: string): extension is UploadExtension {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}

/** An upload that was accepted: its bytes, the name it came with, its extension and served type. */
export interface AcceptedUpload {
  bytes: Buffer;
  name: string;
  extension: UploadExtension;
  contentType: string;
}

/**
 * An upload checked (spec section 5): at most UPLOAD_MAX_BYTES, an accepted extension, and
 * content that is really of that type. Answers the refusal's sentence, or the accepted file.
 */
export async function checkUpload(file: File): Promise<AcceptedUpload | UploadMessage> {
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_MESSAGES.uploadTooLarge;
  const name = uploadedName(file);
  const extension = extensionOf(name);
  if (!isUploadExtension(extension) || file.size === 0) return UPLOAD_MESSAGES.uploadType;
  const bytes = Buffer.from(await file.arrayBuffer());
  const format = UPLOAD_FORMATS[extension];
  if (!format.check(bytes)) return UPLOAD_MESSAGES.uploadType;
  return { bytes, name, extension, contentType: format.type };
}

export interface StoredUpload {
  /** Path under the uploads folder, with forward slashes. */
  file: string;
  /** The name it was uploaded with. */
  name: string;
}

export interface StoredFileInfo {
  size: number;
  modified: Date;
}

/** Bytes `start` to `end` of a file, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

/** How much of a file one read of a stream takes. */
const STREAM_CHUNK = 256 * 1024;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** read(2) at `position` into `buffer`, with the callback API (less work per call than a FileHandle's). */
const readAt = (fd: number, buffer: Buffer, position: number) =>
  new Promise<number>((resolve, reject) =>
    read(fd, buffer, 0, buffer.length, position, (error, bytesRead) =>
      error ? reject(error) : resolve(bytesRead),
    ),
  );

/**
 * A stream of a file's bytes from `start` up to `end` (excluded), reading at most one chunk ahead of
 * what was consumed; the file is closed at the end, on an error and on cancel (once no read is under
 * way, so that a descriptor the system gives again is never read).
 */
function fileStream(fd: number, start: number, end: number): ReadableStream<Uint8Array> {
  let position = start;
  let reading = false;
  let cancelled = false;
  let closed = false;
  const closeFile = () => {
    if (closed) return;
    closed = true;
    close(fd, () => {});
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const length = Math.min(STREAM_CHUNK, end - position);
        if (length <= 0) {
          closeFile();
          controller.close();
          return;
        }
        const chunk = Buffer.allocUnsafe(length);
        let bytesRead: number;
        reading = true;
        try {
          bytesRead = await readAt(fd, chunk, position);
        } catch (error) {
          closeFile();
          if (!cancelled) controller.error(error);
          return;
        } finally {
          reading = false;
        }
        if (cancelled) {
          closeFile();
          return;
        }
        if (bytesRead === 0) {
          closeFile();
          controller.close();
          return;
        }
        position += bytesRead;
        controller.enqueue(bytesRead === length ? chunk : chunk.subarray(0, bytesRead));
        if (position >= end) {
          closeFile();
          controller.close();
        }
      },
      cancel() {
        cancelled = true;
        if (!reading) closeFile();
      },
    },
    { highWaterMark: 1 },
  );
}

/**
 * Uploads under way, as the store keeps them: a folder (`incoming/`) here; an object store would give
 * its own tus data store and fetch a complete upload for the programs that read files.
 */
export interface IncomingUploads {
  /** The tus data store the bytes under way are written to; an upload not finished in `expiryMs` expires. */
  dataStore(expiryMs: number): Promise<DataStore>;
  /** A complete upload's first `length` bytes, or all of them. */
  bytes(id: string, length?: number): Promise<Buffer>;
  /** A complete upload as a local file, for programs that read files (ffprobe), while `use` runs. */
  withLocalFile<T>(id: string, use: (path: string) => Promise<T>): Promise<T>;
  /** Moves a complete upload among the stored files, at `file`. */
  keep(id: string, file: string): Promise<void>;
  /** Removes an upload under way, its bytes and its description; a missing one is not an error. */
  discard(id: string): Promise<void>;
}

/** Where uploaded files live: DATA_DIR/uploads, or a temporary folder for in-memory servers. */
export interface UploadStore {
  dir(): Promise<string>;
  /** Stores an accepted CV (see cvProblem) under a random name. */
  storeCv(file: File): Promise<StoredUpload>;
  /** Stores an accepted photo (see server/profile/photos.ts) under a random name with its extension. */
  storePhoto(bytes: Uint8Array, extension: string): Promise<string>;
  /** Stores bytes in `folder` under a random name with the extension; answers the stored path. */
  store(bytes: Uint8Array, folder: string, extension: string): Promise<string>;
  /** Writes bytes at a path chosen by the caller (the seed's files), replacing what was there. */
  put(file: string, bytes: Uint8Array): Promise<void>;
  /** Resumable uploads under way (server/learning/resumable.ts), kept apart until complete. */
  incoming: IncomingUploads;
  /** The bytes of a stored file, or null when there is none: for small files only (never to serve one). */
  read(file: string): Promise<Buffer | null>;
  /** The size and modification time of a stored file, or null when there is none. */
  stat(file: string): Promise<StoredFileInfo | null>;
  /**
   * A stored file's bytes, or those of `range` (both ends included), read from storage as the stream
   * is consumed; null when there is no such file. Cancelling the stream closes the file.
   */
  open(file: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
  /** Deletes a stored file; a missing file is not an error. */
  remove(file: string): Promise<void>;
  /**
   * Runs `task` (work on stored files that no answer waits for) after the tasks given before it,
   * one at a time; a failure is logged.
   */
  later(task: () => Promise<void>): void;
  /** Resolves once every task given to `later` so far has run (before the folder is removed). */
  settle(): Promise<void>;
  /**
   * Until the answer is called, removals wait: a backup dumps the database and then copies the
   * folder, and every file the dumped database names must still be there (server/backup/snapshot.ts).
   */
  hold(): () => Promise<void>;
}

export function createUploadStore(
  dir?: string,
  options: {
    /** Reports how long each task given to `later` took (metrics). */
    timer?: ((seconds: number, failed: boolean) => void) | undefined;
  } = {},
): UploadStore {
  let root: Promise<string> | undefined;
  const rootDir = () => {
    root ??= dir
      ? mkdir(dir, { recursive: true, mode: 0o700 }).then(() => resolve(dir))
      : mkdtemp(join(tmpdir(), 'kfu-uploads-'));
    return root;
  };

  async function pathOf(file: string): Promise<string> {
    const base = await rootDir();
    const path = resolve(base, file);
    if (!path.startsWith(base + sep)) throw new Error(`${file} is outside the uploads folder`);
    return path;
  }

  /** An upload under way, by its id (a UUID: nothing else names a file there). */
  async function incomingPath(id: string): Promise<string> {
    if (!UPLOAD_ID.test(id)) throw new Error(`${id} is not the id of an upload`);
    return join(await rootDir(), INCOMING, id);
  }
  let incomingStore: FileStore | undefined;

  async function put(file: string, bytes: Uint8Array): Promise<void> {
    const path = await pathOf(file);
    await mkdir(join(path, '..'), { recursive: true, mode: 0o700 });
    // Written aside and renamed: a reader (or a restart) never meets half a file.
    const aside = `${path}.${randomUUID()}.part`;
    await writeFile(aside, bytes, { mode: 0o600 });
    await rename(aside, path);
  }

  let queue: Promise<void> = Promise.resolve();
  let holds = 0;
  let heldRemovals: string[] = [];

  async function store(bytes: Uint8Array, folder: string, extension: string): Promise<string> {
    const file = `${folder}/${randomUUID()}.${extension}`;
    await put(file, bytes);
    return file;
  }

  return {
    dir: rootDir,
    async storeCv(upload) {
      const name = uploadedName(upload);
      const file = `cv/${randomUUID()}.${formatOf(name) ?? 'bin'}`;
      const path = await pathOf(file);
      await mkdir(join(path, '..'), { recursive: true, mode: 0o700 });
      await writeFile(path, Buffer.from(await upload.arrayBuffer()), { mode: 0o600 });
      return { file, name };
    },
    storePhoto: (bytes, extension) => store(bytes, 'photos', extension),
    store,
    put,
    incoming: {
      async dataStore(expiryMs) {
        incomingStore ??= new FileStore({
          directory: join(await rootDir(), INCOMING),
          expirationPeriodInMilliseconds: expiryMs,
        });
        return incomingStore;
      },
      async bytes(id, length) {
        const path = await incomingPath(id);
        if (length === undefined) return readFile(path);
        const handle = await openHandle(path, 'r');
        try {
          const buffer = Buffer.alloc(length);
          const { bytesRead } = await handle.read(buffer, 0, length, 0);
          return buffer.subarray(0, bytesRead);
        } finally {
          await handle.close();
        }
      },
      async withLocalFile(id, use) {
        return use(await incomingPath(id));
      },
      async keep(id, file) {
        const path = await pathOf(file);
        await mkdir(join(path, '..'), { recursive: true, mode: 0o700 });
        await rename(await incomingPath(id), path);
        // The description tus kept beside the bytes (@tus/file-store's `{id}.json`).
        await rm(`${await incomingPath(id)}.json`, { force: true });
      },
      async discard(id) {
        const path = await incomingPath(id);
        await rm(path, { force: true });
        await rm(`${path}.json`, { force: true });
      },
    },
    async read(file) {
      try {
        return await readFile(await pathOf(file));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stat(file) {
      try {
        const info = await stat(await pathOf(file));
        return info.isFile() ? { size: info.size, modified: info.mtime } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async open(file, range) {
      const path = await pathOf(file);
      const fd = await new Promise<number | null>((resolve, reject) =>
        openFile(path, 'r', (error, opened) => {
          if (error && isMissing(error)) resolve(null);
          else if (error) reject(error);
          else resolve(opened);
        }),
      );
      if (fd === null) return null;
      if (range) return fileStream(fd, range.start, range.end + 1);
      return new Promise((resolve, reject) =>
        fstat(fd, (error, info) => {
          if (error) {
            close(fd, () => {});
            reject(error);
          } else resolve(fileStream(fd, 0, info.size));
        }),
      );
    },
    async remove(file) {
      const path = await pathOf(file);
      if (holds > 0) heldRemovals.push(path);
      else await rm(path, { force: true });
    },
    later(task) {
      const { timer } = options;
      const timed = timer
        ? async () => {
            const started = performance.now();
            let failed = true;
            try {
              await task();
              failed = false;
            } finally {
              timer((performance.now() - started) / 1000, failed);
            }
          }
        : task;
      // One failed task neither stops the ones after it nor fails `settle`.
      queue = queue.then(timed).catch((error: unknown) => {
        console.error(
          `A task on stored files failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    },
    settle: () => queue,
    hold() {
      holds += 1;
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds > 0) return;
        const paths = heldRemovals;
        heldRemovals = [];
        for (const path of paths) await rm(path, { force: true });
      };
    },
  };
}
