/**
 * `npm run with-postgres -- COMMAND…`: starts a throwaway PostgreSQL cluster, runs the command with
 * TEST_DATABASE_URL pointing at it (each test server then makes a database of its own there), and
 * removes the cluster again. Exits with the command's code.
 */
import { spawn } from 'node:child_process';
import { startPgCluster } from './lib/pg-cluster';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: npm run with-postgres -- COMMAND [ARGS…]');
  process.exit(2);
}

const cluster = await startPgCluster();
console.log(`PostgreSQL test cluster on 127.0.0.1:${cluster.port}`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
};
const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: cluster.url },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal));
}
const code = await new Promise<number>((resolve) => {
  child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  child.on('error', () => resolve(127));
});
await stop();
process.exit(code);
