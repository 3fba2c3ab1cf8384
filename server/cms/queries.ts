import { centreDetailsSchema } from '@contract/wire/cms';
import type { Db } from '../db';
import { type PageRequest, selectPage } from '../paging';

const CENTRE_DETAILS_COLUMNS = Object.keys(centreDetailsSchema.shape).join(', ');

const ISSUE_COLUMNS = `id, name, subject, description, status, reply,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`;

export async function findCentreDetails(db: Db): Promise<unknown> {
  const { rows } = await db.query(`SELECT ${CENTRE_DETAILS_COLUMNS} FROM centre_details WHERE id = 1`);
  return rows[0];
}

/** A content block's stored content, undefined when it is missing. */
export async function findBlock(db: Db, key: string): Promise<unknown> {
  const { rows } = await db.query<{ content: unknown }>('SELECT content FROM cms_blocks WHERE key = $1', [
    key,
  ]);
  return rows[0]?.content;
}

export interface ContactMessage {
  full_name: string;
  email: string;
  subject: string;
  description: string;
}

/** Stores a message of the contact form, each text without the spaces around it. */
export async function saveContactMessage(db: Db, message: ContactMessage): Promise<void> {
  await db.query(
    'INSERT INTO contact_messages (full_name, email, subject, description) VALUES ($1, $2, $3, $4)',
    [message.full_name.trim(), message.email.trim(), message.subject.trim(), message.description.trim()],
  );
}

export interface CourseRequest {
  full_name: string;
  email: string;
  description: string;
}

/** Stores a course request, each text without the spaces around it. */
export async function saveCourseRequest(db: Db, request: CourseRequest): Promise<void> {
  await db.query('INSERT INTO course_requests (full_name, email, description) VALUES ($1, $2, $3)', [
    request.full_name.trim(),
    request.email.trim(),
    request.description.trim(),
  ]);
}

/** One page of the user's issue reports, newest first. */
export function issuePage(db: Db, userId: number, request: PageRequest) {
  return selectPage(
    db,
    request,
    {
      sql: `SELECT ${ISSUE_COLUMNS} FROM issue_reports WHERE user_id = $1 ORDER BY id DESC`,
      params: [userId],
    },
    { sql: 'SELECT count(*)::int AS count FROM issue_reports WHERE user_id = $1', params: [userId] },
  );
}

export interface NewIssue {
  name: string;
  subject: string;
  description: string;
}

/** Stores the user's issue report, each text without the spaces around it. */
export async function createIssue(db: Db, userId: number, issue: NewIssue): Promise<unknown> {
  const { rows } = await db.query(
    `INSERT INTO issue_reports (user_id, name, subject, description) VALUES ($1, $2, $3, $4)
     RETURNING ${ISSUE_COLUMNS}`,
    [userId, issue.name.trim(), issue.subject.trim(), issue.description.trim()],
  );
  return rows[0];
}

/** The user's own issue report; undefined for another user's, as for a missing one. */
export async function findIssue(db: Db, userId: number, id: number): Promise<unknown> {
  const { rows } = await db.query(
    `SELECT ${ISSUE_COLUMNS} FROM issue_reports WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  return rows[0];
}
