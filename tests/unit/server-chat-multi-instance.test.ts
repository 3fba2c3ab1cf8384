/**
 * The chat on two server instances sharing one PostgreSQL database: a message sent through one
 * reaches the members' sockets on the other, and the history reads the same on both. Needs a
 * PostgreSQL server:
 * `npm run with-postgres -- npx vitest run --project unit tests/unit/server-chat-multi-instance.test.ts`.
 */
import { randomUUID } from 'node:crypto';
import {
  chatReadMessage,
  chatSendMessage,
  chatServerMessageSchema,
  conversationSchema,
  messagePageSchema,
} from '@contract/wire/chat';
import { SOCKET_PATHS } from '@contract/wire/notifications';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../../server/broadcast';
import { signedInTrainee, startTestServer, type TestServer } from '../../server/testing';
import { courseWithSessions } from '../../server/testing-attendance';
import { ensureUser } from '../../server/users';
import { type LiveClient, liveUrl, openLiveClient, within } from './support/live-client';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the chat on two instances of one PostgreSQL database',
  () => {
    let a: TestServer;
    let b: TestServer;
    let trainee: { id: number; token: string };
    let trainer: { id: number; token: string };

    beforeAll(async () => {
      a = await startTestServer();
      b = await startTestServer({ sameDatabaseAs: a });
      const signedIn = await signedInTrainee(a, 'twochats');
      trainee = { id: signedIn.user.id, token: signedIn.token };
      const teacher = await ensureUser(a.db, {
        email: 'two.instances.trainer@example.com',
        password: 'Trainer#2026xyz',
        full_name: 'Two Instances Trainer',
        role: 'TRAINER',
        phone_number: '0551110000',
        govt_id_or_iqama_no: '1077766655',
        approved: true,
      });
      trainer = { id: teacher.id, token: (await a.tokens.issue('access', teacher)).token };
      await courseWithSessions(a.db, {
        trainerId: trainer.id,
        traineeIds: [trainee.id],
        title: 'Two instances',
      });
    }, 120_000);

    afterAll(async () => {
      // The second instance first: the first one drops the database.
      await b?.close();
      await a?.close();
    });

    let probes = 0;
    async function open(instance: TestServer, token: string): Promise<LiveClient> {
      const client = openLiveClient(liveUrl(instance, SOCKET_PATHS.chat, token));
      await client.opened;
      probes += 1;
      const probe = `ready-${probes}`;
      client.socket.send(
        JSON.stringify({ type: 'chat_send', conversation_id: 1, client_id: probe, body: '' }),
      );
      await client.waitFor((message) => (message as unknown as { client_id?: string }).client_id === probe);
      return client;
    }

    async function get(instance: TestServer, path: string, token: string): Promise<unknown> {
      const response = await fetch(`${instance.url}/api/v1${path}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      return response.json();
    }

    it('a message sent on A reaches the other member (and the sender’s other tab) on B; history reads the same', async () => {
      expect([a.broadcast.kind, b.broadcast.kind]).toEqual(['postgres', 'postgres']);
      const started = await fetch(`${a.url}/api/v1/chat/conversations/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${trainee.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ user_id: trainer.id }),
      });
      expect(started.status).toBe(201);
      const conversation = conversationSchema.parse(await started.json());
      const sender = await open(a, trainee.token);
      const otherTab = await open(b, trainee.token);
      const receiver = await open(b, trainer.token);
      const ids = [randomUUID(), randomUUID(), randomUUID()];
      for (const [index, id] of ids.entries())
        sender.socket.send(JSON.stringify(chatSendMessage(conversation.id, id, `Across ${index}`)));
      const last = ids[2] as string;
      for (const client of [receiver, otherTab]) {
        await client.waitFor((m) => {
          const parsed = chatServerMessageSchema.safeParse(m);
          return (
            parsed.success && parsed.data.type === 'chat_message' && parsed.data.message.client_id === last
          );
        });
        const bodies = client.messages.flatMap((m) => {
          const parsed = chatServerMessageSchema.safeParse(m);
          return parsed.success && parsed.data.type === 'chat_message' ? [parsed.data.message.body] : [];
        });
        expect(bodies).toEqual(['Across 0', 'Across 1', 'Across 2']);
      }
      // The reader on B reads: the sender on A sees the receipt.
      receiver.socket.send(JSON.stringify(chatReadMessage(conversation.id, 3)));
      await sender.waitFor(
        (m) => m.type === 'chat_receipt' && (m as unknown as { read_seq: number }).read_seq === 3,
      );

      const path = `/chat/conversations/${conversation.id}/messages/`;
      const onA = messagePageSchema.parse(await get(a, path, trainer.token));
      const onB = messagePageSchema.parse(await get(b, path, trainer.token));
      expect(onA).toEqual(onB);
      expect(onA.results.map((m) => m.seq)).toEqual([1, 2, 3]);
      for (const client of [sender, otherTab, receiver]) client.socket.close();
    });

    it('chat sockets of an instance whose listening connection dropped reconnect (1012) to sync what they missed', async () => {
      const onB = await open(b, trainer.token);
      const admin = new pg.Client({ connectionString: b.databaseUrl });
      await admin.connect();
      try {
        await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = current_database() AND application_name = $1`,
          [LISTENER_APPLICATION_NAME],
        );
      } finally {
        await admin.end();
      }
      expect((await within(onB.closed, 'the close')).code).toBe(1012);
    });
  },
);
