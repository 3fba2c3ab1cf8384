import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { PaymentRequest } from '@contract/wire/payments';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { NOTICE_SIGNATURE_HEADER, noticeBody, noticeSender, signNotice } from '../../server/payments/gateway';
import {
  confirmWalletCode,
  createPayment,
  downloadReceiptPdf,
  getLatestPayment,
  getPayment,
  getQuote,
  getReceipt,
  listPayments,
} from '../../src/api/payments';
import { expectRefusal, interaction, signedIn } from './interactions';
import {
  EXAMPLE_NOTICE,
  INJECTED_COURSE_ID,
  INJECTED_NOTICE_SIGNATURE,
  INJECTED_PAYMENT_ID,
  PROVIDER_STATES,
} from './states';
import {
  apiPath,
  bearerHeader,
  errorBody,
  failureOf,
  JSON_CONTENT,
  PROVIDERS,
  pactOfGatewayNotices,
  pactWith,
  pathWithId,
  signedInClient,
} from './support';

const { like, eachLike, integer, regex, fromProviderState, boolean } = MatchersV3;

// Not in the spec's calls: the extensions pact.
const extensions = pactWith(PROVIDERS.extensions);

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$';
const EXAMPLE_PAYMENT_ID = '3a6f0d2c-5b1e-4c8f-9d7a-2e4b6c8d0f13';
const EXAMPLE_KEY = '9c1e5a7b-3d2f-4e6a-8b0c-1d3e5f7a9b2c';

const injectedCourseId = () => fromProviderState(`\${${INJECTED_COURSE_ID}}`, 7);
const paymentPath = (suffix: string) =>
  fromProviderState(
    apiPath(`/payments/\${${INJECTED_PAYMENT_ID}}/${suffix}`),
    apiPath(`/payments/${EXAMPLE_PAYMENT_ID}/${suffix}`),
  );

const checkoutCourse = {
  id: integer(7),
  title: like('Web Development with TypeScript'),
  title_ar: like('تطوير الويب باستخدام TypeScript'),
  cover_image: like('/media/courses/it.svg'),
};

const amounts = {
  subtotal: integer(49900),
  vat: integer(7485),
  total: integer(57385),
  vat_rate: integer(1500),
  currency: 'SAR',
};

const paidPayment = {
  id: regex(UUID, EXAMPLE_PAYMENT_ID),
  course: checkoutCourse,
  method: regex('^(card|wallet|cash)$', 'cash'),
  status: 'paid',
  ...amounts,
  transaction_url: null,
  failure_reason: null,
  enrolment_status: 'enrolled',
  receipt_number: integer(1),
  refund_status: null,
  created_at: regex(DATE_TIME, '2026-11-23T09:30:00Z'),
  paid_at: regex(DATE_TIME, '2026-11-23T09:31:00Z'),
};

const newPayment = (key = EXAMPLE_KEY, method = 'card') => ({
  course_id: injectedCourseId(),
  method,
  idempotency_key: regex(UUID, key),
  terms_accepted: true,
});

const quotePath = pathWithId((id) => `/checkout/quote/${id}/`, INJECTED_COURSE_ID, 7);
const quoteBody = (enrolmentStatus: unknown) => ({
  course: checkoutCourse,
  ...amounts,
  free: false,
  enrolled: false,
  pending_payment: null,
  enrolment_status: enrolmentStatus,
  refusal_reason: null,
});

describe('Payments contract: GET /checkout/quote/{courseId}/', () => {
  it('quotes a priced course with VAT for the trainee', async () => {
    await signedIn(
      extensions,
      PROVIDER_STATES.pricedCourseForTrainee,
      'a request for the checkout quote of a priced course',
    )
      .sends('GET', quotePath)
      .answers(200, quoteBody(null))
      .executeTest(async (mockServer) => {
        const quote = await getQuote(signedInClient(mockServer), 7);
        expect(quote.total).toBe(quote.subtotal + quote.vat);
      });
  });

  it('says when the trainee has withdrawn from the course (closed to them)', async () => {
    await signedIn(
      extensions,
      PROVIDER_STATES.traineeWithdrewFromCourse,
      'a request for the checkout quote of a course the trainee withdrew from',
    )
      .sends('GET', quotePath)
      .answers(200, quoteBody(regex('^(withdrawn|dropped)$', 'withdrawn')))
      .executeTest(async (mockServer) => {
        const quote = await getQuote(signedInClient(mockServer), 7);
        expect(quote.enrolment_status).toBe('withdrawn');
      });
  });
});

/** The payment the client sends for the course of the state, by card unless `method` says. */
const paymentInput = (method: PaymentRequest['method'] = 'card', terms_accepted = true): PaymentRequest => ({
  course_id: 7,
  method,
  idempotency_key: EXAMPLE_KEY,
  terms_accepted,
});

