import { randomUUID } from 'node:crypto';
import { priceBreakdown } from '@contract/domain/money';
import { issueOtp } from '../../server/auth/otp';
import { hashPassword, verifyPassword } from '../../server/auth/passwords';
import { startSession } from '../../server/auth/sessions';
import { insertCourse } from '../../server/authoring/course-queries';
import { revokeAndNotify } from '../../server/certificates/admin';
import { requestWithdrawal } from '../../server/enrolments/queries';
import { createApplicant } from '../../server/identity/queries';
import type { GatewayClient } from '../../server/payments/gateway';
import { findCourseForSale, insertPayment, settlePayment } from '../../server/payments/queries';
import type { StaffActor } from '../../server/staff/audit';
import { type DecisionContext, decideApplication, decideNewCourse } from '../../server/staff/decisions';
import { resolveIssue } from '../../server/staff/issues';
import { refundStaffPayment } from '../../server/staff/payments';
import { recordSignIn, setDisabled } from '../../server/staff/people';
import { liveDetails, submitRevision } from '../../server/staff/revisions';
import { beginSecondFactor } from '../../server/staff/sign-in';
import type { TestServer } from '../../server/testing';
import { ensureUser, normaliseEmail, type UserRow } from '../../server/users';
import {
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
} from '../pact/staff-states';
import { INJECTED_ACCESS_TOKEN, INJECTED_OTP_CODE } from '../pact/states';
import { STATE_PDF } from '../pact/upload-states';
import { standingCertificate } from './certificates-states';
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
  paid: { email: 'staff.pact.paid@example.com', full_name: 'Yousef Al-Mutairi' },
} as const;

