import { randomUUID } from 'node:crypto';
import { priceBreakdown } from '@contract/domain/money';
import { issueOtp } from '../../server/auth/otp';
import { hashPassword, verifyPassword } from '../../server/auth/passwords';
import { startSession } from '../../server/auth/sessions';
import { insertCourse } from '../../server/authoring/course-queries';
import { requestWithdrawal } from '../../server/enrolments/queries';
import { createApplicant } from '../../server/identity/queries';
import { findCourseForSale, insertPayment, settlePayment } from '../../server/payments/queries';
import type { StaffActor } from '../../server/staff/audit';
import { type DecisionContext, decideApplication } from '../../server/staff/decisions';
import { beginSecondFactor } from '../../server/staff/sign-in';
import type { TestServer } from '../../server/testing';
import { ensureUser, normaliseEmail, type UserRow } from '../../server/users';
import {
  INJECTED_STAFF,
  INVITEE,
  REJECTION_REASON,
  STAFF_MEMBER,
  STAFF_STATES,
  WITHDRAWAL_REASON,
} from '../pact/staff-states';
import { INJECTED_ACCESS_TOKEN, INJECTED_OTP_CODE } from '../pact/states';
import { STATE_PDF } from '../pact/upload-states';
import type { StateHandlers } from './pact-files';

/** The trainer whose courses the staff contracts decide on. */
const COURSE_TRAINER = {
  email: 'staff.pact.trainer@example.com',
  password: 'StaffPactTrainer#2026',
  full_name: 'Dr. Nawaf Al-Shammari',
  role: 'TRAINER',
  approved: true,
} as const;

/** The trainees who pay in cash: one asks to withdraw, the other's payment waits to be confirmed. */
const TRAINEES = {
  withdrawal: { email: 'staff.pact.withdrawal@example.com', full_name: 'Lama Al-Harthi' },
  cash: { email: 'staff.pact.cash@example.com', full_name: 'Omar Al-Zahrani' },
} as const;

/**
 * The provider states of the back office's contracts: the member of staff signed in (a session
 * started as after the second factor), and what waits for a decision made anew by each state, with
 * the server's own functions, so that it is the newest item of the queue.
 */
