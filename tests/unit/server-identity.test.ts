import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VALIDATION } from '@contract/forms/auth';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { STAFF_MESSAGES } from '@contract/messages/staff';
import { loginResponseSchema, otpVerifyResponseSchema } from '@contract/wire/identity';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AdminError, approveTrainer } from '../../server/admin/queries';
import { buildApp } from '../../server/app';
import { issueResetToken } from '../../server/auth/reset-tokens';
import { randomTokenSecret } from '../../server/auth/secret';
import type { TokenService } from '../../server/auth/tokens';
import { adminCommand, outboxCommand } from '../../server/cli';
import { staffAuthorization } from '../../server/cli-login';
import { type Db, openPglite } from '../../server/db';
import { DEMO_ACCOUNTS, PENDING_TRAINER } from '../../server/demo-accounts';
import type { AppEnv } from '../../server/http';
import { listen } from '../../server/listen';
import { findOtp, type OutboxMail } from '../../server/mail';
import { migrate } from '../../server/migrate';
import { adminTokenFile, pgliteDir } from '../../server/paths';
import { seed } from '../../server/seed';
import { openSeededPglite, openTestDatabase, type TestDatabase } from '../../server/test-database';
import { demoStaffToken } from '../../server/testing';
import { CV_MAX_BYTES } from '../../server/uploads';
import { ensureUser, findUserByEmail } from '../../server/users';

const trainee = DEMO_ACCOUNTS.trainee;

import { docBytes, docxBytes, plainZipBytes } from '../fixtures/documents';

const CV_PDF = new URL('../fixtures/cv.pdf', import.meta.url);

let db: Db;
let database: TestDatabase;
let app: Hono<AppEnv>;
let tokens: TokenService;
let adminToken: string;
let staffToken: string;
let uploadsDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  await migrate(db);
  await seed(db);
  uploadsDir = await mkdtemp(join(tmpdir(), 'kfu-identity-uploads-'));
  const built = buildApp({ db, secret: randomTokenSecret(), uploadsDir, devRoutes: true });
  app = built.app;
  tokens = built.tokens;
  adminToken = built.adminToken;
  staffToken = await demoStaffToken(db);
}, 60_000);

afterAll(async () => {
  await database?.drop();
  if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
});

let counter = 0;

/** A new applicant: unique e-mail address and 10-digit id. */
function applicant(overrides: Record<string, string | undefined> = {}) {
  counter += 1;
  return {
    full_name: 'Noura Al-Harbi',
    email: `applicant.${counter}@example.com`,
    phone_number: '050 123 4567',
    govt_id_or_iqama_no: String(2_000_000_000 + counter),
    password: 'Strong#Pass9',
    confirm_password: 'Strong#Pass9',
    role: 'TRAINEE',
    ...overrides,
  };
}

