import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { unzipSync } from 'fflate';
import { SERVER_MESSAGES, type ServerMessage } from '../src/contract/server-messages';

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

/** A Word 2007+ document is a ZIP archive that holds `word/document.xml` and its content types. */
function isDocx(bytes: Buffer): boolean {
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
  return names.has('word/document.xml') && names.has('[Content_Types].xml');
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
  const base = file.name.split(/[\\/]/).pop() ?? '';
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

export interface StoredUpload {
  /** Path under the uploads folder, with forward slashes. */
  file: string;
  /** The name it was uploaded with. */
  name: string;
}

/** Where uploaded files live: DATA_DIR/uploads, or a temporary folder for in-memory servers. */
export interface UploadStore {
  dir(): Promise<string>;
  /** Stores an accepted CV (see cvProblem) under a random name. */
  storeCv(file: File): Promise<StoredUpload>;
  /** Stores an accepted photo (see server/profile/photos.ts) under a random name with its extension. */
  storePhoto(bytes: Uint8Array, extension: string): Promise<string>;
  /** The bytes of a stored file, or null when there is none. */
  read(file: string): Promise<Buffer | null>;
  /** Deletes a stored file; a missing file is not an error. */
  remove(file: string): Promise<void>;
}

export function createUploadStore(dir?: string): UploadStore {
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
    async storePhoto(bytes, extension) {
      const file = `photos/${randomUUID()}.${extension}`;
      const path = await pathOf(file);
      await mkdir(join(path, '..'), { recursive: true, mode: 0o700 });
      await writeFile(path, bytes, { mode: 0o600 });
      return file;
    },
    async read(file) {
      try {
        return await readFile(await pathOf(file));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(file) {
      await rm(await pathOf(file), { force: true });
    },
  };
}
