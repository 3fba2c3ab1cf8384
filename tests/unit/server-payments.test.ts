import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { priceBreakdown } from '@contract/domain/money';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { courseAboutSchema } from '@contract/wire/courses';
import { type Payment, paymentSchema, quoteSchema, WALLET_CODE_TRIES } from '@contract/wire/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommand } from '../../server/cli';
import { toInternational } from '../../server/messages/sms';
import { adminTokenFile } from '../../server/paths';
import { readEInvoiceQr } from '../../server/payments/einvoice';
import { NOTICE_SIGNATURE_HEADER, signNotice, TEST_CARDS } from '../../server/payments/gateway';
import { DEFAULT_VAT_NUMBER, vatRateFromPercent } from '../../server/payments/settings';
import { signedInTrainee, startTestServer, type TestServer } from '../../server/testing';
import { getLatestPayment, getPayment, getQuote, getReceipt, listPayments } from '../../src/api/payments';
import { testClient } from '../support/test-client';

let server: TestServer;
let pricedCourse: { id: number; price: number };
let secondPricedCourse: { id: number; price: number };
let freeCourse: number;
const _traineeCount = 0;

beforeAll(async () => {
  server = await startTestServer();
  const { rows } = await server.db.query<{ id: number; price_halalas: number }>(
    `SELECT id, price_halalas FROM courses WHERE status = 'Approved' ORDER BY id`,
  );
  const priced = rows.filter((row) => row.price_halalas > 0);
  pricedCourse = { id: priced[0]?.id ?? 0, price: priced[0]?.price_halalas ?? 0 };
  secondPricedCourse = { id: priced[1]?.id ?? 0, price: priced[1]?.price_halalas ?? 0 };
  freeCourse = rows.find((row) => row.price_halalas === 0)?.id ?? 0;
}, 90_000);

afterAll(async () => {
  await server?.close();
});

/** A trainee of its own for each test, signed in. */
const newTrainee = () => signedInTrainee(server, 'payer');

const { call, api } = testClient(() => server);

function pay(token: string, body: Record<string, unknown>) {
  return call('/payments/', {
    token,
    body: { idempotency_key: randomUUID(), terms_accepted: true, ...body },
  });
}

async function startCard(token: string, courseId = pricedCourse.id): Promise<Payment> {
  const answer = await pay(token, { course_id: courseId, method: 'card' });
  expect(answer.status).toBe(201);
  return paymentSchema.parse(answer.body);
}

