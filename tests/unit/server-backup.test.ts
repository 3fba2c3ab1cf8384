import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateListSchema } from '../../server/certificates/admin';
import { readDataLock } from '../../server/data-dir';
import { openPglite } from '../../server/db';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { adminTokenFile, pgliteDir, ROOT, uploadsDir } from '../../server/paths';
import { LEARNING_LECTURES } from '../../server/seed-learning';
import { prepareDataFolderTemplate } from '../../server/test-database';
import { createUploadStore } from '../../server/uploads';
import { testClient } from '../support/test-client';

/**
 * `npm run backup` and `npm run restore` as an operator runs them: real server processes on real
 * data folders, the commands as processes of their own.
 */

const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const folders: string[] = [];
let base: string;

const folder = (name: string) => join(base, name);

interface Server {
  url: string;
  adminToken: string;
  stop(): Promise<void>;
}

/** `npm start` on a data folder (no build, no seed: the folder holds its data), on a free port. */
async function startServer(dataDir: string): Promise<Server> {
  const child: ChildProcess = spawn(TSX, ['server/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      SKIP_BUILD: '1',
      SKIP_SEED: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not come up:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /running at (http:\/\/localhost:\d+)/.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    adminToken: (await readFile(adminTokenFile(dataDir), 'utf8')).trim(),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

interface Run {
  code: number | null;
  out: string;
}

/** `npm run backup -- …` or `npm run restore -- …` on a data folder. */
function command(script: 'backup' | 'restore', args: string[], dataDir: string): Promise<Run> {
  const child = spawn(TSX, [`scripts/${script}.ts`, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out })));
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let server: Server | undefined;
const { call } = testClient(() => server ?? { url: 'http://localhost:1' });

function form(fields: Record<string, string>, file?: { field: string; bytes: Uint8Array; name: string }) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  if (file) body.append(file.field, new Blob([Buffer.from(file.bytes)]), file.name);
  return body;
}

async function signIn(username: string, password: string): Promise<string> {
  const answer = await call<{ access_token: string }>('/user/login/', { body: { username, password } });
  expect(answer.status).toBe(200);
  return answer.body.access_token;
}

const applicant = {
  full_name: 'Reem Al-Dossary',
  email: 'reem.backup@example.com',
  phone_number: '0557654321',
  govt_id_or_iqama_no: '2087654321',
  password: 'Backup#2026x',
  confirm_password: 'Backup#2026x',
  role: 'TRAINEE',
};

/** What was put in the first server, to be found in the restored one. */
const made = {
  applicantToken: '',
  paymentId: '',
  submissionFile: '',
  submissionBytes: Buffer.alloc(0) as Buffer,
  photoBytes: Buffer.alloc(0) as Buffer,
  certificates: [] as string[],
  writesDuringBackup: 0,
};

let dataDir: string;
let backupFile: string;
let cloudDesign: number;
let pricedCourse: number;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'kfu-backup-'));
  folders.push(base);
  dataDir = folder('data');
  backupFile = join(base, 'nightly.tar.gz');
  await prepareDataFolderTemplate(dataDir);
  const db = await openPglite(pgliteDir(dataDir));
  try {
    const lecture = await db.query<{ id: number }>('SELECT id FROM lectures WHERE slug = $1', [
      LEARNING_LECTURES.cloudDesign.slug,
    ]);
    cloudDesign = lecture.rows[0]?.id ?? 0;
    const course = await db.query<{ id: number }>(
      `SELECT id FROM courses WHERE status = 'Approved' AND price_halalas > 0 ORDER BY id LIMIT 1`,
    );
    pricedCourse = course.rows[0]?.id ?? 0;
  } finally {
    await db.close();
  }
  server = await startServer(dataDir);
}, 240_000);

