/**
 * `npm run bench:chat [-- --instances 2] [-- --postgres]`: how reliably and how fast the chat
 * delivers. Starts the reference server in its own process with 100 extra trainers and 100 extra
 * trainees, each pair sharing a course of its own and a direct conversation (straight into the
 * database), opens one /ws/chat socket per person, and lets everyone send a message about every
 * 2 s for 20 s (under the send limit). Each message's other member acknowledges it with
 * `chat_received`, as the web app does. Reports sent, delivered to the other member, duplicates,
 * lost, and the delay from the send to the other member's socket.
 *
 * By default one server on the embedded database. `--postgres`: on a throwaway PostgreSQL cluster.
 * `--instances 2` (PostgreSQL): two server processes on one database, the two members of each
 * conversation on different instances, so every message crosses through LISTEN/NOTIFY. Everything
 * runs on 127.0.0.1, the run is bounded in time, and what it starts is stopped (also on Ctrl+C).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { chatReceivedMessage, chatSendMessage, chatServerMessageSchema } from '@contract/wire/chat';
import { SOCKET_PATHS } from '@contract/wire/notifications';
import { WebSocket } from 'ws';
import { createTokenService } from '../server/auth/tokens';
import type { Db } from '../server/db';
import { migrate } from '../server/migrate';
import { seed } from '../server/seed';
import { courseWithSessions } from '../server/testing-attendance';
import { type BenchServer, instanceOptions, percentile, startBenchInstances } from './bench-server';

const PAIRS = 100;
const SEND_FOR_MS = 20_000;
const SEND_EVERY_MS = 2_000;
/** How long to wait for stragglers after the last send. */
const GRACE_MS = 10_000;

const ms = (value: number) => `${value.toFixed(1)} ms`;

interface Pair {
  trainee: number;
  trainer: number;
  conversation: number;
}
const pairs: Pair[] = [];

/** The people, their courses and conversations, before any server opens the database. */
async function prepare(db: Db): Promise<void> {
  await migrate(db);
  await seed(db);
  const { rows } = await db.query<{ id: number; role: string; n: number }>(
    `INSERT INTO users (full_name, email, role, password_hash, approved, verified)
     SELECT 'Chat Load ' || r || ' ' || n, 'chat.load.' || lower(r) || '.' || n || '@example.com', r,
       'not-a-password', true, true
     FROM generate_series(1, $1::int) AS n CROSS JOIN (VALUES ('TRAINEE'), ('TRAINER')) AS roles (r)
     RETURNING id, role, substring(email from '\\.([0-9]+)@')::int AS n`,
    [PAIRS],
  );
  const idOf = (role: string, n: number) =>
    rows.find((row) => row.role === role && row.n === n)?.id as number;
  for (let n = 1; n <= PAIRS; n += 1) {
    const trainee = idOf('TRAINEE', n);
    const trainer = idOf('TRAINER', n);
    await courseWithSessions(db, { trainerId: trainer, traineeIds: [trainee], title: `Chat load ${n}` });
    const { rows: conversation } = await db.query<{ id: number }>(
      `INSERT INTO conversations (kind, user_low, user_high) VALUES ('direct', LEAST($1::int, $2::int), GREATEST($1::int, $2::int))
       RETURNING id`,
      [trainee, trainer],
    );
    pairs.push({ trainee, trainer, conversation: conversation[0]?.id as number });
  }
}

interface Member {
  userId: number;
  role: 'TRAINEE' | 'TRAINER';
  conversation: number;
  socket: WebSocket;
}

