import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const SECRET_FILE = 'token-secret';

/** A fresh random secret: tokens signed with it die with the process. */
export function randomTokenSecret(): Uint8Array {
  return new Uint8Array(randomBytes(32));
}

/**
 * The key that signs tokens: TOKEN_SECRET when set, else one generated on first start and kept in
 * the data folder (so sessions survive a restart), else a random one for this process only.
 */
export async function resolveTokenSecret(options: {
  env?: string | undefined;
  dataDir?: string | undefined;
}): Promise<Uint8Array> {
  if (options.env) {
    const secret = new TextEncoder().encode(options.env);
    if (secret.byteLength < 32) throw new Error('TOKEN_SECRET must be at least 32 characters long');
    return secret;
  }
  if (!options.dataDir) return randomTokenSecret();
  const file = join(options.dataDir, SECRET_FILE);
  try {
    const stored = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
    if (stored.byteLength >= 32) return new Uint8Array(stored);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomTokenSecret();
  await mkdir(options.dataDir, { recursive: true });
  await writeFile(file, `${Buffer.from(secret).toString('base64url')}\n`, { mode: 0o600 });
  return secret;
}
