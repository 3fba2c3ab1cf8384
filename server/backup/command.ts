import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { messageFromBody } from '@contract/messages/errors';
import { ADMIN_TOKEN_HEADER } from '../admin/middleware';
import { API_BASE } from '../app';
import type { CommandContext, CommandResult } from '../cli';
import { claimDataLock, DataDirBusyError, dataLockFile, readDataLock } from '../data-dir';
import { openPglite } from '../db';
import { adminTokenFile, dataDir, pgliteDir, uploadsDir, uploadsFolder } from '../paths';
import { createUploadStore } from '../uploads';
import {
  type BackupManifest,
  DamagedBackupError,
  readTar,
  TarError,
  unpackBackupFile,
  writeBackupFile,
} from './archive';
import { BACKUP_STREAM_TYPE } from './routes';
import {
  type BackupEntry,
  DATABASE_ENTRY,
  databaseAndUploads,
  folderEntries,
  UPLOADS_FOLDER,
} from './snapshot';

const BACKUP_USAGE = 'Usage: npm run backup -- FILE [--force]   (of DATA_DIR, default .data)';
const RESTORE_USAGE = 'Usage: npm run restore -- FILE [--force]   (into DATA_DIR, default .data)';

const LOCK_NAME = basename(dataLockFile('.'));
/**
 * Files at the top of the data folder that a backup leaves out: the lock, and the admin token (it
 * only lets the commands of this machine reach its server; a restored server makes a new one).
 */
const NOT_BACKED_UP = new Set([LOCK_NAME, basename(adminTokenFile('.'))]);

const PG_DUMP_RECIPE = [
  'Back up the PostgreSQL database with pg_dump, before this command (docs/operations.md, "Backups"):',
  '  pg_dump --format=custom --file=kfu-$(date +%F).dump "$DATABASE_URL"',
];
const PG_RESTORE_RECIPE = [
  'Restore the PostgreSQL dump into an empty database with:',
  '  pg_restore --no-owner --dbname="$DATABASE_URL" kfu-YYYY-MM-DD.dump',
];

/** FILE and --force, or the usage to print (exit code 2). */
function parse(argv: string[], usage: string): { file: string; force: boolean } | { usage: string[] } {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { force: { type: 'boolean', default: false } },
      allowPositionals: true,
    });
    const [file] = positionals;
    if (!file || positionals.length !== 1) throw new Error('Give one FILE.');
    return { file: resolve(file), force: values.force === true };
  } catch (error) {
    return { usage: [(error as Error).message, usage] };
  }
}

/** The secrets at the top of the data folder (token-secret, payment-notice-secret, …). */
async function* topLevelEntries(data: string): AsyncGenerator<BackupEntry> {
  for (const entry of await readdir(data, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith('.') || NOT_BACKED_UP.has(entry.name)) continue;
    yield { name: entry.name, bytes: await readFile(join(data, entry.name)) };
  }
}

async function* concat(...sources: AsyncIterable<BackupEntry>[]): AsyncGenerator<BackupEntry> {
  for (const source of sources) yield* source;
}

