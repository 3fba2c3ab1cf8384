import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveTokenSecret } from '../../server/auth/secret';
import { adminCommand, outboxCommand } from '../../server/cli';
import {
  claimDataLock,
  DataDirBusyError,
  dataLockFile,
  readDataLock,
  readOrCreateFile,
} from '../../server/data-dir';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { adminTokenFile, pgliteDir } from '../../server/paths';
import { startTestServer, type TestServer } from '../../server/testing';
import { createUploadStore, cvProblem, uploadedName } from '../../server/uploads';
import { docBytes, docxBytes } from '../fixtures/documents';

const folders: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kfu-data-folder-'));
  folders.push(dir);
  return dir;
}

afterAll(async () => {
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

/** The PID of a process that has already ended. */
function deadPid(): number {
  const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(ended.stdout);
}

const mode = (path: string) => statSync(path).mode & 0o777;

/** A port of 127.0.0.1 where nothing listens. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('the lock on the embedded database', () => {
  it('refuses a second holder while the first lives, naming its PID and address', async () => {
    const dir = await tempDir();
    const held = await claimDataLock(dir, process.pid);
    await held.setUrl('http://localhost:3999');
    const other = process.ppid;
    const refusal = await claimDataLock(dir, other).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirBusyError);
    expect((refusal as Error).message).toContain(`PID ${process.pid}`);
    expect((refusal as Error).message).toContain('http://localhost:3999');
    await held.release();
    expect(existsSync(dataLockFile(dir))).toBe(false);
  });

  it('takes over the lock of a process that died (kill -9 leaves it behind)', async () => {
    const dir = await tempDir();
    await writeFile(dataLockFile(dir), JSON.stringify({ pid: deadPid(), url: 'http://x', started_at: '' }));
    expect(await readDataLock(dir)).toBeUndefined();
    const held = await claimDataLock(dir, process.pid);
    expect((await readDataLock(dir))?.pid).toBe(process.pid);
    await held.release();
  });

  it('creates the data folder and its lock for the owner only', async () => {
    const dir = join(await tempDir(), 'data');
    const held = await claimDataLock(dir, process.pid);
    expect(mode(dir)).toBe(0o700);
    expect(mode(dataLockFile(dir))).toBe(0o600);
    await held.release();
  });
});

describe('secrets of the data folder', () => {
  it('are created once, even by servers starting together, and kept private', async () => {
    const dir = join(await tempDir(), 'data');
    const values = await Promise.all(
      Array.from({ length: 8 }, (_, index) => readOrCreateFile(dir, 'admin-token', () => `token-${index}`)),
    );
    expect(new Set(values).size).toBe(1);
    expect(mode(join(dir, 'admin-token'))).toBe(0o600);
    const secrets = await Promise.all(Array.from({ length: 4 }, () => resolveTokenSecret({ dataDir: dir })));
    expect(new Set(secrets.map((secret) => Buffer.from(secret).toString('hex'))).size).toBe(1);
  });
});

describe('the admin command never writes into a database a server holds', () => {
  let server: TestServer;
  let dataDir: string;

  beforeAll(async () => {
    server = await startTestServer();
    dataDir = await tempDir();
    await writeFile(adminTokenFile(dataDir), `${server.adminToken}\n`);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('reaches the holder when --url names nothing, and says where it went', async () => {
    const nowhere = `http://127.0.0.1:${await closedPort()}`;
    const held = await claimDataLock(dataDir, process.pid);
    await held.setUrl(server.url);
    try {
      const result = await adminCommand(
        [
          'notify',
          DEMO_ACCOUNTS.trainee.email,
          'Room change',
          'Lecture 3 moves to hall B.',
          '--url',
          nowhere,
        ],
        { env: { DATA_DIR: dataDir } },
      );
      expect(result.err).toEqual([]);
      expect(result.code).toBe(0);
      expect(result.out.join('\n')).toContain(`through the server at ${server.url}`);
      const { rows } = await server.db.query("SELECT id FROM notifications WHERE title = 'Room change'");
      expect(rows).toHaveLength(1);

      const outbox = await outboxCommand(['--url', nowhere], { env: { DATA_DIR: dataDir } });
      expect(outbox.code).toBe(0);
      expect(outbox.out.join('\n')).toContain(`the server at ${server.url}`);
    } finally {
      await held.release();
    }
    expect(existsSync(pgliteDir(dataDir))).toBe(false);
  });

  it('refuses, naming the holder, when the holder does not answer either', async () => {
    const port = await closedPort();
    const held = await claimDataLock(dataDir, process.pid);
    await held.setUrl(`http://127.0.0.1:${port}`);
    try {
      const result = await adminCommand(['notify', DEMO_ACCOUNTS.trainee.email, 'Hello', 'World'], {
        env: { DATA_DIR: dataDir, PORT: String(port) },
      });
      expect(result.code).toBe(1);
      expect(result.err.join('\n')).toContain(`PID ${process.pid}`);
      expect(result.err.join('\n')).toContain(`http://127.0.0.1:${port}`);
      const outbox = await outboxCommand([], { env: { DATA_DIR: dataDir, PORT: String(port) } });
      expect(outbox.code).toBe(1);
    } finally {
      await held.release();
    }
    // It never opened (nor created) the embedded database.
    expect(existsSync(pgliteDir(dataDir))).toBe(false);
  });
});

describe('uploaded CVs', () => {
  it('checks the content beyond the first bytes', async () => {
    const pdf = await readFile(new URL('../fixtures/cv.pdf', import.meta.url));
    const accepted = [
      new File([pdf], 'cv.pdf'),
      new File([docxBytes()], 'cv.docx'),
      new File([docBytes()], 'cv.doc'),
    ];
    for (const file of accepted) expect(await cvProblem(file), file.name).toBeNull();
    const refused = [
      new File([pdf.subarray(0, pdf.length - 40)], 'cut.pdf'),
      new File(['%PDF-1.4\n<html><script>alert(1)</script></html>'], 'page.pdf'),
      new File([docxBytes().subarray(0, 30)], 'cut.docx'),
      new File(
        [Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(100)])],
        'x.doc',
      ),
      new File([pdf], 'cv.docx'),
    ];
    for (const file of refused) expect(await cvProblem(file), file.name).toBe(SERVER_MESSAGES.cvType);
  });

  it('drops folder parts, controls and direction overrides from names', () => {
    expect(uploadedName(new File([''], '../../etc/cv.pdf'))).toBe('cv.pdf');
    expect(uploadedName(new File([''], 'C:\\Users\\noura\\cv.pdf'))).toBe('cv.pdf');
    // "cv‮fdp.exe" shows as "cvexe.pdf" in a right-to-left override.
    expect(uploadedName(new File([''], 'cv\u202efdp.exe'))).toBe('cvfdp.exe');
    expect(uploadedName(new File([''], '\u2067سيرة\u2069 ذاتية\u200f.pdf'))).toBe('سيرة ذاتية.pdf');
  });

  it('stores files under random names in a folder of the owner only', async () => {
    const root = join(await tempDir(), 'uploads');
    const store = createUploadStore(root);
    const pdf = await readFile(new URL('../fixtures/cv.pdf', import.meta.url));
    const stored = await store.storeCv(new File([pdf], '<script>.pdf'));
    expect(stored.file).toMatch(/^cv\/[0-9a-f-]{36}\.pdf$/);
    expect(stored.name).toBe('<script>.pdf');
    expect(mode(root)).toBe(0o700);
    expect(mode(join(root, stored.file))).toBe(0o600);
  });
});