/** Submits the gateway's card form as a browser would; answers the response (redirects not followed). */
async function submitCard(transactionUrl: string, number: string): Promise<Response> {
  const page = await fetch(transactionUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  expect(action).toBeDefined();
  return fetch(new URL(action ?? '', transactionUrl), {
    method: 'POST',
    body: new URLSearchParams({ lang: 'en', name: 'Sara Al-Qahtani', number, expiry: '12/39', cvc: '123' }),
    redirect: 'manual',
  });
}

async function statusInDb(id: string): Promise<{ status: string; failure_reason: string | null }> {
  const { rows } = await server.db.query<{ status: string; failure_reason: string | null }>(
    'SELECT status, failure_reason FROM payments WHERE id = $1',
    [id],
  );
  return rows[0] ?? { status: 'missing', failure_reason: null };
}

const gatewayIdOf = (payment: Payment) => /\/pay\/([^/?]+)/.exec(payment.transaction_url ?? '')?.[1] ?? '';

function refusal(message: string) {
  return expect.objectContaining({ details: [expect.objectContaining({ message })] });
}

describe('prices, VAT and the quote', () => {
  it('reads VAT_RATE as basis points', () => {
    expect(vatRateFromPercent(undefined)).toBe(1500);
    expect(vatRateFromPercent('15')).toBe(1500);
    expect(vatRateFromPercent('5.5')).toBe(550);
    expect(() => vatRateFromPercent('fifteen')).toThrow();
    expect(() => vatRateFromPercent('150')).toThrow();
  });

  it('quotes the course with VAT rounded half up, and says whether the trainee is enrolled', async () => {
    const { token } = await newTrainee();
    const answer = await call(`/checkout/quote/${pricedCourse.id}/`, { token });
    expect(answer.status).toBe(200);
    const quote = quoteSchema.parse(answer.body);
    expect(quote).toMatchObject({
      ...priceBreakdown(pricedCourse.price, 1500),
      currency: 'SAR',
      free: false,
      enrolled: false,
      pending_payment: null,
    });
    expect(quote.total).toBe(quote.subtotal + quote.vat);
    expect((await call('/checkout/quote/987654/', { token })).status).toBe(404);
  });

  it('answers a changed price in the course details at once', async () => {
    const before = courseAboutSchema.parse((await call(`/course/about/${secondPricedCourse.id}/`)).body);
    expect(before.price_halalas).toBe(secondPricedCourse.price);
    await server.db.query('UPDATE courses SET price_halalas = price_halalas + 100 WHERE id = $1', [
      secondPricedCourse.id,
    ]);
    const after = courseAboutSchema.parse((await call(`/course/about/${secondPricedCourse.id}/`)).body);
    expect(after.price_halalas).toBe(secondPricedCourse.price + 100);
    await server.db.query('UPDATE courses SET price_halalas = $2 WHERE id = $1', [
      secondPricedCourse.id,
      secondPricedCourse.price,
    ]);
  });
});

describe('card payments through the gateway', () => {
  it('pays with 4111 1111 1111 1111: the notice settles it before the browser comes back', async () => {
    const { token, user } = await newTrainee();
    const payment = await startCard(token);
    expect(payment).toMatchObject({ status: 'initiated', method: 'card', receipt_number: null });
    expect(payment.transaction_url).toMatch(new RegExp(`^${server.url}/gateway/pay/`));

    const page = await fetch(payment.transaction_url ?? '');
    expect(page.headers.get('Content-Security-Policy')).toContain(`form-action 'self' ${server.url}`);
    const arabic = await (await fetch(`${(payment.transaction_url ?? '').split('?')[0]}?lang=ar`)).text();
    expect(arabic).toContain('dir="rtl"');
    expect(arabic).toContain('رقم البطاقة');

    const done = await submitCard(payment.transaction_url ?? '', TEST_CARDS.paid);
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toBe(`${server.url}/checkout?payment=${payment.id}&lang=en`);
    // Paid already, without the browser asking: the signed notice came first.
    expect(await statusInDb(payment.id)).toEqual({ status: 'paid', failure_reason: null });

    const read = await getPayment(api(token), payment.id);
    expect(read).toMatchObject({ status: 'paid', enrolment_status: 'enrolled', transaction_url: null });
    expect(read.receipt_number).toBeGreaterThan(0);
    const { rows } = await server.db.query<{ title: string }>(
      'SELECT title FROM notifications WHERE user_id = $1',
      [user.id],
    );
    expect(rows.map((row) => row.title)).toContain('Payment Success');
  });

  it.each([
    [TEST_CARDS.declined, 'declined'],
    [TEST_CARDS.insufficientFunds, 'insufficient_funds'],
  ])('fails with %s (%s)', async (card, reason) => {
    const { token } = await newTrainee();
    const payment = await startCard(token);
    expect((await submitCard(payment.transaction_url ?? '', card)).status).toBe(303);
    const read = await getPayment(api(token), payment.id);
    expect(read).toMatchObject({ status: 'failed', failure_reason: reason, receipt_number: null });
    expect(read.enrolment_status).toBeNull();
  });

  it('asks a 3-D Secure code for 4000 0000 0000 3220: 123456 passes, another code fails', async () => {
    for (const [code, status] of [
      ['123456', 'paid'],
      ['000000', 'failed'],
    ] as const) {
      const { token } = await newTrainee();
      const payment = await startCard(token);
      const challenge = await submitCard(payment.transaction_url ?? '', TEST_CARDS.threeDSecure);
      expect(challenge.status).toBe(303);
      const challengeUrl = new URL(challenge.headers.get('Location') ?? '', server.url);
      const page = await fetch(challengeUrl);
      expect(await page.text()).toContain('name="code"');
      expect((await statusInDb(payment.id)).status).toBe('initiated');
      const answer = await fetch(new URL(challengeUrl.pathname, server.url), {
        method: 'POST',
        body: new URLSearchParams({ lang: 'en', code }),
        redirect: 'manual',
      });
      expect(answer.status).toBe(303);
      expect((await statusInDb(payment.id)).status).toBe(status);
      if (status === 'failed')
        expect((await statusInDb(payment.id)).failure_reason).toBe('authentication_failed');
    }
  });

  it("keeps the gateway's merchant calls to its own key: the API's tokens mean nothing there", async () => {
    const { token } = await newTrainee();
    const payment = await startCard(token);
    const gatewayId = gatewayIdOf(payment);
    for (const authorization of [`Bearer ${token}`, `Bearer ${server.adminToken}`, '']) {
      const read = await call(`${server.url}/gateway/v1/payments/${gatewayId}`, {
        headers: { Authorization: authorization },
      });
      expect(read.status).toBe(401);
    }
    const create = await call(`${server.url}/gateway/v1/payments`, {
      token,
      body: {
        given_id: 'x',
        amount: 100,
        currency: 'SAR',
        description: 'x',
        callback_url: 'http://x/',
      },
    });
    expect(create.status).toBe(401);
  });

  it('shows the card form again with a sentence for a card number that is not one', async () => {
    const { token } = await newTrainee();
    const payment = await startCard(token);
    const answer = await submitCard(payment.transaction_url ?? '', '4111111111111112');
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('Enter a valid card number.');
    expect((await statusInDb(payment.id)).status).toBe('initiated');
  });
});

describe("the gateway's notice", () => {
  async function noticeFor(payment: Payment, type: 'payment_paid' | 'payment_failed' = 'payment_paid') {
    return JSON.stringify({
      type,
      data: {
        id: gatewayIdOf(payment),
        given_id: payment.id,
        status: type === 'payment_paid' ? 'paid' : 'failed',
        amount: payment.total,
        currency: 'SAR',
        message: type === 'payment_paid' ? null : 'declined',
      },
    });
  }
  const sendNotice = (body: string, signature: string) =>
    call('/payments/notice/', { body, headers: { [NOTICE_SIGNATURE_HEADER]: signature } });

  it('is refused with 401 when the signature is wrong or missing, and changes nothing', async () => {
    const { token } = await newTrainee();
    const payment = await startCard(token);
    const body = await noticeFor(payment);
    const forged = await sendNotice(body, signNotice('another secret', body));
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual(refusal(SERVER_MESSAGES.noticeSignatureInvalid));
    expect((await call('/payments/notice/', { body })).status).toBe(401);
    // Signed, then changed: the signature covers the raw body.
    const tampered = body.replace(`"amount":${payment.total}`, '"amount":1');
    expect((await sendNotice(tampered, signNotice(server.payments.noticeSecret, body))).status).toBe(401);
    expect((await statusInDb(payment.id)).status).toBe('initiated');
  });

  it('is applied once: a second notice changes nothing', async () => {
    const { token } = await newTrainee();
    const payment = await startCard(token);
    const body = await noticeFor(payment);
    const signature = signNotice(server.payments.noticeSecret, body);
    expect(await sendNotice(body, signature)).toEqual({
      status: 200,
      body: { success: true, applied: true },
    });
    expect(await sendNotice(body, signature)).toEqual({
      status: 200,
      body: { success: true, applied: false },
    });
    const failed = await noticeFor(payment, 'payment_failed');
    expect((await sendNotice(failed, signNotice(server.payments.noticeSecret, failed))).body).toEqual({
      success: true,
      applied: false,
    });
    const { rows } = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM receipts WHERE payment_id = $1',
      [payment.id],
    );
    expect(rows[0]?.count).toBe(1);
    expect((await statusInDb(payment.id)).status).toBe('paid');
  });

  it("is refused when its amount is not the payment's, and changes nothing", async () => {
    const { token } = await newTrainee();
    const payment = await startCard(token);
    const body = (await noticeFor(payment)).replace(`"amount":${payment.total}`, '"amount":1');
    const answer = await sendNotice(body, signNotice(server.payments.noticeSecret, body));
    expect(answer.status).toBe(400);
    expect((await statusInDb(payment.id)).status).toBe('initiated');
  });

  it('when the notice never came, reading the payment asks the gateway', async () => {
    const { token } = await newTrainee();
    const payment = await startCard(token);
    // The gateway took the card but its notice was lost.
    await server.db.query("UPDATE gateway_payments SET status = 'paid' WHERE id = $1", [
      gatewayIdOf(payment),
    ]);
    expect((await statusInDb(payment.id)).status).toBe('initiated');
    const read = await getPayment(api(token), payment.id);
    expect(read.status).toBe('paid');
  });
});