/** What the running server streams: the database's dump first, then uploaded files only. */
async function* fromServer(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<BackupEntry> {
  let first = true;
  try {
    for await (const entry of readTar(chunks)) {
      const expected = first ? entry.name === DATABASE_ENTRY : entry.name.startsWith(`${UPLOADS_FOLDER}/`);
      if (!expected) throw new Error(`The server sent ${entry.name}, which is not part of a backup`);
      first = false;
      yield entry;
    }
  } catch (error) {
    if (error instanceof TarError) throw new Error(`The server's answer broke off: ${error.message}`);
    throw error;
  }
  if (first) throw new Error('The server sent no database');
}

async function readAdminToken(data: string): Promise<string> {
  try {
    return (await readFile(adminTokenFile(data), 'utf8')).trim();
  } catch {
    return '';
  }
}

function summary(manifest: BackupManifest): string {
  const uploads = manifest.files.filter((file) => file.name.startsWith(`${UPLOADS_FOLDER}/`)).length;
  const secrets = manifest.files
    .filter((file) => !file.name.includes('/') && file.name !== DATABASE_ENTRY)
    .map((file) => file.name);
  return [
    manifest.database === 'pglite' ? 'the embedded database' : '',
    `${uploads} uploaded file${uploads === 1 ? '' : 's'}`,
    secrets.length ? secrets.join(', ') : 'no secret file',
  ]
    .filter(Boolean)
    .join(', ');
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * `npm run backup -- FILE`: the embedded database, the uploaded files and the secrets of DATA_DIR in
 * one file. While a server holds the database it is asked for them (GET /admin/backup/, consistent
 * at one moment: server/backup/snapshot.ts); else the folder is opened directly, holding its lock.
 * With DATABASE_URL, only the files: the database is PostgreSQL's, for pg_dump.
 */
export async function backupCommand(argv: string[], { env }: CommandContext): Promise<CommandResult> {
  const out: string[] = [];
  const err: string[] = [];
  const parsed = parse(argv, BACKUP_USAGE);
  if ('usage' in parsed) return { code: 2, out, err: parsed.usage };
  const { file, force } = parsed;
  if (existsSync(file) && !force) {
    return {
      code: 1,
      out,
      err: [`${file} exists already: give another name, or add --force to replace it.`],
    };
  }
  const data = dataDir(env);
  if (!existsSync(data))
    return { code: 1, out, err: [`${data} does not exist: set DATA_DIR to the data folder.`] };

  try {
    if (env.DATABASE_URL) {
      const written = await writeBackupFile(
        file,
        concat(folderEntries(uploadsFolder(env, data), UPLOADS_FOLDER), topLevelEntries(data)),
        'none',
      );
      out.push(
        `DATABASE_URL is set: the database is PostgreSQL's, so ${file} holds the files of ${data} only: ` +
          `${summary(written.manifest)} (${megabytes(written.bytes)}).`,
        ...PG_DUMP_RECIPE,
        ...PG_RESTORE_RECIPE,
      );
    } else {
      const holder = await readDataLock(data);
      let written: Awaited<ReturnType<typeof writeBackupFile>>;
      let where: string;
      if (holder) {
        if (!holder.url) {
          return {
            code: 1,
            out,
            err: [
              `The server with PID ${holder.pid} is starting on ${data}: run this again once it answers.`,
            ],
          };
        }
        const response = await fetch(`${holder.url}${API_BASE}/admin/backup/`, {
          headers: { [ADMIN_TOKEN_HEADER]: await readAdminToken(data) },
        });
        if (
          !response.ok ||
          !response.body ||
          !response.headers.get('content-type')?.startsWith(BACKUP_STREAM_TYPE)
        ) {
          const text = await response.text();
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: the text is the message.
          }
          const reason =
            response.status === 401
              ? `it refused the admin token in ${adminTokenFile(data)}`
              : (messageFromBody(body) ?? `HTTP ${response.status}`);
          return { code: 1, out, err: [`The server at ${holder.url} gave no backup: ${reason}.`] };
        }
        written = await writeBackupFile(
          file,
          concat(fromServer(response.body), topLevelEntries(data)),
          'pglite',
        );
        where = `through the server at ${holder.url}, which keeps running`;
      } else {
        if (!existsSync(pgliteDir(data)))
          return { code: 1, out, err: [`${data} holds no embedded database: nothing to back up.`] };
        // A server starting meanwhile waits for the lock (it names this process).
        const lock = await claimDataLock(data);
        try {
          const db = await openPglite(pgliteDir(data));
          try {
            written = await writeBackupFile(
              file,
              concat(
                databaseAndUploads(db, createUploadStore(uploadsFolder(env, data))),
                topLevelEntries(data),
              ),
              'pglite',
            );
          } finally {
            await db.close();
          }
        } finally {
          await lock.release();
        }
        where = 'from the folder, no server running';
      }
      out.push(
        `Backed up ${data} (${where}) into ${file}: ${summary(written.manifest)} (${megabytes(written.bytes)}).`,
      );
    }
  } catch (error) {
    return { code: 1, out, err: [`No backup was written: ${(error as Error).message}`] };
  }
  out.push(
    `The file holds ${env.DATABASE_URL ? 'uploaded CVs' : 'every account'} and the secret that signs sessions: ` +
      'only you can read it. Keep copies off this machine, encrypted (docs/operations.md, "Backups").',
  );
  return { code: 0, out, err };
}

/** What a data folder holds besides a lock (which a dead process may have left). */
async function contentsOf(data: string): Promise<string[]> {
  try {
    return (await readdir(data)).filter((name) => name !== LOCK_NAME);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * `npm run restore -- FILE`: a backup into DATA_DIR, which no server may hold, and which must be
 * empty unless --force (then what it holds is replaced). The backup is unpacked and checked aside
 * (every file against its checksum, the database opened once), and moved in only when all is well:
 * a damaged backup leaves DATA_DIR as it was.
 */
export async function restoreCommand(argv: string[], { env }: CommandContext): Promise<CommandResult> {
  const out: string[] = [];
  const err: string[] = [];
  const parsed = parse(argv, RESTORE_USAGE);
  if ('usage' in parsed) return { code: 2, out, err: parsed.usage };
  const { file, force } = parsed;
  if (!existsSync(file)) return { code: 1, out, err: [`${file} does not exist.`] };
  const data = dataDir(env);
  const holder = await readDataLock(data);
  if (holder) {
    return {
      code: 1,
      out,
      err: [
        `${new DataDirBusyError(data, holder).message.split('. Stop')[0]}. Stop it first: a restore never ` +
          'writes under a running server. Nothing was restored.',
      ],
    };
  }
  // UPLOADS_DIR elsewhere than DATA_DIR/uploads: the backup's files go there, under the same rules.
  const uploads = uploadsFolder(env, data);
  const separateUploads = uploads !== uploadsDir(data);
  const present = await contentsOf(data);
  const presentUploads = separateUploads ? await contentsOf(uploads) : [];
  if (presentUploads.length > 0 && !force) {
    return {
      code: 1,
      out,
      err: [
        `${uploads} (UPLOADS_DIR) is not empty: restore into an empty folder, or add --force to replace ` +
          'what it holds. Nothing was restored.',
      ],
    };
  }
  if (present.length > 0 && !force) {
    return {
      code: 1,
      out,
      err: [
        `${data} is not empty (${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}): restore ` +
          'into a new or empty folder (DATA_DIR), or add --force to replace what it holds. Nothing was restored.',
      ],
    };
  }

  await mkdir(dirname(data), { recursive: true });
  const staging = await mkdtemp(join(dirname(data), `.${basename(data)}.restore-`));
  try {
    let manifest: BackupManifest;
    let accounts: number | undefined;
    try {
      manifest = await unpackBackupFile(file, staging);
      if (manifest.database === 'pglite') {
        const dump = join(staging, DATABASE_ENTRY);
        const db = await openPglite(join(staging, 'pglite'), new Blob([await readFile(dump)])).catch(
          (error: unknown) => {
            throw new DamagedBackupError(
              `${file} cannot be restored: its database does not open (${(error as Error).message}).`,
            );
          },
        );
        try {
          const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
          accounts = rows[0]?.n;
        } finally {
          await db.close();
        }
        await rm(dump);
      }
    } catch (error) {
      return {
        code: 1,
        out,
        err: [`${(error as Error).message} Nothing was restored: ${data} is as it was.`],
      };
    }

    const lock = await claimDataLock(data).catch((error: unknown) => error as Error);
    if (lock instanceof Error) return { code: 1, out, err: [`${lock.message} Nothing was restored.`] };
    try {
      for (const name of present) await rm(join(data, name), { recursive: true, force: true });
      if (separateUploads) {
        for (const name of presentUploads) await rm(join(uploads, name), { recursive: true, force: true });
        const staged = join(staging, UPLOADS_FOLDER);
        if (existsSync(staged)) {
          await mkdir(uploads, { recursive: true, mode: 0o700 });
          // A shared mount is often another file system, where a rename cannot reach: copied.
          await cp(staged, uploads, { recursive: true });
          await rm(staged, { recursive: true, force: true });
        }
      }
      for (const name of await readdir(staging)) await rename(join(staging, name), join(data, name));
    } finally {
      await lock.release();
    }
    out.push(
      `Restored ${file} (taken ${manifest.created_at}) into ${data}: ${summary(manifest)}` +
        `${accounts === undefined ? '' : `; ${accounts} account${accounts === 1 ? '' : 's'}`}.`,
    );
    if (present.length > 0) out.push(`What ${data} held before was replaced (--force).`);
    if (manifest.database === 'none' || env.DATABASE_URL) {
      out.push(
        manifest.database === 'none'
          ? 'This backup holds no database (it was taken with DATABASE_URL): restore the PostgreSQL dump too.'
          : 'DATABASE_URL is set: the server reads PostgreSQL, not the database restored here.',
        ...PG_RESTORE_RECIPE,
      );
    }
    out.push(
      `Start the server on it: DATA_DIR=${data}${separateUploads ? ` UPLOADS_DIR=${uploads}` : ''} npm start`,
    );
    return { code: 0, out, err };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
