/**
 * `npm run bench:live`: how reliably and how fast the notifications socket delivers. Starts the
 * reference server in its own process on a fresh data folder with 200 extra trainees, opens one
 * notifications socket per trainee, creates 20 notifications for each through the admin endpoint
 * (16 calls in flight), and reports delivered / sent and the delay from the create call to the
 * socket message.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { createTokenService } from '../server/auth/tokens';
import { openPglite } from '../server/db';
import { migrate } from '../server/migrate';
import { adminTokenFile, pgliteDir } from '../server/paths';
import { ADMIN_TOKEN_HEADER } from '../server/routes/admin';
import { seed } from '../server/seed';
import { newNotificationMessageSchema, SOCKET_PATHS } from '../src/api/schemas/notifications';
import { percentile, startServer } from './bench-server';

const USERS = 200;
const PER_USER = 20;
const IN_FLIGHT = 16;
/** How long to wait for stragglers after the last create call. */
const GRACE_MS = 10_000;

const email = (index: number) => `live.load.${index}@example.com`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Ids of the trainees, index 1 to USERS. */
const userIds = new Map<number, number>();

/** The 200 trainees, straight into the database before the server opens it (no one signs in). */
async function prepare(dataDir: string): Promise<void> {
  const db = await openPglite(pgliteDir(dataDir));
  try {
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
  } finally {
    await db.close();
  }
}

interface Client {
  userId: number;
  socket: WebSocket;
}

async function main(): Promise<void> {
  const secretText = randomBytes(32).toString('base64url');
  const tokens = createTokenService(new TextEncoder().encode(secretText));
  console.log(`Starting the server with ${USERS} extra trainees…`);
  const server = await startServer({ TOKEN_SECRET: secretText }, prepare);
  const received = new Map<number, number>();
  let misdelivered = 0;
  let closed = 0;
  const clients: Client[] = [];
  try {
    const adminToken = (await readFile(adminTokenFile(server.dataDir), 'utf8')).trim();
    const sentAt = new Map<number, number>();
    const owner = new Map<number, number>();
    const opened: Promise<void>[] = [];
    for (let index = 1; index <= USERS; index += 1) {
      const userId = userIds.get(index) as number;
      const { token } = await tokens.issue('access', { id: userId, role: 'TRAINEE' });
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
    console.log(`${clients.length} sockets open; sending ${USERS * PER_USER} notifications…`);

    const jobs: { index: number; round: number }[] = [];
    for (let round = 1; round <= PER_USER; round += 1)
      for (let index = 1; index <= USERS; index += 1) jobs.push({ index, round });
    const started = performance.now();
    let failed = 0;
    let next = 0;
    async function worker(): Promise<void> {
      while (next < jobs.length) {
        const job = jobs[next++] as { index: number; round: number };
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
      }
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    const sendSeconds = (performance.now() - started) / 1000;
    const deadline = performance.now() + GRACE_MS;
    while (performance.now() < deadline && [...sentAt.keys()].some((id) => !received.has(id))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const delays = [...sentAt.entries()]
      .filter(([id]) => received.has(id))
      .map(([id, at]) => (received.get(id) as number) - at)
      .sort((a, b) => a - b);
    const sent = jobs.length;
    console.log();
    console.log(`sockets                 ${USERS} (closed during the run: ${closed})`);
    console.log(`notifications sent      ${sent} (${PER_USER} per socket; create calls refused: ${failed})`);
    console.log(
      `delivered / sent        ${delays.length} / ${sent} (${((100 * delays.length) / sent).toFixed(2)} %)`,
    );
    console.log(`to the wrong socket     ${misdelivered}`);
    console.log(
      `create → receipt        p50 ${ms(percentile(delays, 0.5))}   p95 ${ms(percentile(delays, 0.95))}   max ${ms(delays.at(-1) ?? Number.NaN)}`,
    );
    console.log(
      `create calls            ${(sent / sendSeconds).toFixed(0)} per second, ${IN_FLIGHT} in flight`,
    );
  } finally {
    for (const client of clients) client.socket.terminate();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