function register(fields: Record<string, string | undefined>, cv?: File) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  if (cv) form.append('cv', cv, cv.name);
  return app.request('/api/v1/user/registration/', { method: 'POST', body: form });
}

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function outbox(to: string): Promise<OutboxMail[]> {
  const response = await app.request(`/api/v1/dev/outbox/?to=${encodeURIComponent(to)}`, {
    headers: { 'X-Admin-Token': adminToken },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as OutboxMail[];
}

async function latestCode(to: string): Promise<string> {
  const code = (await outbox(to))[0]?.otp;
  if (!code) throw new Error(`No code was mailed to ${to}`);
  return code;
}

function verify(email_or_phone: string, otp_code: string) {
  return post('/user/otp-verify/', { email_or_phone, otp_code });
}

function logIn(username: string, password: string) {
  return post('/user/login/', { username, password });
}

/** Registers and returns the person and the code mailed to them. */
async function registered(overrides: Record<string, string> = {}, cv?: File) {
  const person = applicant(overrides);
  const response = await register(person, cv);
  expect(response.status).toBe(201);
  return { person, code: await latestCode(person.email) };
}

/** Moves a sign-up back in time, as if the applicant came back later. */
async function signedUpMinutesAgo(email: string, minutes: number) {
  await db.query('UPDATE users SET created_at = now() - make_interval(mins => $2) WHERE email = $1', [
    email,
    minutes,
  ]);
}

function wrongCodeFor(code: string): string {
  return code === '1111111' ? '2222222' : '1111111';
}

async function cvFile(name = 'cv.pdf', type = 'application/pdf') {
  return new File([await readFile(CV_PDF)], name, { type });
}

const refusal = (field: string, message: string) => ({ success: false, details: [{ field, message }] });

describe('POST /user/registration/', () => {
  it('creates an unverified trainee, mails a 7-digit code and answers 201 {success, data.email}', async () => {
    const person = applicant({ email: ' Mixed.Case@Example.com ' });
    const response = await register(person);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ success: true, data: { email: 'mixed.case@example.com' } });

    const user = await findUserByEmail(db, 'mixed.case@example.com');
    expect(user).toMatchObject({
      verified: false,
      approved: true,
      role: 'TRAINEE',
      phone_number: '0501234567',
    });
    const [mail] = await outbox('mixed.case@example.com');
    expect(mail?.otp).toMatch(/^\d{7}$/);
    expect(mail?.subject).toContain('verification code');
    expect(mail?.body).toContain('رمز التحقق');
    expect(mail?.body).toContain('10 minutes');
  });

  it('answers each broken rule with the shared form message, field by field', async () => {
    const cases: [Record<string, string | undefined>, string, string][] = [
      [{ full_name: '  ' }, 'full_name', VALIDATION.nameRequired],
      [{ email: '' }, 'email', VALIDATION.emailRequired],
      [{ email: 'not-an-email' }, 'email', VALIDATION.emailInvalid],
      [{ phone_number: '05a1234567' }, 'phone_number', VALIDATION.phoneDigits],
      [{ phone_number: '1234' }, 'phone_number', VALIDATION.phoneMin],
      [{ phone_number: '12345678901234' }, 'phone_number', VALIDATION.phoneMax],
      [{ govt_id_or_iqama_no: '' }, 'govt_id_or_iqama_no', VALIDATION.govtIdRequired],
      [{ govt_id_or_iqama_no: '12345abcde' }, 'govt_id_or_iqama_no', VALIDATION.govtIdDigits],
      [{ govt_id_or_iqama_no: '12345' }, 'govt_id_or_iqama_no', VALIDATION.govtIdMin],
      [{ govt_id_or_iqama_no: '12345678901' }, 'govt_id_or_iqama_no', VALIDATION.govtIdMax],
      [{ password: 'Short#1a', confirm_password: 'Short#1a' }, 'password', VALIDATION.passwordMin10],
      [{ password: 'nouppercase#1', confirm_password: 'nouppercase#1' }, 'password', VALIDATION.passwordRule],
      [
        { password: 'Qwerty#12345', confirm_password: 'Qwerty#12345' },
        'password',
        VALIDATION.passwordWeakSequence,
      ],
      [{ confirm_password: '' }, 'confirm_password', VALIDATION.confirmRequired],
      [{ confirm_password: 'Strong#Pass8' }, 'confirm_password', VALIDATION.passwordsMustMatch],
      [{ role: 'ADMIN' }, 'role', SERVER_MESSAGES.roleInvalid],
      [{ role: undefined }, 'role', SERVER_MESSAGES.roleInvalid],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await register(applicant(overrides));
      expect(response.status, `${field}: ${message}`).toBe(400);
      expect(await response.json()).toEqual(refusal(field, message));
    }
    const noPassword = await register(applicant({ password: undefined, confirm_password: '' }));
    expect(await noPassword.json()).toEqual({
      success: false,
      details: [
        { field: 'password', message: VALIDATION.passwordRequired },
        { field: 'confirm_password', message: VALIDATION.confirmRequired },
      ],
    });
  });

  it('lists every broken field at once, in form order', async () => {
    const response = await register(
      applicant({
        full_name: '',
        email: 'not-an-email',
        phone_number: '12a',
        govt_id_or_iqama_no: '12345',
        password: 'Qwerty#12345',
        confirm_password: 'Other#12345',
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      details: [
        { field: 'full_name', message: 'Name is required' },
        { field: 'email', message: 'Invalid email' },
        { field: 'phone_number', message: 'Phone number must contain only numbers' },
        { field: 'govt_id_or_iqama_no', message: 'govt id or iqama no must be at least 10 characters' },
        { field: 'password', message: 'Password must not contain 1234321, asdf or qwert' },
        { field: 'confirm_password', message: 'Passwords must match' },
      ],
    });
  });

  it('takes the phone number as optional', async () => {
    const person = applicant({ phone_number: '' });
    expect((await register(person)).status).toBe(201);
    expect((await findUserByEmail(db, person.email))?.phone_number).toBeNull();
  });

  it('refuses a body that is not a form', async () => {
    const response = await post('/user/registration/', applicant());
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      details: [{ message: SERVER_MESSAGES.multipartRequired }],
    });
  });

  it('refuses the e-mail address or id of a verified account', async () => {
    const taken = await register(applicant({ email: trainee.email.toUpperCase() }));
    expect(taken.status).toBe(400);
    expect(await taken.json()).toEqual(refusal('email', 'A user with this email already exists'));

    const sameId = await register(applicant({ govt_id_or_iqama_no: trainee.govt_id_or_iqama_no }));
    expect(sameId.status).toBe(400);
    expect(await sameId.json()).toEqual(
      refusal('govt_id_or_iqama_no', 'A user with this govt id or iqama no already exists'),
    );
  });

  it('refuses a second sign-up of an address within a minute, so the first code stays good', async () => {
    const { person, code } = await registered();
    const again = await register({ ...person, full_name: 'Noura A. Al-Harbi' });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual(refusal('email', SERVER_MESSAGES.codeSentRecently));
    expect((await verify(person.email, code)).status).toBe(200);
  });

  it('makes exactly one account of 100 simultaneous sign-ups with one address; the rest get 400', {
    timeout: 60_000,
  }, async () => {
    const person = applicant();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        register({ ...person, govt_id_or_iqama_no: String(3_000_000_000 + index) }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(99);
    for (const answer of answers.filter((each) => each.status === 400)) {
      const body = (await answer.json()) as { details: { message: string }[] };
      expect(body.details[0]?.message).toBe(SERVER_MESSAGES.codeSentRecently);
    }
    const { rows } = await db.query('SELECT id FROM users WHERE email = $1', [person.email]);
    expect(rows).toHaveLength(1);
    const codes = await db.query(
      'SELECT o.id FROM otp_codes o JOIN users u ON u.id = o.user_id WHERE u.email = $1 AND o.used_at IS NULL',
      [person.email],
    );
    expect(codes.rows).toHaveLength(1);
  });

  it('writes nothing of a sign-up whose mail cannot be queued', async () => {
    const person = applicant();
    await db.exec('ALTER TABLE outbox ADD CONSTRAINT outbox_refuse_test CHECK (false) NOT VALID');
    try {
      const response = await register(person);
      expect(response.status).toBe(500);
    } finally {
      await db.exec('ALTER TABLE outbox DROP CONSTRAINT outbox_refuse_test');
    }
    const { rows } = await db.query('SELECT id FROM users WHERE email = $1', [person.email]);
    expect(rows).toEqual([]);
  });

  it('replaces an unverified account with the same e-mail address: only the new code works', async () => {
    const { person, code: first } = await registered();
    await signedUpMinutesAgo(person.email, 2);
    const again = await register({ ...person, full_name: 'Noura A. Al-Harbi' });
    expect(again.status).toBe(201);
    const second = await latestCode(person.email);
    const { rows } = await db.query<{ full_name: string }>('SELECT full_name FROM users WHERE email = $1', [
      person.email,
    ]);
    expect(rows).toEqual([{ full_name: 'Noura A. Al-Harbi' }]);
    if (first !== second) {
      const old = await verify(person.email, first);
      expect(await old.json()).toEqual(refusal('otp_code', 'Invalid OTP Code'));
    }
    expect((await verify(person.email, second)).status).toBe(200);
  });

  describe('CV of a trainer', () => {
    it('stores a PDF under the uploads folder and keeps its path and name', async () => {
      const person = applicant({ role: 'TRAINER' });
      const response = await register(person, await cvFile('My CV.pdf'));
      expect(response.status).toBe(201);
      const user = await findUserByEmail(db, person.email);
      expect(user).toMatchObject({ role: 'TRAINER', approved: false, verified: false, cv_name: 'My CV.pdf' });
      expect(user?.cv_file).toMatch(/^cv\/[\w-]+\.pdf$/);
      const stored = await readFile(join(uploadsDir, user?.cv_file ?? ''));
      expect(stored.equals(await readFile(CV_PDF))).toBe(true);
    });

    it('accepts Word documents by their content', async () => {
      const docx = new File([docxBytes()], 'cv.docx');
      const doc = new File([docBytes()], 'cv.DOC');
      for (const file of [docx, doc]) {
        expect((await register(applicant({ role: 'TRAINER' }), file)).status).toBe(201);
      }
    });

    it('refuses other formats, disguised files and files over 5 MB', async () => {
      const cases: [File, string][] = [
        [new File(['plain text'], 'cv.txt', { type: 'text/plain' }), SERVER_MESSAGES.cvType],
        [new File(['not really a pdf'], 'cv.pdf', { type: 'application/pdf' }), SERVER_MESSAGES.cvType],
        [new File(['%PDF-1.7 <html><script>alert(1)</script>'], 'cv.pdf'), SERVER_MESSAGES.cvType],
        [new File([Buffer.from('PK\x03\x04 word/document.xml')], 'cv.docx'), SERVER_MESSAGES.cvType],
        [new File([plainZipBytes()], 'cv.docx'), SERVER_MESSAGES.cvType],
        [new File([docBytes().subarray(0, 600)], 'cv.doc'), SERVER_MESSAGES.cvType],
        [new File([], 'empty.pdf'), SERVER_MESSAGES.cvType],
        [new File([Buffer.alloc(CV_MAX_BYTES + 1)], 'large.pdf'), SERVER_MESSAGES.cvTooLarge],
        [new File([Buffer.alloc(CV_MAX_BYTES * 2)], 'huge.pdf'), SERVER_MESSAGES.cvTooLarge],
      ];
      for (const [file, message] of cases) {
        const person = applicant({ role: 'TRAINER' });
        const response = await register(person, file);
        expect(response.status, file.name).toBe(400);
        expect(await response.json()).toEqual(refusal('cv', message));
        expect(await findUserByEmail(db, person.email)).toBeUndefined();
      }
    });

    it('removes the file of a replaced application', async () => {
      const person = applicant({ role: 'TRAINER' });
      await register(person, await cvFile());
      const first = (await findUserByEmail(db, person.email))?.cv_file ?? '';
      expect(existsSync(join(uploadsDir, first))).toBe(true);
      await signedUpMinutesAgo(person.email, 2);
      await register(person, await cvFile());
      expect(existsSync(join(uploadsDir, first))).toBe(false);
    });
  });
});

