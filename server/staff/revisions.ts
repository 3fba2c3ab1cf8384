import type { CourseInput } from '@contract/forms/authoring';
import {
  type CourseRevision,
  REVISED_FIELDS,
  type RevisedField,
  type RevisionProposal,
} from '@contract/wire/authoring';
import type { RevisionValue, StaffRevision } from '@contract/wire/staff';
import type { Queryable } from '../db';
import type { Notifier } from '../notifications/notifier';
import { notifyStaff } from './notify';

/**
 * Changes to an approved course's details (migration 031): an edit of the title, subtitle,
 * description (both languages), price, category or dates of an approved course is kept as a
 * revision that waits for the staff, and the live course stays as it was until it is approved.
 */

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;
const at = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', ${ISO})`;

/** The revised fields of a course, as stored (days as YYYY-MM-DD, the category by id). */
export type CourseDetails = Record<RevisedField, string | number>;

/** The live course's revised fields. */
export async function liveDetails(db: Queryable, courseId: number): Promise<CourseDetails> {
  const { rows } = await db.query<CourseDetails>(
    `SELECT title, title_ar, subtitle, subtitle_ar, description, description_ar, price_halalas,
            category_id AS category, to_char(start_date, 'YYYY-MM-DD') AS start_date,
            to_char(end_date, 'YYYY-MM-DD') AS end_date
     FROM courses WHERE id = $1`,
    [courseId],
  );
  const row = rows[0];
  if (!row) throw new Error(`No course ${courseId}`);
  return row;
}

/** What an edit sends for the revised fields, as they would be stored (texts trimmed). */
export function sentDetails(input: CourseInput): CourseDetails {
  return {
    title: input.title.trim(),
    title_ar: input.title_ar.trim(),
    subtitle: input.subtitle.trim(),
    subtitle_ar: input.subtitle_ar.trim(),
    description: input.description.trim(),
    description_ar: input.description_ar.trim(),
    price_halalas: input.price_halalas,
    category: input.category,
    start_date: input.start_date,
    end_date: input.end_date,
  };
}

/** The edit with the live course's details in place of the revised fields (what is saved at once). */
export function keepingLiveDetails(input: CourseInput, live: CourseDetails): CourseInput {
  return {
    ...input,
    title: String(live.title),
    title_ar: String(live.title_ar),
    subtitle: String(live.subtitle),
    subtitle_ar: String(live.subtitle_ar),
    description: String(live.description),
    description_ar: String(live.description_ar),
    price_halalas: Number(live.price_halalas),
    category: Number(live.category),
    start_date: String(live.start_date),
    end_date: String(live.end_date),
  };
}

/** The fields the edit changes: their proposed values, and the live ones. */
export function changedDetails(
  live: CourseDetails,
  sent: CourseDetails,
): { proposed: RevisionProposal; before: RevisionProposal } {
  const proposed: Partial<CourseDetails> = {};
  const before: Partial<CourseDetails> = {};
  for (const field of REVISED_FIELDS) {
    if (live[field] === sent[field]) continue;
    proposed[field] = sent[field];
    before[field] = live[field];
  }
  return { proposed: proposed as RevisionProposal, before: before as RevisionProposal };
}

/**
 * Keeps the changed details of an edit of an approved course as its pending revision, in the
 * caller's transaction (the course row locked): a new one, or the pending one's proposal replaced.
 * An edit that changes none of them takes a pending revision back. The staff are told of a
 * revision sent. Answers whether a revision waits, and what announces it once committed.
 */
export async function submitRevision(
  tx: Queryable,
  notifier: Notifier,
  course: { id: number; title: string; title_ar: string },
  userId: number,
  live: CourseDetails,
  sent: CourseDetails,
): Promise<{ waiting: boolean; announce?: () => Promise<void> }> {
  const { proposed, before } = changedDetails(live, sent);
  const { rows } = await tx.query<{ id: number }>(
    "SELECT id FROM course_revisions WHERE course_id = $1 AND status = 'Pending' FOR UPDATE",
    [course.id],
  );
  const pending = rows[0];
  if (Object.keys(proposed).length === 0) {
    if (pending) await tx.query('DELETE FROM course_revisions WHERE id = $1', [pending.id]);
    return { waiting: false };
  }
  if (pending) {
    await tx.query(
      `UPDATE course_revisions SET proposed = $2, before = $3, submitted_by = $4, submitted_at = now()
       WHERE id = $1`,
      [pending.id, JSON.stringify(proposed), JSON.stringify(before), userId],
    );
  } else {
    await tx.query(
      'INSERT INTO course_revisions (course_id, proposed, before, submitted_by) VALUES ($1, $2, $3, $4)',
      [course.id, JSON.stringify(proposed), JSON.stringify(before), userId],
    );
  }
  const announce = await notifyStaff(tx, notifier, 'revision', { en: course.title, ar: course.title_ar });
  return { waiting: true, announce };
}

