import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { receiptCode } from '@contract/domain/money';
import { SERVER_MESSAGES, type ServerMessage } from '@contract/messages/server-messages';
import {
  type EnrolmentStatus,
  type FailureReason,
  type PaymentMethod,
  type PaymentStatus,
  WALLET_CODE_LENGTH,
  WALLET_CODE_TRIES,
} from '@contract/wire/payments';
import type { Db, Queryable } from '../db';
import { queueText } from '../mail';
import { mailNotice } from '../notifications/notice-mail';
import { NOTIFICATIONS, type Notifier } from '../notifications/notifier';
import { type Page, type PageRequest, selectPage } from '../paging';
import { eInvoiceQr } from './einvoice';
import type { PaymentSettings } from './settings';

/** Minutes a wallet code stays valid. */
export const WALLET_CODE_TTL_MINUTES = 10;

/** A refusal of a payments action, with its status and sentence. */
export class PaymentError extends Error {
  override readonly name = 'PaymentError';
  constructor(
    readonly status: 400 | 404 | 409,
    readonly userMessage: ServerMessage,
  ) {
    super(userMessage);
  }
}

export interface CheckoutCourseRow {
  id: number;
  title: string;
  title_ar: string;
  cover_image: string;
  price_halalas: number;
}

/** An approved course as checkout sells it; undefined for one missing or awaiting approval. */
export async function findCourseForSale(db: Queryable, id: number): Promise<CheckoutCourseRow | undefined> {
  const { rows } = await db.query<CheckoutCourseRow>(
    `SELECT id, title, title_ar, cover_image, price_halalas FROM courses WHERE id = $1 AND status = 'Approved'`,
    [id],
  );
  return rows[0];
}

export interface PaymentRow {
  id: string;
  user_id: number;
  course_id: number;
  method: PaymentMethod;
  status: PaymentStatus;
  subtotal: number;
  vat: number;
  total: number;
  vat_rate: number;
  idempotency_key: string;
  gateway_reference: string | null;
  failure_reason: FailureReason | null;
  refund_status: 'due' | 'refunded' | null;
  wallet_phone: string | null;
  wallet_code_hash: string | null;
  wallet_code_tries: number;
  wallet_code_expired: boolean;
  created_at: string;
  paid_at: string | null;
  course_title: string;
  course_title_ar: string;
  course_cover_image: string;
  enrolment_status: EnrolmentStatus | null;
  receipt_number: number | null;
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;
const PAYMENT_SELECT = `SELECT p.id::text, p.user_id, p.course_id, p.method, p.status, p.subtotal, p.vat, p.total,
  p.vat_rate, p.idempotency_key::text, p.gateway_reference, p.failure_reason, p.refund_status, p.wallet_phone,
  p.wallet_code_hash, p.wallet_code_tries, coalesce(p.wallet_code_expires_at < now(), false) AS wallet_code_expired,
  to_char(p.created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at,
  to_char(p.paid_at AT TIME ZONE 'UTC', ${ISO}) AS paid_at,
  c.title AS course_title, c.title_ar AS course_title_ar, c.cover_image AS course_cover_image,
  e.status AS enrolment_status, r.receipt_number
  FROM payments p JOIN courses c ON c.id = p.course_id
  LEFT JOIN enrolments e ON e.user_id = p.user_id AND e.course_id = p.course_id
  LEFT JOIN receipts r ON r.payment_id = p.id`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(text: string): boolean {
  return UUID.test(text);
}

/** A payment by id; `userId` limits it to its owner's. */
export async function findPayment(
  db: Queryable,
  id: string,
  userId?: number,
): Promise<PaymentRow | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<PaymentRow>(
    `${PAYMENT_SELECT} WHERE p.id = $1 AND ($2::int IS NULL OR p.user_id = $2)`,
    [id, userId ?? null],
  );
  return rows[0];
}

export async function findPaymentByKey(
  db: Queryable,
  userId: number,
  key: string,
): Promise<PaymentRow | undefined> {
  const { rows } = await db.query<PaymentRow>(
    `${PAYMENT_SELECT} WHERE p.user_id = $1 AND p.idempotency_key = $2`,
    [userId, key],
  );
  return rows[0];
}