/** The gateway of a refund made in a state: a cash payment's refund never calls it. */
const NO_GATEWAY: GatewayClient = {
  create: () => Promise.reject(new Error('No gateway in the staff states')),
  fetch: () => Promise.reject(new Error('No gateway in the staff states')),
  refund: () => Promise.reject(new Error('No gateway in the staff states')),
  transactionUrl: () => {
    throw new Error('No gateway in the staff states');
  },
};

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
  async function cashPayment(person: { email: string; full_name: string; password?: string }) {
    const user = await ensureUser(db, {
      ...person,
      password: person.password ?? 'Trainee#Pact2026',
      role: 'TRAINEE',
    });
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

  /** A trainee's cash payment, received: the trainee is enrolled and has the receipt. */
  async function paidInCash(person: { email: string; full_name: string; password?: string }) {
    const payment = await cashPayment(person);
    await settlePayment(db, payment.paymentId, { paid: true }, settings, notifier, origin);
    return payment;
  }

  /**
   * A course approved by the member of staff, whose trainer then changed its title and price: the
   * change waits as a revision, made as the trainer's edit makes it. Answers the revision's id.
   */
  async function pendingRevision(user: UserRow): Promise<number> {
    const courseId = await pendingCourse();
    await decideNewCourse(decisions(user), courseId, { approve: true });
    const trainer = await ensureUser(db, COURSE_TRAINER);
    const { announce } = await db.transaction(async (tx) => {
      await tx.query('SELECT id FROM courses WHERE id = $1 FOR UPDATE', [courseId]);
      const live = await liveDetails(tx, courseId);
      const course = { id: courseId, title: String(live.title), title_ar: String(live.title_ar) };
      const sent = { ...live, title: REVISION.title, price_halalas: REVISION.price };
      return submitRevision(tx, notifier, course, trainer.id, live, sent);
    });
    await announce?.();
    const { rows } = await db.query<{ id: number }>(
      "SELECT id FROM course_revisions WHERE course_id = $1 AND status = 'Pending'",
      [courseId],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('The change of the course is not waiting');
    return id;
  }

  /**
   * The people contracts' trainee, enabled (by the server's own call when an earlier state disabled
   * the account), enrolled after a cash payment, and signed in once.
   */
  async function person(staff: UserRow): Promise<number> {
    const { user } = await paidInCash(PERSON);
    const { rows } = await db.query<{ disabled: boolean }>(
      'SELECT disabled_at IS NOT NULL AS disabled FROM users WHERE id = $1',
      [user.id],
    );
    if (rows[0]?.disabled) await setDisabled(db, decisions(staff).actor, user.id, { disable: false });
    await recordSignIn(db, user.id, { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' });
    return user.id;
  }

  /** The people contracts' trainee, disabled by the member of staff with the reason. */
  async function disabledPerson(staff: UserRow): Promise<number> {
    const id = await person(staff);
    await setDisabled(db, decisions(staff).actor, id, { disable: true, reason: DISABLE_REASON });
    return id;
  }

  /** A report of a trainee's, waiting (the only one waiting: the list's example). */
  async function reportedIssue(): Promise<number> {
    const user = await ensureUser(db, {
      email: 'staff.pact.reporter@example.com',
      password: 'Reporter#Pact2026',
      full_name: 'Nada Al-Otaibi',
      role: 'TRAINEE',
      approved: true,
    });
    await db.query("UPDATE issue_reports SET status = 'Resolved' WHERE status = 'Pending'");
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO issue_reports (user_id, name, subject, description) VALUES ($1, $2, $3, $4) RETURNING id`,
      [user.id, user.full_name, STAFF_ISSUE.subject, STAFF_ISSUE.description],
    );
    return rows[0]?.id ?? 0;
  }

  /** Removes the categories of these English names that hold no course (what an earlier state made). */
  async function dropEmptyCategories(names: readonly string[]): Promise<void> {
    await db.query(
      `DELETE FROM course_categories k WHERE k.name = ANY($1::text[])
         AND NOT EXISTS (SELECT 1 FROM courses c WHERE c.category_id = k.id)`,
      [names],
    );
  }

  /** The categories contract's empty category, made afresh (last in the order), hidden or shown. */
  async function emptyCategory(hidden: boolean): Promise<number> {
    await dropEmptyCategories([EMPTY_CATEGORY.name, EMPTY_CATEGORY.renamed.name]);
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO course_categories (slug, name, name_ar, colour, position, hidden_at)
       VALUES ('pact-robotics', $1, $2, '#2563eb',
               (SELECT coalesce(max(position), 0) + 1 FROM course_categories), CASE WHEN $3 THEN now() END)
       RETURNING id`,
      [EMPTY_CATEGORY.name, EMPTY_CATEGORY.name_ar, hidden],
    );
    return rows[0]?.id ?? 0;
  }

  return {
    [STAFF_STATES.queueOfEveryKind]: async () => {
      const { user, accessToken } = await signedIn();
      return {
        [INJECTED_ACCESS_TOKEN]: accessToken,
        [INJECTED_STAFF.trainerId]: await applicant(false),
        [INJECTED_STAFF.courseId]: await pendingCourse(),
        [INJECTED_STAFF.revisionId]: await pendingRevision(user),
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
    [STAFF_STATES.revisionWaiting]: async () => {
      const { user, accessToken } = await signedIn();
      return {
        [INJECTED_ACCESS_TOKEN]: accessToken,
        [INJECTED_STAFF.revisionId]: await pendingRevision(user),
      };
    },
    [STAFF_STATES.personEnabled]: async () => {
      const { user, accessToken } = await signedIn();
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_STAFF.personId]: await person(user) };
    },
    [STAFF_STATES.personDisabled]: async () => {
      const { user, accessToken } = await signedIn();
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_STAFF.personId]: await disabledPerson(user) };
    },
    [STAFF_STATES.accountDisabled]: async () => {
      await disabledPerson(await staffMember());
      return undefined;
    },
    [STAFF_STATES.staffSignedIn]: async () => {
      const { user, accessToken } = await signedIn();
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_STAFF.selfId]: user.id };
    },
    [STAFF_STATES.cashPaymentPaid]: async () => {
      const { accessToken } = await signedIn();
      const { paymentId } = await paidInCash(TRAINEES.paid);
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_STAFF.paymentId]: paymentId };
    },
    [STAFF_STATES.cashPaymentRefunded]: async () => {
      const { user, accessToken } = await signedIn();
      const { paymentId } = await paidInCash(TRAINEES.paid);
      await refundStaffPayment(db, NO_GATEWAY, decisions(user).actor, paymentId);
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_STAFF.paymentId]: paymentId };
    },
    [STAFF_STATES.certificateStanding]: async () => {
      const { accessToken } = await signedIn();
      return {
        [INJECTED_ACCESS_TOKEN]: accessToken,
        [INJECTED_STAFF.certificateCode]: await standingCertificate(db),
      };
    },
    [STAFF_STATES.certificateRevoked]: async () => {
      const { user, accessToken } = await signedIn();
      const code = await standingCertificate(db);
      await revokeAndNotify(db, notifier, code, REVOKE_REASON, decisions(user).actor);
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_STAFF.certificateCode]: code };
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
    [STAFF_STATES.issueReported]: async () => {
      const { accessToken } = await signedIn();
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_STAFF.issueId]: await reportedIssue() };
    },
    [STAFF_STATES.issueResolved]: async () => {
      const { user, accessToken } = await signedIn();
      const id = await reportedIssue();
      await resolveIssue(db, notifier, decisions(user).actor, id, STAFF_ISSUE.reply);
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_STAFF.issueId]: id };
    },
    [STAFF_STATES.categoryNameFree]: async () => {
      const { accessToken } = await signedIn();
      await dropEmptyCategories([NEW_CATEGORY.name]);
      return { [INJECTED_ACCESS_TOKEN]: accessToken };
    },
    [STAFF_STATES.categoryEmpty]: async () => {
      const { accessToken } = await signedIn();
      return {
        [INJECTED_ACCESS_TOKEN]: accessToken,
        [INJECTED_STAFF.categoryId]: await emptyCategory(false),
      };
    },
    [STAFF_STATES.categoryHidden]: async () => {
      const { accessToken } = await signedIn();
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_STAFF.categoryId]: await emptyCategory(true) };
    },
    [STAFF_STATES.categoryWithCourses]: async () => {
      const { accessToken } = await signedIn();
      const { rows } = await db.query<{ id: number }>(
        `SELECT k.id FROM course_categories k WHERE EXISTS (SELECT 1 FROM courses c WHERE c.category_id = k.id)
         ORDER BY k.position, k.id LIMIT 1`,
      );
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_STAFF.categoryId]: rows[0]?.id ?? 0 };
    },
  };
}
