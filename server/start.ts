import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildApp, randomAdminToken } from './app';
import { resolveTokenSecret } from './auth/secret';
import { openDb } from './db';
import { listen } from './listen';
import { migrate } from './migrate';
import { adminTokenFile, dataDir, pgliteDir, ROOT, uploadsDir } from './paths';
import { seed } from './seed';
import { ensureSpaBuild } from './spa-build';

const DATA_DIR = dataDir();
const DIST_DIR = join(ROOT, 'dist');

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT is not a port: ${process.env.PORT}`);

  if (process.env.SKIP_BUILD === '1') {
    if (!existsSync(join(DIST_DIR, 'index.html')))
      console.warn('SKIP_BUILD=1 and no dist/: serving the API only.');
  } else {
    await ensureSpaBuild(ROOT);
  }

  const databaseUrl = process.env.DATABASE_URL;
  const db = await openDb({ databaseUrl, dataDir: databaseUrl ? undefined : pgliteDir(DATA_DIR) });
  const applied = await migrate(db);
  if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);
  await seed(db);

  const secret = await resolveTokenSecret({ env: process.env.TOKEN_SECRET, dataDir: DATA_DIR });
  // `npm run admin` reads this token to reach the running server (a new one at every start).
  const adminToken = randomAdminToken();
  const tokenFile = adminTokenFile(DATA_DIR);
  await mkdir(DATA_DIR, { recursive: true });
  await writeFile(tokenFile, `${adminToken}\n`, { mode: 0o600 });

  const { app, live } = buildApp({
    db,
    secret,
    distDir: DIST_DIR,
    uploadsDir: uploadsDir(DATA_DIR),
    adminToken,
  });
  const http = await listen(app, { port, hostname: '0.0.0.0' });
  live.attach(http.server);
  console.log(`KFU Training is running at http://localhost:${http.port}`);

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping…`);
    live.close();
    await http.close().catch((error: unknown) => console.error(error));
    await db.close();
    // Another server may have started on the same data folder since: leave its token alone.
    const current = await readFile(tokenFile, 'utf8').catch(() => '');
    if (current.trim() === adminToken) await rm(tokenFile, { force: true });
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