interface CategoryNames {
  id: number;
  name: string;
  name_ar: string;
}

async function categoriesByIds(db: Queryable, ids: number[]): Promise<Map<number, CategoryNames>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<CategoryNames>(
    'SELECT id, name, name_ar FROM course_categories WHERE id = ANY($1::int[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** The course's latest revision as its trainer sees it; null when none was ever sent. */
export async function courseRevisionFor(db: Queryable, courseId: number): Promise<CourseRevision | null> {
  const { rows } = await db.query<{
    status: CourseRevision['status'];
    submitted_at: string;
    decided_at: string | null;
    reason: string | null;
    proposed: RevisionProposal;
  }>(
    `SELECT status, ${at('submitted_at')} AS submitted_at, ${at('decided_at')} AS decided_at, reason, proposed
     FROM course_revisions WHERE course_id = $1 ORDER BY submitted_at DESC, id DESC LIMIT 1`,
    [courseId],
  );
  const row = rows[0];
  if (!row) return null;
  const category =
    typeof row.proposed.category === 'number'
      ? ((await categoriesByIds(db, [row.proposed.category])).get(row.proposed.category) ?? null)
      : null;
  return { ...row, category };
}

/** A revision as the staff decide it (its course not deleted): each changed field, before and after. */
export async function findStaffRevision(db: Queryable, id: number): Promise<StaffRevision | undefined> {
  const { rows } = await db.query<{
    id: number;
    status: StaffRevision['status'];
    course_id: number;
    title: string;
    title_ar: string;
    course_status: string;
    trainer_id: number;
    trainer_name: string;
    trainer_email: string;
    submitter_id: number;
    submitter_name: string;
    submitter_email: string;
    submitted_at: string;
    decided_at: string | null;
    reason: string | null;
    proposed: RevisionProposal;
    before: RevisionProposal;
  }>(
    `SELECT r.id, r.status, c.id AS course_id, c.title, c.title_ar, c.status AS course_status,
            t.id AS trainer_id, t.full_name AS trainer_name, t.email AS trainer_email,
            s.id AS submitter_id, s.full_name AS submitter_name, s.email AS submitter_email,
            ${at('r.submitted_at')} AS submitted_at, ${at('r.decided_at')} AS decided_at, r.reason,
            r.proposed, r.before
     FROM course_revisions r JOIN courses c ON c.id = r.course_id JOIN users t ON t.id = c.created_by
       JOIN users s ON s.id = r.submitted_by
     WHERE r.id = $1 AND c.status <> 'Deleted'`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  const categoryIds = [row.proposed.category, row.before.category].filter(
    (value): value is number => typeof value === 'number',
  );
  const categories = await categoriesByIds(db, categoryIds);
  const value = (field: RevisedField, raw: string | number | undefined): RevisionValue => {
    if (field === 'category' && typeof raw === 'number') {
      return categories.get(raw) ?? { id: raw, name: String(raw), name_ar: String(raw) };
    }
    return raw ?? '';
  };
  return {
    id: row.id,
    status: row.status,
    course: { id: row.course_id, title: row.title, title_ar: row.title_ar, status: row.course_status },
    trainer: { id: row.trainer_id, full_name: row.trainer_name, email: row.trainer_email },
    submitted_by: { id: row.submitter_id, full_name: row.submitter_name, email: row.submitter_email },
    submitted_at: row.submitted_at,
    decided_at: row.decided_at,
    reason: row.reason,
    changes: REVISED_FIELDS.filter((field) => row.proposed[field] !== undefined).map((field) => ({
      field,
      before: value(field, row.before[field]),
      after: value(field, row.proposed[field]),
    })),
  };
}

const COLUMNS: Record<RevisedField, string> = {
  title: 'title',
  title_ar: 'title_ar',
  subtitle: 'subtitle',
  subtitle_ar: 'subtitle_ar',
  description: 'description',
  description_ar: 'description_ar',
  price_halalas: 'price_halalas',
  category: 'category_id',
  start_date: 'start_date',
  end_date: 'end_date',
};

/** Writes a revision's proposal to the course (the catalogue's version rises with it, migration 009). */
export async function applyProposal(
  tx: Queryable,
  courseId: number,
  proposed: RevisionProposal,
): Promise<void> {
  const fields = REVISED_FIELDS.filter((field) => proposed[field] !== undefined);
  if (fields.length === 0) return;
  await tx.query(
    `UPDATE courses SET ${fields.map((field, index) => `${COLUMNS[field]} = $${index + 2}`).join(', ')},
       updated_at = now()
     WHERE id = $1`,
    [courseId, ...fields.map((field) => proposed[field])],
  );
}
