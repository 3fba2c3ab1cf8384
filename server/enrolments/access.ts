import type { Queryable } from '../db';
import { HttpProblem } from '../http';
import { enrolmentStatus, refusalOf } from './queries';

/**
 * Lets a trainee into a course's learning (lectures, assignments, quizzes …) only while enrolled:
 * `enrolled`, or `withdrawal_requested` (the request waits for an administrator). Anyone else gets
 * 403 with a sentence: 'You have withdrawn from this course' after an approved withdrawal or drop,
 * 'You are not enrolled in this course' otherwise.
 */
export async function assertEnrolled(db: Queryable, userId: number, courseId: number): Promise<void> {
  const status = await enrolmentStatus(db, userId, courseId);
  if (status === 'enrolled' || status === 'withdrawal_requested') return;
  throw new HttpProblem(403, refusalOf(status));
}