describe('one payment per attempt, one paid payment per course', () => {
  it('answers 10 concurrent creates with one key with one payment', async () => {
    const { token, user } = await newTrainee();
    const body = JSON.stringify({
      course_id: pricedCourse.id,
      method: 'card',
      idempotency_key: randomUUID(),
      terms_accepted: true,
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('/payments/', { token, body })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    const ids = new Set(answers.map((answer) => paymentSchema.parse(answer.body).id));
    const urls = new Set(answers.map((answer) => paymentSchema.parse(answer.body).transaction_url));
    expect(ids.size).toBe(1);
    expect(urls.size).toBe(1);
    const { rows } = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM payments WHERE user_id = $1',
      [user.id],
    );
    expect(rows[0]?.count).toBe(1);
    const { rows: onGateway } = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM gateway_payments WHERE given_id = $1',
      [[...ids][0]],
    );
    expect(onGateway[0]?.count).toBe(1);
  });

  it('refuses a key used for another course with 409', async () => {
    const { token } = await newTrainee();
    const key = randomUUID();
    expect(
      (await pay(token, { course_id: pricedCourse.id, method: 'card', idempotency_key: key })).status,
    ).toBe(201);
    const other = await pay(token, {
      course_id: secondPricedCourse.id,
      method: 'card',
      idempotency_key: key,
    });
    expect(other).toEqual({ status: 409, body: refusal(SERVER_MESSAGES.attemptKeyReused) });
  });

  it('refuses to take a second payment for a paid course with 409', async () => {
    const { token, user } = await newTrainee();
    const first = await startCard(token);
    const second = await startCard(token);
    await submitCard(first.transaction_url ?? '', TEST_CARDS.paid);
    expect(await pay(token, { course_id: pricedCourse.id, method: 'cash' })).toEqual({
      status: 409,
      body: refusal(SERVER_MESSAGES.alreadyPaid),
    });
    // The second page was still open and took the card: that payment fails with its refund due.
    await submitCard(second.transaction_url ?? '', TEST_CARDS.paid);
    const read = await getPayment(api(token), second.id);
    expect(read).toMatchObject({ status: 'failed', failure_reason: 'already_paid', refund_status: 'due' });
    // The refund due goes through the gateway, once.
    const refund = (payment_id: string) =>
      call('/admin/refund-payment/', {
        body: { payment_id },
        admin: true,
      });
    expect((await refund(second.id)).status).toBe(200);
    expect((await getPayment(api(token), second.id)).refund_status).toBe('refunded');
    const { rows: ledger } = await server.db.query<{ status: string }>(
      'SELECT status FROM gateway_payments WHERE id = $1',
      [gatewayIdOf(second)],
    );
    expect(ledger[0]?.status).toBe('refunded');
    expect(await refund(second.id)).toEqual({ status: 409, body: refusal(SERVER_MESSAGES.refundNotDue) });
    expect(await refund(first.id)).toEqual({ status: 409, body: refusal(SERVER_MESSAGES.refundNotDue) });
    // And the database holds at most one paid payment per course and user.
    await expect(
      server.db.query(
        `INSERT INTO payments (id, user_id, course_id, method, status, subtotal, vat, total, vat_rate, idempotency_key)
         VALUES ($1, $2, $3, 'cash', 'paid', 0, 0, 0, 1500, $4)`,
        [randomUUID(), user.id, pricedCourse.id, randomUUID()],
      ),
    ).rejects.toThrow();
  });
});

