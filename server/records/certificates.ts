import { randomBytes } from 'node:crypto';
import { certificateCodeOf } from '@contract/domain/certificates';
import type { Db, Queryable } from '../db';
import { courseCompletion } from './completion';

/**
 * Certificates (migration 020): issued once per trainee and course, to a trainee who completed the
 * course by its rule (server/records/completion.ts) once it has ended. Issuing again answers the
 * certificate issued before, so its code never changes; a revoked one stays revoked.
 */

/** A certificate as stored: what the printed page and the verification page state. */
export interface Certificate {
  code: string;
  user_id: number;
  course_id: number;
  holder_name: string;
  course_title: string;
  course_title_ar: string;
  trainer_name: string;
  start_date: string;
  end_date: string;
  hours: number;
  attendance_rate: number | null;
  average_grade: number | null;
  issued_at: string;
  revoked_at: string | null;
  revoke_reason: string | null;
}

/** Why a certificate cannot be issued. */
export type CertificateRefusal = 'not_enrolled' | 'not_ended' | 'not_completed';

const COLUMNS = `code, user_id, course_id, holder_name, course_title, course_title_ar, trainer_name,
  to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date,
  hours::float8 AS hours, attendance_rate::float8 AS attendance_rate, average_grade::float8 AS average_grade,
  to_char(issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS issued_at,
  to_char(revoked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS revoked_at, revoke_reason`;

/** The certificate with this code (as issued: `readCertificateCode` first), if any. */
export async function findCertificate(db: Queryable, code: string): Promise<Certificate | undefined> {
  const { rows } = await db.query<Certificate>(`SELECT ${COLUMNS} FROM certificates WHERE code = $1`, [code]);
  return rows[0];
}

/** The trainee's certificate of a course, if one was issued. */
export async function certificateOf(
  db: Queryable,
  userId: number,
  courseId: number,
): Promise<Certificate | undefined> {
  const { rows } = await db.query<Certificate>(
    `SELECT ${COLUMNS} FROM certificates WHERE user_id = $1 AND course_id = $2`,
    [userId, courseId],
  );
  return rows[0];
}

/**
 * The trainee's certificate of the course: the one issued before, or a new one when the course has
 * ended and the trainee completed it (`issuedNow`); otherwise the reason there is none. Run it in a
 * transaction.
 */
export async function issueCertificate(
  tx: Db,
  userId: number,
  courseId: number,
  now: Date = new Date(),
): Promise<{ certificate: Certificate; issuedNow?: true } | { refused: CertificateRefusal }> {
  const issued = await certificateOf(tx, userId, courseId);
  if (issued) return { certificate: issued };
  const { rows } = await tx.query<{
    title: string;
    title_ar: string;
    start_date: string;
    end_date: string;
    ended: boolean;
    trainer_name: string;
    holder_name: string;
  }>(
    `SELECT c.title, c.title_ar, to_char(c.start_date, 'YYYY-MM-DD') AS start_date,
       to_char(LEAST(c.end_date, centre_date(c.closed_at)), 'YYYY-MM-DD') AS end_date,
       course_ended(c.end_date, c.closed_at) AS ended, t.full_name AS trainer_name, u.full_name AS holder_name
     FROM courses c JOIN users t ON t.id = c.created_by
       JOIN enrolments e ON e.course_id = c.id AND e.user_id = $2 AND e.status IN ('enrolled', 'withdrawal_requested')
       JOIN users u ON u.id = e.user_id
     WHERE c.id = $1 AND c.status = 'Approved'`,
    [courseId, userId],
  );
  const course = rows[0];
  if (!course) return { refused: 'not_enrolled' };
  if (!course.ended) return { refused: 'not_ended' };
  const completion = await courseCompletion(tx, courseId, now, userId);
  const outcome = completion?.trainees[0];
  if (!completion || !outcome?.completed) return { refused: 'not_completed' };
  const { rows: inserted } = await tx.query<Certificate>(
    `INSERT INTO certificates (code, user_id, course_id, holder_name, course_title, course_title_ar,
       trainer_name, start_date, end_date, hours, attendance_rate, average_grade)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (user_id, course_id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      certificateCodeOf(randomBytes(10)),
      userId,
      courseId,
      course.holder_name,
      course.title,
      course.title_ar,
      course.trainer_name,
      course.start_date,
      course.end_date,
      Math.round(completion.held_minutes / 6) / 10,
      outcome.attendance_rate,
      outcome.average_grade,
    ],
  );
  if (inserted[0]) return { certificate: inserted[0], issuedNow: true };
  const certificate = await certificateOf(tx, userId, courseId);
  if (!certificate) throw new Error('The certificate was neither issued nor found');
  return { certificate };
}

/**
 * Revokes a certificate with a reason (`npm run admin -- revoke-certificate`); answers it, or
 * undefined when no certificate has the code. Revoking a revoked certificate keeps the first reason.
 */
export async function revokeCertificate(
  db: Queryable,
  code: string,
  reason: string,
): Promise<Certificate | undefined> {
  await db.query(
    `UPDATE certificates SET revoked_at = now(), revoke_reason = $2 WHERE code = $1 AND revoked_at IS NULL`,
    [code, reason],
  );
  return findCertificate(db, code);
}