describe('POST /user/otp-verify/', () => {
  it('signs a verified trainee in with tokens and the user', async () => {
    const { person, code } = await registered();
    expect((await logIn(person.email, person.password)).status).toBe(403);

    const response = await verify(person.email, code);
    expect(response.status).toBe(200);
    const body = otpVerifyResponseSchema.parse(await response.json());
    expect(body).toMatchObject({
      success: true,
      data: { email: person.email, role: 'TRAINEE', image: null },
    });
    await expect(tokens.verify(body.access_token ?? '', 'access')).resolves.toMatchObject({
      role: 'TRAINEE',
    });
    expect(body.token).toBeUndefined();
    expect((await findUserByEmail(db, person.email))?.verified).toBe(true);
    expect((await logIn(person.email, person.password)).status).toBe(200);

    const replay = await verify(person.email, code);
    expect(await replay.json()).toEqual(refusal('otp_code', 'Invalid OTP Code'));
  });

  it('tells an unverified account with the right password to verify first', async () => {
    const { person } = await registered();
    const response = await logIn(person.email, person.password);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      success: false,
      details: [{ message: 'Please verify your email address first' }],
    });
    expect((await logIn(person.email, 'Wrong#Pass99')).status).toBe(401);
  });

  it('gives a trainer no tokens; sign-in waits for approveTrainer', async () => {
    const { person, code } = await registered({ role: 'TRAINER' });
    const response = await verify(person.email, code);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });

    const refused = await logIn(person.email, person.password);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      success: false,
      details: [{ message: SERVER_MESSAGES.trainerAwaitingApproval }],
    });

    await expect(approveTrainer(db, person.email, 'http://localhost:3000')).resolves.toMatchObject({
      alreadyApproved: false,
    });
    const signedIn = await logIn(person.email, person.password);
    expect(signedIn.status).toBe(200);
    expect(loginResponseSchema.parse(await signedIn.json()).data.role).toBe('TRAINER');
    await expect(approveTrainer(db, person.email, 'http://localhost:3000')).resolves.toMatchObject({
      alreadyApproved: true,
    });
  });

  it('finds the account by phone number too', async () => {
    const { code } = await registered({ phone_number: '0599 000 111' });
    expect((await verify('0599000111', code)).status).toBe(200);
  });

  it('reads Arabic-Indic and Persian digits in the id, the phone and the code as 0–9', async () => {
    const arabic = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const persian = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
    counter += 1;
    const id = String(3_000_000_000 + counter);
    const { person, code } = await registered({
      govt_id_or_iqama_no: arabic(id),
      phone_number: persian('0598 111 222'),
    });
    const stored = await findUserByEmail(db, person.email);
    expect(stored).toMatchObject({ govt_id_or_iqama_no: id, phone_number: '0598111222' });
    expect((await verify(arabic('0598111222'), arabic(code))).status).toBe(200);
    // The same id in another digit system is the same id.
    const taken = await register(applicant({ govt_id_or_iqama_no: persian(id) }));
    expect(await taken.json()).toEqual(refusal('govt_id_or_iqama_no', SERVER_MESSAGES.govtIdTaken));
  });

  it('says a code with an eighth digit is too long', async () => {
    const { person, code } = await registered();
    const response = await verify(person.email, `${code}1`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(refusal('otp_code', 'OTP have maximum 7 digit'));
  });

  it('keeps only a salted hash of the code: no table but the outbox holds it', async () => {
    const { person, code } = await registered();
    const { rows } = await db.query<{ code_hash: string }>(
      `SELECT o.code_hash FROM otp_codes o JOIN users u ON u.id = o.user_id
       WHERE u.email = $1 AND o.used_at IS NULL`,
      [person.email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^scrypt\$/);
    expect(rows[0]?.code_hash).not.toContain(code);

    const { rows: tables } = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('outbox', 'simulated_sms')`,
    );
    expect(tables.map((table) => table.table_name)).toContain('otp_codes');
    for (const { table_name } of tables) {
      const { rows: hits } = await db.query(
        `SELECT 1 FROM "${table_name}" t WHERE row_to_json(t)::text LIKE '%' || $1 || '%'`,
        [code],
      );
      expect(hits, table_name).toEqual([]);
    }
  });

  it('refuses a code older than 10 minutes', async () => {
    const { person, code } = await registered();
    const setBack = (minutes: number) =>
      db.query(
        `UPDATE otp_codes SET created_at = now() - make_interval(mins => $2)
         WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
        [person.email, minutes],
      );
    await setBack(11);
    const expired = await verify(person.email, code);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual(refusal('otp_code', 'Invalid OTP Code'));
    await setBack(9);
    expect((await verify(person.email, code)).status).toBe(200);
  });

  it('allows 5 wrong tries per code, then asks for a new code', async () => {
    const { person, code } = await registered();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await verify(person.email, wrongCodeFor(code));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(refusal('otp_code', 'Invalid OTP Code'));
    }
    const blocked = await verify(person.email, code);
    expect(blocked.status).toBe(400);
    expect(await blocked.json()).toEqual(refusal('otp_code', 'Too many attempts. Request a new code'));

    // Signing up again (after a minute) sends a new code with fresh tries.
    await signedUpMinutesAgo(person.email, 2);
    await register(person);
    expect((await verify(person.email, await latestCode(person.email))).status).toBe(200);
  });

  it('answers an unknown address like a wrong code', async () => {
    const response = await verify('nobody@example.com', '1234567');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(refusal('otp_code', 'Invalid OTP Code'));
  });

  it('checks the form with the shared rules', async () => {
    const cases: [unknown, { field: string; message: string }[]][] = [
      [
        {},
        [
          { field: 'email_or_phone', message: VALIDATION.emailOrPhoneRequired },
          { field: 'otp_code', message: VALIDATION.otpLength },
        ],
      ],
      [
        { email_or_phone: trainee.email, otp_code: '123' },
        [{ field: 'otp_code', message: VALIDATION.otpLength }],
      ],
      [
        { email_or_phone: trainee.email, otp_code: '12345678' },
        [{ field: 'otp_code', message: VALIDATION.otpMax }],
      ],
    ];
    for (const [body, details] of cases) {
      const response = await post('/user/otp-verify/', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ success: false, details });
    }
    expect((await post('/user/otp-verify/', '{oops')).status).toBe(400);
  });
});

