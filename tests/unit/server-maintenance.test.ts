import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { issueOtp } from '../../server/auth/otp';
import type { Db } from '../../server/db';
import { createApplicant } from '../../server/identity/queries';
import {
  MAINTENANCE_INTERVAL_MS,
  pruneUnconfirmedSignUps,
  startMaintenance,
  UNCONFIRMED_SIGN_UP_HOURS,
} from '../../server/maintenance';
import { migrate } from '../../server/migrate';
import { seed } from '../../server/seed';
import { openTestDatabase, type TestDatabase } from '../../server/test-database';
import { createUploadStore, type UploadStore } from '../../server/uploads';
import { findUserByEmail } from '../../server/users';

let database: TestDatabase;
let db: Db;
let uploads: UploadStore;
let uploadsDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  await migrate(db);
  await seed(db, { generatedCourses: 0 });
  uploads = createUploadStore();
  uploadsDir = await uploads.dir();
}, 60_000);

afterAll(async () => {
  await database?.drop();
  if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

let serial = 0;

/** A sign-up as the registration endpoint makes it, with a stored CV and a code, `hoursAgo` old. */
async function signUp(hoursAgo: number, options: { verified?: boolean; cv?: boolean } = {}) {
  serial += 1;
  const email = `pending${serial}@example.com`;
  const stored = options.cv === false ? null : await uploads.storeCv(new File(['%PDF-1.4'], 'cv.pdf'));
  const { user } = await db.transaction((tx) =>
    createApplicant(tx, {
      full_name: 'Pending Applicant',
      email,
      phone_number: null,
      govt_id_or_iqama_no: String(5_000_000_000 + serial),
      role: 'TRAINER',
      password_hash: 'scrypt$1$1$1$c2FsdA$aGFzaA',
      cv_file: stored?.file ?? null,
      cv_name: stored?.name ?? null,
    }),
  );
  await issueOtp(db, user.id, 'registration');
  await db.query(
    `UPDATE users SET created_at = now() - make_interval(hours => $2), verified = $3 WHERE id = $1`,
    [user.id, hoursAgo, options.verified ?? false],
  );
  return { email, id: user.id, cv: stored?.file ?? null };
}

const cvExists = (file: string | null) => file !== null && existsSync(join(uploadsDir, file));

describe('pruneUnconfirmedSignUps', () => {
  it('removes sign-ups unconfirmed for more than 24 hours, with their codes and CVs', async () => {
    const expired = await signUp(UNCONFIRMED_SIGN_UP_HOURS + 1);
    const expiredWithoutCv = await signUp(UNCONFIRMED_SIGN_UP_HOURS * 3, { cv: false });
    const recent = await signUp(UNCONFIRMED_SIGN_UP_HOURS - 1);
    const confirmed = await signUp(UNCONFIRMED_SIGN_UP_HOURS * 10, { verified: true });
    expect(cvExists(expired.cv)).toBe(true);

    const removed = await pruneUnconfirmedSignUps(db, uploads);

    expect(removed).toBe(2);
    expect(await findUserByEmail(db, expired.email)).toBeUndefined();
    expect(await findUserByEmail(db, expiredWithoutCv.email)).toBeUndefined();
    expect(cvExists(expired.cv)).toBe(false);
    const { rows: codes } = await db.query('SELECT 1 FROM otp_codes WHERE user_id = ANY($1::int[])', [
      [expired.id, expiredWithoutCv.id],
    ]);
    expect(codes).toEqual([]);

    expect(await findUserByEmail(db, recent.email)).toBeDefined();
    expect(cvExists(recent.cv)).toBe(true);
    expect(await findUserByEmail(db, confirmed.email)).toBeDefined();
    expect(cvExists(confirmed.cv)).toBe(true);
    // The demo accounts are confirmed: never touched.
    expect(await findUserByEmail(db, 'trainee@example.com')).toBeDefined();
  });

  it('removes the files only after the rows are gone for good', async () => {
    const expired = await signUp(UNCONFIRMED_SIGN_UP_HOURS + 2);
    const failingCommit: Db = {
      ...db,
      transaction: async (work) =>
        db.transaction(async (tx) => {
          await work(tx);
          throw new Error('the commit failed');
        }),
    };
    const remove = vi.spyOn(uploads, 'remove');

    await expect(pruneUnconfirmedSignUps(failingCommit, uploads)).rejects.toThrow('the commit failed');

    expect(remove).not.toHaveBeenCalled();
    expect(await findUserByEmail(db, expired.email)).toBeDefined();
    expect(cvExists(expired.cv)).toBe(true);
    expect(await pruneUnconfirmedSignUps(db, uploads)).toBe(1);
    expect(cvExists(expired.cv)).toBe(false);
  });

  it('keeps going when one file cannot be removed', async () => {
    const first = await signUp(UNCONFIRMED_SIGN_UP_HOURS + 3);
    const second = await signUp(UNCONFIRMED_SIGN_UP_HOURS + 4);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const removed: string[] = [];
    const flaky = {
      async remove(file: string) {
        removed.push(file);
        if (file === first.cv) throw new Error('disk busy');
        await uploads.remove(file);
      },
    };

    expect(await pruneUnconfirmedSignUps(db, flaky)).toBe(2);

    expect(removed.sort()).toEqual([first.cv, second.cv].sort());
    expect(cvExists(second.cv)).toBe(false);
    expect(await findUserByEmail(db, first.email)).toBeUndefined();
  });
});

describe('startMaintenance', () => {
  it('prunes at once, then every hour until stopped', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const prune = vi.fn(async (file: string) => uploads.remove(file));
    const atStart = await signUp(UNCONFIRMED_SIGN_UP_HOURS + 1);

    const maintenance = startMaintenance(db, { remove: prune });
    await maintenance.idle();
    expect(await findUserByEmail(db, atStart.email)).toBeUndefined();
    expect(prune).toHaveBeenCalledWith(atStart.cv);

    const later = await signUp(UNCONFIRMED_SIGN_UP_HOURS + 1);
    vi.advanceTimersByTime(MAINTENANCE_INTERVAL_MS - 1);
    await maintenance.idle();
    expect(await findUserByEmail(db, later.email)).toBeDefined();
    vi.advanceTimersByTime(1);
    await maintenance.idle();
    expect(await findUserByEmail(db, later.email)).toBeUndefined();

    await maintenance.stop();
    const afterStop = await signUp(UNCONFIRMED_SIGN_UP_HOURS + 1);
    vi.advanceTimersByTime(MAINTENANCE_INTERVAL_MS * 2);
    await maintenance.idle();
    expect(await findUserByEmail(db, afterStop.email)).toBeDefined();
  });
});
