import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningApp {
  url: string;
  /** What a command-line tool needs to reach this instance (PORT, DATA_DIR). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
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

/** Signals the process group `npm start` leads; it may already be gone. */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/**
 * Runs the product as a newcomer does (`npm start`) on a free port with a fresh embedded database,
 * and stops it (and only it) afterwards.
 */
export async function startApp(): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kfu-e2e-'));
  const child: ChildProcess = spawn('npm', ['start'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const url = `http://localhost:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not come up:\n${output}`)), 90_000);
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
      reject(new Error(`npm start exited with ${code}:\n${output}`));
    });
  });
  // A server that dies during the tests says why in the test output.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`npm start stopped unexpectedly (${code ?? signal}):\n${output.slice(-4000)}`);
  });
  return {
    url,
    env: { PORT: String(port), DATA_DIR: dataDir },
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        signalGroup(child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) signalGroup(child.pid, 'SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
