import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { CourseRole } from '@contract/wire/authoring';
import type { Queryable } from '../db';
import { HttpProblem } from '../http';

/** A course as its authors see it: its approval status, dates, syllabus and the caller's part in it. */
export interface AuthoredCourse {
  id: number;
  title: string;
  title_ar: string;
  cover_image: string;
  status: 'Pending' | 'Approved' | 'Rejected';
  rejection_reason: string | null;
  start_date: string;
  end_date: string;
  /** Whether the course has ended: its last day is past or its trainer closed it (it is Completed). */
  ended: boolean;
  /** Whether its first day has come (on the database's calendar, as the trainer's list counts). */
  started: boolean;
  /** courses.weeks: the syllabus, [{week, syllabus_title, syllabus_title_ar, …}]. */
  weeks: unknown;
  created_by: number;
  role: CourseRole;
}

/**
 * Lets the course's trainer (its creator) or a facilitator named on it author it: answers the
 * course with the caller's role. An unknown or Deleted course is not found (404); anyone else is
 * refused with 403 'You do not teach this course'.
 */
export async function assertCourseAuthor(
  db: Queryable,
  userId: number,
  courseId: number,
): Promise<AuthoredCourse> {
  const { rows } = await db.query<
    Omit<AuthoredCourse, 'role' | 'status'> & { status: string; facilitates: boolean }
  >(
    `SELECT c.id, c.title, c.title_ar, c.cover_image, c.status, c.rejection_reason,
       to_char(c.start_date, 'YYYY-MM-DD') AS start_date, to_char(c.end_date, 'YYYY-MM-DD') AS end_date,
       course_ended(c.end_date, c.closed_at) AS ended, centre_today() >= c.start_date AS started, c.weeks, c.created_by,
       EXISTS (SELECT 1 FROM course_facilitators f WHERE f.course_id = c.id AND f.user_id = $2) AS facilitates
     FROM courses c WHERE c.id = $1`,
    [courseId, userId],
  );
  const row = rows[0];
  if (!row || row.status === 'Deleted') throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  const { facilitates, ...course } = row;
  if (course.created_by === userId)
    return { ...course, status: row.status as AuthoredCourse['status'], role: 'trainer' };
  if (facilitates) return { ...course, status: row.status as AuthoredCourse['status'], role: 'facilitator' };
  throw new HttpProblem(403, AUTHORING_MESSAGES.notYourCourse);
}

/** Refuses changes to a course's classes unless it is Approved (403) and has not ended (403). */
export function assertClassesOpen(course: Pick<AuthoredCourse, 'status' | 'ended'>): void {
  if (course.status !== 'Approved') throw new HttpProblem(403, AUTHORING_MESSAGES.courseNotApproved);
  if (course.ended) throw new HttpProblem(403, AUTHORING_MESSAGES.courseEnded);
}
