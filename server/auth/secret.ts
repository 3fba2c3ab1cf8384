import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { readOrCreateFile } from '../data-dir';

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
  // Created once, exclusively: every server on this data folder signs with the same key.
  const stored = Buffer.from(
    await readOrCreateFile(options.dataDir, SECRET_FILE, () =>
      Buffer.from(randomTokenSecret()).toString('base64url'),
    ),
    'base64url',
  );
  if (stored.byteLength < 32) throw new Error(`${join(options.dataDir, SECRET_FILE)} holds no valid secret`);
  return new Uint8Array(stored);
}
