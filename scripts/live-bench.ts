/**
 * `npm run bench:live [-- --instances 2] [-- --postgres]`: how reliably and how fast the
 * notifications socket delivers. Starts the reference server in its own process with 200 extra
 * trainees, opens one notifications socket per trainee, creates 20 notifications for each through
 * the admin endpoint (16 calls in flight), and reports delivered / sent and the delay from the
 * create call to the socket message.
 *
 * By default one server on the embedded database. `--postgres`: on a throwaway PostgreSQL cluster
 * instead. `--instances 2` (PostgreSQL): two server processes on one database; the sockets are
 * spread over both, and each trainee's notifications are created through both, so half of them
 * travel from one instance to the other (LISTEN/NOTIFY). Everything runs on 127.0.0.1, the run is
 * bounded in count and time, and what it starts is stopped (also on Ctrl+C).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { newNotificationMessageSchema, SOCKET_PATHS } from '@contract/wire/notifications';
import { WebSocket } from 'ws';
import { ADMIN_TOKEN_HEADER } from '../server/admin/middleware';
import { createTokenService } from '../server/auth/tokens';
import type { Db } from '../server/db';
import { migrate } from '../server/migrate';
import { adminTokenFile } from '../server/paths';
import { seed } from '../server/seed';
import { type BenchServer, instanceOptions, percentile, startBenchInstances } from './bench-server';

const USERS = 200;
const PER_USER = 20;
const IN_FLIGHT = 16;
/** How long to wait for stragglers after the last create call. */
const GRACE_MS = 10_000;
/** No create call starts after this long: a slow machine measures fewer rather than running on. */
const SEND_BUDGET_MS = 180_000;

const email = (index: number) => `live.load.${index}@example.com`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Ids of the trainees, index 1 to USERS. */
const userIds = new Map<number, number>();

/** The trainees, straight into the database before any server opens it (no one signs in). */
async function prepare(db: Db): Promise<void> {
  await migrate(db);
  await seed(db);
  const { rows } = await db.query<{ id: number; n: number }>(
    `INSERT INTO users (full_name, email, role, password_hash, approved, verified)
     SELECT 'Load Trainee ' || n, 'live.load.' || n || '@example.com', 'TRAINEE', 'not-a-password', true, true
     FROM generate_series(1, $1::int) AS n
     RETURNING id, substring(email from 'live\\.load\\.([0-9]+)@')::int AS n`,
    [USERS],
  );
  for (const row of rows) userIds.set(row.n, row.id);
}

interface Instance {
  server: BenchServer;
  adminToken: string;
}

