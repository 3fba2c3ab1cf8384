/** What the benchmark scripts share: the server under test in its own process, and percentiles. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Db, openPglite, openPostgres } from '../server/db';
import { pgliteDir, ROOT } from '../server/paths';
import { type PgCluster, startPgCluster } from './lib/pg-cluster';

const STARTUP_TIMEOUT_MS = 120_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

/** What to undo when the benchmark is interrupted (servers, a PostgreSQL cluster). */
const cleanups = new Set<() => Promise<void>>();

function onSignal(signal: NodeJS.Signals): void {
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  void Promise.allSettled([...cleanups].map((cleanup) => cleanup())).finally(() =>
    process.exit(signal === 'SIGINT' ? 130 : 143),
  );
}

/**
 * Runs `cleanup` when the process gets SIGINT or SIGTERM, together with every other registered
 * cleanup, then exits. Returns the function that unregisters it.
 */
export function stopOnSignal(cleanup: () => Promise<void>): () => void {
  if (cleanups.size === 0) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
    if (cleanups.size === 0) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  };
}

export interface BenchServer {
  origin: string;
  port: number;
  dataDir: string;
  /** The server process's id (its memory can be read under /proc). */
  pid: number | undefined;
  /** Why the server stopped (a signal or exit code), while it runs undefined. */
  exited(): string | undefined;
  /** What it printed so far. */
  output(): string;
  /** Stops the server; `inspect` reads the data folder once the server is gone, before it is removed. */
  stop(inspect?: (dataDir: string) => Promise<void>): Promise<void>;
}

/**
 * `npm start` (API only) on a fresh temporary data folder, removed by stop(). `prepare` may fill
 * the folder's database before the server opens it. The embedded database unless `extraEnv` names
 * a DATABASE_URL (the caller's own DATABASE_URL is never used: a benchmark must not write into it).
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kfu-bench-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  Object.assign(env, { DATA_DIR: dataDir, PORT: String(port), SKIP_BUILD: '1', ...extraEnv });
  try {
    await prepare?.(dataDir);
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  let output = '';
  let exited: string | undefined;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exited = signal ?? `exit code ${code}`;
      resolve();
    });
    child.on('error', (error) => {
      exited = error.message;
      resolve();
    });
  });
  // The last 64 KB only: the request log (a line per request) would otherwise grow without end.
  const keep = (data: Buffer) => {
    output = (output + data.toString()).slice(-65_536);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let stopped: Promise<void> | undefined;
  const stop = (inspect?: (dataDir: string) => Promise<void>) => {
    stopped ??= (async () => {
      unregister();
      if (exited === undefined) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exit;
        clearTimeout(timer);
      }
      try {
        await inspect?.(dataDir);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    })();
    return stopped;
  };
  const unregister = stopOnSignal(() => stop());

  const origin = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    for (;;) {
      if (exited !== undefined) throw new Error(`The server stopped (${exited}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`The server did not answer within 120 s:\n${output}`);
      const ready = await fetch(`${origin}/api/v1/course/category/`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, port, dataDir, pid: child.pid, exited: () => exited, output: () => output, stop };
}

/**
 * The servers a benchmark measures: one on the embedded database (`postgres` false), or `count`
 * processes on one database of a throwaway PostgreSQL cluster. `prepare` fills the database before
 * any server opens it. Everything is stopped by `stop()`, and on Ctrl+C.
 */
export async function startBenchInstances(options: {
  count: number;
  postgres: boolean;
  env: Record<string, string>;
  /** The database's name on the cluster. */
  database: string;
  prepare: (db: Db) => Promise<void>;
}): Promise<{ servers: BenchServer[]; stop(): Promise<void> }> {
  const { count, postgres, env, database, prepare } = options;
  const servers: BenchServer[] = [];
  let cluster: PgCluster | undefined;
  const stopAll = async () => {
    await Promise.allSettled(servers.map((server) => server.stop()));
    await cluster?.stop();
  };
  const unregister = stopOnSignal(stopAll);
  try {
    if (!postgres) {
      servers.push(
        await startServer(env, async (dataDir) => {
          const db = await openPglite(pgliteDir(dataDir));
          try {
            await prepare(db);
          } finally {
            await db.close();
          }
        }),
      );
    } else {
      cluster = await startPgCluster();
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`).finally(() => admin.end());
      const url = new URL(cluster.url);
      url.pathname = `/${database}`;
      const db = openPostgres(url.toString(), { max: 2 });
      try {
        await prepare(db);
      } finally {
        await db.close();
      }
      // One after the other: each start runs the (by now empty) migrations and the seed check.
      for (let index = 0; index < count; index += 1)
        servers.push(await startServer({ ...env, DATABASE_URL: url.toString() }));
    }
    return {
      servers,
      async stop() {
        unregister();
        await stopAll();
      },
    };
  } catch (error) {
    unregister();
    await stopAll();
    throw error;
  }
}

/** The most instances a benchmark starts. */
export const MAX_BENCH_INSTANCES = 2;

/**
 * A benchmark's command line: `--instances N` (1 or 2) and `--postgres`. Several instances share
 * live events through PostgreSQL only, so more than one implies `--postgres`.
 */
export function instanceOptions(): { instances: number; postgres: boolean } {
  const { values } = parseArgs({
    options: { instances: { type: 'string', default: '1' }, postgres: { type: 'boolean', default: false } },
  });
  const instances = Number(values.instances);
  if (!Number.isInteger(instances) || instances < 1 || instances > MAX_BENCH_INSTANCES)
    throw new Error(`--instances must be 1 or ${MAX_BENCH_INSTANCES}`);
  return { instances, postgres: values.postgres || instances > 1 };
}
