import { randomUUID } from 'node:crypto';
import { priceBreakdown } from '@contract/domain/money';
import { startSession } from '../../server/auth/sessions';
import { decideWithdrawal, requestWithdrawal } from '../../server/enrolments/queries';
import { noticeBody, signNotice } from '../../server/payments/gateway';
import { findCourseForSale, insertPayment, settlePayment } from '../../server/payments/queries';
import type { TestServer } from '../../server/testing';
import type { UserRow } from '../../server/users';
import {
  EXAMPLE_NOTICE,
  INJECTED_ACCESS_TOKEN,
  INJECTED_COURSE_ID,
  INJECTED_NOTICE_SIGNATURE,
  INJECTED_PAYMENT_ID,
  PROVIDER_STATES,
} from '../pact/states';
import type { StateHandlers } from './pact-files';

/** The provider states of the payments contracts (the web app's, and the gateway's notices). */
export function paymentStateHandlers(server: TestServer, trainee: () => Promise<UserRow>): StateHandlers {
  const { db, tokens, notifier, payments: settings } = server;

  /** The demo trainee with no payment, enrolment or receipt, signed in. */
  async function freshTrainee() {
    const user = await trainee();
    await db.query('DELETE FROM receipts WHERE payment_id IN (SELECT id FROM payments WHERE user_id = $1)', [
      user.id,
    ]);
    await db.query('DELETE FROM payments WHERE user_id = $1', [user.id]);
    await db.query('DELETE FROM enrolments WHERE user_id = $1', [user.id]);
    const session = await startSession(db, tokens, user);
    return { user, accessToken: session.access_token };
  }

  async function courseId(priced: boolean): Promise<number> {
    const { rows } = await db.query<{ id: number }>(
      `SELECT id FROM courses WHERE status = 'Approved' AND (price_halalas > 0) = $1 ORDER BY id LIMIT 1`,
      [priced],
    );
    const id = rows[0]?.id;
    if (!id) throw new Error(`No ${priced ? 'priced' : 'free'} course`);
    return id;
  }

  async function startPayment(user: UserRow, course: number, method: 'cash' | 'wallet'): Promise<string> {
    const row = await findCourseForSale(db, course);
    if (!row) throw new Error('The course is not for sale');
    const id = await insertPayment(
      db,
      {
        userId: user.id,
        course: row,
        method,
        idempotencyKey: randomUUID(),
        walletPhone: method === 'wallet' ? '0551234567' : null,
        breakdown: priceBreakdown(row.price_halalas, settings.vatRate),
      },
      settings,
      notifier,
    );
    if (!id) throw new Error('The payment was not stored');
    return id;
  }

  /**
   * The trainee paid for a course (in cash) and asked to withdraw; `withdrawn`: approved as well (the
   * enrolment is then withdrawn or dropped, as the course's start date says).
   */
  async function withdrawalState(status: 'withdrawal_requested' | 'withdrawn') {
    const { user, accessToken } = await freshTrainee();
    const course = await courseId(true);
    const id = await startPayment(user, course, 'cash');
    await settlePayment(db, id, { paid: true }, settings, notifier, 'http://localhost:3000');
    await requestWithdrawal(db, user.id, course, 'My working hours changed');
    if (status === 'withdrawn') {
      await decideWithdrawal(db, user.email, course, { approve: true }, notifier, 'http://localhost:3000');
    }
    return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_COURSE_ID]: course, [INJECTED_PAYMENT_ID]: id };
  }

  return {
    [PROVIDER_STATES.pricedCourseForTrainee]: async () => {
      const { accessToken } = await freshTrainee();
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_COURSE_ID]: await courseId(true) };
    },
    [PROVIDER_STATES.freeCourseForTrainee]: async () => {
      const { accessToken } = await freshTrainee();
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_COURSE_ID]: await courseId(false) };
    },
    [PROVIDER_STATES.traineePaidForCourse]: async () => {
      const { user, accessToken } = await freshTrainee();
      const course = await courseId(true);
      const id = await startPayment(user, course, 'cash');
      await settlePayment(db, id, { paid: true }, settings, notifier, 'http://localhost:3000');
      return {
        [INJECTED_ACCESS_TOKEN]: accessToken,
        [INJECTED_COURSE_ID]: course,
        [INJECTED_PAYMENT_ID]: id,
      };
    },
    [PROVIDER_STATES.traineeAskedToWithdraw]: async () => withdrawalState('withdrawal_requested'),
    [PROVIDER_STATES.traineeWithdrewFromCourse]: async () => withdrawalState('withdrawn'),
    [PROVIDER_STATES.walletPaymentAwaitingCode]: async () => {
      const { user, accessToken } = await freshTrainee();
      const id = await startPayment(user, await courseId(true), 'wallet');
      // No code matches this: every code the contract sends is wrong.
      await db.query(`UPDATE payments SET wallet_code_hash = 'none' WHERE id = $1`, [id]);
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_PAYMENT_ID]: id };
    },
    [PROVIDER_STATES.cardPaymentAwaitingNotice]: async () => {
      const { user } = await freshTrainee();
      const { paymentId, gatewayId, total } = EXAMPLE_NOTICE;
      const { subtotal, vat } = priceBreakdown(49_900, 1500);
      if (subtotal + vat !== total) throw new Error('EXAMPLE_NOTICE.total is not 499 SAR with 15 % VAT');
      await db.query(
        `INSERT INTO payments (id, user_id, course_id, method, status, subtotal, vat, total, vat_rate,
           idempotency_key, gateway_reference)
         VALUES ($1, $2, $3, 'card', 'initiated', $4, $5, $6, 1500, $7, $8)`,
        [paymentId, user.id, await courseId(true), subtotal, vat, total, randomUUID(), gatewayId],
      );
      const body = noticeBody('payment_paid', {
        id: gatewayId,
        given_id: paymentId,
        status: 'paid',
        amount: total,
        currency: 'SAR',
        message: null,
      });
      return { [INJECTED_NOTICE_SIGNATURE]: signNotice(settings.noticeSecret, body) };
    },
  };
}