export async function findPaymentByGatewayReference(
  db: Queryable,
  reference: string,
): Promise<PaymentRow | undefined> {
  const { rows } = await db.query<PaymentRow>(`${PAYMENT_SELECT} WHERE p.gateway_reference = $1`, [
    reference,
  ]);
  return rows[0];
}

/** The user's latest payment. */
export async function latestPayment(db: Queryable, userId: number): Promise<PaymentRow | undefined> {
  const { rows } = await db.query<PaymentRow>(
    `${PAYMENT_SELECT} WHERE p.user_id = $1 ORDER BY p.created_at DESC, p.id LIMIT 1`,
    [userId],
  );
  return rows[0];
}

export interface CheckoutState {
  enrolled: boolean;
  paid: boolean;
  pending: { id: string; method: PaymentMethod; status: PaymentStatus } | null;
  /** The enrolment's status, whatever it is; null when there is none. */
  enrolment_status: EnrolmentStatus | null;
  refusal_reason: string | null;
}

/**
 * Whether the user is enrolled in the course (a withdrawal waiting for approval included: learning
 * stays open until it is approved), has paid for it, or has a payment not yet ended, and where the
 * enrolment stands.
 */
export async function checkoutState(db: Queryable, userId: number, courseId: number): Promise<CheckoutState> {
  const { rows } = await db.query<CheckoutState>(
    `SELECT
       EXISTS (SELECT 1 FROM enrolments WHERE user_id = $1 AND course_id = $2
         AND status IN ('enrolled', 'withdrawal_requested')) AS enrolled,
       (SELECT status FROM enrolments WHERE user_id = $1 AND course_id = $2) AS enrolment_status,
       (SELECT refusal_reason FROM enrolments WHERE user_id = $1 AND course_id = $2) AS refusal_reason,
       EXISTS (SELECT 1 FROM payments WHERE user_id = $1 AND course_id = $2 AND status = 'paid') AS paid,
       (SELECT json_build_object('id', id, 'method', method, 'status', status) FROM payments
         WHERE user_id = $1 AND course_id = $2 AND status IN ('initiated', 'awaiting_wallet_code', 'awaiting_cash')
         ORDER BY created_at DESC LIMIT 1) AS pending`,
    [userId, courseId],
  );
  return (
    rows[0] ?? { enrolled: false, paid: false, pending: null, enrolment_status: null, refusal_reason: null }
  );
}

function walletCodeHash(secret: string, paymentId: string, code: string): string {
  return createHmac('sha256', secret).update(`wallet-code:${paymentId}:${code}`).digest('base64url');
}

export interface NewPayment {
  userId: number;
  course: CheckoutCourseRow;
  method: PaymentMethod;
  idempotencyKey: string;
  walletPhone: string | null;
  breakdown: { subtotal: number; vat: number; total: number; vat_rate: number };
}

/** Whether an error is PostgreSQL's unique violation of `constraint` (any, when absent). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: name } = error as { code?: string; constraint?: string };
  if (code !== '23505') return false;
  return constraint === undefined || name === undefined || name === constraint;
}

/**
 * Stores a new payment for the attempt key; undefined when the key was stored first by another
 * request (the caller then answers that one). Cash leaves the enrolment awaiting payment; a wallet
 * payment sends its code; a free course is paid and enrolled at once.
 */
