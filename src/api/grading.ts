import {
  type GradeRequest,
  type GradingCourse,
  type GradingDecision,
  type GradingItem,
  gradingCourseSchema,
  gradingDecisionSchema,
  gradingItemSchema,
  type ReturnRequest,
} from '@contract/wire/grading';
import type { ApiClient } from './client';

/** GET /grading/courses/{courseId}/ (its trainer or a facilitator): the items, statistics and who waits. */
export function getGradingCourse(api: ApiClient, courseId: number): Promise<GradingCourse> {
  return api.authed(gradingCourseSchema, `/grading/courses/${courseId}/`);
}

/** GET /grading/items/{lectureId}/: one assignment or quiz with every trainee's work. */
export function getGradingItem(api: ApiClient, lectureId: number): Promise<GradingItem> {
  return api.authed(gradingItemSchema, `/grading/items/${lectureId}/`);
}

/** POST /grading/submissions/{id}/grade/: a grade out of 10 (as typed), feedback and a file. */
export function gradeSubmission(
  api: ApiClient,
  submissionId: number,
  body: GradeRequest,
): Promise<GradingDecision> {
  return api.authed(gradingDecisionSchema, `/grading/submissions/${submissionId}/grade/`, {
    method: 'POST',
    body,
  });
}

/** POST /grading/submissions/{id}/return/: back to the trainee for a new attempt, with feedback. */
export function returnSubmission(
  api: ApiClient,
  submissionId: number,
  body: ReturnRequest,
): Promise<GradingDecision> {
  return api.authed(gradingDecisionSchema, `/grading/submissions/${submissionId}/return/`, {
    method: 'POST',
    body,
  });
}
