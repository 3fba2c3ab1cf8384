import type { WithdrawalRequest } from '@contract/forms/enrolments';
import { type Confirmation, confirmationSchema, type Paged, type PageQuery } from '@contract/wire/common';
import { type EnrolledCourse, enrolledCoursesPageSchema } from '@contract/wire/enrolments';
import type { ApiClient } from './client';

/** POST /course/enroll-status-update/ (trainee): asks to leave a course; an admin decides. */
export function requestWithdrawal(api: ApiClient, request: WithdrawalRequest): Promise<Confirmation> {
  return api.authed(confirmationSchema, '/course/enroll-status-update/', { method: 'POST', body: request });
}

/** GET /enrolments/?page&limit (trainee): every enrolment of the trainee, newest first. */
export function listEnrolments(api: ApiClient, query: PageQuery = {}): Promise<Paged<EnrolledCourse>> {
  return api.authed(enrolledCoursesPageSchema, '/enrolments/', {
    query: { page: query.page, limit: query.limit },
  });
}
