import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { SERVER_MESSAGES, type ServerMessage } from '../src/api/server-messages';

export const CV_MAX_BYTES = 5 * 1024 * 1024;

/** The CV formats accepted, each recognised by its extension and its first bytes. */
const CV_FORMATS = {
  pdf: [Buffer.from('%PDF-')],
  // Word 97–2003: an OLE compound file.
  doc: [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
  // Word 2007 and later: a ZIP archive.
  docx: [Buffer.from([0x50, 0x4b, 0x03, 0x04])],
} as const satisfies Record<string, Buffer[]>;

type CvFormat = keyof typeof CV_FORMATS;

function formatOf(name: string): CvFormat | undefined {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  return extension in CV_FORMATS ? (extension as CvFormat) : undefined;
}

/** The name a file was uploaded with, without any folder part. */
export function uploadedName(file: File): string {
  return (file.name.split(/[\\/]/).pop() ?? '').trim().slice(0, 200);
}

/** Why a CV is refused (too large, or not a PDF or Word document), or null when it is fine. */
export async function cvProblem(file: File): Promise<ServerMessage | null> {
  if (file.size > CV_MAX_BYTES) return SERVER_MESSAGES.cvTooLarge;
  const format = formatOf(uploadedName(file));
  if (!format || file.size === 0) return SERVER_MESSAGES.cvType;
  const head = Buffer.from(await file.slice(0, 8).arrayBuffer());
  const matches = CV_FORMATS[format].some((magic) => head.subarray(0, magic.length).equals(magic));
  return matches ? null : SERVER_MESSAGES.cvType;
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
  /** Deletes a stored file; a missing file is not an error. */
  remove(file: string): Promise<void>;
}

export function createUploadStore(dir?: string): UploadStore {
  let root: Promise<string> | undefined;
  const rootDir = () => {
    root ??= dir
      ? mkdir(dir, { recursive: true }).then(() => resolve(dir))
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
      await mkdir(join(path, '..'), { recursive: true });
      await writeFile(path, Buffer.from(await upload.arrayBuffer()), { mode: 0o600 });
      return { file, name };
    },
    async remove(file) {
      await rm(await pathOf(file), { force: true });
    },
  };
}
