import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SOCKET_PATHS } from '@contract/wire/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../../server/app';
import { createTokenService } from '../../server/auth/tokens';
import { type Broadcast, createLocalBroadcast } from '../../server/broadcast';
import { type Db, openPglite } from '../../server/db';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { migrate } from '../../server/migrate';
import { pgliteDir, ROOT } from '../../server/paths';
import { prepareDataFolderTemplate } from '../../server/test-database';
import { findUserByEmail } from '../../server/users';

const SECRET = 'a-token-secret-of-the-health-test-0123456789';

describe('/healthz and /readyz', () => {
  let db: Db;

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
  }, 60_000);

  afterAll(async () => {
    await db?.close();
  });

  function appOn(options: { db?: Db; broadcast?: Broadcast } = {}) {
    return buildApp({
      db: options.db ?? db,
      secret: new TextEncoder().encode(SECRET),
      broadcast: options.broadcast,
    });
  }

  async function probe(app: ReturnType<typeof appOn>['app'], path: string) {
    const response = await app.request(path);
    return {
      status: response.status,
      cache: response.headers.get('Cache-Control'),
      body: await response.json(),
    };
  }

  it('answers that the process is up, and that it is ready, never cached', async () => {
    const { app } = appOn();
    expect(await probe(app, '/healthz')).toEqual({ status: 200, cache: 'no-store', body: { status: 'ok' } });
    expect(await probe(app, '/readyz')).toEqual({
      status: 200,
      cache: 'no-store',
      body: { status: 'ready' },
    });
  });

  it('is not ready, naming the check, when stopping, the database fails, a migration is missing or the listener is down', async () => {
    const stopping = appOn();
    stopping.health.stopping();
    expect(await probe(stopping.app, '/readyz')).toMatchObject({
      status: 503,
      body: { status: 'not ready', failed: ['stopping'] },
    });
    // The process is still up.
    expect((await probe(stopping.app, '/healthz')).status).toBe(200);

    const broken: Db = { ...db, query: () => Promise.reject(new Error('connection refused')) };
    expect(await probe(appOn({ db: broken }).app, '/readyz')).toMatchObject({
      status: 503,
      body: { failed: ['database'] },
    });

    const behind = await openPglite();
    try {
      await migrate(behind);
      const { rows } = await behind.query<{ name: string }>(
        'SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1',
      );
      await behind.query('DELETE FROM schema_migrations WHERE name = $1', [rows[0]?.name]);
      expect(await probe(appOn({ db: behind }).app, '/readyz')).toMatchObject({
        status: 503,
        body: { failed: ['migrations'] },
      });
    } finally {
      await behind.close();
    }

    const deaf: Broadcast = { ...createLocalBroadcast(), kind: 'postgres', listening: () => false };
    expect(await probe(appOn({ broadcast: deaf }).app, '/readyz')).toMatchObject({
      status: 503,
      body: { failed: ['live'] },
    });
  });
});

/** `npm start` on a copy of the seeded data folder; resolves with its port once it listens. */
async function startProduct(
  dataDir: string,
): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    SKIP_BUILD: '1',
    SKIP_SEED: '1',
    TOKEN_SECRET: SECRET,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (data: Buffer) => {
    output += data.toString();
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (data: Buffer) => {
      output += data.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the server stopped (${code}):\n${output}`)));
  });
  return { child, port, output: () => output };
}

describe('SIGTERM', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kfu-sigterm-'));
    await prepareDataFolderTemplate(dataDir);
  }, 120_000);

  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('stops readiness, lets the request under way finish, tells sockets to reconnect, and exits with 0', async () => {
    // A session of the seeded trainee, signed with the secret the server will use.
    const seeded = await openPglite(pgliteDir(dataDir));
    const trainee = await findUserByEmail(seeded, DEMO_ACCOUNTS.trainee.email);
    await seeded.close();
    if (!trainee) throw new Error('the seeded trainee is missing');
    const { token } = await createTokenService(new TextEncoder().encode(SECRET)).issue('access', trainee);

    const { child, port, output } = await startProduct(dataDir);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const origin = `http://127.0.0.1:${port}`;
    try {
      expect((await fetch(`${origin}/readyz`)).status).toBe(200);

      const socket = new WebSocket(`ws://127.0.0.1:${port}${SOCKET_PATHS.notifications}?token=${token}`);
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });

      // A sign-in whose body is still on its way when the signal comes.
      const body = JSON.stringify({
        username: DEMO_ACCOUNTS.trainee.email,
        password: DEMO_ACCOUNTS.trainee.password,
      });
      const half = Math.floor(body.length / 2);
      const slow = request(`${origin}/api/v1/user/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) },
      });
      const answered = new Promise<number | undefined>((resolve, reject) => {
        slow.once('response', (response) => {
          response.resume();
          response.once('end', () => resolve(response.statusCode));
        });
        slow.once('error', reject);
      });
      slow.write(body.slice(0, half));
      await new Promise((resolve) => setTimeout(resolve, 300));

      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Not ready any more: either answered so, or no longer taking connections.
      const readiness = await fetch(`${origin}/readyz`).then(
        (response) => response.status,
        () => 'closed',
      );
      expect([503, 'closed']).toContain(readiness);
      expect(await closed).toBe(1012);

      slow.end(body.slice(half));
      expect(await answered).toBe(200);
      expect(await exited).toBe(0);
      expect(output()).toContain('SIGTERM: stopping');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 120_000);
});
