/**
 * The little of the tar format (POSIX ustar) a backup needs: regular files, written and read as
 * streams. `tar tzf backup.tar.gz` lists a backup; `tar xzf` unpacks it.
 */

export interface TarEntry {
  /** Path inside the archive, with forward slashes. */
  name: string;
  bytes: Uint8Array;
  /** Permission bits; 0600 when absent. */
  mode?: number;
}

/** The archive is not a tar stream, or it ends early (the message says how, of "it", the archive). */
export class TarError extends Error {
  override readonly name = 'TarError';
}

const BLOCK = 512;
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** Splits a long path into the ustar prefix (up to 155 bytes) and name (up to 100). */
function splitName(name: string): { prefix: string; base: string } {
  if (encoder.encode(name).length <= 100) return { prefix: '', base: name };
  for (let slash = name.indexOf('/'); slash > 0; slash = name.indexOf('/', slash + 1)) {
    const prefix = name.slice(0, slash);
    const base = name.slice(slash + 1);
    if (encoder.encode(prefix).length <= 155 && encoder.encode(base).length <= 100) return { prefix, base };
  }
  throw new TarError(`The path ${name} is too long for the archive`);
}

function header(entry: TarEntry, mtime: number): Uint8Array {
  const block = new Uint8Array(BLOCK);
  const put = (text: string, at: number) => block.set(encoder.encode(text), at);
  const { prefix, base } = splitName(entry.name);
  put(base, 0);
  put(octal(entry.mode ?? 0o600, 8), 100);
  put(octal(0, 8), 108);
  put(octal(0, 8), 116);
  put(octal(entry.bytes.length, 12), 124);
  put(octal(mtime, 12), 136);
  put('        ', 148);
  put('0', 156);
  put('ustar\u000000', 257);
  put(prefix, 345);
  const sum = block.reduce((total, byte) => total + byte, 0);
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

/** The archive of the entries, chunk by chunk. */
export async function* tarChunks(entries: AsyncIterable<TarEntry>): AsyncGenerator<Uint8Array> {
  const mtime = Math.floor(Date.now() / 1000);
  for await (const entry of entries) {
    yield header(entry, mtime);
    if (entry.bytes.length > 0) yield entry.bytes;
    const padding = (BLOCK - (entry.bytes.length % BLOCK)) % BLOCK;
    if (padding > 0) yield new Uint8Array(padding);
  }
  yield new Uint8Array(BLOCK * 2);
}

/** Reads exactly n bytes at a time from a stream of chunks; null at a clean end. */
function byteReader(chunks: AsyncIterable<Uint8Array>) {
  const iterator = chunks[Symbol.asyncIterator]();
  let parts: Uint8Array[] = [];
  let length = 0;
  return {
    async read(n: number): Promise<Uint8Array | null> {
      while (length < n) {
        const next = await iterator.next();
        if (next.done) {
          if (length === 0) return null;
          throw new TarError('it ends in the middle of a file (cut short?)');
        }
        parts.push(next.value);
        length += next.value.length;
      }
      const all = parts.length === 1 ? (parts[0] as Uint8Array) : Buffer.concat(parts, length);
      const rest = all.subarray(n);
      parts = rest.length > 0 ? [rest] : [];
      length = rest.length;
      return all.subarray(0, n);
    },
    async close() {
      await iterator.return?.();
    },
  };
}

function text(block: Uint8Array, at: number, width: number): string {
  const field = block.subarray(at, at + width);
  const end = field.indexOf(0);
  try {
    return decoder.decode(end < 0 ? field : field.subarray(0, end));
  } catch {
    throw new TarError('it has a file name that is not text');
  }
}

function number(block: Uint8Array, at: number, width: number): number {
  const field = text(block, at, width).trim();
  if (!/^[0-7]+$/.test(field)) throw new TarError('it has a damaged header');
  return Number.parseInt(field, 8);
}

/**
 * The regular files of a tar stream, in order (folders are skipped). A header whose checksum does
 * not match, or a stream that ends before the closing blocks, is a TarError.
 */
export async function* readTar(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<TarEntry> {
  const reader = byteReader(chunks);
  try {
    for (;;) {
      const block = await reader.read(BLOCK);
      if (!block) throw new TarError('it ends before its last block (cut short?)');
      if (block.every((byte) => byte === 0)) return;
      const stored = number(block, 148, 8);
      const sum = block.reduce((total, byte, index) => total + (index >= 148 && index < 156 ? 32 : byte), 0);
      if (stored !== sum) throw new TarError('it has a damaged header');
      const size = number(block, 124, 12);
      const type = String.fromCharCode(block[156] ?? 0);
      const prefix = text(block, 345, 155);
      const name = prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100);
      const mode = number(block, 100, 8);
      const bytes = size > 0 ? await reader.read(size) : new Uint8Array(0);
      if (!bytes) throw new TarError('it ends in the middle of a file (cut short?)');
      const padding = (BLOCK - (size % BLOCK)) % BLOCK;
      if (padding > 0 && !(await reader.read(padding)))
        throw new TarError('it ends in the middle of a file (cut short?)');
      if (type === '0' || type === '\0') yield { name, bytes, mode };
      else if (type !== '5') throw new TarError(`it holds ${name}, which is not a plain file`);
    }
  } finally {
    await reader.close();
  }
}
