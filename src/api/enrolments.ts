import type { Confirmation, Paged, PageQuery } from '@/contract/common';
import { confirmationSchema } from '@/contract/common';
import {
  type EnrolledCourse,
  enrolledCoursesPageSchema,
  type WithdrawalRequest,
} from '@/contract/enrolments';
import type { ApiClient } from './client';

/**
 * POST /course/enroll-status-update/ (trainee, the spec's drop): asks an administrator to withdraw
 * the trainee from a course they are enrolled in (a drop before its start). Answers the spec's
 * toast, 'Request Sent Successfully'; 409 when not enrolled or a request already waits.
 */
export function requestWithdrawal(api: ApiClient, request: WithdrawalRequest): Promise<Confirmation> {
  return api.authed(confirmationSchema, '/course/enroll-status-update/', { method: 'POST', body: request });
}

/** GET /enrolments/ (trainee): the trainee's enrolments, newest first, whatever their status. */
export function listEnrolments(api: ApiClient, query: PageQuery = {}): Promise<Paged<EnrolledCourse>> {
  return api.authed(enrolledCoursesPageSchema, '/enrolments/', {
    query: { page: query.page, limit: query.limit },
  });
}
