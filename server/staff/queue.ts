import type {
  QueueCounts,
  QueueItem,
  QueueKind,
  StaffCashPayment,
  StaffCourse,
  StaffWithdrawal,
  TrainerApplication,
} from '@contract/wire/staff';
import type { Db, Queryable } from '../db';
import { type Page, type PageRequest, selectPage } from '../paging';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;
const at = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', ${ISO})`;

/**
 * Everything that waits for a decision, one row each: a verified trainer's application, a course
 * sent for approval, a withdrawal asked for, a cash payment to take, a change of an approved
 * course's details.
 */
const WAITING = `
  SELECT 'trainer' AS kind, u.id::text AS id, u.created_at AS at, u.full_name AS title,
         NULL::text AS title_ar, u.id AS person_id, u.full_name AS person_name, u.email AS person_email,
         NULL::int AS amount
  FROM users u
  WHERE u.role = 'TRAINER' AND NOT u.approved AND u.verified AND u.rejected_at IS NULL AND u.closed_at IS NULL
  UNION ALL
  SELECT 'course', c.id::text, c.updated_at, c.title, c.title_ar, t.id, t.full_name, t.email, c.price_halalas
  FROM courses c JOIN users t ON t.id = c.created_by
  WHERE c.status = 'Pending'
  UNION ALL
  SELECT 'withdrawal', e.id::text, e.withdrawal_requested_at, c.title, c.title_ar, u.id, u.full_name, u.email,
         NULL::int
  FROM enrolments e JOIN courses c ON c.id = e.course_id JOIN users u ON u.id = e.user_id
  WHERE e.status = 'withdrawal_requested'
  UNION ALL
  SELECT 'cash', p.id::text, p.created_at, c.title, c.title_ar, u.id, u.full_name, u.email, p.total
  FROM payments p JOIN courses c ON c.id = p.course_id JOIN users u ON u.id = p.user_id
  WHERE p.method = 'cash' AND p.status = 'awaiting_cash'
  UNION ALL
  SELECT 'revision', r.id::text, r.submitted_at, c.title, c.title_ar, u.id, u.full_name, u.email,
         (r.proposed ->> 'price_halalas')::int
  FROM course_revisions r JOIN courses c ON c.id = r.course_id JOIN users u ON u.id = r.submitted_by
  WHERE r.status = 'Pending' AND c.status <> 'Deleted'`;

interface QueueRow {
  kind: QueueKind;
  id: string;
  at: string;
  title: string;
  title_ar: string | null;
  person_id: number;
  person_name: string;
  person_email: string;
  amount: number | null;
}

/** How many items of each kind wait. */
export async function queueCounts(db: Queryable): Promise<QueueCounts> {
  const { rows } = await db.query<{ kind: QueueKind; count: number }>(
    `SELECT kind, count(*)::int AS count FROM (${WAITING}) q GROUP BY kind`,
  );
  const counts: QueueCounts = { trainer: 0, course: 0, withdrawal: 0, cash: 0, revision: 0, total: 0 };
  for (const { kind, count } of rows) {
    counts[kind] = count;
    counts.total += count;
  }
  return counts;
}

/** One page of the queue, newest first, of one kind or all. */
export async function queuePage(
  db: Db,
  kind: QueueKind | undefined,
  request: PageRequest,
): Promise<Page<QueueItem>> {
  const where = kind ? 'WHERE kind = $1' : '';
  const params = kind ? [kind] : [];
  const page = await selectPage<QueueRow>(
    db,
    request,
    {
      sql: `SELECT kind, id, ${at('at')} AS at, title, title_ar, person_id, person_name, person_email, amount
            FROM (${WAITING}) q ${where} ORDER BY q.at DESC, kind, id DESC`,
      params,
    },
    { sql: `SELECT count(*)::int AS count FROM (${WAITING}) q ${where}`, params },
  );
  return {
    ...page,
    results: page.results.map((row) => ({
      kind: row.kind,
      id: row.id,
      at: row.at,
      title: row.title,
      title_ar: row.title_ar,
      person: { id: row.person_id, full_name: row.person_name, email: row.person_email },
      amount: row.amount,
    })),
  };
}

const CV_TYPES = { pdf: 'pdf', docx: 'docx', doc: 'doc' } as const;

/** The file type of a stored CV, by its stored name's extension. */
export function cvType(file: string): keyof typeof CV_TYPES | null {
  const extension = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  return extension in CV_TYPES ? CV_TYPES[extension as keyof typeof CV_TYPES] : null;
}

export interface ApplicantRow {
  id: number;
  full_name: string;
  email: string;
  phone_number: string | null;
  govt_id_or_iqama_no: string | null;
  applied_at: string;
  approved: boolean;
  rejected: boolean;
  rejection_reason: string | null;
  cv_file: string | null;
  cv_name: string | null;
}

/** A trainer's account and application; undefined when there is no such trainer. */
export async function findApplicant(db: Queryable, id: number): Promise<ApplicantRow | undefined> {
  const { rows } = await db.query<ApplicantRow>(
    `SELECT id, full_name, email, phone_number, govt_id_or_iqama_no, ${at('created_at')} AS applied_at,
            approved, rejected_at IS NOT NULL AS rejected, rejection_reason, cv_file, cv_name
     FROM users WHERE id = $1 AND role = 'TRAINER' AND verified AND closed_at IS NULL`,
    [id],
  );
  return rows[0];
}

