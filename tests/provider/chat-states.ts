import { startSession } from '../../server/auth/sessions';
import { seedChat } from '../../server/chat/seed';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { GRADING_CLASSMATES } from '../../server/grading/seed';
import { seed } from '../../server/seed';
import { LEARNING_COURSES } from '../../server/seed-learning';
import type { TestServer } from '../../server/testing';
import { courseWithSessions } from '../../server/testing-attendance';
import { ensureUser, findUserByEmail, type UserRow } from '../../server/users';
import { CHAT_STATES, INJECTED_CHAT } from '../pact/chat-states';
import { INJECTED_ACCESS_TOKEN } from '../pact/states';
import type { StateHandlers } from './pact-files';

/**
 * The provider states of the chat contracts: the demo trainee, enrolled in Cloud Computing
 * Fundamentals, with the seeded conversation with its trainer (the demo trainer) and its channel
 * (server/chat/seed.ts); or enrolled in a course of a trainer of the state's own, who she has not
 * talked to yet.
 */
export function chatStateHandlers(server: TestServer): StateHandlers {
  const { db, tokens } = server;
  let trainersMade = 0;

  async function user(email: string): Promise<UserRow> {
    const found = await findUserByEmail(db, email);
    if (!found) throw new Error(`The seed did not create ${email}`);
    return found;
  }

  /** The demo trainee, enrolled again in the demo trainer's course (other states may withdraw her). */
  async function trainee(): Promise<UserRow> {
    await seed(db);
    const me = await user(DEMO_ACCOUNTS.trainee.email);
    await db.query(
      `INSERT INTO enrolments (user_id, course_id, status) SELECT $1, id, 'enrolled' FROM courses WHERE slug = $2
       ON CONFLICT (user_id, course_id) DO UPDATE SET status = 'enrolled'`,
      [me.id, LEARNING_COURSES.cloud.slug],
    );
    await seedChat(db);
    return me;
  }

  return {
    [CHAT_STATES.traineeTalksWithTrainer]: async () => {
      const me = await trainee();
      const trainer = await user(DEMO_ACCOUNTS.trainer.email);
      const classmate = await user(GRADING_CLASSMATES[0].email);
      const pair = async (a: number, b: number) => {
        const { rows } = await db.query<{ id: number }>(
          `INSERT INTO conversations (kind, user_low, user_high) VALUES ('direct', LEAST($1::int, $2::int), GREATEST($1::int, $2::int))
           ON CONFLICT (user_low, user_high) WHERE kind = 'direct' DO UPDATE SET kind = EXCLUDED.kind RETURNING id`,
          [a, b],
        );
        const id = rows[0]?.id;
        if (id === undefined) throw new Error('The conversation was not made');
        return id;
      };
      return {
        [INJECTED_ACCESS_TOKEN]: (await startSession(db, tokens, me)).access_token,
        [INJECTED_CHAT.conversationId]: await pair(me.id, trainer.id),
        [INJECTED_CHAT.foreignConversationId]: await pair(classmate.id, trainer.id),
        [INJECTED_CHAT.trainerId]: trainer.id,
        [INJECTED_CHAT.classmateId]: classmate.id,
        [INJECTED_CHAT.traineeId]: me.id,
      };
    },
    [CHAT_STATES.traineeMayStart]: async () => {
      const me = await trainee();
      trainersMade += 1;
      const trainer = await ensureUser(db, {
        email: `chat.trainer.${trainersMade}@example.com`,
        password: 'Trainer#2026xyz',
        full_name: `Khalid Al-Otaibi ${trainersMade}`,
        role: 'TRAINER',
        phone_number: '0501113333',
        govt_id_or_iqama_no: String(1_700_000_000 + trainersMade),
        approved: true,
      });
      await courseWithSessions(db, { trainerId: trainer.id, traineeIds: [me.id], title: 'Chat course' });
      return {
        [INJECTED_ACCESS_TOKEN]: (await startSession(db, tokens, me)).access_token,
        [INJECTED_CHAT.trainerId]: trainer.id,
      };
    },
  };
}
