import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, randomAdminToken } from './app';
import { randomTokenSecret } from './auth/secret';
import type { TokenService } from './auth/tokens';
import type { Db } from './db';
import { listen } from './listen';
import type { LiveHub } from './live';
import { migrate } from './migrate';
import type { Notifier } from './notifications';
import { ROOT } from './paths';
import { seed } from './seed';
import { ensureSpaBuild } from './spa-build';
import { openTestDatabase } from './test-database';

export interface TestServer {
  /** Origin of the server, e.g. http://127.0.0.1:40123 (the API is under /api/v1). */
  url: string;
  db: Db;
  /** Signs tokens the server accepts, for tests that need a session without signing in. */
  tokens: TokenService;
  /** The X-Admin-Token the server's /api/v1/admin/… endpoints accept. */
  adminToken: string;
  /** The websockets, attached to the server. */
  live: LiveHub;
  /** Creates notifications (and pushes them to open sockets). */
  notifier: Notifier;
  /** The PostgreSQL database the server uses, when TEST_DATABASE_URL is set (else in-memory PGlite). */
  databaseUrl: string | undefined;
  /** The temporary folder uploaded files go to (removed by close). */
  uploadsDir: string;
  close(): Promise<void>;
}

/**
 * A migrated and seeded server on a free port of 127.0.0.1, on an in-memory database (or on a new
 * database of the PostgreSQL server that TEST_DATABASE_URL names).
 */
export async function startTestServer(options: { withSpa?: boolean } = {}): Promise<TestServer> {
  if (options.withSpa) await ensureSpaBuild(ROOT);
  const database = await openTestDatabase();
  const { db } = database;
  const uploadsDir = await mkdtemp(join(tmpdir(), 'kfu-test-uploads-'));
  const cleanUp = async () => {
    await database.drop();
    await rm(uploadsDir, { recursive: true, force: true });
  };
  try {
    await migrate(db);
    await seed(db);
    const adminToken = randomAdminToken();
    const { app, tokens, live, notifier } = buildApp({
      db,
      secret: randomTokenSecret(),
      distDir: options.withSpa ? join(ROOT, 'dist') : undefined,
      uploadsDir,
      adminToken,
    });
    const http = await listen(app, { port: 0, hostname: '127.0.0.1' });
    live.attach(http.server);
    return {
      url: `http://127.0.0.1:${http.port}`,
      db,
      tokens,
      adminToken,
      live,
      notifier,
      databaseUrl: database.url,
      uploadsDir,
      async close() {
        live.close();
        await http.close();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