/** The servers under test, each with the admin token its data folder holds. */
async function startInstances(
  count: number,
  postgres: boolean,
  env: Record<string, string>,
): Promise<{ instances: Instance[]; stop(): Promise<void> }> {
  const { servers, stop } = await startBenchInstances({
    count,
    postgres,
    env,
    database: 'kfu_live_bench',
    prepare,
  });
  try {
    const instances = await Promise.all(
      servers.map(async (server) => ({
        server,
        adminToken: (await readFile(adminTokenFile(server.dataDir), 'utf8')).trim(),
      })),
    );
    return { instances, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

interface Client {
  userId: number;
  socket: WebSocket;
}

async function main(): Promise<void> {
  const { instances: count, postgres } = instanceOptions();
  const secretText = randomBytes(32).toString('base64url');
  const tokens = createTokenService(new TextEncoder().encode(secretText));
  const where = postgres ? 'one PostgreSQL database' : 'the embedded database';
  console.log(`Starting ${count} server${count > 1 ? 's' : ''} on ${where} with ${USERS} extra trainees…`);
  const { instances, stop } = await startInstances(count, postgres, { TOKEN_SECRET: secretText });
  const received = new Map<number, number>();
  let misdelivered = 0;
  let closed = 0;
  const clients: Client[] = [];
  try {
    const sentAt = new Map<number, number>();
    const owner = new Map<number, number>();
    /** Ids created through another instance than the one holding the owner's socket. */
    const crossed = new Set<number>();
    const opened: Promise<void>[] = [];
    for (let index = 1; index <= USERS; index += 1) {
      const userId = userIds.get(index) as number;
      const { token } = await tokens.issue('access', { id: userId, role: 'TRAINEE' });
      const { server } = instances[index % count] as Instance;
      const socket = new WebSocket(
        `ws://127.0.0.1:${server.port}${SOCKET_PATHS.notifications}?token=${encodeURIComponent(token)}`,
      );
      socket.on('message', (data) => {
        const at = performance.now();
        const message = newNotificationMessageSchema.safeParse(JSON.parse(data.toString()));
        if (!message.success) return;
        if (owner.has(message.data.id) && owner.get(message.data.id) !== userId) misdelivered += 1;
        if (!received.has(message.data.id)) received.set(message.data.id, at);
      });
      socket.on('close', () => {
        closed += 1;
      });
      opened.push(
        new Promise((resolve, reject) => {
          socket.once('open', () => resolve());
          socket.once('error', reject);
        }),
      );
      clients.push({ userId, socket });
    }
    await Promise.all(opened);
    console.log(`${clients.length} sockets open; sending up to ${USERS * PER_USER} notifications…`);

    const jobs: { index: number; round: number }[] = [];
    for (let round = 1; round <= PER_USER; round += 1)
      for (let index = 1; index <= USERS; index += 1) jobs.push({ index, round });
    const started = performance.now();
    let failed = 0;
    let attempted = 0;
    let next = 0;
    async function worker(): Promise<void> {
      while (next < jobs.length && performance.now() - started < SEND_BUDGET_MS) {
        const job = jobs[next++] as { index: number; round: number };
        attempted += 1;
        // Each trainee's notifications alternate between the instances.
        const through = (job.index + job.round) % count;
        const { server, adminToken } = instances[through] as Instance;
        const at = performance.now();
        const response = await fetch(`${server.origin}/api/v1/admin/notify/`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', [ADMIN_TOKEN_HEADER]: adminToken },
          body: JSON.stringify({ email: email(job.index), title: `Load ${job.round}`, text: 'Load test.' }),
        });
        const body = (await response.json()) as { data?: { id?: number } };
        const id = body.data?.id;
        if (response.status !== 201 || typeof id !== 'number') {
          failed += 1;
          continue;
        }
        sentAt.set(id, at);
        owner.set(id, userIds.get(job.index) as number);
        if (through !== job.index % count) crossed.add(id);
      }
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    const sendSeconds = (performance.now() - started) / 1000;
    const deadline = performance.now() + GRACE_MS;
    while (performance.now() < deadline && [...sentAt.keys()].some((id) => !received.has(id))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const delaysOf = (ids: Iterable<number>) =>
      [...ids]
        .filter((id) => received.has(id))
        .map((id) => (received.get(id) as number) - (sentAt.get(id) as number))
        .sort((a, b) => a - b);
    const delays = delaysOf(sentAt.keys());
    const summary = (sorted: number[]) =>
      `p50 ${ms(percentile(sorted, 0.5))}   p95 ${ms(percentile(sorted, 0.95))}   max ${ms(sorted.at(-1) ?? Number.NaN)}`;
    const sent = sentAt.size;
    console.log();
    console.log(`instances               ${count} (${where})`);
    console.log(`sockets                 ${USERS} (closed during the run: ${closed})`);
    console.log(
      `notifications sent      ${sent} of ${jobs.length} (create calls made: ${attempted}, refused: ${failed})`,
    );
    console.log(
      `delivered / sent        ${delays.length} / ${sent} (${((100 * delays.length) / Math.max(1, sent)).toFixed(2)} %)`,
    );
    console.log(`to the wrong socket     ${misdelivered}`);
    console.log(`create → receipt        ${summary(delays)}`);
    if (count > 1) {
      const across = delaysOf(crossed);
      const same = delaysOf([...sentAt.keys()].filter((id) => !crossed.has(id)));
      console.log(`  same instance         ${summary(same)} (${same.length})`);
      console.log(`  across instances      ${summary(across)} (${across.length})`);
    }
    console.log(
      `create calls            ${(attempted / sendSeconds).toFixed(0)} per second, ${IN_FLIGHT} in flight`,
    );
  } finally {
    for (const client of clients) client.socket.terminate();
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