async function main(): Promise<void> {
  const { instances: count, postgres } = instanceOptions();
  const secretText = randomBytes(32).toString('base64url');
  const tokens = createTokenService(new TextEncoder().encode(secretText));
  const where = postgres ? 'one PostgreSQL database' : 'the embedded database';
  console.log(`Starting ${count} server${count > 1 ? 's' : ''} on ${where} with ${PAIRS} conversations…`);
  const { servers, stop } = await startBenchInstances({
    count,
    postgres,
    env: { TOKEN_SECRET: secretText },
    database: 'kfu_chat_bench',
    prepare,
  });
  const members: Member[] = [];
  /** client id → when it was sent, and by whom. */
  const sent = new Map<string, { at: number; by: number }>();
  /** client id → when the other member's socket got it. */
  const delivered = new Map<string, number>();
  let duplicates = 0;
  let acked = 0;
  let refused = 0;
  let closed = 0;
  try {
    const opened: Promise<void>[] = [];
    for (const [index, pair] of pairs.entries()) {
      for (const [role, userId] of [
        ['TRAINEE', pair.trainee],
        ['TRAINER', pair.trainer],
      ] as const) {
        const { token } = await tokens.issue('access', { id: userId, role });
        // With two instances the two members of a conversation are on different ones.
        const server = servers[(index + (role === 'TRAINER' ? 1 : 0)) % count] as BenchServer;
        const socket = new WebSocket(
          `ws://127.0.0.1:${server.port}${SOCKET_PATHS.chat}?token=${encodeURIComponent(token)}`,
        );
        const member: Member = { userId, role, conversation: pair.conversation, socket };
        socket.on('message', (data) => {
          const at = performance.now();
          const parsed = chatServerMessageSchema.safeParse(JSON.parse(data.toString()));
          if (!parsed.success) return;
          const message = parsed.data;
          if (message.type === 'chat_ack') acked += 1;
          else if (message.type === 'chat_error') refused += 1;
          else if (message.type === 'chat_message' && message.message.sender_id !== userId) {
            const id = message.message.client_id;
            if (delivered.has(id)) duplicates += 1;
            else delivered.set(id, at);
            socket.send(
              JSON.stringify(chatReceivedMessage(message.message.conversation_id, message.message.seq)),
            );
          }
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
        members.push(member);
      }
    }
    await Promise.all(opened);
    console.log(
      `${members.length} sockets open; everyone sends every ${SEND_EVERY_MS / 1000} s for ${SEND_FOR_MS / 1000} s…`,
    );

    const started = performance.now();
    await Promise.all(
      members.map(async (member) => {
        // Spread the first sends over the interval, so they do not all come at once.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * SEND_EVERY_MS));
        let round = 0;
        while (performance.now() - started < SEND_FOR_MS) {
          round += 1;
          const id = randomUUID();
          if (member.socket.readyState !== WebSocket.OPEN) return;
          sent.set(id, { at: performance.now(), by: member.userId });
          member.socket.send(
            JSON.stringify(chatSendMessage(member.conversation, id, `${member.role} message ${round}`)),
          );
          await new Promise((resolve) => setTimeout(resolve, SEND_EVERY_MS));
        }
      }),
    );
    const deadline = performance.now() + GRACE_MS;
    while (performance.now() < deadline && [...sent.keys()].some((id) => !delivered.has(id))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const delays = [...sent.entries()]
      .filter(([id]) => delivered.has(id))
      .map(([id, { at }]) => (delivered.get(id) as number) - at)
      .sort((a, b) => a - b);
    const lost = sent.size - delays.length;
    console.log();
    console.log(`instances               ${count} (${where})`);
    console.log(`sockets                 ${members.length} (closed during the run: ${closed})`);
    console.log(`sent                    ${sent.size} (acknowledged: ${acked}, refused: ${refused})`);
    console.log(
      `delivered / sent        ${delays.length} / ${sent.size} (${((100 * delays.length) / Math.max(1, sent.size)).toFixed(2)} %)`,
    );
    console.log(`duplicates              ${duplicates}`);
    console.log(`lost                    ${lost}`);
    console.log(
      `send → other member     p50 ${ms(percentile(delays, 0.5))}   p95 ${ms(percentile(delays, 0.95))}   max ${ms(delays.at(-1) ?? Number.NaN)}`,
    );
  } finally {
    for (const member of members) member.socket.terminate();
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
