import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPgCluster } from '../../../scripts/lib/pg-cluster';
import { uploadsDir } from '../../../server/paths';
import { copyTemplateUploads, createServerDatabase } from '../../../server/test-database';
import { DATA_TEMPLATE_ENV, SERVER_BUNDLE_ENV } from './data-template';

export interface RunningApp {
  url: string;
  /** What a command-line tool needs to reach this instance (PORT, DATA_DIR). */
  env: Record<string, string>;
  /** Stops the server, runs `whileDown` (the database is free then), and starts it again on the same port and data. */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** A port nothing listens on now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Signals the process group the server leads; it may already be gone. */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Whether any process of the group is still running. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Started {
  child: ChildProcess;
  output: () => string;
  /** Stops the process group (SIGTERM, then SIGKILL after 5 s). */
  stop(): Promise<void>;
}

/**
 * How a server is started: `npm start`, or node on the run's compiled server (support/data-template.ts)
 * when the suite has one and `npmStart` is not asked for: the same code, started in about half the
 * time.
 */
function serverCommand(npmStart: boolean): [string, string[]] {
  const bundle = process.env[SERVER_BUNDLE_ENV];
  return bundle && !npmStart ? [process.execPath, [bundle]] : ['npm', ['start']];
}

/** The server on this port and data folder; resolves once it says where it runs. */
async function spawnServer(
  port: number,
  dataDir: string,
  extraEnv: Record<string, string> = {},
  npmStart = false,
): Promise<Started> {
  const [command, args] = serverCommand(npmStart);
  const child: ChildProcess = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${command} ${args.join(' ')} did not come up:\n${output}`)),
      90_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`http://localhost:${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
  let stopping = false;
  // A server that dies during the tests says why in the test output.
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`the server stopped unexpectedly (${code ?? signal}):\n${output.slice(-4000)}`);
  });
  return {
    child,
    output: () => output,
    async stop() {
      stopping = true;
      const { pid } = child;
      if (!pid) return;
      signalGroup(pid, 'SIGTERM');
      // npm may exit before the server has closed its database and released its lock: wait for
      // every process of the group, as an operator waits for the server to be down.
      const deadline = Date.now() + 5000;
      while (groupAlive(pid) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (groupAlive(pid)) signalGroup(pid, 'SIGKILL');
      while (groupAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}

/** A server on this port and data folder that can be restarted; `stop` leaves the folder. */
async function runningServer(
  port: number,
  dataDir: string,
  env: Record<string, string>,
  npmStart = false,
): Promise<{ app: Omit<RunningApp, 'stop'>; stopServer(): Promise<void> }> {
  let server = await spawnServer(port, dataDir, env, npmStart);
  return {
    app: {
      url: `http://localhost:${port}`,
      env: { PORT: String(port), DATA_DIR: dataDir, ...env },
      async restart(whileDown) {
        await server.stop();
        await whileDown?.();
        // The web app is built already (the suite builds it once, support/data-template.ts).
        server = await spawnServer(port, dataDir, { ...env, SKIP_BUILD: '1' }, npmStart);
      },
    },
    stopServer: () => server.stop(),
  };
}

/**
 * Runs the product (the server `npm start` runs) on a free port and stops it (and only it)
 * afterwards. Its database is a copy of the run's seeded one: on the run's PostgreSQL server when it
 * has one (TEST_DATABASE_URL, `npm test`), a database of its own made with `CREATE DATABASE …
 * TEMPLATE`; else an embedded database in its data folder, copied from the run's seeded data folder
 * (support/data-template.ts) when there is one. `embedded` asks for the embedded database, as
 * `npm start` runs it.
 */
export async function startApp(
  options: { embedded?: boolean; env?: Record<string, string> } = {},
): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kfu-e2e-'));
  const serverUrl = options.embedded ? undefined : process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const database = await createServerDatabase(serverUrl);
    await copyTemplateUploads(uploadsDir(dataDir));
    const { app, stopServer } = await runningServer(await freePort(), dataDir, {
      DATABASE_URL: database.url,
      ...(database.seeded ? { SKIP_SEED: '1' } : {}),
      ...options.env,
    });
    return {
      ...app,
      async stop() {
        await stopServer();
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template) cpSync(template, dataDir, { recursive: true });
  // The copy is migrated and seeded: the server only checks the migrations.
  const { app, stopServer } = await runningServer(await freePort(), dataDir, {
    ...(template ? { SKIP_SEED: '1' } : {}),
    ...options.env,
  });
  return {
    ...app,
    async stop() {
      await stopServer();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `count` instances of the product on one throwaway PostgreSQL server, as a deployment behind
 * a load balancer does: each on its own free port, all on one database and one data folder (so they
 * share the token secret and the uploads), sharing live events through LISTEN/NOTIFY, each with
 * `extraEnv` too (TRUST_PROXY behind a proxy). They start one
 * after the other (the first migrates, seeds and builds the web app); each app's `stop` stops its
 * server, and the last one to stop also stops PostgreSQL and removes the folder.
 */
export async function startInstances(
  count: number,
  extraEnv: Record<string, string> = {},
): Promise<RunningApp[]> {
  const cluster = await startPgCluster();
  const dataDir = mkdtempSync(join(tmpdir(), 'kfu-e2e-'));
  const started: { app: Omit<RunningApp, 'stop'>; stopServer(): Promise<void> }[] = [];
  let running = 0;
  const cleanUp = async () => {
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let index = 0; index < count; index += 1) {
      const env: Record<string, string> = { DATABASE_URL: cluster.url, ...extraEnv };
      if (index > 0) env.SKIP_BUILD = '1';
      // `npm start` itself, as an operator runs each instance.
      started.push(await runningServer(await freePort(), dataDir, env, true));
      running += 1;
    }
  } catch (error) {
    for (const server of started) await server.stopServer();
    await cleanUp();
    throw error;
  }
  return started.map(({ app, stopServer }) => {
    let stopped = false;
    return {
      ...app,
      async stop() {
        if (stopped) return;
        stopped = true;
        await stopServer();
        running -= 1;
        if (running === 0) await cleanUp();
      },
    };
  });
}
