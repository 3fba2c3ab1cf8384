import type {
  CertificateBlock,
  HistoryDetails,
  HistoryEntry,
  HistoryStatus,
  PendingReason,
} from '@contract/wire/history';
import type { Queryable } from '../db';
import { type Certificate, certificateOf } from '../records/certificates';
import { courseCompletion, traineeCompletion, traineeRecord } from '../records/completion';

/**
 * The trainee's course history (contract/wire/history.ts): a status per enrolment, decided from the
 * enrolment, its last payment and whether the course has ended (`course_ended`, migration 019). The
 * figures of a course are the completion rule's (server/records/completion.ts), never counted here.
 */

interface EnrolmentRow {
  course_id: number;
  title: string;
  title_ar: string;
  start_date: string;
  end_date: string;
  trainer_name: string;
  enrolment: 'awaiting_payment' | 'enrolled' | 'withdrawal_requested' | 'withdrawn' | 'dropped';
  last_payment: string | null;
  ended: boolean;
}

const ENROLMENTS = `SELECT c.id AS course_id, c.title, c.title_ar, to_char(c.start_date, 'YYYY-MM-DD') AS start_date,
    to_char(LEAST(c.end_date, centre_date(c.closed_at)), 'YYYY-MM-DD') AS end_date,
    t.full_name AS trainer_name, e.status AS enrolment, course_ended(c.end_date, c.closed_at) AS ended,
    (SELECT p.status FROM payments p WHERE p.user_id = e.user_id AND p.course_id = e.course_id
      ORDER BY p.created_at DESC LIMIT 1) AS last_payment
  FROM enrolments e JOIN courses c ON c.id = e.course_id JOIN users t ON t.id = c.created_by
  WHERE e.user_id = $1`;

/** The status an enrolment shows in the history, or undefined when it has none (a card payment under way). */
function statusOf(row: EnrolmentRow): { status: HistoryStatus; pending_reason: PendingReason } | undefined {
  switch (row.enrolment) {
    case 'enrolled':
      return { status: row.ended ? 'Completed' : 'Approved', pending_reason: null };
    case 'withdrawal_requested':
      return row.ended
        ? { status: 'Completed', pending_reason: null }
        : { status: 'Pending', pending_reason: 'withdrawal' };
    case 'withdrawn':
    case 'dropped':
      return { status: 'Deleted', pending_reason: null };
    case 'awaiting_payment':
      if (row.last_payment === 'awaiting_cash') return { status: 'Pending', pending_reason: 'cash' };
      if (row.last_payment === 'failed') return { status: 'Rejected', pending_reason: null };
      return undefined;
  }
}

const newestFirst = (a: EnrolmentRow, b: EnrolmentRow) =>
  b.start_date.localeCompare(a.start_date) || b.course_id - a.course_id;

/** Every course the trainee has had, newest first. */
export async function traineeHistory(
  db: Queryable,
  userId: number,
  now = new Date(),
): Promise<HistoryEntry[]> {
  const { rows } = await db.query<EnrolmentRow>(ENROLMENTS, [userId]);
  const entries: HistoryEntry[] = [];
  for (const row of rows.sort(newestFirst)) {
    const status = statusOf(row);
    if (!status) continue;
    const completed =
      status.status === 'Completed'
        ? ((await traineeCompletion(db, row.course_id, userId, now))?.completed ?? false)
        : null;
    entries.push({
      course_id: row.course_id,
      title: row.title,
      title_ar: row.title_ar,
      start_date: row.start_date,
      end_date: row.end_date,
      ...status,
      completed,
    });
  }
  return entries;
}

async function enrolmentOf(db: Queryable, userId: number, courseId: number) {
  const { rows } = await db.query<EnrolmentRow>(`${ENROLMENTS} AND e.course_id = $2`, [userId, courseId]);
  const row = rows[0];
  const status = row && statusOf(row);
  return row && status ? { row, ...status } : undefined;
}