describe('Payments contract: POST /payments/', () => {
  it('starts a card payment: initiated, with the gateway page to go to', async () => {
    await signedIn(extensions, PROVIDER_STATES.pricedCourseForTrainee, 'a card payment for a priced course')
      .sends('POST', apiPath('/payments/'), newPayment())
      .answers(201, {
        ...paidPayment,
        method: 'card',
        status: 'initiated',
        transaction_url: regex(
          '^https?://[^\\s]+/pay/[0-9a-f-]{36}\\?lang=(en|ar)$',
          'http://localhost:3000/gateway/pay/b2d4f6a8-1c3e-4a5b-8d7f-9e0a1b2c3d4e?lang=en',
        ),
        enrolment_status: null,
        receipt_number: null,
        paid_at: null,
      })
      .executeTest(async (mockServer) => {
        const created = await createPayment(signedInClient(mockServer), paymentInput());
        expect(created.status).toBe('initiated');
        expect(created.transaction_url).toContain('/pay/');
      });
  });

  it('enrols in a free course at once', async () => {
    await signedIn(extensions, PROVIDER_STATES.freeCourseForTrainee, 'a free enrolment in a free course')
      .sends('POST', apiPath('/payments/'), newPayment(EXAMPLE_KEY, 'free'))
      .answers(201, { ...paidPayment, method: 'free', subtotal: 0, vat: 0, total: 0, receipt_number: null })
      .executeTest(async (mockServer) => {
        const created = await createPayment(signedInClient(mockServer), paymentInput('free'));
        expect(created.enrolment_status).toBe('enrolled');
      });
  });

  it('refuses a payment without the terms accepted (400)', async () => {
    await signedIn(extensions, PROVIDER_STATES.pricedCourseForTrainee, 'a payment without the terms accepted')
      .sends('POST', apiPath('/payments/'), { ...newPayment(), terms_accepted: false })
      .refusesField(400, 'terms_accepted', SERVER_MESSAGES.termsRequired)
      .executeTest(async (mockServer) => {
        await expectRefusal(createPayment(signedInClient(mockServer), paymentInput('card', false)), 400);
      });
  });

  it('refuses a second payment for a paid course (409)', async () => {
    await signedIn(
      extensions,
      PROVIDER_STATES.traineePaidForCourse,
      'a payment for a course the trainee has paid for',
    )
      .sends('POST', apiPath('/payments/'), newPayment())
      .refuses(409, SERVER_MESSAGES.alreadyPaid)
      .executeTest(async (mockServer) => {
        await expectRefusal(createPayment(signedInClient(mockServer), paymentInput()), 409);
      });
  });
});

describe('Payments contract: POST /payments/ after a withdrawal', () => {
  it('refuses a payment for a course the trainee withdrew from (409)', async () => {
    await signedIn(
      extensions,
      PROVIDER_STATES.traineeWithdrewFromCourse,
      'a payment for a course the trainee withdrew from',
    )
      .sends('POST', apiPath('/payments/'), newPayment())
      .refuses(409, SERVER_MESSAGES.courseWithdrawn)
      .executeTest(async (mockServer) => {
        const error = await failureOf(createPayment(signedInClient(mockServer), paymentInput()));
        expect(error.message).toBe(SERVER_MESSAGES.courseWithdrawn);
      });
  });
});

