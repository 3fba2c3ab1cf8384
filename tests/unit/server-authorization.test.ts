import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { certificateCodeOf } from '@contract/domain/certificates';
import { addDays, weekdayOf } from '@contract/domain/sessions';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { courseSavedSchema } from '@contract/wire/authoring';
import { loginResponseSchema } from '@contract/wire/identity';
import { issueSchema } from '@contract/wire/issues';
import { attemptSchema } from '@contract/wire/learning';
import { paymentSchema } from '@contract/wire/payments';
import { profileSchema } from '@contract/wire/profile';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER } from '../../server/admin/middleware';
import { API_BASE } from '../../server/app';
import { createAttendanceCodes } from '../../server/attendance/codes';
import { requireAuth, requireRole } from '../../server/auth/middleware';
import { startSession } from '../../server/auth/sessions';
import { DEMO_AUTHORING_COURSES } from '../../server/authoring/course-seed';
import { centreDate } from '../../server/centre-time';
import { staffAuthorization } from '../../server/cli-login';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { type AppEnv, handleError } from '../../server/http';
import { newInvitationToken, tokenHash } from '../../server/invitations/queries';
import { findOtp, readOutbox } from '../../server/mail';
import { NOTICE_SIGNATURE_HEADER, signNotice } from '../../server/payments/gateway';
import { RECORD_COURSES } from '../../server/records/seed';
import { ensureFeed } from '../../server/schedule/feed';
import { SEED_TRAINERS } from '../../server/seed-content';
import { LEARNING_COURSES, LEARNING_LECTURES, type LearningLectureKey } from '../../server/seed-learning';
import { beginSecondFactor } from '../../server/staff/sign-in';
import {
  courseIdBySlug,
  demoStaffToken,
  enrolBySlug,
  lectureIdBySlug,
  signedInStaff,
  signedInTrainee,
  startTestServer,
  type TestServer,
} from '../../server/testing';
import { courseWithSessions } from '../../server/testing-attendance';
import { createQuiz } from '../../server/testing-quizzes';
import { ensureUser, findUserByEmail } from '../../server/users';
import { pngOf } from '../fixtures/images';

/**
 * Who may call what: every endpoint the server serves under /api/v1, and the status each caller
 * gets for a well-formed request. A signed-in caller sends only a bearer token; the admin is
 * `npm run admin` after `login`: a personal staff token (Authorization: Staff …) beside the shared
 * X-Admin-Token header, which the shared caller sends alone (it decides nothing: nobody would be
 * named in the audit log). The other trainee owns none of the trainee's issue reports and notifications.
 * The staff caller is a member of the centre's staff (role ADMIN, signed in); the facilitator is a
 * trainer named a facilitator of every course of the demo trainer's that the rows name, and created
 * none of them. The disabled caller is a trainee whose account was disabled after they signed in:
 * their access token has not expired, and carries the current session version, yet is refused
 * (401) wherever one is needed; elsewhere they are answered as anyone is. A 400 for every caller is
 * a code or token that is wrong for anyone: no caller is refused for who they are. The first test
 * fails when an endpoint is served without a row here.
 */
const CALLERS = [
  'anonymous',
  'trainee',
  'trainer',
  'admin',
  'otherTrainee',
  'staff',
  'facilitator',
  'disabled',
  'shared',
] as const;
type Caller = (typeof CALLERS)[number];

