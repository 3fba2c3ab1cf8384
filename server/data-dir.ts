import { chmod, mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Creates the data folder readable by its owner only (it holds secrets, the database and CVs). */
export async function ensureDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
}

/**
 * The text of a file of the data folder, created with `make()` (mode 0600) when missing. Creation is
 * exclusive, so processes starting together on one folder all end up with the same value.
 */
export async function readOrCreateFile(dataDir: string, name: string, make: () => string): Promise<string> {
  const file = join(dataDir, name);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const stored = (await readFile(file, 'utf8')).trim();
      if (stored) return stored;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await ensureDataDir(dataDir);
    try {
      const handle = await open(file, 'wx', 0o600);
      const value = make();
      try {
        await handle.writeFile(`${value}\n`);
      } finally {
        await handle.close();
      }
      return value;
    } catch (error) {
      // Another process created it meanwhile: read theirs (it may still be being written).
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`Could not read or create ${file}`);
}

/** Who holds the embedded database of a data folder. */
export interface DataLock {
  pid: number;
  /** Where that server answers; empty while it is starting. */
  url: string;
  started_at: string;
}

const LOCK_FILE = 'server.lock';

export const dataLockFile = (dataDir: string) => join(dataDir, LOCK_FILE);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live server holding the data folder's embedded database, if any (a lock of a dead process is stale). */
export async function readDataLock(dataDir: string): Promise<DataLock | undefined> {
  let lock: DataLock;
  try {
    lock = JSON.parse(await readFile(dataLockFile(dataDir), 'utf8')) as DataLock;
  } catch {
    return undefined;
  }
  if (!Number.isInteger(lock.pid) || lock.pid <= 0 || !isAlive(lock.pid)) return undefined;
  return lock;
}

/** Thrown when another live process holds the data folder's embedded database. */
export class DataDirBusyError extends Error {
  override readonly name = 'DataDirBusyError';
  constructor(
    readonly dataDir: string,
    readonly holder: DataLock,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by the server with PID ${holder.pid}` +
        `${holder.url ? ` at ${holder.url}` : ''}. Stop it first, or give this one another DATA_DIR.`,
    );
  }
}

export interface HeldDataLock {
  /** Records where the server answers, once it listens. */
  setUrl(url: string): Promise<void>;
  release(): Promise<void>;
}

/**
 * Claims the data folder's embedded database for this process: PGlite lets one process open it,
 * and a second writer (another server, or the admin command) would corrupt or lose writes. A lock
 * left by a process that died is taken over.
 */
export async function claimDataLock(dataDir: string, pid = process.pid): Promise<HeldDataLock> {
  await ensureDataDir(dataDir);
  const file = dataLockFile(dataDir);
  const write = async (lock: DataLock, flag: 'wx' | 'w') => {
    const handle = await open(file, flag, 0o600);
    try {
      await handle.writeFile(JSON.stringify(lock));
    } finally {
      await handle.close();
    }
  };
  let lock: DataLock = { pid, url: '', started_at: new Date().toISOString() };
  let claimed = false;
  for (let attempt = 0; attempt < 3 && !claimed; attempt += 1) {
    try {
      await write(lock, 'wx');
      claimed = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A process that starts at the same moment may not have written its lock yet.
      const holder =
        (await readDataLock(dataDir)) ??
        (await new Promise((resolve) => setTimeout(resolve, 100)).then(() => readDataLock(dataDir)));
      if (holder && holder.pid !== pid) throw new DataDirBusyError(dataDir, holder);
      // Stale: its process is gone.
      await rm(file, { force: true });
    }
  }
  if (!claimed) throw new Error(`Could not claim ${file}`);
  return {
    async setUrl(url) {
      lock = { ...lock, url };
      await write(lock, 'w');
    },
    async release() {
      const current = await readDataLock(dataDir);
      if (current?.pid === pid) await rm(file, { force: true });
    },
  };
}
