import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { STAFF_MESSAGES } from '@contract/messages/staff';
import { STAFF_PAYMENT_MESSAGES } from '@contract/messages/staff-payments';
import type { QueueKind } from '@contract/wire/staff';
import { MatchersV3, type Path } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { login, resendLoginCode, verifyLoginCode } from '../../src/api/identity';
import { getPerson, searchPeople, setAccountDisabled } from '../../src/api/people';
import {
  decide,
  getAuditExport,
  getAuditLog,
  getQueue,
  getQueueCounts,
  getStaffCashPayment,
  getStaffCourse,
  getStaffRevision,
  getStaffWithdrawal,
  getTrainerApplication,
  inviteStaff,
} from '../../src/api/staff';
import { changeStaffCategories, getStaffCategories } from '../../src/api/staff-categories';
import { getStaffCertificates, revokeStaffCertificate } from '../../src/api/staff-certificates';
import { getStaffIssues, resolveStaffIssue } from '../../src/api/staff-issues';
import {
  downloadStaffReceiptPdf,
  getStaffPayments,
  getStaffPaymentsExport,
  refundStaffPayment,
} from '../../src/api/staff-payments';
import { expectRefusal, interaction, signedIn } from './interactions';
import {
  CERTIFICATE_HOLDER,
  DISABLE_REASON,
  EMPTY_CATEGORY,
  INJECTED_STAFF,
  INVITEE,
  NEW_CATEGORY,
  PERSON,
  REJECTION_REASON,
  REVISION,
  REVOKE_REASON,
  STAFF_ISSUE,
  STAFF_MEMBER,
  STAFF_STATES,
  WITHDRAWAL_REASON,
} from './staff-states';
import { EXAMPLE_OTP, INJECTED_OTP_CODE, PROVIDER_STATES, WRONG_OTP } from './states';
import {
  apiPath,
  bearerHeader,
  EXAMPLE_JWT,
  errorBody,
  JSON_CONTENT,
  jwt,
  PROVIDERS,
  pactWith,
  pathWithId,
  signedInClient,
  signedOutClient,
} from './support';

const { like, eachLike, arrayContaining, integer, boolean, regex, uuid, fromProviderState } = MatchersV3;

// The back office's calls, and the second factor of a staff sign-in: the admin pact.
const admin = pactWith(PROVIDERS.admin);

