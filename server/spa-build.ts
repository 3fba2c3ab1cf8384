import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { precompressDir } from './precompress';

/** What the built SPA depends on: a change in any of these calls for a new build. */
const SOURCES = ['src', 'machines', 'public', 'index.html', 'vite.config.ts', 'lingui.config.ts'];

async function mtime(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return undefined;
  }
}

async function newestChange(path: string): Promise<number> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path)) {
    newest = Math.max(newest, await newestChange(join(path, entry)));
  }
  return newest;
}

/** True when dist/index.html is missing or older than any source of the SPA. */
export async function spaBuildIsStale(root: string): Promise<boolean> {
  const built = await mtime(join(root, 'dist', 'index.html'));
  if (built === undefined) return true;
  for (const source of SOURCES) {
    if ((await newestChange(join(root, source))) > built) return true;
  }
  return false;
}

function runViteBuild(root: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // Always a production build, whatever NODE_ENV the server runs with (tests start it with `test`,
    // which would otherwise give React's development build).
    const child = spawn('npx', ['vite', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`vite build failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/**
 * Builds the SPA into dist/ when the build is missing or out of date, and compresses what is not
 * compressed yet (server/precompress.ts); returns whether it built.
 */
export async function ensureSpaBuild(root: string): Promise<boolean> {
  const stale = await spaBuildIsStale(root);
  if (stale) {
    console.log('Building the web application (vite build)…');
    await runViteBuild(root);
  }
  await precompressDir(join(root, 'dist'));
  return stale;
}