export function staffStateHandlers(server: TestServer, freshOtp: () => string): StateHandlers {
  const { db, tokens, notifier, payments: settings } = server;
  const origin = server.url;
  let applicants = 0;

  /** The member of staff, with the contracts' password, the limits on codes and mails not in the way. */
  async function staffMember(): Promise<UserRow> {
    const user = await ensureUser(db, { ...STAFF_MEMBER, role: 'ADMIN', approved: true, verified: true });
    if (!(await verifyPassword(STAFF_MEMBER.password, user.password_hash))) {
      await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
        user.id,
        await hashPassword(STAFF_MEMBER.password),
      ]);
    }
    await db.query(
      "DELETE FROM rate_limits WHERE bucket IN ('mailRecipient', 'codeAccount', 'signInAccount')",
    );
    return user;
  }

  async function signedIn(): Promise<{ user: UserRow; accessToken: string }> {
    const user = await staffMember();
    return { user, accessToken: (await startSession(db, tokens, user)).access_token };
  }

  function decisions(user: UserRow): DecisionContext {
    const actor: StaffActor = { id: user.id, full_name: user.full_name, email: user.email, via: 'web' };
    return { db, actor, notifier, origin };
  }

  /** A trainer who signed up (with a CV, a PDF) and confirmed the address: the application waits. */
  async function applicant(withCv: boolean): Promise<number> {
    applicants += 1;
    const cv = withCv
      ? await server.uploads.storeCv(
          new File([new Uint8Array(STATE_PDF.bytes)], 'Faisal Al-Omair CV.pdf', { type: 'application/pdf' }),
        )
      : null;
    const { user } = await createApplicant(db, {
      full_name: 'Dr. Faisal Al-Omair',
      email: `applicant.${randomUUID().slice(0, 8)}@example.com`,
      phone_number: '0562223344',
      govt_id_or_iqama_no: String(1_055_000_000 + applicants),
      role: 'TRAINER',
      password_hash: await hashPassword('Faisal#Pass2026'),
      cv_file: cv?.file ?? null,
      cv_name: cv?.name ?? null,
    });
    // The address confirmed with the registration code.
    await db.query('UPDATE users SET verified = true WHERE id = $1', [user.id]);
    return user.id;
  }

  /** A course its trainer sent for approval. */
  async function pendingCourse(): Promise<number> {
    const trainer = await ensureUser(db, COURSE_TRAINER);
    const { rows } = await db.query<{ category_id: number; cover_image: string }>(
      `SELECT category_id, cover_image FROM courses WHERE status = 'Approved' ORDER BY id LIMIT 1`,
    );
    const seeded = rows[0];
    if (!seeded) throw new Error('No approved course to take a category and a cover from');
    return db.transaction((tx) =>
      insertCourse(
        tx,
        trainer.id,
        {
          title: 'Data Analysis with Python',
          title_ar: 'تحليل البيانات باستخدام بايثون',
          subtitle: 'From a spreadsheet to a report.',
          subtitle_ar: 'من جدول البيانات إلى التقرير.',
          description: 'Eight weeks of practice with real data sets.',
          description_ar: 'ثمانية أسابيع من التدريب على بيانات حقيقية.',
          category: seeded.category_id,
          cover_image: seeded.cover_image,
          skill_level: 'Intermediate',
          languages: ['Arabic', 'English'],
          captions: [],
          female_only: false,
          price_halalas: 89_900,
          weeks: [
            {
              syllabus_title: 'Cleaning data',
              syllabus_title_ar: 'تنظيف البيانات',
              lectures: 2,
              quizzes: 1,
              assignments: 1,
            },
          ],
          surveys: { pre: null, post: null },
          start_date: '2030-05-05',
          end_date: '2030-06-30',
          routine: [{ day: 'Monday', start_time: '18:00', end_time: '20:00' }],
          facilitators: [],
        },
        { address: seeded.cover_image, fileId: null },
        [],
      ),
    );
  }

  /** The trainee with no payment, enrolment or receipt, and a priced course to pay for in cash. */
  async function cashPayment(person: (typeof TRAINEES)[keyof typeof TRAINEES]) {
    const user = await ensureUser(db, { ...person, password: 'Trainee#Pact2026', role: 'TRAINEE' });
    await db.query('DELETE FROM receipts WHERE payment_id IN (SELECT id FROM payments WHERE user_id = $1)', [
      user.id,
    ]);
    await db.query('DELETE FROM payments WHERE user_id = $1', [user.id]);
    await db.query('DELETE FROM enrolments WHERE user_id = $1', [user.id]);
    const { rows } = await db.query<{ id: number }>(
      `SELECT id FROM courses WHERE status = 'Approved' AND price_halalas > 0 ORDER BY id LIMIT 1`,
    );
    const course = await findCourseForSale(db, rows[0]?.id ?? 0);
    if (!course) throw new Error('No priced course for sale');
    const paymentId = await insertPayment(
      db,
      {
        userId: user.id,
        course,
        method: 'cash',
        idempotencyKey: randomUUID(),
        walletPhone: null,
        breakdown: priceBreakdown(course.price_halalas, settings.vatRate),
      },
      settings,
      notifier,
    );
    if (!paymentId) throw new Error('The cash payment was not stored');
    return { user, courseId: course.id, paymentId };
  }

  /** A trainee paid in cash, was enrolled, and asked to withdraw; answers the enrolment's id. */
  async function withdrawalRequest(): Promise<number> {
    const { user, courseId, paymentId } = await cashPayment(TRAINEES.withdrawal);
    await settlePayment(db, paymentId, { paid: true }, settings, notifier, origin);
    await requestWithdrawal(db, user.id, courseId, WITHDRAWAL_REASON);
    const { rows } = await db.query<{ id: number }>(
      'SELECT id FROM enrolments WHERE user_id = $1 AND course_id = $2',
      [user.id, courseId],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('The withdrawal request has no enrolment');
    return id;
  }

  return {
    [STAFF_STATES.queueOfEveryKind]: async () => {
      const { accessToken } = await signedIn();
      return {
        [INJECTED_ACCESS_TOKEN]: accessToken,
        [INJECTED_STAFF.trainerId]: await applicant(false),
        [INJECTED_STAFF.courseId]: await pendingCourse(),
        [INJECTED_STAFF.enrolmentId]: await withdrawalRequest(),
        [INJECTED_STAFF.paymentId]: (await cashPayment(TRAINEES.cash)).paymentId,
      };
    },
    [STAFF_STATES.trainerApplicationWaiting]: async () => {
      const { accessToken } = await signedIn();
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_STAFF.trainerId]: await applicant(true) };
    },
    [STAFF_STATES.trainerApplicationDecided]: async () => {
      const { user, accessToken } = await signedIn();
      const id = await applicant(false);
      await decideApplication(decisions(user), id, { approve: false, reason: REJECTION_REASON });
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_STAFF.trainerId]: id };
    },
    [STAFF_STATES.courseWaiting]: async () => {
      const { accessToken } = await signedIn();
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_STAFF.courseId]: await pendingCourse() };
    },
    [STAFF_STATES.withdrawalWaiting]: async () => {
      const { accessToken } = await signedIn();
      return {
        [INJECTED_ACCESS_TOKEN]: accessToken,
        [INJECTED_STAFF.enrolmentId]: await withdrawalRequest(),
      };
    },
    [STAFF_STATES.cashPaymentWaiting]: async () => {
      const { accessToken } = await signedIn();
      const { paymentId } = await cashPayment(TRAINEES.cash);
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_STAFF.paymentId]: paymentId };
    },
    [STAFF_STATES.auditHasDecisions]: async () => {
      const { user, accessToken } = await signedIn();
      await decideApplication(decisions(user), await applicant(false), {
        approve: false,
        reason: REJECTION_REASON,
      });
      return { [INJECTED_ACCESS_TOKEN]: accessToken };
    },
    [STAFF_STATES.inviteeUnknown]: async () => {
      const { accessToken } = await signedIn();
      await db.query('DELETE FROM users WHERE email = $1', [normaliseEmail(INVITEE.email)]);
      return { [INJECTED_ACCESS_TOKEN]: accessToken };
    },
    [STAFF_STATES.staffAccountExists]: async () => {
      await staffMember();
      return undefined;
    },
    [STAFF_STATES.signInCodeMailed]: async () => {
      const user = await staffMember();
      // The first step of the sign-in, as the password's check takes it; then a code the state knows.
      const { second_factor } = await beginSecondFactor(db, tokens, origin, user);
      const code = await issueOtp(db, user.id, 'sign_in', freshOtp());
      return { [INJECTED_STAFF.challenge]: second_factor.challenge, [INJECTED_OTP_CODE]: code };
    },
  };
}