const hoursOf = (minutes: number) => Math.round(minutes / 6) / 10;

function issued(certificate: Certificate | undefined): HistoryDetails['certificate'] {
  return certificate
    ? { code: certificate.code, issued_at: certificate.issued_at, revoked_at: certificate.revoked_at }
    : null;
}

/** One course of the trainee's history with their figures; undefined when the trainee never had it. */
export async function historyDetails(
  db: Queryable,
  userId: number,
  courseId: number,
  now = new Date(),
): Promise<HistoryDetails | undefined> {
  const found = await enrolmentOf(db, userId, courseId);
  if (!found) return undefined;
  const { row, status, pending_reason } = found;
  const record = await traineeRecord(db, courseId, userId, now);
  // Not enrolled (left, or not confirmed): the course's own hours and rule, none of the trainee's figures.
  const course = record ?? (await courseCompletion(db, courseId, now, userId));
  const certificate = await certificateOf(db, userId, courseId);
  const block: CertificateBlock = certificate
    ? null
    : !record
      ? 'not_enrolled'
      : !row.ended
        ? 'not_ended'
        : record.completed
          ? null
          : 'not_completed';
  return {
    course_id: row.course_id,
    title: row.title,
    title_ar: row.title_ar,
    start_date: row.start_date,
    end_date: row.end_date,
    trainer_name: row.trainer_name,
    status,
    pending_reason,
    ended: row.ended,
    hours: hoursOf(course?.held_minutes ?? 0),
    sessions_held: course?.sessions_held ?? 0,
    present: record?.present ?? 0,
    attendance_rate: record?.attendance_rate ?? null,
    grades: (record?.grades ?? []).map(({ lecture_id, title, title_ar, kind, grade }) => ({
      lecture_id,
      title,
      title_ar,
      kind,
      grade,
    })),
    average_grade: record?.average_grade ?? null,
    rule: course?.rule ?? { min_attendance: 0, min_grade: 0 },
    attendance_met: record?.attendance_met ?? false,
    grade_met: record?.grade_met ?? false,
    completed: record?.completed ?? false,
    certificate: issued(certificate),
    certificate_block: block,
  };
}

/** Whether the trainee ever had the course (an enrolment of any state). */
export async function everEnrolled(db: Queryable, userId: number, courseId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM enrolments WHERE user_id = $1 AND course_id = $2', [
    userId,
    courseId,
  ]);
  return rows.length > 0;
}

/** A row of the transcript: a course the trainee took that has ended. */
export interface TranscriptRow {
  course_id: number;
  title: string;
  title_ar: string;
  start_date: string;
  end_date: string;
  hours: number;
  attendance_rate: number | null;
  average_grade: number | null;
  completed: boolean;
  certificate_code: string | null;
}

/** The transcript's rows: every Completed course of the history, oldest first. */
export async function transcriptRows(
  db: Queryable,
  userId: number,
  now = new Date(),
): Promise<TranscriptRow[]> {
  const { rows } = await db.query<EnrolmentRow>(ENROLMENTS, [userId]);
  const ended = rows.filter((row) => statusOf(row)?.status === 'Completed').sort((a, b) => newestFirst(b, a));
  const answer: TranscriptRow[] = [];
  for (const row of ended) {
    const record = await traineeRecord(db, row.course_id, userId, now);
    const certificate = await certificateOf(db, userId, row.course_id);
    answer.push({
      course_id: row.course_id,
      title: row.title,
      title_ar: row.title_ar,
      start_date: row.start_date,
      end_date: row.end_date,
      hours: hoursOf(record?.held_minutes ?? 0),
      attendance_rate: record?.attendance_rate ?? null,
      average_grade: record?.average_grade ?? null,
      completed: record?.completed ?? false,
      certificate_code: certificate && !certificate.revoked_at ? certificate.code : null,
    });
  }
  return answer;
}