// biome-ignore format: one endpoint a line, the callers' statuses in columns
const MATRIX: readonly (readonly [method: string, path: string, ...statuses: number[]])[] = [
  // method   path                          anonymous trainee trainer admin otherTrainee staff facilitator disabled shared
  ['GET',   '/cms/king-fahad-details/',                    200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['GET',   '/cms/hero-section/',                          200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['GET',   '/cms/about-page-promotion/',                  200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['GET',   '/cms/about-page-our-story/',                  200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['GET',   '/cms/key-benefits-of-trainee-feature/',       200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['GET',   '/cms/become-a-trainer/',                      200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['GET',   '/cms/get-in-touch-title/',                    200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['POST',  '/cms/get-in-touch/',                          201, 201, 201, 201, 201, 201, 201, 201, 201],
  ['POST',  '/cms/request-course/',                        201, 201, 201, 201, 201, 201, 201, 201, 201],
  ['GET',   '/cms/report-an-issues/',                      401, 200, 200, 401, 200, 200, 200, 401, 401],
  ['POST',  '/cms/report-an-issues/',                      401, 201, 201, 401, 201, 201, 201, 401, 401],
  ['GET',   '/cms/report-an-issues/:id/',                  401, 200, 404, 401, 404, 404, 404, 401, 401],
  ['GET',   '/course/browse-course-list/',                 200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['GET',   '/course/search-result/',                      200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['GET',   '/course/category/',                           200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['GET',   '/course/availability/',                       200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['GET',   '/course/about/:id/',                          200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['GET',   '/event/',                                     200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['GET',   '/event/:id/',                                 200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['GET',   '/event/:id/registration/',                    401, 200, 200, 401, 200, 200, 200, 401, 401],
  ['POST',  '/event-registration/',                        401, 201, 201, 401, 201, 201, 201, 401, 401],
  ['POST',  '/course/enroll-status-update/',               401, 200, 403, 401, 409, 403, 403, 401, 401],
  ['GET',   '/enrolments/',                                401, 200, 403, 401, 200, 403, 403, 401, 401],
  ['POST',  '/learning/lectures/:id/attempts/',            401, 200, 403, 401, 403, 403, 403, 401, 401],
  ['GET',   '/learning/attempts/:id/',                     401, 200, 403, 401, 404, 403, 403, 401, 401],
  ['PUT',   '/learning/attempts/:id/answers/:questionId/', 401, 200, 403, 401, 404, 403, 403, 401, 401],
  ['POST',  '/learning/attempts/:id/submit/',              401, 200, 403, 401, 404, 403, 403, 401, 401],
  ['GET',   '/learning/attempts/:id/review/',              401, 200, 403, 401, 404, 403, 403, 401, 401],
  ['GET',   '/notification/',                              401, 200, 200, 401, 200, 200, 200, 401, 401],
  ['PATCH', '/notification/mark-as-seen/:id/',             401, 200, 404, 401, 404, 404, 404, 401, 401],
  ['GET',   '/profile/notification-settings/',             401, 200, 200, 401, 200, 200, 200, 401, 401],
  ['PUT',   '/profile/notification-settings/',             401, 200, 200, 401, 200, 200, 200, 401, 401],
  ['POST',  '/user/login/',                                200, 200, 200, 200, 200, 200, 200, 200, 200],
  // The staff's second factor (public): each caller finishes a staff sign-in of its own.
  ['POST',  '/user/login/code/',                           200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['POST',  '/user/login/code/resend/',                    200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['POST',  '/user/refresh-token/',                        200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['POST',  '/user/logout/',                               200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['POST',  '/user/registration/',                         201, 201, 201, 201, 201, 201, 201, 201, 201],
  ['POST',  '/user/otp-verify/',                           400, 400, 400, 400, 400, 400, 400, 400, 400],
  ['POST',  '/user/reset-password/',                       200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['POST',  '/user/resend-otp/',                           200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['POST',  '/user/set-password/',                         400, 400, 400, 400, 400, 400, 400, 400, 400],
  ['GET',   '/checkout/quote/:id/',                       401, 200, 403, 401, 200, 403, 403, 401, 401],
  ['POST',  '/payments/',                                 401, 201, 403, 401, 201, 403, 403, 401, 401],
  ['GET',   '/payments/',                                 401, 200, 403, 401, 200, 403, 403, 401, 401],
  ['GET',   '/payments/latest/',                          401, 200, 403, 401, 200, 403, 403, 401, 401],
  ['POST',  '/payments/notice/',                          200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['GET',   '/payments/:id/',                             401, 200, 403, 401, 404, 403, 403, 401, 401],
  ['POST',  '/payments/:id/wallet-code/',                 401, 400, 403, 401, 404, 403, 403, 401, 401],
  ['GET',   '/payments/:id/receipt/',                     401, 200, 403, 401, 404, 403, 403, 401, 401],
  ['GET',   '/payments/:id/receipt.pdf',                  401, 200, 403, 401, 404, 403, 403, 401, 401],
  ['GET',   '/user/profile/',                              401, 200, 200, 401, 200, 200, 200, 401, 401],
  ['PATCH', '/user/profile/',                              401, 200, 200, 401, 200, 200, 200, 401, 401],
  ['POST',  '/user/profile/email/',                        401, 200, 200, 401, 200, 200, 200, 401, 401],
  ['POST',  '/user/profile/email/confirm/',                401, 400, 400, 401, 400, 400, 400, 401, 401],
  ['POST',  '/user/profile/photo/',                        401, 200, 200, 401, 200, 200, 200, 401, 401],
  ['DELETE','/user/profile/photo/',                        401, 200, 200, 401, 200, 200, 200, 401, 401],
  ['GET',   '/user/photos/:name',                          200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['POST',  '/user/change-password/',                      401, 400, 400, 401, 400, 400, 400, 401, 401],
  ['POST',  '/user/close-account/',                        401, 400, 400, 401, 400, 400, 400, 401, 401],
  ['POST',  '/admin/approve-trainer/',                     401, 401, 401, 200, 401, 401, 401, 401, 401],
  ['POST',  '/admin/notify/',                              401, 401, 401, 201, 401, 401, 401, 401, 201],
  ['POST',  '/admin/create-admin/',                        401, 401, 401, 201, 401, 401, 401, 401, 401],
  // The embedded database and the uploads as a tar stream (npm run backup); PostgreSQL: pg_dump.
  ['GET',   '/admin/backup/',                              401, 401, 401, process.env.TEST_DATABASE_URL ? 409 : 200, 401, 401, 401, 401, process.env.TEST_DATABASE_URL ? 409 : 200],
  ['POST',  '/admin/confirm-payment/',                    401, 401, 401, 200, 401, 401, 401, 401, 401],
  ['POST',  '/admin/refund-payment/',                     401, 401, 401, 409, 401, 401, 401, 401, 401],
  ['POST',  '/admin/reject-withdrawal/',                  401, 401, 401, 200, 401, 401, 401, 401, 401],
  ['POST',  '/admin/approve-withdrawal/',                 401, 401, 401, 200, 401, 401, 401, 401, 401],
  ['GET',   '/learning/courses/',                          401, 200, 403, 401, 200, 403, 403, 401, 401],
  ['GET',   '/learning/courses/:id/lectures/',             401, 200, 403, 401, 403, 403, 403, 401, 401],
  ['GET',   '/course/individual-course-lecture-details/:id/', 401, 200, 200, 401, 403, 403, 200, 401, 401],
  ['GET',   '/course/lecture-is-read/:id/',                401, 200, 403, 401, 403, 403, 403, 401, 401],
  ['PUT',   '/learning/lectures/:id/position/',            401, 200, 403, 401, 403, 403, 403, 401, 401],
  ['POST',  '/learning/lectures/:id/submissions/',         401, 201, 403, 401, 403, 403, 403, 401, 401],
  ['POST',  '/learning/lectures/:id/survey/',              401, 200, 403, 401, 403, 403, 403, 401, 401],
  ['GET',   '/course/trainee-view-grade-of-assignment-and-quiz/', 401, 200, 403, 401, 403, 403, 403, 401, 401],
  ['POST',  '/upload/',                                    401, 200, 200, 401, 200, 200, 200, 401, 401],
  ['GET',   '/files/:id',                                  401, 200, 200, 401, 404, 404, 200, 401, 401],
  // Resumable uploads: each user's own; their bytes are never read back from there.
  ['POST',  '/uploads/',                                   401, 201, 201, 401, 201, 201, 201, 401, 401],
  ['GET',   '/uploads/:id',                                401, 405, 405, 401, 405, 405, 405, 401, 401],
  ['PATCH', '/uploads/:id',                                401, 204, 404, 401, 404, 404, 404, 401, 401],
  ['DELETE', '/uploads/:id',                               401, 204, 404, 401, 404, 404, 404, 401, 401],
  ['GET',   '/admin/submissions/',                         401, 401, 401, 200, 401, 401, 401, 401, 200],
  ['POST',  '/admin/submissions/:id/grade',                401, 401, 401, 200, 401, 401, 401, 401, 401],
  ['POST',  '/admin/submissions/:id/grade/',               401, 401, 401, 200, 401, 401, 401, 401, 401],
  ['POST',  '/admin/submissions/:id/return',               401, 401, 401, 200, 401, 401, 401, 401, 401],
  ['POST',  '/admin/submissions/:id/return/',              401, 401, 401, 200, 401, 401, 401, 401, 401],
  ['POST',  '/admin/set-quiz-time-limit/',                401, 401, 401, 200, 401, 401, 401, 401, 401],
  ['GET',   '/dev/outbox/',                                401, 401, 401, 200, 401, 401, 401, 401, 200],
  ['GET',   '/dev/sms/',                                   401, 401, 401, 200, 401, 401, 401, 401, 200],
  ['GET',   '/course/course-list-of-a-trainer/',           401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['POST',  '/course/course-create/',                      401, 403, 201, 401, 403, 403, 201, 401, 401],
  ['GET',   '/course/course-create/:id/',                  401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['PUT',   '/course/course-create/:id/',                  401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['DELETE','/course/course-create/:id/',                  401, 403, 200, 401, 403, 403, 403, 401, 401],
  ['GET',   '/course/survey-category/',                    200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['GET',   '/authoring/facilitators/',                    401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['GET',   '/covers/:name',                               200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['POST',  '/admin/approve-course/',                      401, 401, 401, 200, 401, 401, 401, 401, 401],
  ['POST',  '/admin/reject-course/',                       401, 401, 401, 200, 401, 401, 401, 401, 401],
  ['GET',   '/course/class-type/',                         401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['POST',  '/course/class-create/',                       401, 403, 201, 401, 403, 403, 201, 401, 401],
  ['GET',   '/course/class-create/:id/',                   401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['PUT',   '/course/class-create/:id/',                   401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['GET',   '/authoring/courses/:id/lectures/',            401, 403, 200, 401, 403, 403, 200, 401, 401],
  // Grading (server/grading): the course's trainer or a facilitator.
  ['GET',   '/grading/courses/:id/',                       401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['GET',   '/grading/items/:id/',                         401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['POST',  '/grading/submissions/:id/grade/',             401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['POST',  '/grading/submissions/:id/return/',            401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['GET',   '/schedule/',                                  401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['POST',  '/schedule/changes/',                          401, 403, 201, 401, 403, 403, 201, 401, 401],
  ['DELETE','/schedule/changes/:courseId/:date/',          401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['GET',   '/schedule/calendar-feed/',                    401, 200, 200, 401, 200, 403, 200, 401, 401],
  ['POST',  '/schedule/calendar-feed/',                    401, 201, 201, 401, 201, 403, 201, 401, 401],
  ['GET',   '/calendar/:file',                             200, 200, 200, 200, 200, 200, 200, 200, 200],
  // The trainer's records (server/records/routes.ts).
  ['GET',   '/trainer/course-history/',                    401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['GET',   '/trainer/course-history/:id/',                401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['GET',   '/trainer/courses/:id/completion/',            401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['PUT',   '/trainer/courses/:id/completion-rule/',       401, 403, 200, 401, 403, 403, 403, 401, 401],
  ['POST',  '/trainer/courses/:id/close/',                 401, 403, 200, 401, 403, 403, 403, 401, 401],
  // Reviews (server/reviews/routes.ts): the demo trainee reviews the ended course she took.
  ['POST',  '/course/rating/',                             401, 201, 403, 401, 403, 403, 403, 401, 401],
  ['GET',   '/course/:id/reviews/',                        200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['GET',   '/course/:id/my-review/',                      401, 200, 403, 401, 200, 403, 403, 401, 401],
  // The trainee's course history (server/history/routes.ts): the seeded ended course; the other
  // trainee never had it and has no ended course.
  ['GET',   '/course/history/',                            401, 200, 403, 401, 200, 403, 403, 401, 401],
  ['GET',   '/course/history/:id/',                        401, 200, 403, 401, 404, 403, 403, 401, 401],
  ['POST',  '/course/generate_transcript/',                401, 200, 403, 401, 400, 403, 403, 401, 401],
  ['POST',  '/course/generate_certificate/',               401, 200, 403, 401, 404, 403, 403, 401, 401],
  // Attendance: the trainer's course held every day, the trainee enrolled in it.
  ['GET',   '/attendance/courses/',                        401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['GET',   '/attendance/courses/:id/',                    401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['GET',   '/attendance/courses/:id/code/',               401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['POST',  '/attendance/courses/:id/marks/',              401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['GET',   '/attendance/courses/:id/sheet/',              401, 403, 200, 401, 403, 403, 200, 401, 401],
  ['POST',  '/attendance/tickets/',                        201, 201, 201, 201, 201, 201, 201, 201, 201],
  ['POST',  '/course/make-attendance/:id/',                401, 201, 403, 401, 403, 403, 403, 401, 401],
  ['GET',   '/attendance/history/',                        401, 200, 403, 401, 200, 403, 403, 401, 401],
  ['POST',  '/dev/attendance/clock/',                      401, 401, 401, 200, 401, 401, 401, 401, 200],
  // Certificates (server/certificates/): anyone checks one by its code; the admin lists and revokes.
  ['GET',   '/certificates/:code/',                        200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['POST',  '/admin/revoke-certificate/',                  401, 401, 401, 200, 401, 401, 401, 401, 401],
  ['GET',   '/admin/certificates/',                        401, 401, 401, 200, 401, 401, 401, 401, 200],
  // Invitations (server/invitations/): trainees invite; anyone reads one; any account accepts one.
  ['POST',  '/invitations/',                               401, 201, 403, 401, 201, 403, 403, 401, 401],
  ['GET',   '/invitations/',                               401, 200, 403, 401, 200, 403, 403, 401, 401],
  ['GET',   '/invitations/:token/',                        200, 200, 200, 200, 200, 200, 200, 200, 200],
  ['POST',  '/invitations/:token/accept/',                 401, 200, 200, 401, 200, 403, 200, 401, 401],
  // Chat (server/chat/): the demo trainee and the demo trainer talk (server/chat/seed.ts); the other
  // trainee shares no course with the trainer and is in neither conversation.
  ['GET',   '/chat/conversations/',                        401, 200, 200, 401, 200, 403, 200, 401, 401],
  ['POST',  '/chat/conversations/',                        401, 200, 200, 401, 403, 403, 403, 401, 401],
  ['GET',   '/chat/conversations/:id/',                    401, 200, 200, 401, 403, 403, 403, 401, 401],
  ['GET',   '/chat/conversations/:id/messages/',           401, 200, 200, 401, 403, 403, 403, 401, 401],
  ['GET',   '/chat/contacts/',                             401, 200, 200, 401, 200, 403, 200, 401, 401],
  // The centre's staff (server/staff/routes.ts): a signed-in account of the role ADMIN, never the
  // X-Admin-Token. Each decision is made on an item of its own (a second one would answer 409).
  ['GET',   '/staff/queue/',                               401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['GET',   '/staff/queue/counts/',                        401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['GET',   '/staff/trainer-applications/:id/',            401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['GET',   '/staff/trainer-applications/:id/cv/',         401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['POST',  '/staff/trainer-applications/:id/approve/',    401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['POST',  '/staff/trainer-applications/:id/reject/',     401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['GET',   '/staff/courses/:id/',                         401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['POST',  '/staff/courses/:id/approve/',                 401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['POST',  '/staff/courses/:id/reject/',                  401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['GET',   '/staff/revisions/:id/',                       401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['POST',  '/staff/revisions/:id/approve/',               401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['POST',  '/staff/revisions/:id/reject/',                401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['GET',   '/staff/withdrawals/:id/',                     401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['POST',  '/staff/withdrawals/:id/approve/',             401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['POST',  '/staff/withdrawals/:id/reject/',              401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['GET',   '/staff/cash-payments/:id/',                   401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['POST',  '/staff/cash-payments/:id/confirm/',           401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['GET',   '/staff/audit/',                               401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['GET',   '/staff/audit/export/',                        401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['POST',  '/staff/staff-accounts/',                      401, 403, 403, 401, 403, 201, 403, 401, 401],
  ['GET',   '/staff/people/',                              401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['GET',   '/staff/people/:id/',                          401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['POST',  '/staff/people/:id/disable/',                  401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['POST',  '/staff/people/:id/enable/',                   401, 403, 403, 401, 403, 200, 403, 401, 401],
  // Course categories (server/staff/categories.ts): a name of each caller's own; the seeded first
  // category holds courses, so deleting it is refused (409) even to the staff.
  ['GET',   '/staff/categories/',                          401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['POST',  '/staff/categories/',                          401, 403, 403, 401, 403, 201, 403, 401, 401],
  ['PATCH', '/staff/categories/:id/',                      401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['POST',  '/staff/categories/:id/move/',                 401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['POST',  '/staff/categories/:id/hide/',                 401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['POST',  '/staff/categories/:id/show/',                 401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['DELETE','/staff/categories/:id/',                      401, 403, 403, 401, 403, 409, 403, 401, 401],
  // Issue reports (server/staff/issues.ts): the staff resolve one the trainee reported for them.
  ['GET',   '/staff/issue-reports/',                       401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['POST',  '/staff/issue-reports/:id/resolve/',           401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['GET',   '/staff/certificates/',                        401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['POST',  '/staff/certificates/:code/revoke/',           401, 403, 403, 401, 403, 200, 403, 401, 401],
  // A personal token for npm run admin; only that token (Authorization: Staff …) revokes itself.
  ['POST',  '/staff/cli-tokens/',                          401, 403, 403, 401, 403, 201, 403, 401, 401],
  // The admin revokes a token of its own, not the one the matrix's other rows send.
  ['DELETE','/staff/cli-tokens/current/',                  401, 401, 401, 200, 401, 401, 401, 401, 401],
  ['GET',   '/staff/payments/',                            401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['GET',   '/staff/payments/export/',                     401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['POST',  '/staff/payments/:id/refund/',                 401, 403, 403, 401, 403, 200, 403, 401, 401],
  ['GET',   '/staff/payments/:id/receipt.pdf',             401, 403, 403, 401, 403, 200, 403, 401, 401],
];

/** What a call sends besides its method: the path with its ids, and a body. */
interface Call {
  path: string;
  json?: unknown;
  form?: FormData;
  bytes?: Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
}

/**
 * The ids the calls name: the trainee's issue report and notification, a course, an open event, and
 * a stored photo (of a user no row changes).
 */
interface Fixture {
  issueId: number;
  notificationId: number;
  courseId: number;
  eventId: number;
  /** A priced course, and the trainee's payments: by card (failed by the notice), by wallet, paid. */
  pricedCourseId: number;
  /** A course the trainee is enrolled in (paid in cash); the other trainee's cash awaits. */
  paidCourseId: number;
  cardPaymentId: string;
  walletPaymentId: string;
  paidPaymentId: string;
  cashPaymentId: string;
  notice: { body: string; signature: string };
  photoName: string;
  /** The learning seed's course the trainee studies, and lectures of it (server/seed-learning.ts). */
  learningCourseId: number;
  lectureIds: Record<LearningLectureKey, number>;
  /** The seeded video's file. */
  videoFileId: string;
  /** The demo trainer's course waiting for the admin (seeded), and the name of a public course cover. */
  authoring: { courseId: number; coverName: string };
  /** A quiz of the paid course, the trainee's attempt in progress at it, and a submitted one. */
  quiz: { lectureId: number; questionId: number; choice: number[]; attemptId: string; submittedId: string };
  /** The demo trainer's course held every day, the trainee enrolled in it (attendance). */
  attendanceCourseId: number;
  /** The facilitator of the demo trainer's courses above (learning, attendance, authoring, records). */
  facilitatorId: number;
  /** What waits for the staff: a trainer's application with a CV, a withdrawal (an enrolment), cash. */
  staff: { applicationId: number; withdrawalId: number; cashPaymentId: string; revisionId: number };
}

/** A photo upload: a real PNG. */
function photoForm(): FormData {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(pngOf(16))], { type: 'image/png' }), 'photo.png');
  return form;
}

const OTHER_TRAINEE = {
  email: 'matrix.trainee@example.com',
  password: 'Matrix#2026xyz',
  full_name: 'Huda Al-Zahrani',
  role: 'TRAINEE',
  phone_number: '0553334444',
  govt_id_or_iqama_no: '1044455566',
  approved: true,
} as const;

/** Whose photo the public photo address serves. */
const PHOTO_OWNER = {
  email: 'matrix.photo@example.com',
  password: 'Matrix#2026xyz',
  full_name: 'Lama Al-Jabr',
  role: 'TRAINEE',
  phone_number: '0553334445',
  govt_id_or_iqama_no: '1044455567',
  approved: true,
} as const;

/** A trainee whose account is disabled once they have signed in. */
const DISABLED_TRAINEE = {
  email: 'matrix.disabled@example.com',
  password: 'Matrix#2026xyz',
  full_name: 'Salma Al-Ghamdi',
  role: 'TRAINEE',
  phone_number: '0553334449',
  govt_id_or_iqama_no: '1044455569',
  approved: true,
} as const;

/** A trainer the demo trainer names a facilitator of the courses the rows name. */
const FACILITATOR = {
  email: 'matrix.cofacilitator@example.com',
  password: 'Matrix#2026xyz',
  full_name: 'Rakan Al-Dosari',
  role: 'TRAINER',
  phone_number: '0553334448',
  govt_id_or_iqama_no: '1044455568',
  approved: true,
} as const;

const CV_PDF = fileURLToPath(new URL('../fixtures/cv.pdf', import.meta.url));

const issue = { name: 'Video', subject: 'Playback', description: 'The lecture video stops.' };

/** A sign-up of its own for each caller (an address signs up once a minute). */
function signUpForm(caller: Caller): FormData {
  const form = new FormData();
  const fields = {
    full_name: 'Noura Al-Harbi',
    email: `applicant.${caller}@example.com`,
    phone_number: '050 123 4567',
    govt_id_or_iqama_no: String(2_100_000_000 + CALLERS.indexOf(caller)),
    password: 'Strong#Pass9',
    confirm_password: 'Strong#Pass9',
    role: 'TRAINEE',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** The call each endpoint gets from `caller`; an endpoint absent here is a GET of its path as it is. */
function callOf(endpoint: string, caller: Caller, fixture: Fixture): Call | Promise<Call> {
  const path = endpoint.slice(endpoint.indexOf(' ') + 1);
  switch (endpoint) {
    case 'POST /cms/get-in-touch/':
      return {
        path,
        json: { full_name: 'Layla', email: 'layla@example.com', subject: 'Hi', description: 'A question' },
      };
    case 'POST /cms/request-course/':
      return { path, json: { full_name: 'Layla', email: 'layla@example.com', description: 'Calligraphy' } };
    case 'POST /cms/report-an-issues/':
      return { path, json: issue };
    case 'GET /cms/report-an-issues/:id/':
      return { path: `/cms/report-an-issues/${fixture.issueId}/` };
    case 'GET /course/about/:id/':
      return { path: `/course/about/${fixture.courseId}/` };
    case 'GET /event/:id/':
      return { path: `/event/${fixture.eventId}/` };
    case 'GET /event/:id/registration/':
      return { path: `/event/${fixture.eventId}/registration/` };
    case 'POST /event-registration/':
      return { path, json: { event: fixture.eventId } };
    case 'PATCH /notification/mark-as-seen/:id/':
      return { path: `/notification/mark-as-seen/${fixture.notificationId}/` };
    case 'POST /user/login/':
      return {
        path,
        json: { username: DEMO_ACCOUNTS.trainee.email, password: DEMO_ACCOUNTS.trainee.password },
      };
    case 'POST /user/refresh-token/':
      return freshRefreshToken().then((refresh_token) => ({ path, json: { refresh_token } }));
    case 'POST /user/logout/':
      return freshRefreshToken().then((refresh_token) => ({ path, json: { refresh_token } }));
    case 'POST /user/registration/':
      return { path, form: signUpForm(caller) };
    case 'POST /user/otp-verify/':
      return { path, json: { email_or_phone: `unknown.${caller}@example.com`, otp_code: '1234567' } };
    case 'POST /user/reset-password/':
      return { path, json: { email_or_phone: `nobody.${caller}@example.com` } };
    case 'POST /user/resend-otp/':
      return { path, json: { email_or_phone: `nobody.${caller}@example.com` } };
    case 'POST /user/set-password/':
      return {
        path,
        json: { new_password: 'Fresh!Start42', confirm_password: 'Fresh!Start42', token: 'x.y.z' },
      };
    // Each caller's own details; a wrong code or password is wrong for anyone (400), and leaves the
    // account as it is for the rows after it.
    case 'PATCH /user/profile/':
      return {
        path,
        json: {
          full_name: 'Reem Al-Shehri',
          phone_number: '',
          govt_id_or_iqama_no: String(2_200_000_000 + CALLERS.indexOf(caller)),
          user_type: 'Student',
        },
      };
    // Each caller's own kinds: an empty change is one for every role.
    case 'PUT /profile/notification-settings/':
      return { path, json: { kinds: [] } };
    case 'POST /user/profile/email/':
      return { path, json: { email: `new.address.${caller}@example.com` } };
    case 'POST /user/profile/email/confirm/':
      return { path, json: { otp_code: '0000000' } };
    case 'POST /user/profile/photo/':
      return { path, form: photoForm() };
    case 'GET /user/photos/:name':
      return { path: `/user/photos/${fixture.photoName}` };
    case 'POST /user/change-password/':
      return {
        path,
        json: {
          current_password: 'Not#MyPassword1',
          new_password: 'Fresh!Start42',
          confirm_password: 'Fresh!Start42',
        },
      };
    case 'POST /user/close-account/':
      return { path, json: { password: 'Not#MyPassword1' } };
    case 'POST /admin/approve-trainer/':
      return { path, json: { email: DEMO_ACCOUNTS.trainer.email } };
    case 'GET /checkout/quote/:id/':
      return { path: `/checkout/quote/${fixture.pricedCourseId}/` };
    case 'POST /payments/':
      return {
        path,
        json: {
          course_id: fixture.pricedCourseId,
          method: 'card',
          idempotency_key: randomUUID(),
          terms_accepted: true,
        },
      };
    case 'POST /payments/notice/':
      return {
        path,
        json: fixture.notice.body,
        headers: { [NOTICE_SIGNATURE_HEADER]: fixture.notice.signature },
      };
    case 'GET /payments/:id/':
      return { path: `/payments/${fixture.cardPaymentId}/` };
    case 'POST /payments/:id/wallet-code/':
      return { path: `/payments/${fixture.walletPaymentId}/wallet-code/`, json: { otp_code: 'wrong' } };
    case 'GET /payments/:id/receipt/':
      return { path: `/payments/${fixture.paidPaymentId}/receipt/` };
    case 'GET /payments/:id/receipt.pdf':
      return { path: `/payments/${fixture.paidPaymentId}/receipt.pdf` };
    case 'POST /admin/refund-payment/':
      // A paid cash payment: nothing is due through the gateway, whoever asks.
      return { path, json: { payment_id: fixture.paidPaymentId } };
    case 'POST /admin/confirm-payment/':
      return { path, json: { payment_id: fixture.cashPaymentId } };
    case 'POST /course/enroll-status-update/':
      return { path, json: { course_id: fixture.paidCourseId, reason: 'My working hours changed' } };
    // The admin decides on a request the trainee has just made (refused, then approved: the last).
    case 'POST /admin/reject-withdrawal/':
    case 'POST /admin/approve-withdrawal/':
      return (caller === 'admin' ? withdrawalAsked(fixture) : Promise.resolve()).then(() => ({
        path,
        json: { email: DEMO_ACCOUNTS.trainee.email, course_id: fixture.paidCourseId, reason: 'Half done' },
      }));
    case 'GET /learning/courses/:id/lectures/':
      return { path: `/learning/courses/${fixture.learningCourseId}/lectures/` };
    case 'GET /course/individual-course-lecture-details/:id/':
      return { path: `/course/individual-course-lecture-details/${fixture.lectureIds.cloudWelcome}/` };
    case 'GET /course/lecture-is-read/:id/':
      return { path: `/course/lecture-is-read/${fixture.lectureIds.cloudNotes}/` };
    case 'PUT /learning/lectures/:id/position/':
      return { path: `/learning/lectures/${fixture.lectureIds.cloudVideo}/position/`, json: { seconds: 3 } };
    // The trainee hands in the returned assignment again, with a file of their own.
    case 'POST /learning/lectures/:id/submissions/':
      return uploadedBy(caller).then((file) => ({
        path: `/learning/lectures/${fixture.lectureIds.cloudDesign}/submissions/`,
        json: { file },
      }));
    case 'POST /learning/lectures/:id/survey/':
      return surveyAnswers(fixture).then((answers) => ({
        path: `/learning/lectures/${fixture.lectureIds.cloudPostSurvey}/survey/`,
        json: { answers },
      }));
    case 'GET /course/trainee-view-grade-of-assignment-and-quiz/':
      return { path: `${path}?course_id=${fixture.learningCourseId}` };
    case 'POST /upload/':
      return { path, form: uploadForm() };
    case 'GET /files/:id':
      return { path: `/files/${fixture.videoFileId}` };
    case 'POST /uploads/':
      return { path, headers: TUS_CREATION };
    case 'GET /uploads/:id':
    case 'PATCH /uploads/:id':
    case 'DELETE /uploads/:id':
      // An upload of the trainee's, new for each caller.
      return traineeUpload().then(
        (location): Call => ({
          path: location.slice(API_BASE.length),
          ...(endpoint.startsWith('PATCH')
            ? {
                headers: {
                  'Tus-Resumable': '1.0.0',
                  'Upload-Offset': '0',
                  'Content-Type': 'application/offset+octet-stream',
                },
                bytes: new Uint8Array(10),
              }
            : { headers: { 'Tus-Resumable': '1.0.0' } }),
        }),
      );
    // Each grade or return decides a submission of its own that waits for a grade.
    case 'POST /admin/submissions/:id/grade':
    case 'POST /admin/submissions/:id/grade/':
    case 'POST /admin/submissions/:id/return':
    case 'POST /admin/submissions/:id/return/':
      return (caller === 'admin' ? waitingSubmission(fixture) : Promise.resolve(1)).then((id) => ({
        path: path.replace(':id', String(id)),
        json: path.includes('grade') ? { grade: 7.5, feedback: 'Good' } : { feedback: 'Add an example' },
      }));
    case 'POST /learning/lectures/:id/attempts/':
      return { path: `/learning/lectures/${fixture.quiz.lectureId}/attempts/`, json: {} };
    case 'GET /learning/attempts/:id/':
      return { path: `/learning/attempts/${fixture.quiz.attemptId}/` };
    case 'PUT /learning/attempts/:id/answers/:questionId/':
      return {
        path: `/learning/attempts/${fixture.quiz.attemptId}/answers/${fixture.quiz.questionId}/`,
        json: { choice: fixture.quiz.choice, version: 1 + CALLERS.indexOf(caller) },
      };
    case 'POST /learning/attempts/:id/submit/':
      return { path: `/learning/attempts/${fixture.quiz.attemptId}/submit/`, json: { key: randomUUID() } };
    case 'GET /learning/attempts/:id/review/':
      return { path: `/learning/attempts/${fixture.quiz.submittedId}/review/` };
    case 'POST /admin/set-quiz-time-limit/':
      return { path, json: { lecture_id: fixture.quiz.lectureId, seconds: 600 } };
    case 'POST /course/course-create/':
      return uploadedBy(caller).then(async (cover) => ({ path, json: await courseBody(cover) }));
    case 'GET /course/course-create/:id/':
      return { path: `/course/course-create/${fixture.authoring.courseId}/` };
    case 'PUT /course/course-create/:id/':
      // The creator's edit keeps the facilitator (a facilitator's edit cannot change them).
      return courseBody(coverImageOf(fixture.authoring.courseId)).then((json) => ({
        path: `/course/course-create/${fixture.authoring.courseId}/`,
        json: { ...json, facilitators: [fixture.facilitatorId] },
      }));
    // The trainer deletes a course made for it (the others are refused before any is looked up).
    case 'DELETE /course/course-create/:id/':
      return (caller === 'trainer' ? pendingCourse() : Promise.resolve(fixture.authoring.courseId)).then(
        (id) => ({
          path: `/course/course-create/${id}/`,
        }),
      );
    case 'GET /authoring/facilitators/':
      return { path: `${path}?email=${encodeURIComponent(SEED_TRAINERS[0]?.email ?? '')}` };
    case 'GET /covers/:name':
      return { path: `/covers/${fixture.authoring.coverName}` };
    // The admin decides on a course sent just before (others are refused before any is looked up).
    case 'POST /admin/approve-course/':
    case 'POST /admin/reject-course/':
      return (caller === 'admin' ? pendingCourse() : Promise.resolve(fixture.authoring.courseId)).then(
        (course_id) => ({ path, json: { course_id, reason: 'Add a weekly plan' } }),
      );
    // The trainer teaches the learning seed's course: a text class in its first week.
    case 'POST /course/class-create/':
      return { path, json: matrixClass(fixture) };
    case 'GET /course/class-create/:id/':
      return { path: `/course/class-create/${fixture.lectureIds.cloudSecurity}/` };
    case 'PUT /course/class-create/:id/':
      return {
        path: `/course/class-create/${fixture.lectureIds.cloudSecurity}/`,
        json: matrixClass(fixture),
      };
    case 'GET /authoring/courses/:id/lectures/':
      return { path: `/authoring/courses/${fixture.learningCourseId}/lectures/` };
    case 'GET /grading/courses/:id/':
      return { path: `/grading/courses/${fixture.learningCourseId}/` };
    case 'GET /grading/items/:id/':
      return { path: `/grading/items/${fixture.lectureIds.cloudCompare}/` };
    // The trainer and the facilitator each decide a submission of their own that waits; the others
    // are refused before.
    case 'POST /grading/submissions/:id/grade/':
    case 'POST /grading/submissions/:id/return/':
      return (teaches(caller) ? waitingSubmission(fixture) : Promise.resolve(1)).then((id) => ({
        path: path.replace(':id', String(id)),
        json: path.includes('grade')
          ? { grade: '7.5', feedback: 'Good', feedback_file: null }
          : { feedback: 'Add an example', feedback_file: null },
      }));
    // The trainer and the facilitator cancel a session of the course still to come; restore one
    // cancelled for them (the others are refused before any is looked up).
    case 'POST /schedule/changes/':
      return upcomingSession(fixture).then((session_date) => ({
        path,
        json: { course_id: fixture.learningCourseId, session_date, action: 'cancelled', reason: 'Exams' },
      }));
    case 'DELETE /schedule/changes/:courseId/:date/':
      return (teaches(caller) ? cancelledSession(fixture) : upcomingSession(fixture)).then((date) => ({
        path: `/schedule/changes/${fixture.learningCourseId}/${date}/`,
      }));
    case 'POST /schedule/calendar-feed/':
      return { path, json: { language: 'ar' } };
    // The trainee's feed, as it is now.
    case 'GET /calendar/:file':
      return traineeFeed().then((feedPath) => ({ path: feedPath }));
    case 'POST /admin/notify/':
      return { path, json: { email: DEMO_ACCOUNTS.trainee.email, title: 'Hello', text: 'A message' } };
    // The records: the seeded completed course; the learning seed's course (its rule); the trainer
    // closes a course of its own made for it (the others are refused before any is looked up).
    case 'GET /trainer/course-history/:id/':
      return server.db
        .query<{ id: number }>('SELECT id FROM courses WHERE slug = $1', [RECORD_COURSES.completed.slug])
        .then(({ rows }) => ({ path: `/trainer/course-history/${rows[0]?.id}/` }));
    // Reviews: the ended course of the records, which the demo trainee took.
    case 'POST /course/rating/':
    case 'GET /course/:id/reviews/':
    case 'GET /course/:id/my-review/':
      return server.db
        .query<{ id: number }>('SELECT id FROM courses WHERE slug = $1', [RECORD_COURSES.completed.slug])
        .then(({ rows }) => ({
          path: path.replace(':id', String(rows[0]?.id)),
          ...(endpoint.startsWith('POST')
            ? { json: { course_id: rows[0]?.id, rating: '4', review: 'Well organised and practical.' } }
            : {}),
        }));
    case 'GET /course/history/:id/':
      return courseIdBySlug(server, RECORD_COURSES.completed.slug).then((id) => ({
        path: `/course/history/${id}/`,
      }));
    case 'POST /course/generate_transcript/':
      return { path, json: {} };
    case 'POST /course/generate_certificate/':
      return courseIdBySlug(server, RECORD_COURSES.completed.slug).then((id) => ({
        path,
        json: { course_id: id },
      }));
    case 'GET /trainer/courses/:id/completion/':
      return { path: `/trainer/courses/${fixture.learningCourseId}/completion/` };
    case 'PUT /trainer/courses/:id/completion-rule/':
      return {
        path: `/trainer/courses/${fixture.learningCourseId}/completion-rule/`,
        json: { min_attendance: '75', min_grade: '5' },
      };
    case 'POST /trainer/courses/:id/close/':
      return (caller === 'trainer' ? ongoingCourse() : Promise.resolve(fixture.learningCourseId)).then(
        (id) => ({
          path: `/trainer/courses/${id}/close/`,
        }),
      );
    // Invitations: a fresh address each; a fresh invitation of a seeded trainer for each reader.
    case 'POST /invitations/':
      return { path, json: { emails: [`invited.${randomUUID()}@example.org`], course_id: fixture.courseId } };
    case 'GET /invitations/:token/':
    case 'POST /invitations/:token/accept/':
      return freshInvitation().then((token) => ({ path: path.replace(':token', token) }));
    // Attendance: the course held every day; each code is the current one.
    case 'GET /attendance/courses/:id/':
    case 'GET /attendance/courses/:id/code/':
    case 'GET /attendance/courses/:id/sheet/':
      return { path: path.replace(':id', String(fixture.attendanceCourseId)) };
    case 'POST /attendance/courses/:id/marks/':
      return findUserByEmail(server.db, DEMO_ACCOUNTS.trainee.email).then((user) => ({
        path: path.replace(':id', String(fixture.attendanceCourseId)),
        json: { user_id: user?.id, date: centreDate(new Date()), status: 'Absent' },
      }));
    case 'POST /attendance/tickets/':
      return { path, json: { course_id: fixture.attendanceCourseId, code: currentCode(fixture) } };
    case 'POST /course/make-attendance/:id/':
      return {
        path: path.replace(':id', String(fixture.attendanceCourseId)),
        json: { code: currentCode(fixture) },
      };
    case 'POST /dev/attendance/clock/':
      return { path, json: { seconds: 0 } };
    // A seeded certificate (server/certificates/seed.ts); the one revoked is not the demo trainee's.
    case 'GET /certificates/:code/':
      return server.db
        .query<{ code: string }>('SELECT code FROM certificates ORDER BY id LIMIT 1')
        .then(({ rows }) => ({ path: `/certificates/${rows[0]?.code}/` }));
    case 'POST /admin/revoke-certificate/':
      return server.db
        .query<{ code: string }>('SELECT code FROM certificates ORDER BY id DESC LIMIT 1')
        .then(({ rows }) => ({ path, json: { code: rows[0]?.code, reason: 'Issued by mistake' } }));
    case 'GET /admin/certificates/':
      return { path: `${path}?email=${encodeURIComponent(DEMO_ACCOUNTS.trainee.email)}` };
    // Chat: the trainer starts (finds) the conversation with the trainee, everyone else with the trainer.
    case 'POST /chat/conversations/':
      return Promise.all([
        findUserByEmail(server.db, DEMO_ACCOUNTS.trainee.email),
        findUserByEmail(server.db, DEMO_ACCOUNTS.trainer.email),
      ]).then(([demoTrainee, demoTrainer]) => ({
        path,
        json: { user_id: (caller === 'trainer' ? demoTrainee : demoTrainer)?.id },
      }));
    case 'GET /chat/conversations/:id/':
    case 'GET /chat/conversations/:id/messages/':
      return server.db
        .query<{ id: number }>(
          `SELECT c.id FROM conversations c JOIN users a ON a.id = c.user_low JOIN users b ON b.id = c.user_high
           WHERE c.kind = 'direct' AND ARRAY[a.email, b.email] @> ARRAY[$1, $2]`,
          [DEMO_ACCOUNTS.trainee.email, DEMO_ACCOUNTS.trainer.email],
        )
        .then(({ rows }) => ({ path: path.replace(':id', String(rows[0]?.id)) }));
    // Each caller finishes a staff sign-in of its own, past the password (each mails a code).
    case 'POST /user/login/code/':
      return staffChallenge(caller).then((json) => ({ path, json }));
    case 'POST /user/login/code/resend/':
      return staffChallenge(caller).then(({ challenge }) => ({ path, json: { challenge } }));
    case 'POST /admin/create-admin/':
      return { path, json: { email: `matrix.admin.${caller}@example.com`, full_name: 'Matrix Admin' } };
    case 'POST /staff/staff-accounts/':
      return {
        path,
        json: { email: `matrix.colleague.${caller}@example.com`, full_name: 'Matrix Colleague' },
      };
    // What waits for the staff; the course is the demo trainer's pending one.
    case 'GET /staff/trainer-applications/:id/':
    case 'GET /staff/trainer-applications/:id/cv/':
      return { path: path.replace(':id', String(fixture.staff.applicationId)) };
    case 'GET /staff/courses/:id/':
      return { path: path.replace(':id', String(fixture.authoring.courseId)) };
    case 'GET /staff/withdrawals/:id/':
      return { path: path.replace(':id', String(fixture.staff.withdrawalId)) };
    case 'GET /staff/revisions/:id/':
      return { path: path.replace(':id', String(fixture.staff.revisionId)) };
    case 'GET /staff/cash-payments/:id/':
      return { path: path.replace(':id', fixture.staff.cashPaymentId) };
    // A person's page is the facilitator's; the staff disable and enable a trainee of their own.
    case 'GET /staff/people/:id/':
      return { path: path.replace(':id', String(fixture.facilitatorId)) };
    case 'POST /staff/people/:id/disable/':
    case 'POST /staff/people/:id/enable/':
      return (
        caller === 'staff'
          ? personToSwitch(path.endsWith('/enable/'))
          : Promise.resolve(fixture.facilitatorId)
      ).then((id) => ({ path: path.replace(':id', String(id)), json: { reason: 'Matrix check' } }));
    // The staff decide on an item made for them (the others are refused before any is looked up).
    case 'POST /staff/trainer-applications/:id/approve/':
    case 'POST /staff/trainer-applications/:id/reject/':
      return (caller === 'staff' ? trainerApplication() : Promise.resolve(fixture.staff.applicationId)).then(
        (id) => decision(path, id),
      );
    case 'POST /staff/courses/:id/approve/':
    case 'POST /staff/courses/:id/reject/':
      return (caller === 'staff' ? pendingCourse() : Promise.resolve(fixture.authoring.courseId)).then((id) =>
        decision(path, id),
      );
    case 'POST /staff/revisions/:id/approve/':
    case 'POST /staff/revisions/:id/reject/':
      return (caller === 'staff' ? pendingRevision() : Promise.resolve(fixture.staff.revisionId)).then((id) =>
        decision(path, id),
      );
    case 'POST /staff/withdrawals/:id/approve/':
    case 'POST /staff/withdrawals/:id/reject/':
      return (caller === 'staff' ? withdrawalRequest() : Promise.resolve(fixture.staff.withdrawalId)).then(
        (id) => decision(path, id),
      );
    case 'POST /staff/issue-reports/:id/resolve/':
      return (
        caller === 'staff'
          ? server.db
              .query<{ id: number }>(
                `INSERT INTO issue_reports (user_id, name, subject, description)
                 SELECT id, full_name, 'Matrix issue', 'A page does not load' FROM users WHERE email = $1
                 RETURNING id`,
                [DEMO_ACCOUNTS.trainee.email],
              )
              .then(({ rows }) => rows[0]?.id ?? 0)
          : Promise.resolve(1)
      ).then((id) => ({ path: path.replace(':id', String(id)), json: { reply: 'Fixed: reload the page' } }));
    case 'POST /staff/categories/':
      return { path, json: { name: `Matrix ${caller}`, name_ar: `مصفوفة ${caller}` } };
    case 'PATCH /staff/categories/:id/':
    case 'POST /staff/categories/:id/move/':
    case 'POST /staff/categories/:id/hide/':
    case 'POST /staff/categories/:id/show/':
    case 'DELETE /staff/categories/:id/':
      return server.db
        .query<{ id: number }>('SELECT id FROM course_categories ORDER BY position, id LIMIT 1')
        .then(({ rows }) => ({
          path: path.replace(':id', String(rows[0]?.id)),
          json: path.includes('move')
            ? { direction: 'down' }
            : path.includes(':id/') && !path.includes('/hide/') && !path.includes('/show/')
              ? { name: `Renamed ${caller}`, name_ar: `أعيدت تسميته ${caller}` }
              : {},
        }));
    case 'POST /staff/cli-tokens/':
      return { path, json: { name: 'matrix' } };
    case 'DELETE /staff/cli-tokens/current/':
      return caller === 'admin'
        ? demoStaffToken(server.db).then((token) => ({ path, headers: staffAuthorization(token) }))
        : { path };
    case 'GET /staff/certificates/':
      return { path: `${path}?q=${encodeURIComponent(DEMO_ACCOUNTS.trainee.email)}` };
    // The staff revoke a certificate of their own (the others are refused before any is looked up).
    case 'POST /staff/certificates/:code/revoke/':
      return (
        caller === 'staff'
          ? freshCertificate()
          : server.db
              .query<{ code: string }>('SELECT code FROM certificates ORDER BY id LIMIT 1')
              .then(({ rows }) => rows[0]?.code ?? '')
      ).then((code) => ({ path: path.replace(':code', code), json: { reason: 'Issued by mistake' } }));
    case 'POST /staff/cash-payments/:id/confirm/':
      return (
        caller === 'staff'
          ? awaitingCash(fixture.pricedCourseId)
          : Promise.resolve(fixture.staff.cashPaymentId)
      ).then((id) => decision(path, id));
    case 'GET /staff/payments/:id/receipt.pdf':
      return { path: path.replace(':id', fixture.paidPaymentId) };
    // The staff refund a cash payment of its own (the others are refused before any is looked up).
    case 'POST /staff/payments/:id/refund/':
      return (
        caller === 'staff' ? paidCash(fixture.pricedCourseId) : Promise.resolve(fixture.paidPaymentId)
      ).then((id) => ({ path: path.replace(':id', id), json: {} }));
    default:
      return { path };
  }
}

/** Whether the caller runs the courses the rows name (the demo trainer, or their facilitator). */
function teaches(caller: Caller): boolean {
  return caller === 'trainer' || caller === 'facilitator';
}

/** A certificate of its own for a new account: a copy of a seeded one under a new code. */
async function freshCertificate(): Promise<string> {
  const holder = await ensureUser(server.db, {
    email: `matrix.holder.${randomUUID()}@example.com`,
    password: 'Matrix#2026xyz',
    full_name: 'Matrix Holder',
    role: 'TRAINEE',
    approved: true,
  });
  const code = certificateCodeOf(randomBytes(10));
  await server.db.query(
    `INSERT INTO certificates (code, user_id, course_id, holder_name, course_title, course_title_ar,
       trainer_name, start_date, end_date, hours)
     SELECT $1, $2, course_id, 'Matrix Holder', course_title, course_title_ar, trainer_name, start_date,
       end_date, hours FROM certificates ORDER BY id LIMIT 1`,
    [code, holder.id],
  );
  return code;
}

/** A staff decision on the item: a refusal gives its reason. */
function decision(path: string, id: number | string): Call {
  return {
    path: path.replace(':id', String(id)),
    json: path.endsWith('/reject/') ? { reason: 'Not this term, please apply again in the spring' } : {},
  };
}

let server: TestServer;
let fixture: Fixture;

/** The attendance course's current QR code, as the trainer's screen shows it. */
function currentCode(fixture: Fixture): string {
  return createAttendanceCodes(server.secret).current(fixture.attendanceCourseId, new Date()).code;
}

/** A text class of the learning seed's course (POST and PUT /course/class-create/). */
function matrixClass(fixture: Fixture) {
  return {
    class_type: 1,
    course: fixture.learningCourseId,
    week: 1,
    detail_info: { title: 'Reading: regions and zones', description: 'A region holds zones.', file: null },
    quiz_info: [],
  };
}

/** An upload form with a real PNG (POST /upload/). */
function uploadForm(): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pngOf(16))], { type: 'image/png' }), 'answer.png');
  return form;
}

/** What creates a resumable upload of 100 bytes (a PDF, by its name). */
const TUS_CREATION = {
  'Tus-Resumable': '1.0.0',
  'Upload-Length': '100',
  'Upload-Metadata': `filename ${Buffer.from('notes.pdf').toString('base64')}`,
};

/** The address of a new resumable upload of the trainee's. */
async function traineeUpload(): Promise<string> {
  const response = await send('POST', { path: '/uploads/', headers: TUS_CREATION }, 'trainee');
  const location = response.headers.get('Location');
  if (response.status !== 201 || !location) throw new Error(`The upload was not created: ${response.status}`);
  return location;
}

/** The address of a file the caller uploads (or of none, for a caller who cannot upload). */
async function uploadedBy(caller: Caller): Promise<string> {
  const response = await send('POST', { path: '/upload/', form: uploadForm() }, caller);
  if (!response.ok) {
    await response.body?.cancel();
    return `/api/v1/files/${randomUUID()}`;
  }
  return ((await response.json()) as { file: string }).file;
}

/** Answers to every question of the post-course survey. */
async function surveyAnswers(fixture: Fixture): Promise<unknown[]> {
  const { rows } = await server.db.query<{ id: number; kind: string }>(
    'SELECT id, kind FROM questions WHERE lecture_id = $1 ORDER BY position',
    [fixture.lectureIds.cloudPostSurvey],
  );
  return rows.map((question) =>
    question.kind === 'rating'
      ? { question_id: question.id, rating: 5 }
      : question.kind === 'choice'
        ? { question_id: question.id, option: 1 }
        : { question_id: question.id, text: 'More practice' },
  );
}

/** A submission of the other trainee to the course's second assignment, waiting for a grade. */
async function waitingSubmission(fixture: Fixture): Promise<number> {
  const user = await findUserByEmail(server.db, OTHER_TRAINEE.email);
  const fileId = randomUUID();
  await server.db.query(
    `INSERT INTO uploads (id, owner_id, path, name, extension, content_type, size)
     VALUES ($1, $2, $3, 'answer.png', 'png', 'image/png', 1)`,
    [fileId, user?.id, `files/${fileId}.png`],
  );
  const { rows } = await server.db.query<{ id: number }>(
    `INSERT INTO submissions (lecture_id, user_id, attempt, file_id)
     SELECT $1, $2, coalesce(max(attempt), 0) + 1, $3 FROM submissions WHERE lecture_id = $1 AND user_id = $2
     RETURNING id`,
    [fixture.lectureIds.cloudCompare, user?.id, fileId],
  );
  return rows[0]?.id ?? 0;
}

/** The trainee asks to withdraw from the course they paid for (a request already waiting is left as it is). */
async function withdrawalAsked(fixture: Fixture): Promise<void> {
  const response = await send(
    'POST',
    { path: '/course/enroll-status-update/', json: { course_id: fixture.paidCourseId, reason: 'Leaving' } },
    'trainee',
  );
  await response.body?.cancel();
}

/** A staff account of the caller's own, past the password: the challenge and the code mailed for it. */
async function staffChallenge(caller: Caller): Promise<{ challenge: string; code: string }> {
  const user = await ensureUser(server.db, {
    email: `matrix.signin.${caller.toLowerCase()}@example.com`,
    password: 'Matrix#2026xyz',
    full_name: 'Matrix Staff',
    role: 'ADMIN',
    approved: true,
  });
  const { second_factor } = await beginSecondFactor(server.db, server.tokens, server.url, user);
  const [mail] = await readOutbox(server.db, { to: user.email, limit: 1 });
  const code = findOtp(mail?.body ?? '');
  if (!code) throw new Error(`no code mailed to ${user.email}`);
  return { challenge: second_factor.challenge, code };
}

let applicationsMade = 0;

/** A trainer's application waiting for the staff, with a CV (a PDF): the applicant's id. */
async function trainerApplication(): Promise<number> {
  applicationsMade += 1;
  const user = await ensureUser(server.db, {
    email: `matrix.applicant.${applicationsMade}@example.com`,
    password: 'Matrix#2026xyz',
    full_name: `Matrix Applicant ${applicationsMade}`,
    role: 'TRAINER',
    approved: false,
  });
  const cv = await server.uploads.storeCv(
    new File([await readFile(CV_PDF)], 'cv.pdf', { type: 'application/pdf' }),
  );
  await server.db.query('UPDATE users SET cv_file = $2, cv_name = $3 WHERE id = $1', [
    user.id,
    cv.file,
    cv.name,
  ]);
  return user.id;
}

/** A trainee of the test's own for the staff to disable, or (`disabled`) to enable again: the id. */
async function personToSwitch(disabled: boolean): Promise<number> {
  const { user } = await signedInTrainee(server, 'switched');
  if (disabled) {
    await server.db.query(`UPDATE users SET disabled_at = now(), disabled_reason = 'Matrix' WHERE id = $1`, [
      user.id,
    ]);
  }
  return user.id;
}

/** A trainee of the test's own, enrolled in the learning seed's course, asks to withdraw: the enrolment's id. */
async function withdrawalRequest(): Promise<number> {
  const { user, token } = await signedInTrainee(server, 'withdrawing');
  const courseId = await enrolBySlug(server, user.id, LEARNING_COURSES.cloud.slug);
  const asked = await send(
    'POST',
    {
      path: '/course/enroll-status-update/',
      json: { course_id: courseId, reason: 'My working hours changed' },
      headers: { Authorization: `Bearer ${token}` },
    },
    'anonymous',
  );
  if (asked.status !== 200) throw new Error(`The withdrawal was not asked for: ${asked.status}`);
  const { rows } = await server.db.query<{ id: number }>(
    'SELECT id FROM enrolments WHERE user_id = $1 AND course_id = $2',
    [user.id, courseId],
  );
  return rows[0]?.id ?? 0;
}

/** A trainee of the test's own chooses to pay for the course in cash: the payment, awaiting the cash. */
async function awaitingCash(courseId: number): Promise<string> {
  const { token } = await signedInTrainee(server, 'cash');
  const started = await send(
    'POST',
    {
      path: '/payments/',
      json: { course_id: courseId, method: 'cash', idempotency_key: randomUUID(), terms_accepted: true },
      headers: { Authorization: `Bearer ${token}` },
    },
    'anonymous',
  );
  return paymentSchema.parse(await started.json()).id;
}

/** A cash payment taken at the centre (marked paid as the confirmation would). */
async function paidCash(courseId: number): Promise<string> {
  const id = await awaitingCash(courseId);
  await server.db.query(`UPDATE payments SET status = 'paid', paid_at = now() WHERE id = $1`, [id]);
  return id;
}

/** A routine date of the learning seed's course, from tomorrow on, with no change yet. */
async function upcomingSession(fixture: Fixture): Promise<string> {
  const { rows } = await server.db.query<{ routine: { day: string }[]; end_date: string }>(
    `SELECT routine, to_char(end_date, 'YYYY-MM-DD') AS end_date FROM courses WHERE id = $1`,
    [fixture.learningCourseId],
  );
  const { rows: changed } = await server.db.query<{ date: string }>(
    `SELECT to_char(session_date, 'YYYY-MM-DD') AS date FROM session_changes WHERE course_id = $1`,
    [fixture.learningCourseId],
  );
  const days = new Set(rows[0]?.routine.map((slot) => slot.day));
  const taken = new Set(changed.map((row) => row.date));
  for (
    let date = addDays(centreDate(new Date()), 1);
    date <= (rows[0]?.end_date ?? '');
    date = addDays(date, 1)
  ) {
    if (days.has(weekdayOf(date)) && !taken.has(date)) return date;
  }
  throw new Error('The learning course has no session left to change');
}

/** A session of the learning seed's course still to come, cancelled for the trainer to restore. */
async function cancelledSession(fixture: Fixture): Promise<string> {
  const date = await upcomingSession(fixture);
  await server.db.query(
    `INSERT INTO session_changes (course_id, session_date, action, reason) VALUES ($1, $2, 'cancelled', 'Exams')`,
    [fixture.learningCourseId, date],
  );
  return date;
}

/** The path of the demo trainee's calendar feed (made when they have none). */
async function traineeFeed(): Promise<string> {
  const user = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainee.email);
  if (!user) throw new Error('no demo trainee');
  return (await ensureFeed(server.db, user.id, 'en')).path;
}

/** A valid course payload (the wizard's) with this cover. */
async function courseBody(cover: string | Promise<string>): Promise<Record<string, unknown>> {
  const { rows: categories } = await server.db.query<{ id: number }>(
    'SELECT min(id) AS id FROM course_categories',
  );
  return {
    title: 'Matrix Course',
    title_ar: 'دورة المصفوفة',
    subtitle: '',
    subtitle_ar: '',
    description: 'A course the matrix sends.',
    description_ar: '',
    category: categories[0]?.id,
    cover_image: await cover,
    skill_level: 'Beginner',
    languages: ['Arabic'],
    captions: [],
    female_only: false,
    price_halalas: 0,
    weeks: [{ syllabus_title: 'Week one', syllabus_title_ar: '', lectures: 1, quizzes: 0, assignments: 0 }],
    surveys: { pre: null, post: null },
    start_date: '2030-01-05',
    end_date: '2030-02-05',
    routine: [{ day: 'Monday', start_time: '09:00', end_time: '11:00' }],
    facilitators: [],
  };
}

async function coverImageOf(courseId: number): Promise<string> {
  const { rows } = await server.db.query<{ cover_image: string }>(
    'SELECT cover_image FROM courses WHERE id = $1',
    [courseId],
  );
  return rows[0]?.cover_image ?? '';
}

/** A new course of the demo trainer's, waiting for the admin. */
/** An approved course of the demo trainer that started yesterday (a copy of the learning seed's). */
async function ongoingCourse(): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>(
    `INSERT INTO courses (title, title_ar, subtitle, subtitle_ar, description, description_ar, category_id,
       cover_image, skill_level, languages, captions, weeks, surveys, routine, female_only, start_date, end_date,
       status, created_by, price_halalas)
     SELECT title, title_ar, subtitle, subtitle_ar, description, description_ar, category_id, cover_image,
       skill_level, languages, captions, weeks, surveys, routine, female_only, current_date - 1, current_date + 30,
       'Approved', created_by, price_halalas
     FROM courses WHERE id = $1 RETURNING id`,
    [fixture.learningCourseId],
  );
  return rows[0]?.id ?? 0;
}

/** A change of an approved course's subtitle waiting for the staff (on a copy of its own): its id. */
async function pendingRevision(): Promise<number> {
  const courseId = await ongoingCourse();
  const { rows } = await server.db.query<{ id: number }>(
    `INSERT INTO course_revisions (course_id, proposed, before, submitted_by)
     SELECT id, jsonb_build_object('subtitle', 'A subtitle the matrix proposes'),
       jsonb_build_object('subtitle', subtitle), created_by
     FROM courses WHERE id = $1 RETURNING id`,
    [courseId],
  );
  return rows[0]?.id ?? 0;
}

/** A pending invitation of a seeded trainer (none of the callers) to a fresh address: its token. */
async function freshInvitation(): Promise<string> {
  const token = newInvitationToken();
  await server.db.query(
    `INSERT INTO invitations (token_hash, inviter_id, email, expires_at)
     SELECT $1, id, $2, now() + interval '14 days' FROM users WHERE email = $3`,
    [tokenHash(token), `invited.${randomUUID()}@example.org`, SEED_TRAINERS[0]?.email],
  );
  return token;
}

async function pendingCourse(): Promise<number> {
  const response = await send(
    'POST',
    { path: '/course/course-create/', json: await courseBody(uploadedBy('trainer')) },
    'trainer',
  );
  return courseSavedSchema.parse(await response.json()).data.id;
}

const tokens = new Map<Caller, string>();

/** A refresh token of a new session of the trainee, for a call that spends one. */
async function freshRefreshToken(): Promise<string> {
  const user = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainee.email);
  if (!user) throw new Error('no demo trainee');
  return (await startSession(server.db, server.tokens, user)).refresh_token;
}

function headersOf(caller: Caller): Record<string, string> {
  if (caller === 'admin')
    return { [ADMIN_TOKEN_HEADER]: server.adminToken, ...staffAuthorization(server.staffToken) };
  if (caller === 'shared') return { [ADMIN_TOKEN_HEADER]: server.adminToken };
  const token = tokens.get(caller);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function send(method: string, call: Call, caller: Caller): Promise<Response> {
  const headers = { ...headersOf(caller), ...call.headers };
  // A string is a JSON body as it is sent (a signed notice).
  const body =
    call.form ??
    call.bytes ??
    (call.json === undefined
      ? undefined
      : typeof call.json === 'string'
        ? call.json
        : JSON.stringify(call.json));
  if (call.json !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${server.url}${API_BASE}${call.path}`, { method, headers, body });
}

async function signIn(email: string, password: string): Promise<{ token: string; userId: number }> {
  const response = await send(
    'POST',
    { path: '/user/login/', json: { username: email, password } },
    'anonymous',
  );
  const session = loginResponseSchema.parse(await response.json());
  return { token: session.access_token, userId: session.data.id };
}

beforeAll(async () => {
  // Every matrix row of a resumable upload starts one of the trainee's.
  server = await startTestServer({ uploadLimits: { inFlight: 100 } });
  await ensureUser(server.db, OTHER_TRAINEE);
  const trainee = await signIn(DEMO_ACCOUNTS.trainee.email, DEMO_ACCOUNTS.trainee.password);
  tokens.set('trainee', trainee.token);
  tokens.set('trainer', (await signIn(DEMO_ACCOUNTS.trainer.email, DEMO_ACCOUNTS.trainer.password)).token);
  tokens.set('otherTrainee', (await signIn(OTHER_TRAINEE.email, OTHER_TRAINEE.password)).token);
  // A staff sign-in asks for a mailed code after the password: the session is started without it.
  tokens.set('staff', (await signedInStaff(server, 'matrix')).token);
  const facilitator = await ensureUser(server.db, FACILITATOR);
  tokens.set('facilitator', (await signIn(FACILITATOR.email, FACILITATOR.password)).token);
  // Disabled after signing in, as the staff disable an account (server/staff/people.ts) but with the
  // session version kept: only the disabled account refuses the token.
  await ensureUser(server.db, DISABLED_TRAINEE);
  const disabled = await signIn(DISABLED_TRAINEE.email, DISABLED_TRAINEE.password);
  tokens.set('disabled', disabled.token);
  const before = await send('GET', { path: '/user/profile/' }, 'disabled');
  if (before.status !== 200)
    throw new Error(`The disabled trainee's token was refused before: ${before.status}`);
  await server.db.query(`UPDATE users SET disabled_at = now(), disabled_reason = 'Matrix' WHERE id = $1`, [
    disabled.userId,
  ]);

  const reported = await send('POST', { path: '/cms/report-an-issues/', json: issue }, 'trainee');
  const notification = await server.notifier.notify(trainee.userId, {
    title: 'Welcome',
    title_ar: 'أهلاً',
    text: 'Welcome to the centre.',
    text_ar: 'أهلاً بك في المركز.',
  });
  const { rows: courses } = await server.db.query<{ id: number }>(
    "SELECT id FROM courses WHERE status = 'Approved' ORDER BY id LIMIT 1",
  );
  const { rows: events } = await server.db.query<{ id: number }>(
    'SELECT id FROM events WHERE ends_at > now() ORDER BY id LIMIT 1',
  );
  // Courses the trainee has no enrolment in yet (the learning seed enrols them in three).
  const { rows: priced } = await server.db.query<{ id: number }>(
    `SELECT id FROM courses WHERE status = 'Approved' AND price_halalas > 0
       AND id NOT IN (SELECT course_id FROM enrolments WHERE user_id = $1)
     ORDER BY id LIMIT 3`,
    [trainee.userId],
  );
  const [pricedCourseId = 0, paidCourseId = 0, cashCourseId = 0] = priced.map((row) => row.id);
  const startPayment = async (caller: Caller, course_id: number, method: string, more = {}) => {
    const answer = await send(
      'POST',
      {
        path: '/payments/',
        json: { course_id, method, idempotency_key: randomUUID(), terms_accepted: true, ...more },
      },
      caller,
    );
    return paymentSchema.parse(await answer.json());
  };
  const card = await startPayment('trainee', pricedCourseId, 'card');
  const wallet = await startPayment('trainee', pricedCourseId, 'wallet', { wallet_phone: '0551234567' });
  const paid = await startPayment('trainee', paidCourseId, 'cash');
  await send('POST', { path: '/admin/confirm-payment/', json: { payment_id: paid.id } }, 'admin');
  const cash = await startPayment('trainee', cashCourseId, 'cash');
  await startPayment('otherTrainee', paidCourseId, 'cash');
  const { rows: references } = await server.db.query<{ gateway_reference: string }>(
    'SELECT gateway_reference FROM payments WHERE id = $1',
    [card.id],
  );
  const noticeBody = JSON.stringify({
    type: 'payment_failed',
    data: {
      id: references[0]?.gateway_reference,
      given_id: card.id,
      status: 'failed',
      amount: card.total,
      currency: 'SAR',
      message: 'declined',
    },
  });
  await ensureUser(server.db, PHOTO_OWNER);
  const owner = await signIn(PHOTO_OWNER.email, PHOTO_OWNER.password);
  const uploaded = await fetch(`${server.url}${API_BASE}/user/profile/photo/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${owner.token}` },
    body: photoForm(),
  });
  const image = profileSchema.parse(await uploaded.json()).image ?? '';
  const lectureIds = {} as Record<LearningLectureKey, number>;
  for (const [key, lecture] of Object.entries(LEARNING_LECTURES)) {
    lectureIds[key as LearningLectureKey] = await lectureIdBySlug(server, lecture.slug);
  }
  const { rows: videos } = await server.db.query<{ file_id: string }>(
    'SELECT file_id FROM lectures WHERE id = $1',
    [lectureIds.cloudVideo],
  );
  const quiz = await createQuiz(server.db, { courseId: paidCourseId, attemptsAllowed: 3 });
  const submittedQuiz = await createQuiz(server.db, { courseId: paidCourseId });
  const startQuiz = async (lectureId: number) => {
    const started = await send(
      'POST',
      { path: `/learning/lectures/${lectureId}/attempts/`, json: {} },
      'trainee',
    );
    return attemptSchema.parse(await started.json()).id;
  };
  const submittedId = await startQuiz(submittedQuiz.lectureId);
  await send(
    'POST',
    { path: `/learning/attempts/${submittedId}/submit/`, json: { key: randomUUID() } },
    'trainee',
  );
  const question = quiz.questions[0];
  const { rows: demoPending } = await server.db.query<{ id: number }>(
    'SELECT id FROM courses WHERE slug = $1',
    [DEMO_AUTHORING_COURSES.pending.slug],
  );
  const withCover = await send(
    'POST',
    { path: '/course/course-create/', json: await courseBody(uploadedBy('trainer')) },
    'trainer',
  );
  const coverUrl = courseSavedSchema.parse(await withCover.json()).data.cover_image_url;
  const trainerUser = await findUserByEmail(server.db, DEMO_ACCOUNTS.trainer.email);
  const attendanceCourseId = await courseWithSessions(server.db, {
    trainerId: trainerUser?.id ?? 0,
    times: ['00:00', '23:59'],
    traineeIds: [trainee.userId],
  });
  const learningCourseId = await courseIdBySlug(server, LEARNING_COURSES.cloud.slug);
  const authoringCourseId = demoPending[0]?.id ?? 0;
  // The facilitator is named on each course of the demo trainer's that the rows name (as the
  // trainer's course form would name them: server/authoring/course-queries.ts).
  for (const courseId of [
    learningCourseId,
    attendanceCourseId,
    authoringCourseId,
    await courseIdBySlug(server, RECORD_COURSES.completed.slug),
  ]) {
    await server.db.query(
      `INSERT INTO course_facilitators (course_id, user_id, position) VALUES ($1, $2, 0)
       ON CONFLICT (course_id, user_id) DO NOTHING`,
      [courseId, facilitator.id],
    );
  }
  fixture = {
    attendanceCourseId,
    facilitatorId: facilitator.id,
    staff: {
      applicationId: await trainerApplication(),
      withdrawalId: await withdrawalRequest(),
      cashPaymentId: await awaitingCash(pricedCourseId),
      revisionId: 0,
    },
    authoring: {
      courseId: authoringCourseId,
      coverName: coverUrl.slice(coverUrl.lastIndexOf('/') + 1),
    },
    learningCourseId,
    lectureIds,
    videoFileId: videos[0]?.file_id ?? '',
    photoName: image.slice(image.lastIndexOf('/') + 1),
    issueId: issueSchema.parse(await reported.json()).id,
    notificationId: notification.id,
    courseId: courses[0]?.id ?? 0,
    eventId: events[0]?.id ?? 0,
    pricedCourseId,
    paidCourseId,
    cardPaymentId: card.id,
    walletPaymentId: wallet.id,
    paidPaymentId: paid.id,
    cashPaymentId: cash.id,
    notice: { body: noticeBody, signature: signNotice(server.payments.noticeSecret, noticeBody) },
    quiz: {
      lectureId: quiz.lectureId,
      questionId: question?.id ?? 0,
      choice: question?.correct ?? [],
      attemptId: await startQuiz(quiz.lectureId),
      submittedId,
    },
  };
  fixture.staff.revisionId = await pendingRevision();
}, 90_000);

afterAll(async () => {
  await server?.close();
});

describe('the authorization matrix', () => {
  it('lists every endpoint the server serves, and only those', () => {
    const served = new Set(
      server.app.routes
        .filter((route) => route.method !== 'ALL' && route.path.startsWith(`${API_BASE}/`))
        .map((route) => `${route.method} ${route.path.slice(API_BASE.length)}`),
    );
    expect([...served].sort()).toEqual(MATRIX.map(([method, path]) => `${method} ${path}`).sort());
  });

  it.each(MATRIX.map((row) => [`${row[0]} ${row[1]}`, row] as const))(
    '%s answers each caller as the matrix says',
    async (endpoint, [method, , ...statuses]) => {
      const answered: Record<string, number> = {};
      const expected: Record<string, number | undefined> = {};
      for (const [index, caller] of CALLERS.entries()) {
        const response = await send(method, await callOf(endpoint, caller, fixture), caller);
        await response.body?.cancel();
        answered[caller] = response.status;
        expected[caller] = statuses[index];
      }
      expect(answered).toEqual(expected);
    },
  );
});

/**
 * Outside /api/v1: the probes answer everyone; /metrics answers no caller of the API (only the
 * METRICS_TOKEN bearer, which the test server has none of: tests/unit/server-metrics.test.ts).
 */
describe('the operations endpoints', () => {
  // biome-ignore format: one endpoint a line, the callers' statuses in columns
  const OPERATIONS: readonly (readonly [path: string, ...statuses: number[]])[] = [
    // path        anonymous trainee trainer admin otherTrainee staff facilitator disabled shared
    ['/healthz',   200, 200, 200, 200, 200, 200, 200, 200, 200],
    ['/readyz',    200, 200, 200, 200, 200, 200, 200, 200, 200],
    ['/metrics',   404, 404, 404, 404, 404, 404, 404, 404, 404],
  ];

  it.each(OPERATIONS.map((row) => [row[0], row] as const))(
    '%s answers each caller as the matrix says',
    async (_, [path, ...statuses]) => {
      const answered: Record<string, number> = {};
      const expected: Record<string, number | undefined> = {};
      for (const [index, caller] of CALLERS.entries()) {
        const response = await fetch(`${server.url}${path}`, { headers: headersOf(caller) });
        await response.body?.cancel();
        answered[caller] = response.status;
        expected[caller] = statuses[index];
      }
      expect(answered).toEqual(expected);
    },
  );
});

/**
 * A course's own rights: its trainer (the creator), a facilitator named on it, and a trainer with
 * no part in it. A facilitator does what the trainer does there but delete it.
 */
describe('a course of the trainer', () => {
  const AUTHORING_TRAINERS = ['owner', 'facilitator', 'foreign'] as const;
  // biome-ignore format: one endpoint a line, the trainers' statuses in columns
  const COURSE_MATRIX: readonly (readonly [method: string, path: string, ...statuses: number[]])[] = [
    // method   path                              owner facilitator foreign
    ['GET',    '/course/course-create/:id/',      200,  200,        403],
    ['PUT',    '/course/course-create/:id/',      200,  200,        403],
    ['DELETE', '/course/course-create/:id/',      200,  403,        403],
  ];
  const trainerTokens = new Map<(typeof AUTHORING_TRAINERS)[number], string>();
  let facilitatorId = 0;

  beforeAll(async () => {
    trainerTokens.set('owner', tokens.get('trainer') ?? '');
    for (const [index, name] of (['facilitator', 'foreign'] as const).entries()) {
      const user = await ensureUser(server.db, {
        email: `matrix.${name}@example.com`,
        password: 'Matrix#2026xyz',
        full_name: `Matrix ${name}`,
        role: 'TRAINER',
        phone_number: '0553334446',
        govt_id_or_iqama_no: String(1_044_455_570 + index),
        approved: true,
      });
      if (name === 'facilitator') facilitatorId = user.id;
      trainerTokens.set(name, (await server.tokens.issue('access', user)).token);
    }
  });

  it.each(COURSE_MATRIX.map((row) => [`${row[0]} ${row[1]}`, row] as const))(
    '%s answers the course’s trainer, its facilitator and another trainer as the matrix says',
    async (_endpoint, [method, , ...statuses]) => {
      const answered: Record<string, number> = {};
      const expected: Record<string, number | undefined> = {};
      const body = { ...(await courseBody(uploadedBy('trainer'))), facilitators: [facilitatorId] };
      const created = await send('POST', { path: '/course/course-create/', json: body }, 'trainer');
      const id = courseSavedSchema.parse(await created.json()).data.id;
      // The owner last: a delete leaves the course gone.
      for (const [index, who] of [...AUTHORING_TRAINERS.entries()].reverse()) {
        const response = await fetch(`${server.url}${API_BASE}/course/course-create/${id}/`, {
          method,
          headers: {
            Authorization: `Bearer ${trainerTokens.get(who)}`,
            ...(method === 'PUT' ? { 'Content-Type': 'application/json' } : {}),
          },
          body: method === 'PUT' ? JSON.stringify({ ...body, title: `Edited by ${who}` }) : undefined,
        });
        await response.body?.cancel();
        answered[who] = response.status;
        expected[who] = statuses[index];
      }
      expect(answered).toEqual(expected);
    },
  );
});

describe('requireRole', () => {
  const probe = () => {
    const app = new Hono<AppEnv>();
    app.onError(handleError);
    const signedIn = requireAuth(server.db, server.tokens);
    app.get('/checkout', signedIn, requireRole('TRAINEE'), (c) => c.json({ for: c.get('user').role }));
    app.get('/authoring', signedIn, requireRole('TRAINER'), (c) => c.json({ for: c.get('user').role }));
    app.get('/both', signedIn, requireRole('TRAINEE', 'TRAINER'), (c) => c.json({ for: c.get('user').role }));
    return app;
  };
  const get = (path: string, caller: Caller) => probe().request(path, { headers: headersOf(caller) });
  const refusal = (message: string) => ({ success: false, details: [{ message }] });

  it('lets the named role through and refuses the other one with 403 and whom it is for', async () => {
    expect(await (await get('/checkout', 'trainee')).json()).toEqual({ for: 'TRAINEE' });
    const trainerAtCheckout = await get('/checkout', 'trainer');
    expect(trainerAtCheckout.status).toBe(403);
    expect(await trainerAtCheckout.json()).toEqual(refusal(SERVER_MESSAGES.traineesOnly));

    expect(await (await get('/authoring', 'trainer')).json()).toEqual({ for: 'TRAINER' });
    const traineeAuthoring = await get('/authoring', 'trainee');
    expect(traineeAuthoring.status).toBe(403);
    expect(await traineeAuthoring.json()).toEqual(refusal(SERVER_MESSAGES.trainersOnly));

    expect((await get('/both', 'trainee')).status).toBe(200);
    expect((await get('/both', 'trainer')).status).toBe(200);
  });

  it('comes after requireAuth: a caller who is not signed in gets 401 first', async () => {
    for (const caller of ['anonymous', 'admin'] as const) {
      const response = await get('/checkout', caller);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(refusal(SERVER_MESSAGES.authenticationRequired));
    }
  });
});
