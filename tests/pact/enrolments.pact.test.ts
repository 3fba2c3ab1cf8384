import { WITHDRAWAL_VALIDATION } from '@contract/forms/enrolments';
import { WITHDRAWAL_SENT } from '@contract/messages/enrolments';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { listEnrolments, requestWithdrawal } from '../../src/api/enrolments';
import { expectRefusal, signedIn } from './interactions';
import { INJECTED_COURSE_ID, PROVIDER_STATES } from './states';
import { apiPath, PROVIDERS, pactWith, signedInClient } from './support';

const { like, eachLike, integer, regex, fromProviderState } = MatchersV3;

// The withdrawal request is the spec's "POST /course/enroll-status-update/ (drop)": the spec pact.
const api = pactWith(PROVIDERS.api);
// The enrolled-courses list is the product's own: the extensions pact.
const extensions = pactWith(PROVIDERS.extensions);

const injectedCourseId = () => fromProviderState(`\${${INJECTED_COURSE_ID}}`, 7);
const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$';
const REASON = 'My working hours changed';

const withdrawalPath = apiPath('/course/enroll-status-update/');

describe('Enrolments contract: POST /course/enroll-status-update/', () => {
  it('sends the withdrawal request of an enrolled trainee', async () => {
    await signedIn(
      api,
      PROVIDER_STATES.traineePaidForCourse,
      'a withdrawal request for a course the trainee is enrolled in',
    )
      .sends('POST', withdrawalPath, { course_id: injectedCourseId(), reason: REASON })
      .answers(200, { success: true, message: WITHDRAWAL_SENT })
      .executeTest(async (mockServer) => {
        const answer = await requestWithdrawal(signedInClient(mockServer), { course_id: 7, reason: REASON });
        expect(answer).toEqual({ success: true, message: WITHDRAWAL_SENT });
      });
  });

  it('refuses a blank reason (400, the reason field)', async () => {
    await signedIn(api, PROVIDER_STATES.traineePaidForCourse, 'a withdrawal request without a reason')
      .sends('POST', withdrawalPath, { course_id: injectedCourseId(), reason: ' ' })
      .refusesField(400, 'reason', WITHDRAWAL_VALIDATION.reasonRequired)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          requestWithdrawal(signedInClient(mockServer), { course_id: 7, reason: ' ' }),
          400,
        );
      });
  });

  it('refuses a trainee who is not enrolled in the course (409)', async () => {
    await signedIn(
      api,
      PROVIDER_STATES.pricedCourseForTrainee,
      'a withdrawal request for a course the trainee is not enrolled in',
    )
      .sends('POST', withdrawalPath, { course_id: injectedCourseId(), reason: REASON })
      .refuses(409, SERVER_MESSAGES.notEnrolled)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          requestWithdrawal(signedInClient(mockServer), { course_id: 7, reason: REASON }),
          409,
        );
      });
  });

  it('refuses a second request while the first waits (409)', async () => {
    await signedIn(
      api,
      PROVIDER_STATES.traineeAskedToWithdraw,
      'a second withdrawal request while one waits for approval',
    )
      .sends('POST', withdrawalPath, { course_id: injectedCourseId(), reason: REASON })
      .refuses(409, SERVER_MESSAGES.withdrawalPending)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          requestWithdrawal(signedInClient(mockServer), { course_id: 7, reason: REASON }),
          409,
        );
      });
  });
});

describe('Enrolments contract: GET /enrolments/', () => {
  it("lists the trainee's enrolments with their course, status and payment", async () => {
    await signedIn(
      extensions,
      PROVIDER_STATES.traineeAskedToWithdraw,
      "a request for the trainee's enrolled courses",
    )
      .sends('GET', apiPath('/enrolments/'))
      .answers(200, {
        count: integer(1),
        page: 1,
        limit: 25,
        results: eachLike({
          course: {
            id: integer(7),
            title: like('Web Development with TypeScript'),
            title_ar: like('تطوير الويب باستخدام TypeScript'),
            cover_image: like('/media/courses/it.svg'),
            start_date: regex(DATE, '2026-12-03'),
            end_date: regex(DATE, '2027-01-28'),
          },
          status: 'withdrawal_requested',
          enrolled_at: regex(DATE_TIME, '2026-11-23T09:31:00Z'),
          withdrawal_reason: like(REASON),
          refusal_reason: null,
          payment_id: regex(UUID, '3a6f0d2c-5b1e-4c8f-9d7a-2e4b6c8d0f13'),
          receipt_number: integer(1),
        }),
      })
      .executeTest(async (mockServer) => {
        const page = await listEnrolments(signedInClient(mockServer));
        expect(page.results[0]?.status).toBe('withdrawal_requested');
      });
  });
});