describe('a new sign-up code', () => {
  it('mails a new code to an account that waits for its own, and only the new one is taken', async () => {
    const { person, code } = await registered();
    const response = await post('/user/resend-otp/', { email_or_phone: person.email });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'OTP sent successfully' });
    const mails = await outbox(person.email);
    expect(mails).toHaveLength(2);
    const fresh = mails[0]?.otp ?? '';
    expect(fresh).toMatch(/^\d{7}$/);
    if (fresh !== code) expect((await verify(person.email, code)).status).toBe(400);
    expect((await verify(person.email, fresh)).status).toBe(200);
    expect((await logIn(person.email, person.password)).status).toBe(200);
  });

  it('answers the same, and mails nobody, for an unknown or an already verified address', async () => {
    const before = await outbox(trainee.email);
    for (const email_or_phone of ['nobody.resend@example.com', trainee.email]) {
      const response = await post('/user/resend-otp/', { email_or_phone });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, message: 'OTP sent successfully' });
    }
    expect(await outbox('nobody.resend@example.com')).toEqual([]);
    expect(await outbox(trainee.email)).toHaveLength(before.length);
  });

  it('refuses a missing address with 400 and too many codes for one address with 429', async () => {
    const missing = await post('/user/resend-otp/', { email_or_phone: ' ' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { details: { message: string }[] }).details[0]?.message).toBeTruthy();
    const { person } = await registered();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await post('/user/resend-otp/', { email_or_phone: person.email })).status);
    }
    // The sign-up's own mail counted too: five mails an hour for one address.
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});