/** The application as the staff read it; `cvSize` is the stored CV's size (null: none stored). */
export function toApplication(row: ApplicantRow, cvSize: number | null): TrainerApplication {
  const type = row.cv_file ? cvType(row.cv_file) : null;
  return {
    id: row.id,
    full_name: row.full_name,
    email: row.email,
    phone_number: row.phone_number,
    govt_id_or_iqama_no: row.govt_id_or_iqama_no,
    applied_at: row.applied_at,
    status: row.approved ? 'approved' : row.rejected ? 'rejected' : 'waiting',
    rejection_reason: row.rejection_reason,
    cv: type && cvSize !== null ? { name: row.cv_name || `cv.${type}`, type, size: cvSize } : null,
  };
}

/** A course as its trainees will see it, in any status but deleted. */
export async function findStaffCourse(db: Queryable, id: number): Promise<StaffCourse | undefined> {
  const { rows } = await db.query<
    Omit<StaffCourse, 'category' | 'trainer' | 'weeks'> & {
      category_name: string;
      category_name_ar: string;
      weeks: { syllabus_title?: unknown; syllabus_title_ar?: unknown }[];
      trainer_id: number;
      trainer_name: string;
      trainer_email: string;
    }
  >(
    `SELECT c.id, c.status, c.title, c.title_ar, c.subtitle, c.subtitle_ar, c.description, c.description_ar,
            k.name AS category_name, k.name_ar AS category_name_ar, c.price_halalas AS price,
            c.start_date::text AS start_date, c.end_date::text AS end_date, c.skill_level, c.languages,
            c.weeks, t.id AS trainer_id, t.full_name AS trainer_name, t.email AS trainer_email,
            ${at('c.updated_at')} AS submitted_at, c.rejection_reason
     FROM courses c JOIN course_categories k ON k.id = c.category_id JOIN users t ON t.id = c.created_by
     WHERE c.id = $1 AND c.status <> 'Deleted'`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { category_name, category_name_ar, trainer_id, trainer_name, trainer_email, weeks, ...course } = row;
  return {
    ...course,
    category: { name: category_name, name_ar: category_name_ar },
    // The syllabus: each week's title as the trainer wrote it (courses.weeks).
    weeks: (Array.isArray(weeks) ? weeks : []).map((week) => ({
      title: typeof week?.syllabus_title === 'string' ? week.syllabus_title : '',
      title_ar: typeof week?.syllabus_title_ar === 'string' ? week.syllabus_title_ar : '',
    })),
    languages: Array.isArray(course.languages) ? course.languages.map(String) : [],
    trainer: { id: trainer_id, full_name: trainer_name, email: trainer_email },
  };
}

/** A withdrawal request (by enrolment id), its payment, and the refund approving it gives. */
export async function findStaffWithdrawal(db: Queryable, id: number): Promise<StaffWithdrawal | undefined> {
  const { rows } = await db.query<{
    id: number;
    status: string;
    user_id: number;
    full_name: string;
    email: string;
    course_id: number;
    title: string;
    title_ar: string;
    start_date: string;
    reason: string | null;
    requested_at: string | null;
    before_start: boolean | null;
    payment_id: string | null;
    method: 'card' | 'wallet' | 'cash' | 'free' | null;
    total: number | null;
    paid_at: string | null;
  }>(
    `SELECT e.id, e.status, u.id AS user_id, u.full_name, u.email, c.id AS course_id, c.title, c.title_ar,
            c.start_date::text AS start_date, e.withdrawal_reason AS reason,
            ${at('e.withdrawal_requested_at')} AS requested_at, e.withdrawal_before_start AS before_start,
            p.id::text AS payment_id, p.method, p.total, ${at('p.paid_at')} AS paid_at
     FROM enrolments e JOIN users u ON u.id = e.user_id JOIN courses c ON c.id = e.course_id
     LEFT JOIN payments p ON p.user_id = e.user_id AND p.course_id = e.course_id AND p.status = 'paid'
     WHERE e.id = $1 AND e.withdrawal_requested_at IS NOT NULL`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  const payment =
    row.payment_id && row.method && row.total !== null
      ? { id: row.payment_id, method: row.method, total: row.total, paid_at: row.paid_at }
      : null;
  const beforeStart = row.before_start === true;
  return {
    id: row.id,
    status: row.status,
    trainee: { id: row.user_id, full_name: row.full_name, email: row.email },
    course: { id: row.course_id, title: row.title, title_ar: row.title_ar, start_date: row.start_date },
    reason: row.reason ?? '',
    requested_at: row.requested_at ?? '',
    before_start: beforeStart,
    payment,
    // The rule of decideWithdrawal: a drop before the start is refunded in full; a withdrawal is not.
    refund: beforeStart && payment ? payment.total : 0,
  };
}

/** A cash payment, as the staff confirm it. */
export async function findStaffCashPayment(db: Queryable, id: string): Promise<StaffCashPayment | undefined> {
  const { rows } = await db.query<{
    id: string;
    status: string;
    user_id: number;
    full_name: string;
    email: string;
    course_id: number;
    title: string;
    title_ar: string;
    subtotal: number;
    vat: number;
    total: number;
    created_at: string;
  }>(
    `SELECT p.id::text, p.status, u.id AS user_id, u.full_name, u.email, c.id AS course_id, c.title, c.title_ar,
            p.subtotal, p.vat, p.total, ${at('p.created_at')} AS created_at
     FROM payments p JOIN users u ON u.id = p.user_id JOIN courses c ON c.id = p.course_id
     WHERE p.id::text = $1 AND p.method = 'cash'`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    status: row.status,
    trainee: { id: row.user_id, full_name: row.full_name, email: row.email },
    course: { id: row.course_id, title: row.title, title_ar: row.title_ar },
    subtotal: row.subtotal,
    vat: row.vat,
    total: row.total,
    created_at: row.created_at,
  };
}
