import type { Db } from '../db';
import { issueCertificate } from '../records/certificates';
import { RECORD_COURSES } from '../records/seed';

/**
 * The demo data's certificates: every trainee who completed an ended seeded course (the records'
 * seed, server/records/seed.ts) gets theirs, as `issueCertificate` issues it; the demo trainee has
 * one for Project Management Essentials. Idempotent: a certificate is issued once, and issuing again
 * answers the same one (its code never changes).
 */
export async function seedCertificates(db: Db, now: Date = new Date()): Promise<void> {
  const { rows } = await db.query<{ user_id: number; course_id: number }>(
    `SELECT e.user_id, e.course_id
     FROM enrolments e JOIN courses c ON c.id = e.course_id
     WHERE c.slug = ANY($1::text[]) AND course_ended(c.end_date, c.closed_at)
       AND e.status IN ('enrolled', 'withdrawal_requested')
     ORDER BY e.course_id, e.user_id`,
    [Object.values(RECORD_COURSES).map((course) => course.slug)],
  );
  for (const { user_id, course_id } of rows) {
    // Refusals (not completed) leave nothing behind.
    await db.transaction((tx) => issueCertificate(tx, user_id, course_id, now));
  }
}
