import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;
const SALT_BYTES = 16;
/** Cost parameters: N = 2^15, r = 8, p = 1 (32 MiB of memory per hash). */
export const PASSWORD_COST = { N: 32_768, r: 8, p: 1 } as const;
/**
 * Test runs (NODE_ENV=test: the test runner, and the products the browser tests start) hash with
 * N = 2^10: the same algorithm and format, 30 times cheaper, so that thousands of sign-ups and
 * sign-ins do not spend the suite's time on deliberately slow hashing. Verifying reads the costs
 * from the stored hash, so either kind of hash is checked the same way.
 */
export const TEST_PASSWORD_COST = { N: 1024, r: 8, p: 1 } as const;

function cost(): ScryptOptions & { N: number; r: number; p: number } {
  return process.env.NODE_ENV === 'test' ? TEST_PASSWORD_COST : PASSWORD_COST;
}
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Stored as `scrypt$N$r$p$salt$hash` (salt and hash in base64url) so the costs can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { N, r, p } = cost();
  const key = await derive(password, salt, { N, r, p }, KEY_LENGTH);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || expected.length === 0) return false;
  try {
    const actual = await derive(password, salt, { N, r, p }, expected.length);
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;

/**
 * Checks a password against a throw-away hash, so that answering for an unknown e-mail address
 * takes as long as answering for a known one.
 */
export async function spendPasswordCheck(password: string): Promise<void> {
  decoy ??= hashPassword(randomBytes(12).toString('base64url'));
  await verifyPassword(password, await decoy);
}