describe('password reset', () => {
  it('reset-password → mailed code → otp-verify → set-password → sign in with the new password', async () => {
    const { person, code } = await registered();
    const signedUp = otpVerifyResponseSchema.parse(await (await verify(person.email, code)).json());

    const requested = await post('/user/reset-password/', { email_or_phone: person.email });
    expect(requested.status).toBe(200);
    expect(await requested.json()).toEqual({ success: true, message: 'OTP sent successfully' });
    const [mail] = await outbox(person.email);
    expect(mail?.subject).toContain('password reset code');
    const resetCode = mail?.otp ?? '';

    const verified = await verify(person.email, resetCode);
    expect(verified.status).toBe(200);
    const { token, access_token } = otpVerifyResponseSchema.parse(await verified.json());
    expect(access_token).toBeUndefined();
    await expect(tokens.verify(token ?? '', 'reset')).resolves.toMatchObject({ typ: 'reset' });

    const fresh = 'Fresh!Start42';
    const set = await post('/user/set-password/', { new_password: fresh, confirm_password: fresh, token });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ success: true, message: 'Password Reset successfully' });

    expect((await logIn(person.email, person.password)).status).toBe(401);
    expect((await logIn(person.email, fresh)).status).toBe(200);

    const oldRefresh = await post('/user/refresh-token/', { refresh_token: signedUp.refresh_token });
    expect(oldRefresh.status).toBe(401);

    const again = await post('/user/set-password/', {
      new_password: 'Another!Pass42',
      confirm_password: 'Another!Pass42',
      token,
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual(refusal('token', 'Your reset link has expired. Request a new code'));
    expect((await logIn(person.email, fresh)).status).toBe(200);
  });

  it('answers the same whether or not an account matches, and mails only a verified account', async () => {
    const { person } = await registered();
    const before = await outbox(person.email);
    for (const email_or_phone of ['nobody@example.com', person.email]) {
      const response = await post('/user/reset-password/', { email_or_phone });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, message: 'OTP sent successfully' });
    }
    expect(await outbox('nobody@example.com')).toEqual([]);
    expect(await outbox(person.email)).toHaveLength(before.length);
  });

  it('sends the code asked for by phone number to that phone, by text', async () => {
    const mailsBefore = (await outbox(trainee.email)).length;
    const response = await post('/user/reset-password/', { email_or_phone: '055 123 4567' });
    expect(response.status).toBe(200);
    const [text] = await outbox('0551234567');
    expect(text).toMatchObject({ channel: 'sms', to_address: '966551234567' });
    expect(text?.otp).toMatch(/^\d{7}$/);
    expect(text?.body).toContain('password reset code');
    expect(await outbox(trainee.email)).toHaveLength(mailsBefore);
    // The code it carries resets the password.
    const verified = await verify('055 123 4567', text?.otp ?? '');
    expect(verified.status).toBe(200);
  });

  it('requires the e-mail address or phone number', async () => {
    for (const body of [{}, { email_or_phone: '  ' }]) {
      const response = await post('/user/reset-password/', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(refusal('email_or_phone', 'Email/phone is required'));
    }
  });

  it('refuses a weak password without spending the token', async () => {
    const user = await ensureUser(db, {
      ...PENDING_TRAINER,
      email: 'reset.weak@example.com',
      govt_id_or_iqama_no: null,
    });
    const token = await issueResetToken(db, tokens, user);
    const weak = await post('/user/set-password/', {
      new_password: 'weakpassword',
      confirm_password: 'weakpassword',
      token,
    });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toEqual(refusal('new_password', VALIDATION.passwordRule));
    const mismatch = await post('/user/set-password/', {
      new_password: 'Fresh!Start42',
      confirm_password: 'Fresh!Start43',
      token,
    });
    expect(await mismatch.json()).toEqual(refusal('confirm_password', VALIDATION.passwordsMustMatch));
    const ok = await post('/user/set-password/', {
      new_password: 'Fresh!Start42',
      confirm_password: 'Fresh!Start42',
      token,
    });
    expect(ok.status).toBe(200);
  });

  it('refuses an expired, forged, missing or wrong-type token', async () => {
    const user = await findUserByEmail(db, DEMO_ACCOUNTS.trainer.email);
    if (!user) throw new Error('no demo trainer');
    const expired = await issueResetToken(db, tokens, user, {
      issuedAt: Math.floor(Date.now() / 1000) - 16 * 60,
    });
    const access = (await tokens.issue('access', user)).token;
    const other = buildApp({ db, secret: randomTokenSecret() }).tokens;
    const foreign = (await other.issue('reset', user)).token;
    for (const token of [expired, access, foreign, 'not.a.token', '', undefined]) {
      const response = await post('/user/set-password/', {
        new_password: 'Fresh!Start42',
        confirm_password: 'Fresh!Start42',
        token,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(refusal('token', SERVER_MESSAGES.resetTokenInvalid));
    }
    expect((await logIn(DEMO_ACCOUNTS.trainer.email, DEMO_ACCOUNTS.trainer.password)).status).toBe(200);
  });
});

describe('development outbox', () => {
  it('lists the latest mails first, with the code parsed', async () => {
    const person = applicant();
    await register(person);
    await signedUpMinutesAgo(person.email, 2);
    await register(person);
    const mails = await outbox(person.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.id).toBeGreaterThan(mails[1]?.id ?? Number.POSITIVE_INFINITY);
    expect(mails[0]).toMatchObject({ to_address: person.email, otp: expect.stringMatching(/^\d{7}$/) });
    expect(new Date(mails[0]?.created_at ?? '').getTime()).not.toBeNaN();
    expect(findOtp('Your code: 0012345. It expires in 10 minutes.')).toBe('0012345');
    expect(findOtp('No code here, only 123456 and 12345678.')).toBeNull();
  });

  it('answers only the admin token: nobody else can read the codes it holds', async () => {
    const person = applicant();
    await register(person);
    const refusedHeaders: Record<string, string>[] = [
      {},
      { 'X-Admin-Token': 'guess' },
      { 'X-Admin-Token': `${adminToken}x` },
    ];
    for (const headers of refusedHeaders) {
      const response = await app.request(`/api/v1/dev/outbox/?to=${encodeURIComponent(person.email)}`, {
        headers,
      });
      expect(response.status).toBe(401);
      expect(JSON.stringify(await response.json())).not.toMatch(/\d{7}/);
    }
  });

  it('is not served when NODE_ENV is production', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    try {
      const production = buildApp({ db, secret: randomTokenSecret(), uploadsDir }).app;
      const response = await production.request('/api/v1/dev/outbox/');
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'Not found' });
    } finally {
      vi.unstubAllEnvs();
    }
    const development = buildApp({ db, secret: randomTokenSecret(), uploadsDir, adminToken: 'local-admin' });
    const answer = await development.app.request('/api/v1/dev/outbox/', {
      headers: { 'X-Admin-Token': 'local-admin' },
    });
    expect(answer.status).toBe(200);
  });
});

