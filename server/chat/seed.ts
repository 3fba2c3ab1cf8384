import type { Db } from '../db';
import { DEMO_ACCOUNTS } from '../demo-accounts';
import { GRADING_CLASSMATES } from '../grading/seed';
import { LEARNING_COURSES } from '../seed-learning';

/**
 * Chat demo data: the demo trainee and the demo trainer talking directly, and the Cloud Computing
 * Fundamentals channel (the demo trainer's course, the demo trainee and her classmates of
 * server/grading/seed.ts), in English and Arabic. The demo trainee has read all but the newest
 * message of each, so /messages shows 2 unread.
 *
 * Idempotent: a conversation that has messages already (seeded, or written on the demo since) is
 * left as it is.
 */

type Author = 'trainee' | 'trainer' | (typeof GRADING_CLASSMATES)[number]['email'];

interface SeedMessage {
  from: Author;
  body: string;
  /** When it was sent, in minutes before the seed ran. */
  minutesAgo: number;
}

const DIRECT: readonly SeedMessage[] = [
  { from: 'trainee', body: 'Hello, I cannot open the week 2 lab. Is there another link?', minutesAgo: 190 },
  {
    from: 'trainer',
    body: 'Hello Sara, the link is fixed now. Try it again and tell me if it works.',
    minutesAgo: 175,
  },
  { from: 'trainee', body: 'شكرًا جزيلًا، الرابط يعمل الآن.', minutesAgo: 170 },
  { from: 'trainer', body: 'ممتاز! لا تنسي رفع الـ assignment قبل يوم الخميس.', minutesAgo: 40 },
];

const CHANNEL: readonly SeedMessage[] = [
  {
    from: 'trainer',
    body: 'Welcome to Cloud Computing Fundamentals! Ask your questions about the course here.',
    minutesAgo: 2880,
  },
  {
    from: 'noura.alharbi@example.com',
    body: 'هل يشمل الاختبار القصير الأجهزة الافتراضية فقط؟',
    minutesAgo: 300,
  },
  {
    from: 'trainer',
    body: 'The quiz covers virtual machines and cloud storage. Read the week 3 notes first.',
    minutesAgo: 280,
  },
  {
    from: 'fahad.alzahrani@example.com',
    body: 'Thanks! Is anyone starting a study group for the quiz?',
    minutesAgo: 25,
  },
];

/** Stores the messages of a conversation that has none, and everyone's read positions. */
async function seedConversation(
  db: Db,
  conversationId: number,
  messages: readonly SeedMessage[],
  people: Map<Author, number>,
  /** How many of the messages each author has read (they read their own, and what came before). */
  readBy: (author: Author, index: number) => boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ last_seq: number }>(
      'SELECT last_seq FROM conversations WHERE id = $1 FOR UPDATE',
      [conversationId],
    );
    if ((rows[0]?.last_seq ?? 1) !== 0) return;
    for (const [index, message] of messages.entries()) {
      const seq = index + 1;
      // A fixed client id per seeded message: the same seed always writes the same messages.
      const clientId = `c4a70000-0000-4000-8000-${String(conversationId).padStart(6, '0')}${String(seq).padStart(6, '0')}`;
      await tx.query(
        `INSERT INTO chat_messages (conversation_id, seq, sender_id, client_id, body, created_at)
         VALUES ($1, $2, $3, $4, $5, now() - make_interval(mins => $6))`,
        [conversationId, seq, people.get(message.from) ?? null, clientId, message.body, message.minutesAgo],
      );
    }
    const last = messages[messages.length - 1];
    await tx.query(
      `UPDATE conversations SET last_seq = $2, last_message_at = now() - make_interval(mins => $3) WHERE id = $1`,
      [conversationId, messages.length, last?.minutesAgo ?? 0],
    );
    for (const [author, userId] of people) {
      let read = 0;
      for (const [index] of messages.entries()) if (readBy(author, index)) read = index + 1;
      await tx.query(
        `INSERT INTO chat_positions (conversation_id, user_id, delivered_seq, read_seq, notified_seq)
         VALUES ($1, $2, $3, $3, $3) ON CONFLICT (conversation_id, user_id) DO NOTHING`,
        [conversationId, userId, read],
      );
    }
  });
}

export async function seedChat(db: Db): Promise<void> {
  const { rows: users } = await db.query<{ id: number; email: string }>(
    'SELECT id, email FROM users WHERE email = ANY($1::text[])',
    [[DEMO_ACCOUNTS.trainee.email, DEMO_ACCOUNTS.trainer.email, ...GRADING_CLASSMATES.map((c) => c.email)]],
  );
  const idOf = (email: string) => users.find((user) => user.email === email)?.id;
  const trainee = idOf(DEMO_ACCOUNTS.trainee.email);
  const trainer = idOf(DEMO_ACCOUNTS.trainer.email);
  if (trainee === undefined || trainer === undefined) return;
  const people = new Map<Author, number>([
    ['trainee', trainee],
    ['trainer', trainer],
  ]);
  for (const classmate of GRADING_CLASSMATES) {
    const id = idOf(classmate.email);
    if (id !== undefined) people.set(classmate.email, id);
  }

  const { rows: direct } = await db.query<{ id: number }>(
    `INSERT INTO conversations (kind, user_low, user_high, created_at)
     VALUES ('direct', LEAST($1::int, $2::int), GREATEST($1::int, $2::int), now() - interval '4 hours')
     ON CONFLICT (user_low, user_high) WHERE kind = 'direct' DO UPDATE SET kind = EXCLUDED.kind RETURNING id`,
    [trainee, trainer],
  );
  const directId = direct[0]?.id;
  // The trainee has not read the trainer's newest message; the trainer has read everything.
  if (directId !== undefined)
    await seedConversation(
      db,
      directId,
      DIRECT,
      new Map([...people].filter(([a]) => a === 'trainee' || a === 'trainer')),
      (author, index) => author === 'trainer' || index < DIRECT.length - 1,
    );

  const { rows: channel } = await db.query<{ id: number }>(
    `INSERT INTO conversations (kind, course_id, created_at)
     SELECT 'course', id, now() - interval '3 days' FROM courses WHERE slug = $1 AND status = 'Approved'
     ON CONFLICT (course_id) WHERE kind = 'course' DO UPDATE SET kind = EXCLUDED.kind RETURNING id`,
    [LEARNING_COURSES.cloud.slug],
  );
  const channelId = channel[0]?.id;
  // Everyone has read what came before their own last message; the trainee all but the newest.
  if (channelId !== undefined)
    await seedConversation(db, channelId, CHANNEL, people, (author, index) =>
      author === 'trainee'
        ? index < CHANNEL.length - 1
        : CHANNEL.slice(index).some((message) => message.from === author) || author === 'trainer',
    );
}
