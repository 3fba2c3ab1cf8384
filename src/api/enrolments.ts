import type { Confirmation, Paged, PageQuery } from '@/contract/common';
import { confirmationSchema } from '@/contract/common';
import {
  type EnrolledCourse,
  enrolledCoursesPageSchema,
  type WithdrawalRequest,
} from '@/contract/enrolments';
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