describe('trainer approval', () => {
  it('approveTrainer refuses an unknown address and a trainee', async () => {
    await expect(approveTrainer(db, 'nobody@example.com', 'http://localhost:3000')).rejects.toEqual(
      new AdminError('unknown-user', SERVER_MESSAGES.userNotFound),
    );
    await expect(approveTrainer(db, trainee.email, 'http://localhost:3000')).rejects.toEqual(
      new AdminError('not-a-trainer', SERVER_MESSAGES.notATrainer),
    );
  });

  it('POST /admin/approve-trainer/ needs a personal staff token: the shared admin token names nobody', async () => {
    const { person } = await registered({ role: 'TRAINER' });
    const refusals: [Record<string, string>, string][] = [
      [{}, SERVER_MESSAGES.adminTokenInvalid],
      [{ 'X-Admin-Token': 'guess' }, SERVER_MESSAGES.adminTokenInvalid],
      [{ 'X-Admin-Token': adminToken }, STAFF_MESSAGES.personalTokenRequired],
      [staffAuthorization('kfu_staff_guess'), STAFF_MESSAGES.staffTokenInvalid],
    ];
    for (const [headers, message] of refusals) {
      const response = await post('/admin/approve-trainer/', { email: person.email }, headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ success: false, details: [{ message }] });
    }
    expect((await findUserByEmail(db, person.email))?.approved).toBe(false);
    const auth = staffAuthorization(staffToken);
    const approved = await post('/admin/approve-trainer/', { email: person.email }, auth);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toEqual({
      success: true,
      data: { email: person.email, full_name: person.full_name, verified: false, already_approved: false },
    });
    const unknown = await post('/admin/approve-trainer/', { email: 'nobody@example.com' }, auth);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual(refusal('email', SERVER_MESSAGES.userNotFound));
    const notTrainer = await post('/admin/approve-trainer/', { email: trainee.email }, auth);
    expect(notTrainer.status).toBe(400);
    expect(await notTrainer.json()).toEqual(refusal('email', SERVER_MESSAGES.notATrainer));
  });

  describe('npm run admin / npm run outbox', () => {
    let dataDir: string;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'kfu-cli-'));
    });

    afterAll(async () => {
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    async function freePortUrl(): Promise<string> {
      const probe = await listen(app, { port: 0, hostname: '127.0.0.1' });
      await probe.close();
      return `http://127.0.0.1:${probe.port}`;
    }

    it('approves through the running server under a personal staff token; the outbox with the token from DATA_DIR', async () => {
      const running = await listen(app, { port: 0, hostname: '127.0.0.1' });
      try {
        const { person } = await registered({ role: 'TRAINER' });
        const shared = { DATA_DIR: dataDir, PORT: String(running.port) };
        await mkdir(dataDir, { recursive: true });
        await writeFile(adminTokenFile(dataDir), `${adminToken}\n`);
        const unnamed = await adminCommand(['approve-trainer', person.email], { env: shared });
        expect(unnamed).toMatchObject({ code: 1, err: [`${STAFF_MESSAGES.personalTokenRequired}.`] });
        const stale = await adminCommand(['approve-trainer', person.email], {
          env: { ...shared, KFU_STAFF_TOKEN: 'kfu_staff_stale' },
        });
        expect(stale.code).toBe(1);
        expect(stale.err.join('\n')).toContain(
          'refused it. Your personal staff token has expired or was revoked',
        );
        expect((await findUserByEmail(db, person.email))?.approved).toBe(false);

        const env = { ...shared, KFU_STAFF_TOKEN: staffToken };
        const done = await adminCommand(['approve-trainer', person.email], { env });
        expect(done).toMatchObject({ code: 0, err: [] });
        expect(done.out.join('\n')).toContain(`Approved the trainer ${person.full_name} <${person.email}>`);
        expect((await findUserByEmail(db, person.email))?.approved).toBe(true);

        const unknown = await adminCommand(['approve-trainer', 'nobody@example.com'], { env });
        expect(unknown.code).toBe(1);
        expect(unknown.err).toEqual([`${SERVER_MESSAGES.userNotFound}: nobody@example.com`]);

        await writeFile(adminTokenFile(dataDir), 'stale-token\n');
        const refused = await outboxCommand([person.email], { env });
        expect(refused.code).toBe(1);
        expect(refused.err.join('\n')).toContain('refused the admin token');
        await writeFile(adminTokenFile(dataDir), `${adminToken}\n`);
        const mails = await outboxCommand([person.email], { env });
        expect(mails.code).toBe(0);
        expect(mails.out.join('\n')).toMatch(/code: \d{7}/);
        expect(mails.out[0]).toContain(`(the server at http://localhost:${running.port})`);
      } finally {
        await running.close();
      }
      expect((await adminCommand(['approve'], { env: {} })).code).toBe(2);
    });

    it('opens the database in DATA_DIR when no server answers', async () => {
      const offline = await mkdtemp(join(tmpdir(), 'kfu-cli-offline-'));
      try {
        const url = await freePortUrl();
        const empty = await adminCommand(['approve-trainer', PENDING_TRAINER.email, '--url', url], {
          env: { DATA_DIR: offline, KFU_STAFF_TOKEN: 'kfu_staff_any' },
        });
        expect(empty.code).toBe(1);
        expect(empty.err.join('\n')).toContain('holds no database');

        const local = await openSeededPglite(pgliteDir(offline));
        await ensureUser(local, PENDING_TRAINER);
        const personal = await demoStaffToken(local);
        await local.query(
          "INSERT INTO outbox (to_address, subject, body) VALUES ($1, 'Code', 'Code: 7654321')",
          [PENDING_TRAINER.email],
        );
        await local.close();

        const unnamed = await adminCommand(['approve-trainer', PENDING_TRAINER.email, '--url', url], {
          env: { DATA_DIR: offline },
        });
        expect(unnamed).toMatchObject({ code: 1, err: [`${STAFF_MESSAGES.personalTokenRequired}.`] });
        const env = { DATA_DIR: offline, KFU_STAFF_TOKEN: personal };
        const done = await adminCommand(['approve-trainer', PENDING_TRAINER.email, '--url', url], { env });
        expect(done.err).toEqual([]);
        expect(done.out.join('\n')).toContain(`in the database of ${offline}`);
        const notTrainer = await adminCommand(['approve-trainer', trainee.email, '--url', url], { env });
        expect(notTrainer).toMatchObject({
          code: 1,
          err: [`${SERVER_MESSAGES.notATrainer}: ${trainee.email}`],
        });
        const mails = await outboxCommand(['--url', url], { env });
        expect(mails.code).toBe(0);
        expect(mails.out.join('\n')).toContain('code: 7654321');

        const check = await openPglite(pgliteDir(offline));
        try {
          expect((await findUserByEmail(check, PENDING_TRAINER.email))?.approved).toBe(true);
          // Recorded under the person the token names, as the server would.
          const { rows } = await check.query<{ actor_email: string; action: string; via: string }>(
            'SELECT actor_email, action, via FROM audit_log ORDER BY id',
          );
          expect(rows).toEqual([
            { actor_email: DEMO_ACCOUNTS.staff.email, action: 'trainer.approve', via: 'cli' },
          ]);
        } finally {
          await check.close();
        }
      } finally {
        await rm(offline, { recursive: true, force: true });
      }
    }, 60_000);
  });
});