const INSTANT = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$';
const DAY = '^\\d{4}-\\d{2}-\\d{2}$';
const DIGITS = '^[0-9]+$';
const instant = (example = '2026-12-07T09:15:00Z') => regex(INSTANT, example);
/** A string that is exactly `value`, also inside eachLike (whose type rule would take any string). */
const exactly = (value: string) => regex(`^${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, value);

const EXAMPLE = {
  trainerId: 41,
  courseId: 58,
  enrolmentId: 63,
  paymentId: '9b2e4c1a-7d3f-4e8a-b5c6-1f0a2d3e4b5c',
  revisionId: 12,
  personId: 88,
  selfId: 5,
  certificateCode: 'KFU-7K2M-9QXD-4T8B-PW3N',
  challenge: EXAMPLE_JWT,
} as const;

const person = (full_name: string, email: string) => ({
  id: integer(57),
  full_name: like(full_name),
  email: like(email),
});

/** A GET of the signed-in member of staff with a query. */
function staffGet(state: string, description: string, path: Path, query: Record<string, string>) {
  return admin
    .addInteraction()
    .given(state)
    .uponReceiving(description)
    .withRequest('GET', path, (b) => b.headers(bearerHeader()).query(query));
}

/** What every decision answers. */
function decision(kind: QueueKind, message: string, outcome: unknown, id: unknown = regex(DIGITS, '41')) {
  return { success: true, message, data: { kind, id, outcome } };
}

const trainerPath = (action: string) =>
  pathWithId(
    (id) => `/staff/trainer-applications/${id}/${action}`,
    INJECTED_STAFF.trainerId,
    EXAMPLE.trainerId,
  );
const coursePath = (action: string) =>
  pathWithId((id) => `/staff/courses/${id}/${action}`, INJECTED_STAFF.courseId, EXAMPLE.courseId);
const withdrawalPath = (action: string) =>
  pathWithId((id) => `/staff/withdrawals/${id}/${action}`, INJECTED_STAFF.enrolmentId, EXAMPLE.enrolmentId);
const revisionPath = (action: string) =>
  pathWithId((id) => `/staff/revisions/${id}/${action}`, INJECTED_STAFF.revisionId, EXAMPLE.revisionId);
const cashPath = (action: string) =>
  fromProviderState(
    apiPath(`/staff/cash-payments/\${${INJECTED_STAFF.paymentId}}/${action}`),
    apiPath(`/staff/cash-payments/${EXAMPLE.paymentId}/${action}`),
  );

describe('Staff contract: GET /staff/queue/ and /staff/queue/counts/', () => {
  /** What each item of the queue has besides its kind, title and amount. */
  const item = (id: unknown, who: ReturnType<typeof person>) => ({ id, at: instant(), person: who });
  const applicant = person('Dr. Faisal Al-Omair', 'faisal@example.com');
  const trainer = person('Dr. Nawaf Al-Shammari', 'nawaf@example.com');

  it('lists what waits for a decision, newest first, with the count of every kind', async () => {
    await staffGet(
      STAFF_STATES.queueOfEveryKind,
      'a request for the approvals queue',
      apiPath('/staff/queue/'),
      {
        page: '1',
      },
    )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          success: true,
          data: {
            counts: {
              trainer: integer(1),
              course: integer(1),
              withdrawal: integer(1),
              cash: integer(1),
              revision: integer(1),
              total: integer(5),
            },
            items: {
              count: integer(5),
              page: 1,
              limit: integer(20),
              // The state's five items are the newest; others may wait as well.
              results: arrayContaining(
                {
                  ...item(regex(DIGITS, String(EXAMPLE.trainerId)), applicant),
                  kind: 'trainer',
                  title: like('Dr. Faisal Al-Omair'),
                  title_ar: null,
                  amount: null,
                },
                {
                  ...item(regex(DIGITS, String(EXAMPLE.courseId)), trainer),
                  kind: 'course',
                  title: like('Data Analysis with Python'),
                  title_ar: like('تحليل البيانات باستخدام بايثون'),
                  amount: integer(89_900),
                },
                {
                  // A change of an approved course: its live title, and the price it proposes.
                  ...item(regex(DIGITS, String(EXAMPLE.revisionId)), trainer),
                  kind: 'revision',
                  title: like('Data Analysis with Python'),
                  title_ar: like('تحليل البيانات باستخدام بايثون'),
                  amount: integer(REVISION.price),
                },
                {
                  ...item(
                    regex(DIGITS, String(EXAMPLE.enrolmentId)),
                    person('Lama Al-Harthi', 'lama@example.com'),
                  ),
                  kind: 'withdrawal',
                  title: like('Web Development with TypeScript'),
                  title_ar: like('تطوير الويب باستخدام TypeScript'),
                  amount: null,
                },
                {
                  ...item(uuid(EXAMPLE.paymentId), person('Omar Al-Zahrani', 'omar@example.com')),
                  kind: 'cash',
                  title: like('Web Development with TypeScript'),
                  title_ar: like('تطوير الويب باستخدام TypeScript'),
                  amount: integer(57_385),
                },
              ),
            },
          },
        }),
      )
      .executeTest(async (mockServer) => {
        const queue = await getQueue(signedInClient(mockServer), null);
        expect(queue.data.counts.total).toBe(5);
        expect(queue.data.items.results.map((entry) => entry.kind).sort()).toEqual([
          'cash',
          'course',
          'revision',
          'trainer',
          'withdrawal',
        ]);
      });
  });

  it('lists one kind only', async () => {
    await staffGet(
      STAFF_STATES.queueOfEveryKind,
      'a request for the courses of the approvals queue',
      apiPath('/staff/queue/'),
      { kind: 'course', page: '1' },
    )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          success: true,
          data: {
            counts: {
              trainer: integer(1),
              course: integer(1),
              withdrawal: integer(1),
              cash: integer(1),
              revision: integer(1),
              total: integer(5),
            },
            items: {
              count: integer(1),
              page: 1,
              limit: integer(20),
              results: eachLike({
                ...item(regex(DIGITS, String(EXAMPLE.courseId)), trainer),
                kind: exactly('course'),
                title: like('Data Analysis with Python'),
                title_ar: like('تحليل البيانات باستخدام بايثون'),
                amount: integer(89_900),
              }),
            },
          },
        }),
      )
      .executeTest(async (mockServer) => {
        const queue = await getQueue(signedInClient(mockServer), 'course');
        expect(queue.data.items.results[0]).toMatchObject({ kind: 'course', amount: 89_900 });
      });
  });

  it('counts what waits, for the menu', async () => {
    await signedIn(admin, STAFF_STATES.queueOfEveryKind, 'a request for the counts of the approvals queue')
      .sends('GET', apiPath('/staff/queue/counts/'))
      .answers(200, {
        success: true,
        data: {
          trainer: integer(1),
          course: integer(1),
          withdrawal: integer(1),
          cash: integer(1),
          revision: integer(1),
          total: integer(5),
        },
      })
      .executeTest(async (mockServer) => {
        await expect(getQueueCounts(signedInClient(mockServer))).resolves.toEqual({
          trainer: 1,
          course: 1,
          withdrawal: 1,
          cash: 1,
          revision: 1,
          total: 5,
        });
      });
  });

  it('refuses a trainee with 403', async () => {
    await staffGet(
      PROVIDER_STATES.traineeSignedIn,
      'a request of a trainee for the approvals queue',
      apiPath('/staff/queue/'),
      { page: '1' },
    )
      .willRespondWith(403, (b) => b.headers(JSON_CONTENT).jsonBody(errorBody(STAFF_MESSAGES.staffOnly)))
      .executeTest(async (mockServer) => {
        await expectRefusal(getQueue(signedInClient(mockServer), null), 403, STAFF_MESSAGES.staffOnly);
      });
  });
});

describe('Staff contract: the details of what waits', () => {
  it('shows a trainer application, with the signed address of its CV', async () => {
    await signedIn(admin, STAFF_STATES.trainerApplicationWaiting, 'a request for a trainer application')
      .sends('GET', trainerPath(''))
      .answers(200, {
        success: true,
        data: {
          id: integer(EXAMPLE.trainerId),
          full_name: like('Dr. Faisal Al-Omair'),
          email: like('faisal@example.com'),
          phone_number: like('0562223344'),
          govt_id_or_iqama_no: like('1066677788'),
          applied_at: instant(),
          status: 'waiting',
          rejection_reason: null,
          cv: {
            name: like('Faisal Al-Omair CV.pdf'),
            type: 'pdf',
            size: integer(412),
            url: regex(
              '^/api/v1/staff/trainer-applications/[0-9]+/cv/\\?expires=[0-9]+&signature=[A-Za-z0-9_-]+$',
              `/api/v1/staff/trainer-applications/${EXAMPLE.trainerId}/cv/?expires=1796716800&signature=c2lnbmF0dXJl`,
            ),
          },
        },
      })
      .executeTest(async (mockServer) => {
        const application = await getTrainerApplication(signedInClient(mockServer), EXAMPLE.trainerId);
        expect(application.status).toBe('waiting');
        expect(application.cv?.type).toBe('pdf');
      });
  });

  it('shows a course as trainees will see it', async () => {
    await signedIn(admin, STAFF_STATES.courseWaiting, 'a request for a course that waits for approval')
      .sends('GET', coursePath(''))
      .answers(200, {
        success: true,
        data: {
          id: integer(EXAMPLE.courseId),
          status: 'Pending',
          title: like('Data Analysis with Python'),
          title_ar: like('تحليل البيانات باستخدام بايثون'),
          subtitle: like('From a spreadsheet to a report.'),
          subtitle_ar: like('من جدول البيانات إلى التقرير.'),
          description: like('Eight weeks of practice with real data sets.'),
          description_ar: like('ثمانية أسابيع من التدريب على بيانات حقيقية.'),
          category: { name: like('Data Science'), name_ar: like('علم البيانات') },
          price: integer(89_900),
          start_date: regex(DAY, '2030-05-05'),
          end_date: regex(DAY, '2030-06-30'),
          skill_level: like('Intermediate'),
          languages: eachLike('Arabic'),
          weeks: eachLike({ title: like('Cleaning data'), title_ar: like('تنظيف البيانات') }),
          trainer: person('Dr. Nawaf Al-Shammari', 'nawaf@example.com'),
          submitted_at: instant(),
          rejection_reason: null,
        },
      })
      .executeTest(async (mockServer) => {
        const course = await getStaffCourse(signedInClient(mockServer), EXAMPLE.courseId);
        expect(course.status).toBe('Pending');
        expect(course.price).toBe(89_900);
      });
  });

  it('shows a withdrawal request with its payment and the refund approving it gives', async () => {
    await signedIn(admin, STAFF_STATES.withdrawalWaiting, 'a request for a withdrawal request')
      .sends('GET', withdrawalPath(''))
      .answers(200, {
        success: true,
        data: {
          id: integer(EXAMPLE.enrolmentId),
          status: 'withdrawal_requested',
          trainee: person('Lama Al-Harthi', 'lama@example.com'),
          course: {
            id: integer(7),
            title: like('Web Development with TypeScript'),
            title_ar: like('تطوير الويب باستخدام TypeScript'),
            start_date: regex(DAY, '2027-01-10'),
          },
          reason: WITHDRAWAL_REASON,
          requested_at: instant(),
          before_start: boolean(true),
          payment: {
            id: uuid(EXAMPLE.paymentId),
            method: 'cash',
            total: integer(57_385),
            paid_at: instant(),
          },
          refund: integer(57_385),
        },
      })
      .executeTest(async (mockServer) => {
        const request = await getStaffWithdrawal(signedInClient(mockServer), EXAMPLE.enrolmentId);
        expect(request.reason).toBe(WITHDRAWAL_REASON);
        expect(request.payment?.method).toBe('cash');
      });
  });

  it('shows a cash payment to confirm', async () => {
    await signedIn(admin, STAFF_STATES.cashPaymentWaiting, 'a request for a cash payment')
      .sends('GET', cashPath(''))
      .answers(200, {
        success: true,
        data: {
          id: uuid(EXAMPLE.paymentId),
          status: 'awaiting_cash',
          trainee: person('Omar Al-Zahrani', 'omar@example.com'),
          course: {
            id: integer(7),
            title: like('Web Development with TypeScript'),
            title_ar: like('تطوير الويب باستخدام TypeScript'),
          },
          subtotal: integer(49_900),
          vat: integer(7_485),
          total: integer(57_385),
          created_at: instant(),
        },
      })
      .executeTest(async (mockServer) => {
        const payment = await getStaffCashPayment(signedInClient(mockServer), EXAMPLE.paymentId);
        expect(payment.status).toBe('awaiting_cash');
        expect(payment.total).toBe(57_385);
      });
  });
});

describe('Staff contract: decisions', () => {
  it('approves a trainer application', async () => {
    await signedIn(admin, STAFF_STATES.trainerApplicationWaiting, 'the approval of a trainer application')
      .sends('POST', trainerPath('approve/'), {})
      .answers(200, decision('trainer', STAFF_MESSAGES.trainerApproved, 'approved'))
      .executeTest(async (mockServer) => {
        const decided = await decide(signedInClient(mockServer), 'trainer', String(EXAMPLE.trainerId), {
          approve: true,
        });
        expect(decided.message).toBe(STAFF_MESSAGES.trainerApproved);
      });
  });

  it('rejects a trainer application with the reason', async () => {
    await signedIn(admin, STAFF_STATES.trainerApplicationWaiting, 'the rejection of a trainer application')
      .sends('POST', trainerPath('reject/'), { reason: REJECTION_REASON })
      .answers(200, decision('trainer', STAFF_MESSAGES.trainerRejected, 'rejected'))
      .executeTest(async (mockServer) => {
        const decided = await decide(signedInClient(mockServer), 'trainer', String(EXAMPLE.trainerId), {
          approve: false,
          reason: REJECTION_REASON,
        });
        expect(decided.data.outcome).toBe('rejected');
      });
  });

  it('refuses a rejection without a reason with 400', async () => {
    await signedIn(
      admin,
      STAFF_STATES.trainerApplicationWaiting,
      'the rejection of a trainer application without a reason',
    )
      .sends('POST', trainerPath('reject/'), { reason: '  ' })
      .refusesField(400, 'reason', STAFF_MESSAGES.reasonInvalid)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          decide(signedInClient(mockServer), 'trainer', String(EXAMPLE.trainerId), {
            approve: false,
            reason: '  ',
          }),
          400,
          STAFF_MESSAGES.reasonInvalid,
        );
      });
  });

  it('refuses to decide again on what was decided, with 409', async () => {
    await signedIn(
      admin,
      STAFF_STATES.trainerApplicationDecided,
      'the approval of a trainer application already rejected',
    )
      .sends('POST', trainerPath('approve/'), {})
      .refuses(409, STAFF_MESSAGES.notWaiting)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          decide(signedInClient(mockServer), 'trainer', String(EXAMPLE.trainerId), { approve: true }),
          409,
          'This is no longer waiting for a decision',
        );
      });
  });

  it('approves a course: it is published', async () => {
    await signedIn(admin, STAFF_STATES.courseWaiting, 'the approval of a course')
      .sends('POST', coursePath('approve/'), {})
      .answers(200, decision('course', STAFF_MESSAGES.courseApproved, 'approved'))
      .executeTest(async (mockServer) => {
        const decided = await decide(signedInClient(mockServer), 'course', String(EXAMPLE.courseId), {
          approve: true,
        });
        expect(decided.data).toMatchObject({ kind: 'course', outcome: 'approved' });
      });
  });

  it('rejects a course with the reason', async () => {
    const reason = 'Add the practical labs to the weekly plan.';
    await signedIn(admin, STAFF_STATES.courseWaiting, 'the rejection of a course')
      .sends('POST', coursePath('reject/'), { reason })
      .answers(200, decision('course', STAFF_MESSAGES.courseRejected, 'rejected'))
      .executeTest(async (mockServer) => {
        const decided = await decide(signedInClient(mockServer), 'course', String(EXAMPLE.courseId), {
          approve: false,
          reason,
        });
        expect(decided.message).toBe(STAFF_MESSAGES.courseRejected);
      });
  });

  it('approves a withdrawal: dropped before the start, withdrawn after it', async () => {
    await signedIn(admin, STAFF_STATES.withdrawalWaiting, 'the approval of a withdrawal')
      .sends('POST', withdrawalPath('approve/'), {})
      .answers(
        200,
        decision('withdrawal', STAFF_MESSAGES.withdrawalApproved, regex('^(dropped|withdrawn)$', 'dropped')),
      )
      .executeTest(async (mockServer) => {
        const decided = await decide(signedInClient(mockServer), 'withdrawal', String(EXAMPLE.enrolmentId), {
          approve: true,
        });
        expect(decided.data.outcome).toBe('dropped');
      });
  });

  it('refuses a withdrawal with the reason: the trainee stays enrolled', async () => {
    const reason = 'The course starts in two days; the seat cannot be given to anyone else.';
    await signedIn(admin, STAFF_STATES.withdrawalWaiting, 'the refusal of a withdrawal')
      .sends('POST', withdrawalPath('reject/'), { reason })
      .answers(200, decision('withdrawal', STAFF_MESSAGES.withdrawalRejected, 'enrolled'))
      .executeTest(async (mockServer) => {
        const decided = await decide(signedInClient(mockServer), 'withdrawal', String(EXAMPLE.enrolmentId), {
          approve: false,
          reason,
        });
        expect(decided.data.outcome).toBe('enrolled');
      });
  });

  it('confirms a cash payment once the money is received', async () => {
    await signedIn(admin, STAFF_STATES.cashPaymentWaiting, 'the confirmation of a cash payment')
      .sends('POST', cashPath('confirm/'), {})
      .answers(200, decision('cash', STAFF_MESSAGES.cashConfirmed, 'paid', uuid(EXAMPLE.paymentId)))
      .executeTest(async (mockServer) => {
        const decided = await decide(signedInClient(mockServer), 'cash', EXAMPLE.paymentId, {
          approve: true,
        });
        expect(decided.data).toEqual({ kind: 'cash', id: EXAMPLE.paymentId, outcome: 'paid' });
      });
  });
});

describe('Staff contract: GET /staff/audit/ and /staff/audit/export/', () => {
  const filters = { action: 'trainer.reject', actor: 'Huda' } as const;
  const entry = {
    id: integer(12),
    at: instant(),
    actor: { id: integer(5), full_name: exactly(STAFF_MEMBER.full_name), email: exactly(STAFF_MEMBER.email) },
    action: exactly('trainer.reject'),
    subject: {
      kind: exactly('trainer'),
      id: regex(DIGITS, '41'),
      label: like('Dr. Faisal Al-Omair <faisal@example.com>'),
    },
    reason: like(REJECTION_REASON),
    before: { status: exactly('waiting') },
    after: { status: exactly('rejected') },
    via: exactly('web'),
  };

  it('lists the decisions the filters keep, newest first', async () => {
    await staffGet(
      STAFF_STATES.auditHasDecisions,
      'a request for the audit log of one action by one member of staff',
      apiPath('/staff/audit/'),
      {
        ...filters,
        page: '1',
      },
    )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          success: true,
          data: { count: integer(1), page: 1, limit: integer(20), results: eachLike(entry) },
        }),
      )
      .executeTest(async (mockServer) => {
        const log = await getAuditLog(signedInClient(mockServer), filters);
        expect(log.data.results[0]).toMatchObject({ action: 'trainer.reject', reason: REJECTION_REASON });
      });
  });

  it('exports every decision the filters keep', async () => {
    await staffGet(
      STAFF_STATES.auditHasDecisions,
      'a request for the export of the audit log of one action by one member of staff',
      apiPath('/staff/audit/export/'),
      filters,
    )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          success: true,
          data: { count: integer(1), page: 1, limit: 10_000, results: eachLike(entry) },
        }),
      )
      .executeTest(async (mockServer) => {
        const log = await getAuditExport(signedInClient(mockServer), filters);
        expect(log.data.limit).toBe(10_000);
        expect(log.data.results[0]?.actor.full_name).toBe(STAFF_MEMBER.full_name);
      });
  });
});

describe('Staff contract: POST /staff/staff-accounts/', () => {
  it('makes a staff account for a new address and mails the invitation', async () => {
    await signedIn(admin, STAFF_STATES.inviteeUnknown, 'the invitation of a new member of staff')
      .sends('POST', apiPath('/staff/staff-accounts/'), INVITEE)
      .answers(201, { success: true, data: { id: integer(73), ...INVITEE, created: true } })
      .executeTest(async (mockServer) => {
        const made = await inviteStaff(signedInClient(mockServer), INVITEE);
        expect(made.data).toMatchObject({ ...INVITEE, created: true });
      });
  });
});

describe('Staff contract: the second factor of a staff sign-in', () => {
  const credentials = { username: STAFF_MEMBER.email, password: STAFF_MEMBER.password };
  const challenge = fromProviderState(`\${${INJECTED_STAFF.challenge}}`, EXAMPLE.challenge);

  it('answers the password of a staff account with the code it mailed', async () => {
    await interaction(
      admin,
      STAFF_STATES.staffAccountExists,
      'a login with the credentials of a staff account',
    )
      .sends('POST', apiPath('/user/login/'), credentials)
      .answers(200, { success: true, second_factor: { challenge: jwt(), sent_to: STAFF_MEMBER.sentTo } })
      .executeTest(async (mockServer) => {
        const answer = await login(signedOutClient(mockServer), credentials);
        if (!('second_factor' in answer)) throw new Error('A member of staff is asked for the code');
        expect(answer.second_factor).toEqual({ challenge: EXAMPLE_JWT, sent_to: STAFF_MEMBER.sentTo });
      });
  });

  it('signs the member of staff in with the mailed code', async () => {
    await interaction(admin, STAFF_STATES.signInCodeMailed, 'the mailed code of a staff sign-in')
      .sends('POST', apiPath('/user/login/code/'), {
        challenge,
        code: fromProviderState(`\${${INJECTED_OTP_CODE}}`, EXAMPLE_OTP),
      })
      .answers(200, {
        success: true,
        access_token: jwt(),
        refresh_token: jwt(),
        data: {
          id: integer(5),
          full_name: STAFF_MEMBER.full_name,
          email: STAFF_MEMBER.email,
          phone_number: null,
          role: 'ADMIN',
          image: null,
        },
      })
      .executeTest(async (mockServer) => {
        const session = await verifyLoginCode(signedOutClient(mockServer), {
          challenge: EXAMPLE.challenge,
          code: EXAMPLE_OTP,
        });
        expect(session.data.role).toBe('ADMIN');
        expect(session.access_token).toBe(EXAMPLE_JWT);
      });
  });

  it('refuses a wrong code with 400', async () => {
    await interaction(admin, STAFF_STATES.signInCodeMailed, 'a wrong code of a staff sign-in')
      .sends('POST', apiPath('/user/login/code/'), { challenge, code: WRONG_OTP })
      .refusesField(400, 'code', SERVER_MESSAGES.invalidOtp)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          verifyLoginCode(signedOutClient(mockServer), { challenge: EXAMPLE.challenge, code: WRONG_OTP }),
          400,
          'Invalid OTP Code',
        );
      });
  });

  it('mails a new code for the same sign-in', async () => {
    await interaction(admin, STAFF_STATES.signInCodeMailed, 'a request for a new code of a staff sign-in')
      .sends('POST', apiPath('/user/login/code/resend/'), { challenge })
      .answers(200, { success: true, message: SERVER_MESSAGES.otpSent })
      .executeTest(async (mockServer) => {
        await expect(
          resendLoginCode(signedOutClient(mockServer), { challenge: EXAMPLE.challenge }),
        ).resolves.toEqual({ success: true, message: SERVER_MESSAGES.otpSent });
      });
  });
});

describe('Staff contract: changes of approved courses, /staff/revisions/', () => {
  const trainer = person('Dr. Nawaf Al-Shammari', 'nawaf@example.com');

  it('shows each changed field before and after', async () => {
    await signedIn(admin, STAFF_STATES.revisionWaiting, 'a request for a change of an approved course')
      .sends('GET', revisionPath(''))
      .answers(200, {
        success: true,
        data: {
          id: integer(EXAMPLE.revisionId),
          status: 'Pending',
          course: {
            id: integer(EXAMPLE.courseId),
            title: like('Data Analysis with Python'),
            title_ar: like('تحليل البيانات باستخدام بايثون'),
            status: 'Approved',
          },
          trainer,
          submitted_by: trainer,
          submitted_at: instant(),
          decided_at: null,
          reason: null,
          changes: [
            { field: 'title', before: like('Data Analysis with Python'), after: like(REVISION.title) },
            { field: 'price_halalas', before: integer(89_900), after: integer(REVISION.price) },
          ],
        },
      })
      .executeTest(async (mockServer) => {
        const revision = await getStaffRevision(signedInClient(mockServer), EXAMPLE.revisionId);
        expect(revision.status).toBe('Pending');
        expect(revision.changes.map((change) => change.field)).toEqual(['title', 'price_halalas']);
      });
  });

  it('approves a change: the course is published with it', async () => {
    await signedIn(admin, STAFF_STATES.revisionWaiting, 'the approval of a change of an approved course')
      .sends('POST', revisionPath('approve/'), {})
      .answers(200, decision('revision', STAFF_MESSAGES.revisionApproved, 'approved', regex(DIGITS, '12')))
      .executeTest(async (mockServer) => {
        const decided = await decide(signedInClient(mockServer), 'revision', String(EXAMPLE.revisionId), {
          approve: true,
        });
        expect(decided.data).toEqual({ kind: 'revision', id: '12', outcome: 'approved' });
      });
  });

  it('rejects a change with the reason: the course stays as it was', async () => {
    const reason = 'Keep the price announced to the trainees already enrolled.';
    await signedIn(admin, STAFF_STATES.revisionWaiting, 'the rejection of a change of an approved course')
      .sends('POST', revisionPath('reject/'), { reason })
      .answers(200, decision('revision', STAFF_MESSAGES.revisionRejected, 'rejected', regex(DIGITS, '12')))
      .executeTest(async (mockServer) => {
        const decided = await decide(signedInClient(mockServer), 'revision', String(EXAMPLE.revisionId), {
          approve: false,
          reason,
        });
        expect(decided.message).toBe(STAFF_MESSAGES.revisionRejected);
      });
  });
});

describe('Staff contract: people, /staff/people/', () => {
  const personPath = (action: string) =>
    pathWithId((id) => `/staff/people/${id}/${action}`, INJECTED_STAFF.personId, EXAMPLE.personId);
  const course = {
    id: integer(7),
    title: like('Web Development with TypeScript'),
    title_ar: like('تطوير الويب باستخدام TypeScript'),
  };

  it('finds accounts by name, address or number, of one role, newest first', async () => {
    await staffGet(
      STAFF_STATES.personEnabled,
      "a search of the trainees' accounts",
      apiPath('/staff/people/'),
      { q: PERSON.email, role: 'TRAINEE', page: '1' },
    )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          success: true,
          data: {
            count: integer(1),
            page: 1,
            limit: integer(20),
            results: eachLike({
              id: integer(EXAMPLE.personId),
              full_name: like(PERSON.full_name),
              email: like(PERSON.email),
              phone_number: null,
              role: exactly('TRAINEE'),
              disabled: false,
              created_at: instant(),
            }),
          },
        }),
      )
      .executeTest(async (mockServer) => {
        const found = await searchPeople(signedInClient(mockServer), {
          q: PERSON.email,
          role: 'TRAINEE',
          page: 1,
        });
        expect(found.data.results[0]).toMatchObject({ email: PERSON.email, disabled: false });
      });
  });

  it("shows a person's account, enrolments, payments, certificates and sign-ins", async () => {
    await signedIn(admin, STAFF_STATES.personEnabled, "a request for a person's page")
      .sends('GET', personPath(''))
      .answers(200, {
        success: true,
        data: {
          id: integer(EXAMPLE.personId),
          full_name: PERSON.full_name,
          email: PERSON.email,
          phone_number: null,
          govt_id_or_iqama_no: null,
          role: 'TRAINEE',
          created_at: instant(),
          disabled: null,
          enrolments: eachLike({
            id: integer(63),
            course,
            status: exactly('enrolled'),
            created_at: instant(),
          }),
          payments: eachLike({
            id: uuid(EXAMPLE.paymentId),
            course,
            method: exactly('cash'),
            status: exactly('paid'),
            total: integer(57_385),
            refund_status: null,
            created_at: instant(),
          }),
          certificates: [],
          sign_ins: eachLike({
            at: instant(),
            ip: like('203.0.113.7'),
            user_agent: like('Mozilla/5.0 (X11; Linux x86_64)'),
          }),
        },
      })
      .executeTest(async (mockServer) => {
        const found = await getPerson(signedInClient(mockServer), EXAMPLE.personId);
        expect(found.disabled).toBeNull();
        expect(found.payments[0]?.method).toBe('cash');
      });
  });

  it('disables an account with the reason', async () => {
    await signedIn(admin, STAFF_STATES.personEnabled, 'the disabling of an account')
      .sends('POST', personPath('disable/'), { reason: DISABLE_REASON })
      .answers(200, {
        success: true,
        message: STAFF_MESSAGES.personDisabled,
        data: { id: integer(EXAMPLE.personId), disabled: true },
      })
      .executeTest(async (mockServer) => {
        const changed = await setAccountDisabled(signedInClient(mockServer), EXAMPLE.personId, {
          disable: true,
          reason: DISABLE_REASON,
        });
        expect(changed.data.disabled).toBe(true);
      });
  });

  it('enables a disabled account again', async () => {
    await signedIn(admin, STAFF_STATES.personDisabled, 'the enabling of a disabled account')
      .sends('POST', personPath('enable/'), {})
      .answers(200, {
        success: true,
        message: STAFF_MESSAGES.personEnabled,
        data: { id: integer(EXAMPLE.personId), disabled: false },
      })
      .executeTest(async (mockServer) => {
        const changed = await setAccountDisabled(signedInClient(mockServer), EXAMPLE.personId, {
          disable: false,
        });
        expect(changed.message).toBe(STAFF_MESSAGES.personEnabled);
      });
  });

  it('refuses to disable an account without a reason, with 400', async () => {
    await signedIn(admin, STAFF_STATES.personEnabled, 'the disabling of an account without a reason')
      .sends('POST', personPath('disable/'), { reason: '  ' })
      .refusesField(400, 'reason', STAFF_MESSAGES.reasonInvalid)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          setAccountDisabled(signedInClient(mockServer), EXAMPLE.personId, { disable: true, reason: '  ' }),
          400,
          STAFF_MESSAGES.reasonInvalid,
        );
      });
  });

  it('refuses to disable an account already disabled, with 409', async () => {
    await signedIn(admin, STAFF_STATES.personDisabled, 'the disabling of an account already disabled')
      .sends('POST', personPath('disable/'), { reason: DISABLE_REASON })
      .refuses(409, STAFF_MESSAGES.alreadyDisabled)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          setAccountDisabled(signedInClient(mockServer), EXAMPLE.personId, {
            disable: true,
            reason: DISABLE_REASON,
          }),
          409,
          STAFF_MESSAGES.alreadyDisabled,
        );
      });
  });

  it("refuses to disable the member of staff's own account, with 409", async () => {
    await signedIn(admin, STAFF_STATES.staffSignedIn, 'the disabling of the own account of a member of staff')
      .sends(
        'POST',
        pathWithId((id) => `/staff/people/${id}/disable/`, INJECTED_STAFF.selfId, EXAMPLE.selfId),
        { reason: DISABLE_REASON },
      )
      .refuses(409, STAFF_MESSAGES.cannotDisableSelf)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          setAccountDisabled(signedInClient(mockServer), EXAMPLE.selfId, {
            disable: true,
            reason: DISABLE_REASON,
          }),
          409,
          STAFF_MESSAGES.cannotDisableSelf,
        );
      });
  });
});

describe('Staff contract: payments, /staff/payments/', () => {
  const filters = { method: 'cash', status: 'paid' } as const;
  const paymentPath = (action: string) =>
    fromProviderState(
      apiPath(`/staff/payments/\${${INJECTED_STAFF.paymentId}}/${action}`),
      apiPath(`/staff/payments/${EXAMPLE.paymentId}/${action}`),
    );
  const payment = (refund_status: 'refunded' | null) => ({
    id: uuid(EXAMPLE.paymentId),
    trainee: person('Yousef Al-Mutairi', 'yousef@example.com'),
    course: {
      id: integer(7),
      title: like('Web Development with TypeScript'),
      title_ar: like('تطوير الويب باستخدام TypeScript'),
    },
    method: 'cash',
    status: 'paid',
    subtotal: integer(49_900),
    vat: integer(7_485),
    total: integer(57_385),
    refund_status,
    created_at: instant(),
    paid_at: instant(),
    receipt_number: integer(1),
  });
  const month = {
    month: regex('^\\d{4}-\\d{2}$', '2026-12'),
    count: integer(1),
    subtotal: integer(49_900),
    vat: integer(7_485),
    total: integer(57_385),
    refunded: integer(0),
  };

  it('lists the payments the filters keep, newest first, with the month totals', async () => {
    await staffGet(
      STAFF_STATES.cashPaymentPaid,
      'a request for the paid cash payments',
      apiPath('/staff/payments/'),
      { ...filters, page: '1' },
    )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          success: true,
          data: {
            count: integer(1),
            page: 1,
            limit: integer(20),
            // The state's payment is the newest; others may have been paid in cash as well.
            results: arrayContaining(payment(null)),
            months: eachLike(month),
          },
        }),
      )
      .executeTest(async (mockServer) => {
        const page = await getStaffPayments(signedInClient(mockServer), filters);
        expect(page.data.results[0]).toMatchObject({ method: 'cash', status: 'paid' });
        expect(page.data.months[0]?.total).toBe(57_385);
      });
  });

  it('exports every payment the filters keep, with the month totals', async () => {
    await staffGet(
      STAFF_STATES.cashPaymentPaid,
      'a request for the export of the paid cash payments',
      apiPath('/staff/payments/export/'),
      filters,
    )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          success: true,
          data: {
            count: integer(1),
            page: 1,
            limit: 10_000,
            results: arrayContaining(payment(null)),
            months: eachLike(month),
          },
        }),
      )
      .executeTest(async (mockServer) => {
        const sheet = await getStaffPaymentsExport(signedInClient(mockServer), filters);
        expect(sheet.data.limit).toBe(10_000);
        expect(sheet.data.months[0]?.month).toBe('2026-12');
      });
  });

  it('marks a cash payment refunded: the centre pays the trainee back', async () => {
    await signedIn(admin, STAFF_STATES.cashPaymentPaid, 'the refund of a cash payment')
      .sends('POST', paymentPath('refund/'), {})
      .answers(200, {
        success: true,
        message: STAFF_PAYMENT_MESSAGES.refundedByHand,
        data: payment('refunded'),
      })
      .executeTest(async (mockServer) => {
        const refunded = await refundStaffPayment(signedInClient(mockServer), EXAMPLE.paymentId);
        expect(refunded.message).toBe(STAFF_PAYMENT_MESSAGES.refundedByHand);
        expect(refunded.data.refund_status).toBe('refunded');
      });
  });

  it('refuses to refund a payment already refunded, with 409', async () => {
    await signedIn(admin, STAFF_STATES.cashPaymentRefunded, 'the refund of a cash payment already refunded')
      .sends('POST', paymentPath('refund/'), {})
      .refuses(409, STAFF_PAYMENT_MESSAGES.notRefundable)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          refundStaffPayment(signedInClient(mockServer), EXAMPLE.paymentId),
          409,
          STAFF_PAYMENT_MESSAGES.notRefundable,
        );
      });
  });

  it("prints any trainee's receipt as a PDF", async () => {
    await interaction(
      admin,
      STAFF_STATES.cashPaymentPaid,
      "a request of a member of staff for a trainee's receipt as a PDF",
      { ...bearerHeader(), Accept: 'application/pdf' },
    )
      .sends('GET', paymentPath('receipt.pdf'))
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': 'application/pdf',
          'Content-Disposition': regex(
            '^attachment; filename="receipt-KFU-\\d{6}\\.pdf"$',
            'attachment; filename="receipt-KFU-000001.pdf"',
          ),
        }),
      )
      .executeTest(async (mockServer) => {
        const pdf = await downloadStaffReceiptPdf(signedInClient(mockServer), EXAMPLE.paymentId);
        expect(pdf).toBeInstanceOf(Blob);
      });
  });
});

describe('Staff contract: certificates, /staff/certificates/', () => {
  const CODE = '^KFU(-[0-9A-HJKMNP-TV-Z]{4}){4}$';
  const codePath = (action: string) =>
    fromProviderState(
      apiPath(`/staff/certificates/\${${INJECTED_STAFF.certificateCode}}/${action}`),
      apiPath(`/staff/certificates/${EXAMPLE.certificateCode}/${action}`),
    );
  const certificate = (revoked: boolean) => ({
    code: regex(CODE, EXAMPLE.certificateCode),
    holder: { id: integer(3), full_name: like(CERTIFICATE_HOLDER), email: like('trainee@example.com') },
    course: {
      id: integer(47),
      title: like('Project Management Essentials'),
      title_ar: like('أساسيات إدارة المشاريع'),
    },
    issued_at: instant(),
    revoked_at: revoked ? instant() : null,
    revoke_reason: revoked ? like(REVOKE_REASON) : null,
  });

  it("finds the certificates of a holder, by part of the holder's name", async () => {
    await staffGet(
      STAFF_STATES.certificateStanding,
      'a search of the certificates of a holder',
      apiPath('/staff/certificates/'),
      { q: CERTIFICATE_HOLDER, page: '1' },
    )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          success: true,
          data: { count: integer(1), page: 1, limit: integer(20), results: eachLike(certificate(false)) },
        }),
      )
      .executeTest(async (mockServer) => {
        const page = await getStaffCertificates(signedInClient(mockServer), CERTIFICATE_HOLDER);
        expect(page.results[0]).toMatchObject({ code: EXAMPLE.certificateCode, revoked_at: null });
      });
  });

  it('revokes a certificate with the reason its holder is told', async () => {
    await signedIn(admin, STAFF_STATES.certificateStanding, 'the revocation of a certificate')
      .sends('POST', codePath('revoke/'), { reason: REVOKE_REASON })
      .answers(200, {
        success: true,
        message: STAFF_MESSAGES.certificateRevoked,
        data: certificate(true),
      })
      .executeTest(async (mockServer) => {
        const revoked = await revokeStaffCertificate(
          signedInClient(mockServer),
          EXAMPLE.certificateCode,
          REVOKE_REASON,
        );
        expect(revoked.data.revoke_reason).toBe(REVOKE_REASON);
      });
  });

  it('refuses to revoke a certificate already revoked, with 409', async () => {
    await signedIn(admin, STAFF_STATES.certificateRevoked, 'the revocation of a certificate already revoked')
      .sends('POST', codePath('revoke/'), { reason: REVOKE_REASON })
      .refuses(409, STAFF_MESSAGES.certificateAlreadyRevoked)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          revokeStaffCertificate(signedInClient(mockServer), EXAMPLE.certificateCode, REVOKE_REASON),
          409,
          STAFF_MESSAGES.certificateAlreadyRevoked,
        );
      });
  });
});

describe('Staff contract: the sign-in of a disabled account', () => {
  it('refuses the password of an account the centre disabled, with 403', async () => {
    const credentials = { username: PERSON.email, password: PERSON.password };
    await interaction(
      admin,
      STAFF_STATES.accountDisabled,
      'a login with the credentials of a disabled account',
    )
      .sends('POST', apiPath('/user/login/'), credentials)
      .refuses(403, SERVER_MESSAGES.accountDisabled)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          login(signedOutClient(mockServer), credentials),
          403,
          'This account is disabled. Contact the training centre',
        );
      });
  });
});

describe('Staff contract: course categories, /staff/categories/', () => {
  const categoryPath = (action = '') =>
    pathWithId((id) => `/staff/categories/${id}/${action}`, INJECTED_STAFF.categoryId, 74);
  const category = (name: string, name_ar: string, hidden = false, courses = 0) => ({
    id: integer(74),
    name: like(name),
    name_ar: like(name_ar),
    position: integer(9),
    hidden: boolean(hidden),
    courses: integer(courses),
  });
  const list = (message?: string, first = category('Business', 'الأعمال', false, 4)) => ({
    success: true,
    ...(message ? { message } : {}),
    data: eachLike(first),
  });
  const client = signedInClient;

  it('lists every category in its order, hidden ones too, with the courses each holds', async () => {
    await admin
      .addInteraction()
      .given(STAFF_STATES.staffSignedIn)
      .uponReceiving('a request for the course categories')
      .withRequest('GET', apiPath('/staff/categories/'), (b) => b.headers(bearerHeader()))
      .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(list()))
      .executeTest(async (mockServer) => {
        const categories = await getStaffCategories(client(mockServer));
        expect(categories[0]).toMatchObject({ name: 'Business', courses: 4, hidden: false });
      });
  });

  it('adds a category with both names, last in the order', async () => {
    await signedIn(admin, STAFF_STATES.categoryNameFree, 'a new course category')
      .sends('POST', apiPath('/staff/categories/'), NEW_CATEGORY)
      .answers(201, list(STAFF_MESSAGES.categoryAdded))
      .executeTest(async (mockServer) => {
        const answer = await changeStaffCategories(client(mockServer), { kind: 'add', form: NEW_CATEGORY });
        expect(answer.message).toBe(STAFF_MESSAGES.categoryAdded);
      });
  });

  it('refuses a category without its Arabic name, at that field, with 400', async () => {
    const form = { name: NEW_CATEGORY.name, name_ar: ' ' };
    await signedIn(admin, STAFF_STATES.categoryNameFree, 'a new course category without its Arabic name')
      .sends('POST', apiPath('/staff/categories/'), form)
      .refusesField(400, 'name_ar', STAFF_MESSAGES.categoryNameArRequired)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          changeStaffCategories(client(mockServer), { kind: 'add', form }),
          400,
          STAFF_MESSAGES.categoryNameArRequired,
        );
      });
  });

  it('renames a category in both languages', async () => {
    await signedIn(admin, STAFF_STATES.categoryEmpty, 'new names of a course category')
      .sends('PATCH', categoryPath(), EMPTY_CATEGORY.renamed)
      .answers(200, list(STAFF_MESSAGES.categoryRenamed))
      .executeTest(async (mockServer) => {
        const answer = await changeStaffCategories(client(mockServer), {
          kind: 'rename',
          id: 74,
          form: EMPTY_CATEGORY.renamed,
        });
        expect(answer.message).toBe(STAFF_MESSAGES.categoryRenamed);
      });
  });

  it('moves a category one place up', async () => {
    await signedIn(admin, STAFF_STATES.categoryEmpty, 'a course category moved up')
      .sends('POST', categoryPath('move/'), { direction: 'up' })
      .answers(200, list())
      .executeTest(async (mockServer) => {
        const answer = await changeStaffCategories(client(mockServer), {
          kind: 'move',
          id: 74,
          direction: 'up',
        });
        expect(answer.data.length).toBeGreaterThan(0);
      });
  });

  it('hides a category from the catalogue and from new courses', async () => {
    await signedIn(admin, STAFF_STATES.categoryEmpty, 'a course category hidden')
      .sends('POST', categoryPath('hide/'), {})
      .answers(200, list(STAFF_MESSAGES.categoryHidden))
      .executeTest(async (mockServer) => {
        const answer = await changeStaffCategories(client(mockServer), { kind: 'hide', id: 74 });
        expect(answer.message).toBe(STAFF_MESSAGES.categoryHidden);
      });
  });

  it('shows a hidden category again', async () => {
    await signedIn(admin, STAFF_STATES.categoryHidden, 'a hidden course category shown again')
      .sends('POST', categoryPath('show/'), {})
      .answers(200, list(STAFF_MESSAGES.categoryShown))
      .executeTest(async (mockServer) => {
        const answer = await changeStaffCategories(client(mockServer), { kind: 'show', id: 74 });
        expect(answer.message).toBe(STAFF_MESSAGES.categoryShown);
      });
  });

  it('deletes a category that holds no course', async () => {
    await signedIn(admin, STAFF_STATES.categoryEmpty, 'the deletion of an empty course category')
      .sends('DELETE', categoryPath())
      .answers(200, list(STAFF_MESSAGES.categoryDeleted))
      .executeTest(async (mockServer) => {
        const answer = await changeStaffCategories(client(mockServer), { kind: 'delete', id: 74 });
        expect(answer.message).toBe(STAFF_MESSAGES.categoryDeleted);
      });
  });

  it('refuses to delete a category that holds courses, saying why, with 409', async () => {
    await signedIn(
      admin,
      STAFF_STATES.categoryWithCourses,
      'the deletion of a course category that holds courses',
    )
      .sends('DELETE', categoryPath())
      .refuses(409, STAFF_MESSAGES.categoryHoldsCourses)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          changeStaffCategories(client(mockServer), { kind: 'delete', id: 74 }),
          409,
          STAFF_MESSAGES.categoryHoldsCourses,
        );
      });
  });
});

describe('Staff contract: issue reports, /staff/issue-reports/', () => {
  const issuePath = pathWithId((id) => `/staff/issue-reports/${id}/resolve/`, INJECTED_STAFF.issueId, 31);
  const issue = (resolved: boolean) => ({
    id: integer(31),
    name: like('Nada Al-Otaibi'),
    email: like('staff.pact.reporter@example.com'),
    subject: like(STAFF_ISSUE.subject),
    description: like(STAFF_ISSUE.description),
    status: resolved ? 'Resolved' : 'Pending',
    created_at: instant(),
    reply: resolved ? like(STAFF_ISSUE.reply) : null,
    resolved_at: resolved ? instant() : null,
    resolved_by: resolved ? like(STAFF_MEMBER.full_name) : null,
  });

  it('lists the issue reports waiting, newest first, with the reporter’s address', async () => {
    await staffGet(
      STAFF_STATES.issueReported,
      'a request for the issue reports waiting',
      apiPath('/staff/issue-reports/'),
      {
        status: 'Pending',
        page: '1',
      },
    )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          success: true,
          data: { count: integer(1), page: 1, limit: integer(20), results: eachLike(issue(false)) },
        }),
      )
      .executeTest(async (mockServer) => {
        const page = await getStaffIssues(signedInClient(mockServer), 'Pending');
        expect(page.results[0]).toMatchObject({ status: 'Pending', reply: null });
      });
  });

  it('resolves a report with the reply its reporter reads', async () => {
    await signedIn(admin, STAFF_STATES.issueReported, 'the resolution of an issue report with a reply')
      .sends('POST', issuePath, { reply: STAFF_ISSUE.reply })
      .answers(200, { success: true, message: STAFF_MESSAGES.issueResolved, data: issue(true) })
      .executeTest(async (mockServer) => {
        const resolved = await resolveStaffIssue(signedInClient(mockServer), 31, STAFF_ISSUE.reply);
        expect(resolved.data).toMatchObject({ status: 'Resolved', reply: STAFF_ISSUE.reply });
      });
  });

  it('refuses to resolve a report already resolved, with 409', async () => {
    await signedIn(admin, STAFF_STATES.issueResolved, 'the resolution of an issue report already resolved')
      .sends('POST', issuePath, { reply: STAFF_ISSUE.reply })
      .refuses(409, STAFF_MESSAGES.issueAlreadyResolved)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          resolveStaffIssue(signedInClient(mockServer), 31, STAFF_ISSUE.reply),
          409,
          STAFF_MESSAGES.issueAlreadyResolved,
        );
      });
  });
});
