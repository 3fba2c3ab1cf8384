import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { randomTokenSecret } from './auth/secret';
import type { TokenService } from './auth/tokens';
import { type Db, openPglite } from './db';
import { listen } from './listen';
import { migrate } from './migrate';
import { seed } from './seed';
import { ensureSpaBuild } from './spa-build';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface TestServer {
  /** Origin of the server, e.g. http://127.0.0.1:40123 (the API is under /api/v1). */
  url: string;
  db: Db;
  /** Signs tokens the server accepts, for tests that need a session without signing in. */
  tokens: TokenService;
  close(): Promise<void>;
}

/** An in-memory, migrated and seeded server on a free port of 127.0.0.1. */
export async function startTestServer(options: { withSpa?: boolean } = {}): Promise<TestServer> {
  if (options.withSpa) await ensureSpaBuild(ROOT);
  const db = await openPglite();
  try {
    await migrate(db);
    await seed(db);
    const { app, tokens } = buildApp({
      db,
      secret: randomTokenSecret(),
      distDir: options.withSpa ? join(ROOT, 'dist') : undefined,
    });
    const http = await listen(app, { port: 0, hostname: '127.0.0.1' });
    return {
      url: `http://127.0.0.1:${http.port}`,
      db,
      tokens,
      async close() {
        await http.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
