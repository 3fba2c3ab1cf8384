import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { DEMO_ACCOUNTS } from '../demo-accounts';
import { findUserByEmail } from '../users';

/**
 * The demo trainee's course history beyond what she studies (server/seed-learning.ts) and the ended
 * course of the records (server/records/seed.ts): a course she withdrew from (Deleted) and one whose
 * cash payment waits for the centre (Pending), so every status but Rejected shows something real.
 *
 * Idempotent: an enrolment that exists (whatever its state) is left as it is.
 */

/** The seeded catalogue courses (server/seed-public.ts slugs) of the demo trainee's history. */
export const HISTORY_COURSES = {
  withdrawn: { slug: 'business-3' },
  cashPending: { slug: 'languages-3' },
} as const;

const VAT_BASIS_POINTS = 1500;

export async function seedHistory(db: Db): Promise<void> {
  const trainee = await findUserByEmail(db, DEMO_ACCOUNTS.trainee.email);
  if (!trainee) return;
  const { rows } = await db.query<{ id: number; slug: string; price: number }>(
    'SELECT id, slug, price_halalas AS price FROM courses WHERE slug = ANY($1::text[])',
    [[HISTORY_COURSES.withdrawn.slug, HISTORY_COURSES.cashPending.slug]],
  );
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  const withdrawn = bySlug.get(HISTORY_COURSES.withdrawn.slug);
  const cash = bySlug.get(HISTORY_COURSES.cashPending.slug);
  await db.transaction(async (tx) => {
    if (withdrawn) {
      await tx.query(
        `INSERT INTO enrolments (user_id, course_id, status, withdrawal_reason, withdrawal_requested_at,
           withdrawal_decided_at, created_at, updated_at)
         VALUES ($1, $2, 'withdrawn', 'My work schedule changed.', now() - interval '20 days',
           now() - interval '18 days', now() - interval '30 days', now() - interval '18 days')
         ON CONFLICT (user_id, course_id) DO NOTHING`,
        [trainee.id, withdrawn.id],
      );
    }
    if (cash) {
      const { rows: created } = await tx.query(
        `INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'awaiting_payment')
         ON CONFLICT (user_id, course_id) DO NOTHING RETURNING id`,
        [trainee.id, cash.id],
      );
      if (created.length > 0) {
        const subtotal = cash.price > 0 ? cash.price : 29_900;
        const vat = Math.round((subtotal * VAT_BASIS_POINTS) / 10_000);
        await tx.query(
          `INSERT INTO payments (id, user_id, course_id, method, status, subtotal, vat, total, vat_rate, idempotency_key)
           VALUES ($1, $2, $3, 'cash', 'awaiting_cash', $4, $5, $6, $7, $8)`,
          [randomUUID(), trainee.id, cash.id, subtotal, vat, subtotal + vat, VAT_BASIS_POINTS, randomUUID()],
        );
      }
    }
  });
}
