/**
 * A throwaway PostgreSQL cluster for tests: initdb into a temporary folder, a postgres process on a
 * free port of 127.0.0.1, removed again by stop(). Uses the server binaries of Debian's `postgresql`
 * package (/usr/lib/postgresql/<version>/bin) or whatever `initdb` is on PATH. PostgreSQL refuses to
 * run as root, so under root the cluster runs as the `postgres` user (created by the package) or,
 * failing that, `nobody`.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface PgCluster {
  /** A superuser connection string to the `postgres` database. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The folder that holds initdb and postgres, or undefined when PostgreSQL is not installed. */
export function findPgBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const bin = join(root, version, 'bin');
      if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'postgres'))) return bin;
    }
  }
  try {
    const initdb = execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim();
    return initdb ? join(initdb, '..') : undefined;
  } catch {
    return undefined;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function unprivilegedUser(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
      if (Number.isInteger(uid) && Number.isInteger(gid)) return { uid, gid };
    } catch {
      // Try the next one.
    }
  }
  throw new Error('Running as root and found neither a postgres nor a nobody user to run PostgreSQL as');
}

async function waitUntilReady(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`postgres exited with ${server.exitCode}:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`postgres did not accept connections:\n${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  const owner = unprivilegedUser();
  const dir = await mkdtemp(join(tmpdir(), 'kfu-pg-'));
  const data = join(dir, 'data');
  if (owner) {
    await chown(dir, owner.uid, owner.gid);
  }
  await chmod(dir, 0o700);
  const as = owner ? { uid: owner.uid, gid: owner.gid } : {};
  execFileSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'kfu', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'],
    { ...as, stdio: 'pipe' },
  );
  const port = await freePort();
  let output = '';
  const server = spawn(
    join(bin, 'postgres'),
    [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
    ],
    { ...as, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  });
  const url = `postgres://kfu@127.0.0.1:${port}/postgres`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGINT');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, server, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, stop };
}