export async function insertPayment(
  db: Db,
  payment: NewPayment,
  settings: PaymentSettings,
  notifier: Notifier,
): Promise<string | undefined> {
  const id = randomUUID();
  const status: PaymentStatus = {
    card: 'initiated',
    wallet: 'awaiting_wallet_code',
    cash: 'awaiting_cash',
    free: 'paid',
  }[payment.method] as PaymentStatus;
  const code =
    payment.method === 'wallet'
      ? String(randomInt(0, 10 ** WALLET_CODE_LENGTH)).padStart(WALLET_CODE_LENGTH, '0')
      : null;
  let announce: (() => Promise<void>) | undefined;
  try {
    const inserted = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO payments (id, user_id, course_id, method, status, subtotal, vat, total, vat_rate,
           idempotency_key, wallet_phone, wallet_code_hash, wallet_code_expires_at, paid_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
           CASE WHEN $12::text IS NULL THEN NULL ELSE now() + make_interval(mins => $13) END,
           CASE WHEN $5 = 'paid' THEN now() END)
         ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id::text`,
        [
          id,
          payment.userId,
          payment.course.id,
          payment.method,
          status,
          payment.breakdown.subtotal,
          payment.breakdown.vat,
          payment.breakdown.total,
          payment.breakdown.vat_rate,
          payment.idempotencyKey,
          payment.walletPhone,
          code ? walletCodeHash(settings.noticeSecret, id, code) : null,
          WALLET_CODE_TTL_MINUTES,
        ],
      );
      if (!rows[0]) return undefined;
      if (payment.method === 'cash') {
        await tx.query(
          `INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'awaiting_payment')
           ON CONFLICT (user_id, course_id) DO NOTHING`,
          [payment.userId, payment.course.id],
        );
      }
      if (payment.method === 'free') {
        await enrol(tx, payment.userId, payment.course.id);
        ({ announce } = await notifier.notifyWithin(
          tx,
          payment.userId,
          NOTIFICATIONS.paymentReceived(payment.course),
        ));
      }
      if (code && payment.walletPhone)
        await queueText(tx, payment.walletPhone, walletCodeText(code, payment.breakdown.total));
      return rows[0].id;
    });
    await announce?.();
    return inserted;
  } catch (error) {
    if (isUniqueViolation(error, 'payments_one_paid_per_course'))
      throw new PaymentError(409, SERVER_MESSAGES.alreadyPaid);
    throw error;
  }
}

/** The wallet's code by text message: short (two UCS-2 parts), Arabic first, the code in both. */
function walletCodeText(code: string, total: number) {
  const amount = `${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`;
  return {
    kind: 'wallet_code',
    subject: 'Wallet payment code (text message)',
    text: `رمز الدفع بالمحفظة: ${code} لدفع ${amount} ريال، صالح ${WALLET_CODE_TTL_MINUTES} دقائق.\nKFU Training wallet code: ${code} for SAR ${amount}. Valid ${WALLET_CODE_TTL_MINUTES} min.`,
    expiresAt: new Date(Date.now() + WALLET_CODE_TTL_MINUTES * 60_000),
  };
}

export async function setGatewayReference(db: Queryable, id: string, reference: string): Promise<void> {
  await db.query(
    'UPDATE payments SET gateway_reference = $2, updated_at = now() WHERE id = $1 AND gateway_reference IS NULL',
    [id, reference],
  );
}

/** Enrols the user; an enrolment withdrawn or dropped stays so (the course is closed to them). */
async function enrol(tx: Queryable, userId: number, courseId: number): Promise<void> {
  await tx.query(
    `INSERT INTO enrolments (user_id, course_id, status) VALUES ($1, $2, 'enrolled')
     ON CONFLICT (user_id, course_id) DO UPDATE SET status = 'enrolled', updated_at = now()
     WHERE enrolments.status = 'awaiting_payment'`,
    [userId, courseId],
  );
}

export type Outcome = { paid: true } | { paid: false; reason: FailureReason };

/**
 * Ends a payment once, in one transaction: paid → the enrolment enrolled → a receipt issued (when
 * anything was paid) → a notification to the trainee, pushed live once committed. A payment that
 * has ended already is left as it is (a second notice changes nothing). A paid outcome for a course
 * the user has paid for by another payment fails this one, with its refund due.
 * `expect` lists the statuses the payment may end from. Answers whether anything changed.
 */
export async function settlePayment(
  db: Db,
  id: string,
  outcome: Outcome,
  settings: PaymentSettings,
  notifier: Notifier,
  origin: string,
  expect: readonly PaymentStatus[] = ['initiated', 'awaiting_wallet_code', 'awaiting_cash'],
): Promise<boolean> {
  let announce: (() => Promise<void>) | undefined;
  const changed = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: PaymentStatus; user_id: number; course_id: number }>(
      'SELECT status, user_id, course_id FROM payments WHERE id = $1 FOR UPDATE',
      [id],
    );
    const locked = rows[0];
    if (!locked || !expect.includes(locked.status)) return false;
    if (!outcome.paid) {
      await tx.query(
        `UPDATE payments SET status = 'failed', failure_reason = $2, wallet_code_hash = NULL, updated_at = now() WHERE id = $1`,
        [id, outcome.reason],
      );
      return true;
    }
    const { rows: others } = await tx.query(
      `SELECT 1 FROM payments WHERE user_id = $1 AND course_id = $2 AND status = 'paid' AND id <> $3`,
      [locked.user_id, locked.course_id, id],
    );
    if (others.length > 0) {
      await tx.query(
        `UPDATE payments SET status = 'failed', failure_reason = 'already_paid', refund_status = 'due',
           wallet_code_hash = NULL, updated_at = now() WHERE id = $1`,
        [id],
      );
      return true;
    }
    await tx.query(
      `UPDATE payments SET status = 'paid', paid_at = now(), wallet_code_hash = NULL, updated_at = now() WHERE id = $1`,
      [id],
    );
    await enrol(tx, locked.user_id, locked.course_id);
    const payment = await findPayment(tx, id);
    if (!payment) throw new Error('The payment vanished');
    let receiptNumber: number | undefined;
    if (payment.total > 0) {
      const { rows: receipts } = await tx.query<{ receipt_number: number }>(
        `INSERT INTO receipts (payment_id, seller_name, seller_name_ar, vat_number, course_title, course_title_ar,
           subtotal, vat, total, vat_rate, method)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING receipt_number`,
        [
          id,
          settings.sellerName,
          settings.sellerNameAr,
          settings.vatNumber,
          payment.course_title,
          payment.course_title_ar,
          payment.subtotal,
          payment.vat,
          payment.total,
          payment.vat_rate,
          payment.method,
        ],
      );
      receiptNumber = receipts[0]?.receipt_number;
    }
    ({ announce } = await notifier.notifyWithin(
      tx,
      locked.user_id,
      NOTIFICATIONS.paymentReceived({
        id: locked.course_id,
        title: payment.course_title,
        title_ar: payment.course_title_ar,
      }),
    ));
    // A free enrolment has no receipt: the bell notice says enough.
    if (receiptNumber !== undefined)
      await mailNotice(tx, origin, locked.user_id, {
        kind: 'payment_receipt',
        course: { id: locked.course_id, title: payment.course_title, title_ar: payment.course_title_ar },
        amount: payment.total,
        paymentId: id,
        receiptCode: receiptCode(receiptNumber),
      });
    return true;
  });
  await announce?.();
  return changed;
}

export type WalletCodeResult = 'paid' | 'wrong' | 'failed' | 'expired';

/**
 * Checks a wallet code: the right one pays (settlePayment); a wrong one counts, and the
 * WALLET_CODE_TRIES-th wrong one fails the payment; past its time the code fails it too.
 */
export async function checkWalletCode(
  db: Db,
  payment: PaymentRow,
  code: string,
  settings: PaymentSettings,
  notifier: Notifier,
  origin: string,
): Promise<WalletCodeResult> {
  if (payment.wallet_code_expired) {
    await settlePayment(
      db,
      payment.id,
      { paid: false, reason: 'wallet_code_expired' },
      settings,
      notifier,
      origin,
      ['awaiting_wallet_code'],
    );
    return 'expired';
  }
  if (
    payment.wallet_code_hash &&
    walletCodeHash(settings.noticeSecret, payment.id, code) === payment.wallet_code_hash
  ) {
    await settlePayment(db, payment.id, { paid: true }, settings, notifier, origin, ['awaiting_wallet_code']);
    return 'paid';
  }
  const { rows } = await db.query<{ wallet_code_tries: number }>(
    `UPDATE payments SET wallet_code_tries = wallet_code_tries + 1, updated_at = now()
     WHERE id = $1 AND status = 'awaiting_wallet_code' RETURNING wallet_code_tries`,
    [payment.id],
  );
  if ((rows[0]?.wallet_code_tries ?? WALLET_CODE_TRIES) >= WALLET_CODE_TRIES) {
    await settlePayment(
      db,
      payment.id,
      { paid: false, reason: 'wallet_code_tries' },
      settings,
      notifier,
      origin,
      ['awaiting_wallet_code'],
    );
    return 'failed';
  }
  return 'wrong';
}

/** Marks a cash payment paid (an administrator took the money): enrols, issues the receipt, notifies. */
export async function confirmCashPayment(
  db: Db,
  id: string,
  settings: PaymentSettings,
  notifier: Notifier,
  origin: string,
): Promise<PaymentRow> {
  const payment = await findPayment(db, id);
  if (!payment) throw new PaymentError(404, SERVER_MESSAGES.notFound);
  if (payment.method !== 'cash' || payment.status !== 'awaiting_cash') {
    throw new PaymentError(409, SERVER_MESSAGES.paymentNotAwaitingCash);
  }
  await settlePayment(db, id, { paid: true }, settings, notifier, origin, ['awaiting_cash']);
  const settled = await findPayment(db, id);
  if (settled?.status === 'failed' && settled.failure_reason === 'already_paid') {
    throw new PaymentError(409, SERVER_MESSAGES.alreadyPaid);
  }
  if (!settled) throw new PaymentError(404, SERVER_MESSAGES.notFound);
  return settled;
}

/**
 * Refunds a card payment whose refund is due (`refund_status` 'due': charged for a course paid
 * meanwhile by another payment; later, a withdrawal approved before the course starts) in full
 * through the gateway, then records it refunded.
 */
export async function refundPayment(
  db: Db,
  id: string,
  refund: (gatewayReference: string) => Promise<unknown>,
): Promise<PaymentRow> {
  const payment = await findPayment(db, id);
  if (!payment) throw new PaymentError(404, SERVER_MESSAGES.notFound);
  if (payment.method !== 'card' || payment.refund_status !== 'due' || !payment.gateway_reference) {
    throw new PaymentError(409, SERVER_MESSAGES.refundNotDue);
  }
  await refund(payment.gateway_reference);
  await db.query(
    `UPDATE payments SET refund_status = 'refunded', updated_at = now() WHERE id = $1 AND refund_status = 'due'`,
    [id],
  );
  return (await findPayment(db, id)) ?? payment;
}

/** One page of the user's payments, newest first. */
export function paymentHistory(db: Db, userId: number, request: PageRequest): Promise<Page<unknown>> {
  return selectPage(
    db,
    request,
    {
      sql: `SELECT p.id::text, to_char(p.created_at AT TIME ZONE 'UTC', ${ISO}) AS date, p.total AS amount,
              'SAR' AS currency,
              json_build_object('id', c.id, 'title', c.title, 'title_ar', c.title_ar, 'cover_image', c.cover_image) AS course,
              CASE WHEN p.method = 'free' THEN 'free' ELSE 'paid' END AS enrolment_type,
              p.method, p.status, r.receipt_number
            FROM payments p JOIN courses c ON c.id = p.course_id LEFT JOIN receipts r ON r.payment_id = p.id
            WHERE p.user_id = $1 ORDER BY p.created_at DESC, p.id`,
      params: [userId],
    },
    { sql: 'SELECT count(*)::int AS count FROM payments WHERE user_id = $1', params: [userId] },
  );
}

interface ReceiptRow {
  receipt_number: number;
  payment_id: string;
  issued_at: Date | string;
  seller_name: string;
  seller_name_ar: string;
  vat_number: string;
  course_title: string;
  course_title_ar: string;
  subtotal: number;
  vat: number;
  total: number;
  vat_rate: number;
  method: PaymentMethod;
}

/**
 * The receipt of the user's payment, with its invoice QR payload; undefined when there is none.
 * `userId` null: any user's (the centre's staff).
 */
export async function findReceipt(db: Queryable, paymentId: string, userId: number | null) {
  if (!isUuid(paymentId)) return undefined;
  const { rows } = await db.query<ReceiptRow>(
    `SELECT r.receipt_number, r.payment_id::text, r.issued_at, r.seller_name, r.seller_name_ar, r.vat_number,
       r.course_title, r.course_title_ar, r.subtotal, r.vat, r.total, r.vat_rate, r.method
     FROM receipts r JOIN payments p ON p.id = r.payment_id WHERE r.payment_id = $1 AND ($2::int IS NULL OR p.user_id = $2)`,
    [paymentId, userId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const issuedAt = new Date(row.issued_at);
  return {
    ...row,
    issued_at: `${issuedAt.toISOString().slice(0, 19)}Z`,
    currency: 'SAR' as const,
    qr: eInvoiceQr({
      sellerName: row.seller_name_ar,
      vatNumber: row.vat_number,
      issuedAt,
      total: row.total,
      vat: row.vat,
    }),
  };
}