describe('Payments contract: reads', () => {
  it('reads a payment of the trainee', async () => {
    await signedIn(extensions, PROVIDER_STATES.traineePaidForCourse, 'a request for a paid payment')
      .sends('GET', paymentPath(''))
      .answers(200, paidPayment)
      .executeTest(async (mockServer) => {
        const payment = await getPayment(signedInClient(mockServer), EXAMPLE_PAYMENT_ID);
        expect(payment.status).toBe('paid');
      });
  });

  it("reads the trainee's latest payment", async () => {
    await signedIn(extensions, PROVIDER_STATES.traineePaidForCourse, 'a request for the latest payment')
      .sends('GET', apiPath('/payments/latest/'))
      .answers(200, paidPayment)
      .executeTest(async (mockServer) => {
        const payment = await getLatestPayment(signedInClient(mockServer));
        expect(payment.receipt_number).toBe(1);
      });
  });

  it("lists the trainee's payments", async () => {
    await signedIn(extensions, PROVIDER_STATES.traineePaidForCourse, 'a request for the payment history')
      .sends('GET', apiPath('/payments/'))
      .answers(200, {
        count: integer(1),
        page: 1,
        limit: 25,
        results: eachLike({
          id: regex(UUID, EXAMPLE_PAYMENT_ID),
          date: regex(DATE_TIME, '2026-11-23T09:30:00Z'),
          amount: integer(57385),
          currency: 'SAR',
          course: checkoutCourse,
          enrolment_type: regex('^(paid|free)$', 'paid'),
          method: regex('^(card|wallet|cash|free)$', 'cash'),
          status: regex('^(initiated|awaiting_wallet_code|awaiting_cash|paid|failed)$', 'paid'),
          receipt_number: integer(1),
        }),
      })
      .executeTest(async (mockServer) => {
        const page = await listPayments(signedInClient(mockServer));
        expect(page.results[0]?.enrolment_type).toBe('paid');
      });
  });

  it('reads the receipt of a paid payment, with its e-invoice QR payload', async () => {
    await signedIn(
      extensions,
      PROVIDER_STATES.traineePaidForCourse,
      'a request for the receipt of a paid payment',
    )
      .sends('GET', paymentPath('receipt/'))
      .answers(200, {
        receipt_number: integer(1),
        payment_id: regex(UUID, EXAMPLE_PAYMENT_ID),
        issued_at: regex(DATE_TIME, '2026-11-23T09:31:00Z'),
        seller_name: like('KFU Training Centre'),
        seller_name_ar: like('مركز التدريب بجامعة الملك فيصل'),
        vat_number: regex('^3\\d{13}3$', '300000000000003'),
        course_title: like('Web Development with TypeScript'),
        course_title_ar: like('تطوير الويب باستخدام TypeScript'),
        ...amounts,
        method: regex('^(card|wallet|cash)$', 'cash'),
        qr: regex('^[A-Za-z0-9+/]+={0,2}$', 'AQVLRlUgVA=='),
      })
      .executeTest(async (mockServer) => {
        const receipt = await getReceipt(signedInClient(mockServer), EXAMPLE_PAYMENT_ID);
        expect(receipt.vat_number).toBe('300000000000003');
      });
  });

  it('prints the receipt of a paid payment as a PDF to download', async () => {
    await interaction(
      extensions,
      PROVIDER_STATES.traineePaidForCourse,
      'a request for the receipt of a paid payment as a PDF',
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
        const pdf = await downloadReceiptPdf(signedInClient(mockServer), EXAMPLE_PAYMENT_ID);
        expect(pdf).toBeInstanceOf(Blob);
      });
  });
});

describe('Payments contract: POST /payments/{id}/wallet-code/', () => {
  it('refuses a wrong wallet code (400)', async () => {
    await signedIn(extensions, PROVIDER_STATES.walletPaymentAwaitingCode, 'a wrong wallet code')
      .sends('POST', paymentPath('wallet-code/'), { otp_code: '000000' })
      .refusesField(400, 'otp_code', SERVER_MESSAGES.invalidOtp)
      .executeTest(async (mockServer) => {
        await expectRefusal(confirmWalletCode(signedInClient(mockServer), EXAMPLE_PAYMENT_ID, '000000'), 400);
      });
  });
});

describe("Gateway notices contract: POST /payments/notice/ (the gateway's signed notice)", () => {
  const gateway = pactOfGatewayNotices();
  /** The example's signature, under a secret of the example; the provider state signs with its own. */
  const EXAMPLE_SECRET = 'example-notice-secret';
  const body = noticeBody('payment_paid', {
    id: EXAMPLE_NOTICE.gatewayId,
    given_id: EXAMPLE_NOTICE.paymentId,
    status: 'paid',
    amount: EXAMPLE_NOTICE.total,
    currency: 'SAR',
    message: null,
  });

  it('is applied when its signature is the body’s', async () => {
    await gateway
      .addInteraction()
      .given(PROVIDER_STATES.cardPaymentAwaitingNotice)
      .uponReceiving('a signed notice that a card payment is paid')
      .withRequest('POST', apiPath('/payments/notice/'), (b) =>
        b
          .headers({
            'Content-Type': 'application/json',
            [NOTICE_SIGNATURE_HEADER]: fromProviderState(
              `\${${INJECTED_NOTICE_SIGNATURE}}`,
              signNotice(EXAMPLE_SECRET, body),
            ),
          })
          .jsonBody(JSON.parse(body)),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({ success: true, applied: boolean(true) }),
      )
      .executeTest(async (mockServer) => {
        const send = noticeSender(fetch, `${mockServer.url}${apiPath('/payments/notice/')}`);
        await send(body, signNotice(EXAMPLE_SECRET, body));
      });
  });

  it('is refused with 401 when the signature is not the body’s', async () => {
    const forged = '0'.repeat(64);
    await gateway
      .addInteraction()
      .given(PROVIDER_STATES.cardPaymentAwaitingNotice)
      .uponReceiving('a notice with a wrong signature')
      .withRequest('POST', apiPath('/payments/notice/'), (b) =>
        b
          .headers({ 'Content-Type': 'application/json', [NOTICE_SIGNATURE_HEADER]: forged })
          .jsonBody(JSON.parse(body)),
      )
      .willRespondWith(401, (b) =>
        b.headers(JSON_CONTENT).jsonBody(errorBody(SERVER_MESSAGES.noticeSignatureInvalid)),
      )
      .executeTest(async (mockServer) => {
        const send = noticeSender(fetch, `${mockServer.url}${apiPath('/payments/notice/')}`);
        await expect(send(body, forged)).rejects.toThrow('401');
      });
  });
});
