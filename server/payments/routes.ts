import { priceBreakdown } from '@contract/domain/money';
import { normalisePhone } from '@contract/forms/auth';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import {
  CURRENCY,
  type Payment,
  paymentHistoryPageSchema,
  paymentRequestSchema,
  paymentSchema,
  quoteSchema,
  receiptSchema,
  walletCodeRequestSchema,
} from '@contract/wire/payments';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { requireAuth, requireRole } from '../auth/middleware';
import type { Deps } from '../deps';
import { type AppEnv, describeError, HttpProblem } from '../http';
import { logFailure } from '../logging';
import { toInternational } from '../messages/sms';
import type { Mounts } from '../mounts';
import { pageQuery } from '../paging';
import { identifierKey } from '../rate-limits';
import { notifyStaff } from '../staff/notify';
import { jsonBody, validId } from '../validation';
import {
  type GatewayClient,
  gatewayNoticeSchema,
  NOTICE_SIGNATURE_HEADER,
  noticeSignatureValid,
} from './gateway';
import {
  checkoutState,
  checkWalletCode,
  findCourseForSale,
  findPayment,
  findPaymentByGatewayReference,
  findPaymentByKey,
  findReceipt,
  insertPayment,
  isUuid,
  latestPayment,
  PaymentError,
  type PaymentRow,
  paymentHistory,
  setGatewayReference,
  settlePayment,
} from './queries';
import type { PaymentSettings } from './settings';

export interface PaymentsDeps {
  settings: PaymentSettings;
  gateway: GatewayClient;
  /** The address the client reached this server at (scheme and host), for the gateway's addresses. */
  origin(c: Context): string;
}

type Lang = 'en' | 'ar';

/** A payment as its owner reads it. */
export function toPaymentAnswer(
  row: PaymentRow,
  gateway: GatewayClient,
  origin: string,
  lang: Lang,
): Payment {
  return paymentSchema.parse({
    id: row.id,
    course: {
      id: row.course_id,
      title: row.course_title,
      title_ar: row.course_title_ar,
      cover_image: row.course_cover_image,
    },
    method: row.method,
    status: row.status,
    subtotal: row.subtotal,
    vat: row.vat,
    total: row.total,
    vat_rate: row.vat_rate,
    currency: CURRENCY,
    transaction_url:
      row.method === 'card' && row.status === 'initiated' && row.gateway_reference
        ? gateway.transactionUrl(row.gateway_reference, lang, origin)
        : null,
    failure_reason: row.failure_reason,
    enrolment_status: row.enrolment_status,
    receipt_number: row.receipt_number,
    refund_status: row.refund_status,
    created_at: row.created_at,
    paid_at: row.paid_at,
  });
}

function refuse(error: unknown): never {
  if (error instanceof PaymentError) throw new HttpProblem(error.status, error.userMessage);
  throw error;
}

/** A path's :id that is a payment id (a UUID); anything else is not found. */
function paymentIdOf(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!isUuid(id)) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  return id.toLowerCase();
}

/**
 * /checkout/quote/{courseId}/ and /payments/…: checkout's price, payments by card (through the
 * gateway, server/payments/gateway.ts), wallet, cash or none (a free course), the gateway's signed
 * notices, and the trainee's payments and receipts.
 */
