import type { Db } from '../db';
import { DEMO_ACCOUNTS } from '../demo-accounts';
import { LEARNING_COURSES } from '../seed-learning';
import { findUserByEmail } from '../users';
import { newInvitationToken, tokenHash } from './queries';

/**
 * The demo trainee's sent invitations, so that the profile's "Invite friends" card lists every
 * state: a classmate who accepted one to Cloud Computing Fundamentals, one waiting, and an expired
 * invitation to the platform. Their links were never mailed (random tokens, only hashes kept).
 * Once: nothing is added while the demo trainee has invitations.
 */
export async function seedInvitations(db: Db): Promise<void> {
  const trainee = await findUserByEmail(db, DEMO_ACCOUNTS.trainee.email);
  const classmate = await findUserByEmail(db, 'noura.alharbi@example.com');
  if (!trainee) return;
  const { rows: sent } = await db.query('SELECT 1 FROM invitations WHERE inviter_id = $1 LIMIT 1', [
    trainee.id,
  ]);
  if (sent.length > 0) return;
  const { rows: courses } = await db.query<{ id: number }>('SELECT id FROM courses WHERE slug = $1', [
    LEARNING_COURSES.cloud.slug,
  ]);
  const courseId = courses[0]?.id ?? null;
  const invitations: [email: string, course: number | null, daysAgo: number, acceptedBy: number | null][] = [
    ['reem.alqahtani@example.org', null, 20, null],
    [classmate?.email ?? 'noura.alharbi@example.com', courseId, 3, classmate?.id ?? null],
    ['huda.alsubaie@example.org', courseId, 1, null],
  ];
  await db.transaction(async (tx) => {
    for (const [email, course, daysAgo, acceptedBy] of invitations) {
      await tx.query(
        `INSERT INTO invitations (token_hash, inviter_id, course_id, email, created_at, expires_at, accepted_at, accepted_by)
         VALUES ($1, $2, $3, $4, now() - make_interval(days => $5), now() - make_interval(days => $5) + interval '14 days',
                 CASE WHEN $6::int IS NULL THEN NULL ELSE now() - make_interval(days => $5 - 1) END, $6)`,
        [tokenHash(newInvitationToken()), trainee.id, course, email, daysAgo, acceptedBy],
      );
    }
  });
}