afterAll(async () => {
  await server?.stop();
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

describe('the upload store during a backup', () => {
  it('keeps removed files until the backup has copied them, then removes them', async () => {
    const store = createUploadStore(folder('held-uploads'));
    const kept = await store.store(PNG, 'photos', 'png');
    const release = store.hold();
    await store.remove(kept);
    expect(await store.read(kept)).not.toBeNull();
    await release();
    expect(await store.read(kept)).toBeNull();
  });
});

describe('a backup of a server in use, restored into a fresh folder', () => {
  it('holds every account, payment, submission, certificate and file', async () => {
    // An account of its own: signed up, its code read from the outbox, confirmed.
    expect((await call('/user/registration/', { body: form(applicant) })).status).toBe(201);
    const mails = await call<{ otp: string | null }[]>(
      `/dev/outbox/?to=${encodeURIComponent(applicant.email)}`,
      {
        admin: true,
      },
    );
    const otp = mails.body[0]?.otp ?? '';
    expect(
      (await call('/user/otp-verify/', { body: { email_or_phone: applicant.email, otp_code: otp } })).status,
    ).toBe(200);
    made.applicantToken = await signIn(applicant.email, applicant.password);
    const token = made.applicantToken;

    // A payment (cash, waiting at the centre) and a profile photo.
    const payment = await call<{ id: string }>('/payments/', {
      token,
      body: { idempotency_key: randomUUID(), terms_accepted: true, course_id: pricedCourse, method: 'cash' },
    });
    expect(payment.status).toBe(201);
    made.paymentId = payment.body.id;
    const photo = await call<{ image: string }>('/user/profile/photo/', {
      token,
      body: form({}, { field: 'image', bytes: PNG, name: 'me.png' }),
    });
    expect(photo.status).toBe(200);

    // The demo trainee hands in the assignment that was returned to them, with a file.
    const demoToken = await signIn(DEMO_ACCOUNTS.trainee.email, DEMO_ACCOUNTS.trainee.password);
    const work = await readFile(join(ROOT, 'server', 'seed-files', 'trainee-design.pdf'));
    const uploaded = await call<{ file: string }>('/upload/', {
      token: demoToken,
      body: form({}, { field: 'file', bytes: work, name: 'design-v2.pdf' }),
    });
    expect(uploaded.status).toBe(200);
    made.submissionFile = uploaded.body.file;
    const submitted = await call(`/learning/lectures/${cloudDesign}/submissions/`, {
      token: demoToken,
      body: { file: made.submissionFile },
    });
    expect(submitted.status).toBe(201);

    // The seeded certificates of the demo trainee.
    const certificates = certificateListSchema.parse(
      (
        await call(`/admin/certificates/?email=${encodeURIComponent(DEMO_ACCOUNTS.trainee.email)}`, {
          admin: true,
        })
      ).body,
    );
    made.certificates = certificates.data.certificates.map((certificate) => certificate.code);
    expect(made.certificates.length).toBeGreaterThan(0);

    // Requests keep coming while the backup runs: the photo replaced (the old file removed each
    // time), files uploaded, notifications sent.
    let running = true;
    let backupStarted = false;
    const traffic = (async () => {
      let round = 0;
      // Uploads count against a limit of 60 an hour per user.
      while (running && round < 50) {
        round += 1;
        const csv = Buffer.from(`a,b\n${round},x\n`);
        const answers = await Promise.all([
          call('/user/profile/photo/', {
            token,
            body: form({}, { field: 'image', bytes: PNG, name: 'me.png' }),
          }),
          call('/upload/', { token, body: form({}, { field: 'file', bytes: csv, name: 'list.csv' }) }),
          call('/admin/notify/', {
            admin: true,
            body: { email: applicant.email, title: `Round ${round}`, text: 'The backup runs.' },
          }),
        ]);
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 201]);
        if (backupStarted) made.writesDuringBackup += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    backupStarted = true;
    const backup = await command('backup', [backupFile], dataDir);
    running = false;
    await traffic;
    expect(backup.out).toContain(`through the server at ${server?.url}`);
    expect(backup.code).toBe(0);
    expect(made.writesDuringBackup).toBeGreaterThan(0);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);

    // What the first server answers, to compare with the restored one's.
    const photoNow = (await call<{ image: string | null }>('/user/profile/', { token })).body.image ?? '';
    made.photoBytes = (await call(`${server?.url}${photoNow}`)).bytes;
    expect(made.photoBytes.length).toBeGreaterThan(0);
    made.submissionBytes = (await call(`${server?.url}${made.submissionFile}`, { token: demoToken })).bytes;
    expect(made.submissionBytes.equals(work)).toBe(true);

    // No restore under a running server.
    const refused = await command('restore', [backupFile, '--force'], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('Stop it first');
    expect((await readDataLock(dataDir))?.url).toBe(server?.url);
    await server?.stop();
    server = undefined;

    // Restored into a fresh folder: every file its database names is there.
    const restored = folder('restored');
    const restore = await command('restore', [backupFile], restored);
    expect(restore.out).toContain(`into ${restored}`);
    expect(restore.code).toBe(0);
    const db = await openPglite(pgliteDir(restored));
    try {
      const { rows } = await db.query<{ path: string }>(
        `SELECT path FROM uploads
         UNION ALL SELECT photo_file FROM users WHERE photo_file IS NOT NULL
         UNION ALL SELECT cv_file FROM users WHERE cv_file IS NOT NULL`,
      );
      expect(rows.length).toBeGreaterThan(3);
      const missing = rows.filter((row) => !existsSync(join(uploadsDir(restored), row.path)));
      expect(missing).toEqual([]);
    } finally {
      await db.close();
    }

    server = await startServer(restored);
    // The session signed before still holds: the secret that signs them came back too.
    const profile = await call<{ email: string; image: string | null }>('/user/profile/', { token });
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe(applicant.email);
    expect(await signIn(applicant.email, applicant.password)).toBeTruthy();
    expect((await call<{ id: string }>(`/payments/${made.paymentId}/`, { token })).body.id).toBe(
      made.paymentId,
    );
    const image = profile.body.image ?? '';
    expect(image).not.toBe('');
    expect((await call(`${server.url}${image}`)).bytes.equals(made.photoBytes)).toBe(true);
    const demoAgain = await signIn(DEMO_ACCOUNTS.trainee.email, DEMO_ACCOUNTS.trainee.password);
    const file = await call(`${server.url}${made.submissionFile}`, { token: demoAgain });
    expect(file.status).toBe(200);
    expect(file.bytes.equals(made.submissionBytes)).toBe(true);
    for (const code of made.certificates) expect((await call(`/certificates/${code}/`)).status).toBe(200);
    await server.stop();
    server = undefined;
  }, 400_000);

  it('refuses a damaged backup and leaves the target as it was', async () => {
    const cut = join(base, 'cut.tar.gz');
    await copyFile(backupFile, cut);
    await truncate(cut, Math.floor(statSync(backupFile).size / 2));
    const target = folder('from-cut');
    const refused = await command('restore', [cut], target);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`${cut} cannot be restored: it is cut short`);
    expect(refused.out).toContain('Nothing was restored');
    expect(existsSync(target)).toBe(false);

    // Bytes changed in the middle, into a folder that holds something (kept as it was).
    const altered = join(base, 'altered.tar.gz');
    const bytes = await readFile(backupFile);
    bytes.fill(0x41, Math.floor(bytes.length / 3), Math.floor(bytes.length / 3) + 64);
    await writeFile(altered, bytes);
    const kept = folder('kept');
    await command('restore', [backupFile], kept).then((run) => expect(run.code).toBe(0));
    const before = await readFile(join(kept, 'token-secret'));
    const again = await command('restore', [altered, '--force'], kept);
    expect(again.code).toBe(1);
    expect(again.out).toContain(`${altered} cannot be restored`);
    expect((await readFile(join(kept, 'token-secret'))).equals(before)).toBe(true);
    expect(existsSync(join(pgliteDir(kept), 'PG_VERSION'))).toBe(true);

    // A folder that holds something is replaced only with --force.
    const notEmpty = await command('restore', [backupFile], kept);
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.out).toContain('is not empty');
    expect(notEmpty.out).toContain('--force');
  }, 200_000);
});