describe('cash, free courses and wallets', () => {
  it('waits for cash; the admin confirmation pays, enrols, issues the receipt and notifies', async () => {
    const { token, user } = await newTrainee();
    const created = paymentSchema.parse(
      (await pay(token, { course_id: pricedCourse.id, method: 'cash' })).body,
    );
    expect(created).toMatchObject({ status: 'awaiting_cash', enrolment_status: 'awaiting_payment' });
    const quote = await getQuote(api(token), pricedCourse.id);
    expect(quote.pending_payment).toEqual({ id: created.id, method: 'cash', status: 'awaiting_cash' });

    const confirm = (payment_id: string) =>
      call('/admin/confirm-payment/', {
        body: { payment_id },
        admin: true,
      });
    const confirmed = await confirm(created.id);
    expect(confirmed.status).toBe(200);
    const read = await getPayment(api(token), created.id);
    expect(read).toMatchObject({ status: 'paid', enrolment_status: 'enrolled' });
    expect(read.receipt_number).toBeGreaterThan(0);
    const { rows } = await server.db.query('SELECT 1 FROM notifications WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(await confirm(created.id)).toEqual({
      status: 409,
      body: refusal(SERVER_MESSAGES.paymentNotAwaitingCash),
    });
    expect((await confirm(randomUUID())).status).toBe(404);
  });

  it('confirms cash with `npm run admin -- confirm-payment PAYMENT_ID` through the running server', async () => {
    const { token } = await newTrainee();
    const created = paymentSchema.parse(
      (await pay(token, { course_id: pricedCourse.id, method: 'cash' })).body,
    );
    const dataDir = await mkdtemp(join(tmpdir(), 'kfu-pay-admin-'));
    try {
      await writeFile(adminTokenFile(dataDir), `${server.adminToken}\n`);
      const result = await adminCommand(['confirm-payment', created.id, '--url', server.url], {
        env: { DATA_DIR: dataDir, KFU_STAFF_TOKEN: server.staffToken },
      });
      expect(result.err).toEqual([]);
      expect(result.code).toBe(0);
      expect(result.out.join('\n')).toContain(
        `Payment ${created.id} is paid (through the server at ${server.url})`,
      );
      expect(await statusInDb(created.id)).toEqual({ status: 'paid', failure_reason: null });
      const again = await adminCommand(['confirm-payment', created.id, '--url', server.url], {
        env: { DATA_DIR: dataDir, KFU_STAFF_TOKEN: server.staffToken },
      });
      expect(again.code).toBe(1);
      expect(again.err.join('\n')).toContain(SERVER_MESSAGES.paymentNotAwaitingCash);
      const refund = await adminCommand(['refund-payment', created.id, '--url', server.url], {
        env: { DATA_DIR: dataDir, KFU_STAFF_TOKEN: server.staffToken },
      });
      expect(refund.code).toBe(1);
      expect(refund.err.join('\n')).toContain(SERVER_MESSAGES.refundNotDue);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('enrols in a free course at once, without a receipt, and refuses other methods for it', async () => {
    const { token } = await newTrainee();
    expect(await pay(token, { course_id: freeCourse, method: 'card' })).toEqual({
      status: 400,
      body: refusal(SERVER_MESSAGES.courseIsFree),
    });
    expect(await pay(token, { course_id: pricedCourse.id, method: 'free' })).toEqual({
      status: 400,
      body: refusal(SERVER_MESSAGES.courseNotFree),
    });
    const free = paymentSchema.parse((await pay(token, { course_id: freeCourse, method: 'free' })).body);
    expect(free).toMatchObject({
      status: 'paid',
      total: 0,
      enrolment_status: 'enrolled',
      receipt_number: null,
    });
    expect((await call(`/payments/${free.id}/receipt/`, { token })).status).toBe(404);
    expect((await pay(token, { course_id: freeCourse, method: 'free' })).status).toBe(409);
  });

  it('refuses a payment without the terms accepted', async () => {
    const { token } = await newTrainee();
    const answer = await pay(token, { course_id: pricedCourse.id, method: 'card', terms_accepted: false });
    expect(answer).toEqual({ status: 400, body: refusal(SERVER_MESSAGES.termsRequired) });
  });

  /** The code of the newest text to the phone (typed as the trainee typed it). */
  async function walletCode(phone: string): Promise<string> {
    const { rows } = await server.db.query<{ body: string }>(
      `SELECT body FROM outbox WHERE channel = 'sms' AND to_address = $1 ORDER BY id DESC LIMIT 1`,
      [toInternational(phone)],
    );
    return /wallet code: (\d{6})/.exec(rows[0]?.body ?? '')?.[1] ?? '';
  }

  it('sends a wallet code to the phone (Arabic-Indic digits too); the right code pays', async () => {
    const { token } = await newTrainee();
    const created = paymentSchema.parse(
      (await pay(token, { course_id: pricedCourse.id, method: 'wallet', wallet_phone: '٠٥٥ ١٢٣ ٤٥٦٧' })).body,
    );
    expect(created.status).toBe('awaiting_wallet_code');
    const code = await walletCode('0551234567');
    expect(code).toMatch(/^\d{6}$/);
    const paid = await call(`/payments/${created.id}/wallet-code/`, {
      token,
      body: { otp_code: code },
    });
    expect(paid.status).toBe(200);
    expect(paymentSchema.parse(paid.body)).toMatchObject({ status: 'paid', enrolment_status: 'enrolled' });
    expect(
      (
        await call(`/payments/${created.id}/wallet-code/`, {
          token,
          body: { otp_code: code },
        })
      ).body,
    ).toEqual(refusal(SERVER_MESSAGES.walletCodeNotAwaited));
  });

  it('fails a wallet payment whose code has expired, when it is read or a code is tried', async () => {
    const { token } = await newTrainee();
    const start = async () =>
      paymentSchema.parse(
        (await pay(token, { course_id: pricedCourse.id, method: 'wallet', wallet_phone: '0551239876' })).body,
      );
    const expire = (id: string) =>
      server.db.query(
        "UPDATE payments SET wallet_code_expires_at = now() - interval '1 second' WHERE id = $1",
        [id],
      );
    const read = await start();
    await expire(read.id);
    expect(await getPayment(api(token), read.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'wallet_code_expired',
    });
    const tried = await start();
    const code = await walletCode('0551239876');
    await expire(tried.id);
    const answer = await call(`/payments/${tried.id}/wallet-code/`, {
      token,
      body: { otp_code: code },
    });
    expect(answer).toEqual({ status: 400, body: refusal(SERVER_MESSAGES.walletCodeExpired) });
    expect(await statusInDb(tried.id)).toEqual({ status: 'failed', failure_reason: 'wallet_code_expired' });
  });

  it('sends one number at most five wallet codes an hour, whoever opens the payments, then says when to try again', async () => {
    const stranger = '0553330001';
    for (let index = 0; index < 5; index += 1) {
      const { token } = await newTrainee();
      const answer = await pay(token, {
        course_id: pricedCourse.id,
        method: 'wallet',
        wallet_phone: stranger,
      });
      expect(answer.status).toBe(201);
    }
    const { token } = await newTrainee();
    const sixth = await call('/payments/', {
      token,
      body: {
        idempotency_key: randomUUID(),
        terms_accepted: true,
        course_id: pricedCourse.id,
        method: 'wallet',
        wallet_phone: '٠٥٥ ٣٣٣ ٠٠٠١',
      },
    });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    const { rows } = await server.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM outbox WHERE channel = 'sms' AND to_address = $1`,
      [toInternational(stranger)],
    );
    expect(Number(rows[0]?.n)).toBe(5);
  });

  it(`fails a wallet payment at the ${WALLET_CODE_TRIES}th wrong code`, async () => {
    const { token } = await newTrainee();
    expect(
      (await pay(token, { course_id: pricedCourse.id, method: 'wallet', wallet_phone: '12' })).body,
    ).toEqual(refusal(SERVER_MESSAGES.walletPhoneRequired));
    const created = paymentSchema.parse(
      (await pay(token, { course_id: pricedCourse.id, method: 'wallet', wallet_phone: '0559876543' })).body,
    );
    const right = await walletCode('0559876543');
    const wrong = right === '000000' ? '111111' : '000000';
    const tryCode = (otp_code: string) =>
      call(`/payments/${created.id}/wallet-code/`, {
        token,
        body: { otp_code },
      });
    for (let attempt = 1; attempt < WALLET_CODE_TRIES; attempt += 1) {
      expect(await tryCode(wrong)).toEqual({ status: 400, body: refusal(SERVER_MESSAGES.invalidOtp) });
    }
    expect(await tryCode(wrong)).toEqual({ status: 400, body: refusal(SERVER_MESSAGES.walletCodeFailed) });
    expect((await tryCode(right)).status).toBe(409);
    expect(await statusInDb(created.id)).toEqual({ status: 'failed', failure_reason: 'wallet_code_tries' });
  });
});

describe('reads', () => {
  it('answers the latest payment, the history and the receipt to their owner only', async () => {
    const { token } = await newTrainee();
    const other = await newTrainee();
    expect((await call('/payments/latest/', { token })).status).toBe(404);
    const payment = await startCard(token);
    await submitCard(payment.transaction_url ?? '', TEST_CARDS.paid);

    const latest = await getLatestPayment(api(token));
    expect(latest.id).toBe(payment.id);
    const history = await listPayments(api(token));
    expect(history.count).toBe(1);
    expect(history.results[0]).toMatchObject({
      id: payment.id,
      amount: payment.total,
      enrolment_type: 'paid',
      method: 'card',
      status: 'paid',
    });
    expect(history.results[0]?.receipt_number).toBeGreaterThan(0);

    const receipt = await getReceipt(api(token), payment.id);
    expect(receipt).toMatchObject({
      payment_id: payment.id,
      vat_number: DEFAULT_VAT_NUMBER,
      seller_name: 'KFU Training Centre',
      subtotal: payment.subtotal,
      vat: payment.vat,
      total: payment.total,
      vat_rate: 1500,
      method: 'card',
    });
    const qr = readEInvoiceQr(receipt.qr);
    expect(qr[2]).toBe(DEFAULT_VAT_NUMBER);
    expect(qr[3]).toBe(receipt.issued_at);
    expect(qr[4]).toBe((payment.total / 100).toFixed(2));
    expect(qr[5]).toBe((payment.vat / 100).toFixed(2));

    for (const path of [`/payments/${payment.id}/`, `/payments/${payment.id}/receipt/`]) {
      expect((await call(path, { token: other.token })).status).toBe(404);
    }
    expect((await call('/payments/latest/', { token: other.token })).status).toBe(404);
    expect((await listPayments(api(other.token))).count).toBe(0);
    expect((await call('/payments/not-a-uuid/', { token })).status).toBe(404);
  });
});