export function paymentRoutes(deps: Deps, payments: PaymentsDeps): Mounts {
  const { db, tokens, limiter, notifier } = deps;
  const { settings, gateway } = payments;
  const trainee = [requireAuth(db, tokens), requireRole('TRAINEE')] as const;
  const langOf = (c: Context): Lang => (c.req.query('lang') === 'ar' ? 'ar' : 'en');

  /** Gives a card payment its page on the gateway, once (the gateway creates once per given id). */
  const ensureOnGateway = async (row: PaymentRow, c: Context, lang: Lang): Promise<PaymentRow> => {
    if (row.method !== 'card' || row.status !== 'initiated' || row.gateway_reference) return row;
    let reference: string;
    try {
      const created = await gateway.create({
        given_id: row.id,
        amount: row.total,
        currency: CURRENCY,
        description: `${row.course_title} | ${row.course_title_ar}`.slice(0, 300),
        callback_url: `${payments.origin(c)}/checkout?payment=${row.id}&lang=${lang}`,
      });
      reference = created.id;
    } catch (error) {
      logFailure(c, 'the payment gateway could not be reached', error);
      throw new HttpProblem(502, SERVER_MESSAGES.gatewayUnavailable);
    }
    await setGatewayReference(db, row.id, reference);
    return (await findPayment(db, row.id)) ?? row;
  };

  /**
   * Brings a payment up to date before it is read: asks the gateway about a card payment whose
   * notice has not come yet, and applies its answer.
   */
  const reconcile = async (row: PaymentRow): Promise<PaymentRow> => {
    // A wallet code past its time fails its payment, whether or not a code was tried.
    if (row.status === 'awaiting_wallet_code' && row.wallet_code_expired) {
      await settlePayment(
        db,
        row.id,
        { paid: false, reason: 'wallet_code_expired' },
        settings,
        notifier,
        deps.publicOrigin(),
        ['awaiting_wallet_code'],
      );
      return (await findPayment(db, row.id)) ?? row;
    }
    if (row.method !== 'card' || row.status !== 'initiated' || !row.gateway_reference) return row;
    try {
      const remote = await gateway.fetch(row.gateway_reference);
      if (remote.status === 'paid' && remote.amount === row.total) {
        await settlePayment(db, row.id, { paid: true }, settings, notifier, deps.publicOrigin(), [
          'initiated',
        ]);
      } else if (remote.status === 'failed') {
        await settlePayment(
          db,
          row.id,
          { paid: false, reason: remote.message ?? 'declined' },
          settings,
          notifier,
          deps.publicOrigin(),
          ['initiated'],
        );
      } else {
        return row;
      }
    } catch (error) {
      console.error(`could not ask the gateway about a payment: ${describeError(error)}`);
      return row;
    }
    return (await findPayment(db, row.id)) ?? row;
  };

  const checkout = new Hono<AppEnv>();
  checkout.get('/quote/:id/', ...trainee, validId(), async (c) => {
    const course = await findCourseForSale(db, c.req.valid('param').id);
    if (!course) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    const state = await checkoutState(db, c.get('user').id, course.id);
    const breakdown = priceBreakdown(course.price_halalas, settings.vatRate);
    return c.json(
      quoteSchema.parse({
        course: {
          id: course.id,
          title: course.title,
          title_ar: course.title_ar,
          cover_image: course.cover_image,
        },
        ...breakdown,
        currency: CURRENCY,
        free: course.price_halalas === 0,
        enrolled: state.enrolled,
        pending_payment: state.pending,
        enrolment_status: state.enrolment_status,
        refusal_reason: state.refusal_reason,
      }),
    );
  });

  const payment = new Hono<AppEnv>();
  payment.post(
    '/',
    ...trainee,
    limiter.perClient('paymentClient'),
    jsonBody(paymentRequestSchema, SERVER_MESSAGES.paymentRequestInvalid),
    async (c) => {
      const user = c.get('user');
      const request = c.req.valid('json');
      const lang = request.lang ?? 'en';
      const origin = payments.origin(c);
      const answer = async (row: PaymentRow) => {
        if (row.course_id !== request.course_id || row.method !== request.method) {
          throw new HttpProblem(409, SERVER_MESSAGES.attemptKeyReused);
        }
        return c.json(toPaymentAnswer(await ensureOnGateway(row, c, lang), gateway, origin, lang), 201);
      };
      // The same attempt again (a retry, a double click): the same payment.
      const replay = await findPaymentByKey(db, user.id, request.idempotency_key);
      if (replay) return answer(replay);

      if (!request.terms_accepted) {
        throw new HttpProblem(400, { field: 'terms_accepted', message: SERVER_MESSAGES.termsRequired });
      }
      const course = await findCourseForSale(db, request.course_id);
      if (!course) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
      if (course.price_halalas === 0 && request.method !== 'free') {
        throw new HttpProblem(400, { field: 'method', message: SERVER_MESSAGES.courseIsFree });
      }
      if (course.price_halalas > 0 && request.method === 'free') {
        throw new HttpProblem(400, { field: 'method', message: SERVER_MESSAGES.courseNotFree });
      }
      let walletPhone: string | null = null;
      if (request.method === 'wallet') {
        walletPhone = normalisePhone(request.wallet_phone ?? '');
        // The code goes to this number by text: it must be one a text message reaches.
        if (!/^\d{5,13}$/.test(walletPhone) || !toInternational(walletPhone)) {
          throw new HttpProblem(400, { field: 'wallet_phone', message: SERVER_MESSAGES.walletPhoneRequired });
        }
      }
      const state = await checkoutState(db, user.id, course.id);
      if (state.enrolment_status === 'withdrawn' || state.enrolment_status === 'dropped') {
        throw new HttpProblem(409, SERVER_MESSAGES.courseWithdrawn);
      }
      if (state.paid) throw new HttpProblem(409, SERVER_MESSAGES.alreadyPaid);
      if (state.enrolled) throw new HttpProblem(409, SERVER_MESSAGES.alreadyEnrolled);
      await limiter.consume('paymentAccount', String(user.id));
      // The wallet's code goes to the number typed: one number gets at most as many codes an hour
      // as any other recipient, whoever opens the payments.
      if (walletPhone) await limiter.consume('mailRecipient', identifierKey(walletPhone));

      const id = await insertPayment(
        db,
        {
          userId: user.id,
          course,
          method: request.method,
          idempotencyKey: request.idempotency_key,
          walletPhone,
          breakdown: priceBreakdown(course.price_halalas, settings.vatRate),
        },
        settings,
        notifier,
      ).catch(refuse);
      // A cash payment waits for the staff to take the money: they are told.
      if (id && request.method === 'cash') {
        const course_title = { en: course.title, ar: course.title_ar };
        const announce = await db.transaction((tx) => notifyStaff(tx, notifier, 'cash', course_title));
        await announce();
      }
      // undefined: a concurrent request with the same key stored it first.
      const row = id
        ? await findPayment(db, id)
        : await findPaymentByKey(db, user.id, request.idempotency_key);
      if (!row) throw new HttpProblem(500, SERVER_MESSAGES.internalError);
      return answer(row);
    },
  );

  payment.get('/', ...trainee, pageQuery(), async (c) =>
    c.json(paymentHistoryPageSchema.parse(await paymentHistory(db, c.get('user').id, c.req.valid('query')))),
  );

  payment.get('/latest/', ...trainee, async (c) => {
    const row = await latestPayment(db, c.get('user').id);
    if (!row) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return c.json(toPaymentAnswer(await reconcile(row), gateway, payments.origin(c), langOf(c)));
  });

  // The gateway's notice: signed with the shared secret over the raw body; applied once.
  payment.post('/notice/', async (c) => {
    const body = await c.req.text();
    if (!noticeSignatureValid(settings.noticeSecret, body, c.req.header(NOTICE_SIGNATURE_HEADER))) {
      throw new HttpProblem(401, SERVER_MESSAGES.noticeSignatureInvalid);
    }
    let parsed: ReturnType<typeof gatewayNoticeSchema.safeParse>;
    try {
      parsed = gatewayNoticeSchema.safeParse(JSON.parse(body));
    } catch {
      throw new HttpProblem(400, SERVER_MESSAGES.malformedBody);
    }
    if (!parsed.success) throw new HttpProblem(400, SERVER_MESSAGES.malformedBody);
    const notice = parsed.data;
    const row = await findPaymentByGatewayReference(db, notice.data.id);
    if (!row || row.id !== notice.data.given_id.toLowerCase())
      throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    // The gateway charges what it was asked: another amount is a notice of something else.
    if (notice.data.amount !== row.total) throw new HttpProblem(400, SERVER_MESSAGES.malformedBody);
    const paid = notice.type === 'payment_paid' && notice.data.status === 'paid';
    const changed = await settlePayment(
      db,
      row.id,
      paid ? { paid: true } : { paid: false, reason: notice.data.message ?? 'declined' },
      settings,
      notifier,
      deps.publicOrigin(),
      ['initiated'],
    );
    return c.json({ success: true, applied: changed });
  });

  payment.get('/:id/', ...trainee, async (c) => {
    const row = await findPayment(db, paymentIdOf(c), c.get('user').id);
    if (!row) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return c.json(toPaymentAnswer(await reconcile(row), gateway, payments.origin(c), langOf(c)));
  });

  payment.post(
    '/:id/wallet-code/',
    ...trainee,
    limiter.perClient('walletCodeClient'),
    jsonBody(walletCodeRequestSchema, SERVER_MESSAGES.invalidOtp),
    async (c) => {
      const user = c.get('user');
      const row = await findPayment(db, paymentIdOf(c), user.id);
      if (!row) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
      if (row.status !== 'awaiting_wallet_code')
        throw new HttpProblem(409, SERVER_MESSAGES.walletCodeNotAwaited);
      await limiter.assertOpen('walletCodeAccount', String(user.id));
      const code = normalisePhone(c.req.valid('json').otp_code);
      const result = await checkWalletCode(db, row, code, settings, notifier, deps.publicOrigin());
      if (result === 'wrong' || result === 'failed')
        await limiter.count('walletCodeAccount', String(user.id));
      if (result === 'wrong')
        throw new HttpProblem(400, { field: 'otp_code', message: SERVER_MESSAGES.invalidOtp });
      if (result === 'failed')
        throw new HttpProblem(400, { field: 'otp_code', message: SERVER_MESSAGES.walletCodeFailed });
      if (result === 'expired')
        throw new HttpProblem(400, { field: 'otp_code', message: SERVER_MESSAGES.walletCodeExpired });
      const settled = await findPayment(db, row.id, user.id);
      if (!settled) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
      return c.json(toPaymentAnswer(settled, gateway, payments.origin(c), langOf(c)));
    },
  );

  payment.get('/:id/receipt/', ...trainee, async (c) => {
    const receipt = await findReceipt(db, paymentIdOf(c), c.get('user').id);
    if (!receipt) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    return c.json(receiptSchema.parse(receipt));
  });

  return [
    ['/checkout/', checkout],
    ['/payments/', payment],
  ];
}
