import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { html, raw } from 'hono/html';
import * as z from 'zod/mini';
import { bearerMatches } from '../bearer';
import type { Db } from '../db';
import { describeError } from '../http';

/**
 * A simulated card gateway on Moyasar's model, served by the reference server under /gateway but
 * standing apart from the API: its own ledger (gateway_payments), its own pages and
 * Content-Security-Policy, and its own credentials (a merchant key derived from the shared notice
 * secret; never the API's tokens).
 *
 * The merchant creates a payment server to server (POST /v1/payments, once per given_id) and sends
 * the buyer to /pay/{id}. The page asks for a card; when the payment ends the gateway sends the
 * merchant a notice signed with HMAC-SHA256 over the raw body, then redirects the browser to the
 * merchant's callback address. GET /v1/payments/{id} tells the merchant the truth at any time;
 * POST /v1/payments/{id}/refund refunds a paid payment in full.
 *
 * Test cards: 4111 1111 1111 1111 paid; 4000 0000 0000 0002 declined; 4000 0000 0000 9995
 * insufficient funds; 4000 0000 0000 3220 asks a 3-D Secure code (123456 passes).
 */

export const NOTICE_SIGNATURE_HEADER = 'X-Gateway-Signature';
export const THREE_D_SECURE_CODE = '123456';

export const TEST_CARDS = {
  paid: '4111111111111111',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  threeDSecure: '4000000000003220',
} as const;

export const gatewayStatusSchema = z.enum(['initiated', 'challenge', 'paid', 'failed', 'refunded']);
export type GatewayStatus = z.infer<typeof gatewayStatusSchema>;
/** Why the gateway failed a payment. */
export const gatewayFailureSchema = z.enum(['declined', 'insufficient_funds', 'authentication_failed']);
export type GatewayFailure = z.infer<typeof gatewayFailureSchema>;

/** A payment as the gateway's merchant calls and notices show it. */
export const gatewayPaymentSchema = z.object({
  id: z.string(),
  given_id: z.string(),
  status: gatewayStatusSchema,
  amount: z.int(),
  currency: z.string(),
  message: z.nullable(gatewayFailureSchema),
});
export type GatewayPayment = z.infer<typeof gatewayPaymentSchema>;

/** The body of a notice: a payment that ended. */
export const gatewayNoticeSchema = z.object({
  type: z.enum(['payment_paid', 'payment_failed']),
  data: gatewayPaymentSchema,
});
export type GatewayNotice = z.infer<typeof gatewayNoticeSchema>;

export const gatewayCreateSchema = z.object({
  given_id: z.string().check(z.minLength(1), z.maxLength(100)),
  amount: z.int().check(z.positive()),
  currency: z.literal('SAR'),
  description: z.string().check(z.maxLength(300)),
  callback_url: z.string().check(z.regex(/^https?:\/\/[^\s]+$/), z.maxLength(2000)),
});
export type GatewayCreate = z.infer<typeof gatewayCreateSchema>;

/**
 * The raw body of a notice, as the gateway signs and sends it: compact JSON with every key in
 * alphabetical order, so that any JSON writer that sorts keys or keeps their order writes the same
 * bytes.
 */
export function noticeBody(type: GatewayNotice['type'], payment: GatewayPayment): string {
  return JSON.stringify({
    data: {
      amount: payment.amount,
      currency: payment.currency,
      given_id: payment.given_id,
      id: payment.id,
      message: payment.message,
      status: payment.status,
    },
    type,
  });
}

/**
 * How the gateway delivers notices: a signed JSON POST to the merchant's notice address through
 * `send` (fetch, or the app's own fetch for the gateway this server serves); anything but a 2xx
 * answer is a failure.
 */
export function noticeSender(send: (request: Request) => Response | Promise<Response>, url: string) {
  return async (body: string, signature: string): Promise<void> => {
    const answer = await send(
      new Request(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [NOTICE_SIGNATURE_HEADER]: signature },
        body,
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      }),
    );
    await answer.body?.cancel();
    if (!answer.ok) throw new Error(`the merchant answered the notice with ${answer.status}`);
  };
}

/** The signature of a notice body: hex HMAC-SHA256 under the shared secret. */
export function signNotice(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

/** Whether `signature` is the body's, compared in constant time. */
export function noticeSignatureValid(secret: string, body: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature.trim())) return false;
  const expected = Buffer.from(signNotice(secret, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.trim().toLowerCase(), 'hex'));
}

/** The key of the merchant's server-to-server calls, derived from the shared secret. */
export function merchantKey(secret: string): string {
  return createHmac('sha256', secret).update('kfu-payment-gateway merchant key').digest('base64url');
}

export interface GatewayOptions {
  db: Db;
  secret: string;
  /** Sends a signed notice to the merchant's API; a failure is logged (the merchant can still ask). */
  deliverNotice(body: string, signature: string): Promise<void>;
}

type Lang = 'en' | 'ar';

const TEXTS = {
  en: {
    title: 'Card payment',
    gateway: 'KFU Payment Gateway (test mode)',
    amount: 'Amount',
    name: 'Name on card',
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    pay: 'Pay',
    challengeTitle: '3-D Secure verification',
    challengeText: 'Enter the code your bank sent you.',
    code: 'Verification code',
    verify: 'Verify',
    finished: 'This payment has ended.',
    back: 'Back to the shop',
    notFound: 'No such payment.',
    invalidName: 'Enter the name on the card.',
    invalidNumber: 'Enter a valid card number.',
    invalidExpiry: 'Enter a valid expiry date in the future.',
    invalidCvc: 'Enter the 3 or 4 digit CVC.',
    sar: 'SAR',
    testCards:
      'Test cards: 4111 1111 1111 1111 (paid), 4000 0000 0000 0002 (declined), 4000 0000 0000 9995 (insufficient funds), 4000 0000 0000 3220 (3-D Secure, code 123456).',
  },
  ar: {
    title: 'الدفع بالبطاقة',
    gateway: 'بوابة الدفع لجامعة الملك فيصل (وضع الاختبار)',
    amount: 'المبلغ',
    name: 'الاسم على البطاقة',
    number: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء (شهر/سنة)',
    cvc: 'رمز التحقق',
    pay: 'ادفع',
    challengeTitle: 'التحقق الآمن ثلاثي الأبعاد',
    challengeText: 'أدخل الرمز الذي أرسله إليك البنك.',
    code: 'رمز التحقق',
    verify: 'تحقّق',
    finished: 'انتهت عملية الدفع هذه.',
    back: 'العودة إلى المتجر',
    notFound: 'لا توجد عملية دفع بهذا الرقم.',
    invalidName: 'أدخل الاسم المكتوب على البطاقة.',
    invalidNumber: 'أدخل رقم بطاقة صحيحًا.',
    invalidExpiry: 'أدخل تاريخ انتهاء صحيحًا في المستقبل.',
    invalidCvc: 'أدخل رمز التحقق المكوّن من ٣ أو ٤ أرقام.',
    sar: 'ر.س',
    testCards:
      'بطاقات الاختبار: 4111 1111 1111 1111 (مدفوعة)، 4000 0000 0000 0002 (مرفوضة)، 4000 0000 0000 9995 (رصيد غير كافٍ)، 4000 0000 0000 3220 (تحقق ثلاثي الأبعاد، الرمز 123456).',
  },
} as const;

interface LedgerRow {
  id: string;
  given_id: string;
  status: GatewayStatus;
  amount: number;
  currency: string;
  message: GatewayFailure | null;
  description: string;
  callback_url: string;
}

const COLUMNS = 'id, given_id, status, amount, currency, message, description, callback_url';

function langOf(value: string | undefined): Lang {
  return value === 'ar' ? 'ar' : 'en';
}

function publicView(row: LedgerRow): GatewayPayment {
  return gatewayPaymentSchema.parse({
    id: row.id,
    given_id: row.given_id,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    message: row.message,
  });
}

/** Whether the digits pass the Luhn check every card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** An MM/YY date not yet past. */
function expiryValid(text: string, now: Date): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(text.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

function amountText(halalas: number): string {
  return `${Math.floor(halalas / 100)}.${String(halalas % 100).padStart(2, '0')}`;
}

/** The page's policy: its own inline style, forms to itself and to the merchant's return address. */
function pagePolicy(callbackUrl: string | undefined): string {
  let callbackOrigin = '';
  try {
    if (callbackUrl) callbackOrigin = ` ${new URL(callbackUrl).origin}`;
  } catch {
    callbackOrigin = '';
  }
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self'${callbackOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1f2933}
h1{font-size:1.4rem}label{display:block;margin-top:1rem;font-weight:600}
input{display:block;width:100%;box-sizing:border-box;padding:.6rem;margin-top:.3rem;font-size:1rem}
input.ltr{direction:ltr;text-align:start}button{margin-top:1.5rem;padding:.7rem 1.5rem;font-size:1rem}
.error{color:#b00020;font-weight:600}.note{color:#52606d;font-size:.85rem}bdi{white-space:nowrap}`;

function page(lang: Lang, title: string, body: ReturnType<typeof html>) {
  return html`<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${raw(STYLE)}</style></head>
<body><p class="note">${TEXTS[lang].gateway}</p>${body}</body></html>`;
}

export function gatewayRoutes({ db, secret, deliverNotice }: GatewayOptions): Hono {
  const routes = new Hono();
  const key = merchantKey(secret);

  const find = async (id: string): Promise<LedgerRow | undefined> => {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const { rows } = await db.query<LedgerRow>(`SELECT ${COLUMNS} FROM gateway_payments WHERE id = $1`, [id]);
    return rows[0];
  };

  /** Ends a payment once, sends the notice, and answers the redirect to the merchant. */
  const finish = async (
    row: LedgerRow,
    status: 'paid' | 'failed',
    message: GatewayFailure | null,
    last4: string | null,
  ) => {
    const { rows } = await db.query<LedgerRow>(
      `UPDATE gateway_payments SET status = $2, message = $3, card_last4 = coalesce($4, card_last4), updated_at = now()
       WHERE id = $1 AND status IN ('initiated', 'challenge') RETURNING ${COLUMNS}`,
      [row.id, status, message, last4],
    );
    const ended = rows[0];
    if (ended) {
      const body = noticeBody(status === 'paid' ? 'payment_paid' : 'payment_failed', publicView(ended));
      await deliverNotice(body, signNotice(secret, body)).catch((error: unknown) =>
        console.error(`the gateway's notice was not delivered: ${describeError(error)}`),
      );
    }
    return new Response(null, { status: 303, headers: { Location: row.callback_url } });
  };

  const merchantOnly = (authorization: string | undefined) => bearerMatches(authorization, key);

  routes.post('/v1/payments', bodyLimit({ maxSize: 8 * 1024 }), async (c) => {
    if (!merchantOnly(c.req.header('Authorization'))) return c.json({ message: 'unauthorized' }, 401);
    const parsed = gatewayCreateSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ message: 'invalid request' }, 400);
    const request = parsed.data;
    await db.query(
      `INSERT INTO gateway_payments (id, given_id, amount, currency, description, callback_url, status)
       VALUES ($1, $2, $3, $4, $5, $6, 'initiated') ON CONFLICT (given_id) DO NOTHING`,
      [
        randomUUID(),
        request.given_id,
        request.amount,
        request.currency,
        request.description,
        request.callback_url,
      ],
    );
    const { rows } = await db.query<LedgerRow>(
      `SELECT ${COLUMNS} FROM gateway_payments WHERE given_id = $1`,
      [request.given_id],
    );
    const row = rows[0];
    if (!row) return c.json({ message: 'not stored' }, 500);
    return c.json(publicView(row), 201);
  });

  // A full refund of a paid payment; refunding a refunded one answers it as it is.
  routes.post('/v1/payments/:id/refund', async (c) => {
    if (!merchantOnly(c.req.header('Authorization'))) return c.json({ message: 'unauthorized' }, 401);
    const row = await find(c.req.param('id'));
    if (!row) return c.json({ message: 'not found' }, 404);
    if (row.status !== 'paid' && row.status !== 'refunded') return c.json({ message: 'not paid' }, 409);
    const { rows } = await db.query<LedgerRow>(
      `UPDATE gateway_payments SET status = 'refunded', updated_at = now()
       WHERE id = $1 AND status IN ('paid', 'refunded') RETURNING ${COLUMNS}`,
      [row.id],
    );
    const refunded = rows[0];
    return refunded ? c.json(publicView(refunded)) : c.json({ message: 'not paid' }, 409);
  });

  routes.get('/v1/payments/:id', async (c) => {
    if (!merchantOnly(c.req.header('Authorization'))) return c.json({ message: 'unauthorized' }, 401);
    const row = await find(c.req.param('id'));
    return row ? c.json(publicView(row)) : c.json({ message: 'not found' }, 404);
  });

  const cardForm = (row: LedgerRow, lang: Lang, error?: string, values: Record<string, string> = {}) => {
    const t = TEXTS[lang];
    return page(
      lang,
      t.title,
      html`<h1>${t.title}</h1>
<p>${row.description}</p>
<p>${t.amount}: <bdi>${amountText(row.amount)} ${t.sar}</bdi></p>
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
<form method="post" action="/gateway/pay/${row.id}">
<input type="hidden" name="lang" value="${lang}">
<label for="name">${t.name}</label><input id="name" name="name" autocomplete="cc-name" required maxlength="100" value="${values.name ?? ''}">
<label for="number">${t.number}</label><input class="ltr" id="number" name="number" inputmode="numeric" autocomplete="cc-number" required maxlength="23" value="${values.number ?? ''}">
<label for="expiry">${t.expiry}</label><input class="ltr" id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/YY" required maxlength="7" value="${values.expiry ?? ''}">
<label for="cvc">${t.cvc}</label><input class="ltr" id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4">
<button type="submit">${t.pay} <bdi>${amountText(row.amount)} ${t.sar}</bdi></button>
</form>
<p class="note">${t.testCards}</p>`,
    );
  };

  const finishedPage = (row: LedgerRow, lang: Lang) =>
    page(
      lang,
      TEXTS[lang].title,
      html`<p>${TEXTS[lang].finished}</p><p><a href="${row.callback_url}">${TEXTS[lang].back}</a></p>`,
    );

  const challengeForm = (row: LedgerRow, lang: Lang) => {
    const t = TEXTS[lang];
    return page(
      lang,
      t.challengeTitle,
      html`<h1>${t.challengeTitle}</h1><p>${t.challengeText}</p>
<form method="post" action="/gateway/pay/${row.id}/challenge">
<input type="hidden" name="lang" value="${lang}">
<label for="code">${t.code}</label><input class="ltr" id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required maxlength="6">
<button type="submit">${t.verify}</button></form>`,
    );
  };

  const htmlAnswer = async (
    content: ReturnType<typeof html>,
    status: 200 | 400 | 404,
    callbackUrl?: string,
  ) =>
    new Response(String(await content), {
      status,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': pagePolicy(callbackUrl),
      },
    });

  const notFound = (lang: Lang) =>
    htmlAnswer(page(lang, TEXTS[lang].title, html`<p>${TEXTS[lang].notFound}</p>`), 404);

  routes.get('/pay/:id', async (c) => {
    const lang = langOf(c.req.query('lang'));
    const row = await find(c.req.param('id'));
    if (!row) return notFound(lang);
    if (row.status === 'challenge') return htmlAnswer(challengeForm(row, lang), 200, row.callback_url);
    if (row.status !== 'initiated') return htmlAnswer(finishedPage(row, lang), 200, row.callback_url);
    return htmlAnswer(cardForm(row, lang), 200, row.callback_url);
  });

  routes.post('/pay/:id', bodyLimit({ maxSize: 4 * 1024 }), async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    const lang = langOf(text('lang'));
    const row = await find(c.req.param('id'));
    if (!row) return notFound(lang);
    if (row.status !== 'initiated') return htmlAnswer(finishedPage(row, lang), 200, row.callback_url);
    const t = TEXTS[lang];
    const number = text('number').replace(/[\s-]/g, '');
    const values = { name: text('name'), number: text('number'), expiry: text('expiry') };
    let error: string | undefined;
    if (!text('name').trim() || text('name').length > 100) error = t.invalidName;
    else if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) error = t.invalidNumber;
    else if (!expiryValid(text('expiry'), new Date())) error = t.invalidExpiry;
    else if (!/^\d{3,4}$/.test(text('cvc').trim())) error = t.invalidCvc;
    if (error) return htmlAnswer(cardForm(row, lang, error, values), 400, row.callback_url);

    const last4 = number.slice(-4);
    if (number === TEST_CARDS.threeDSecure) {
      await db.query(
        `UPDATE gateway_payments SET status = 'challenge', card_last4 = $2, updated_at = now()
         WHERE id = $1 AND status = 'initiated'`,
        [row.id, last4],
      );
      return new Response(null, {
        status: 303,
        headers: { Location: `/gateway/pay/${row.id}/challenge?lang=${lang}` },
      });
    }
    if (number === TEST_CARDS.paid) return finish(row, 'paid', null, last4);
    if (number === TEST_CARDS.insufficientFunds) return finish(row, 'failed', 'insufficient_funds', last4);
    // The declined test card, and every other card: test mode charges no real card.
    return finish(row, 'failed', 'declined', last4);
  });

  routes.get('/pay/:id/challenge', async (c) => {
    const lang = langOf(c.req.query('lang'));
    const row = await find(c.req.param('id'));
    if (!row) return notFound(lang);
    if (row.status !== 'challenge') return htmlAnswer(finishedPage(row, lang), 200, row.callback_url);
    return htmlAnswer(challengeForm(row, lang), 200, row.callback_url);
  });

  routes.post('/pay/:id/challenge', bodyLimit({ maxSize: 1024 }), async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const lang = langOf(typeof form.lang === 'string' ? form.lang : undefined);
    const row = await find(c.req.param('id'));
    if (!row) return notFound(lang);
    if (row.status !== 'challenge') return htmlAnswer(finishedPage(row, lang), 200, row.callback_url);
    const code = typeof form.code === 'string' ? form.code.trim() : '';
    return code === THREE_D_SECURE_CODE
      ? finish(row, 'paid', null, null)
      : finish(row, 'failed', 'authentication_failed', null);
  });

  return routes;
}

/** How the API reaches the gateway: its merchant calls, and the address of its payment page. */
export interface GatewayClient {
  create(request: GatewayCreate): Promise<GatewayPayment>;
  fetch(id: string): Promise<GatewayPayment>;
  /** Refunds a paid payment in full. */
  refund(id: string): Promise<GatewayPayment>;
  /** The page the buyer pays on; `origin` is the address the buyer reached this server at. */
  transactionUrl(id: string, lang: 'en' | 'ar', origin: string): string;
}

export interface GatewayClientOptions {
  /** PAYMENT_BASE_URL; absent: the gateway of this server, called in-process. */
  baseUrl: string | undefined;
  secret: string;
  /** Answers a request to this server (the app's own fetch), for the in-process gateway. */
  local: (request: Request) => Response | Promise<Response>;
}

const GATEWAY_TIMEOUT_MS = 10_000;

export function createGatewayClient({ baseUrl, secret, local }: GatewayClientOptions): GatewayClient {
  const key = merchantKey(secret);
  const call = async (path: string, init: RequestInit): Promise<GatewayPayment> => {
    const headers = { Authorization: `Bearer ${key}`, Accept: 'application/json', ...init.headers };
    const request = new Request(`${baseUrl ?? 'http://gateway.local/gateway'}${path}`, {
      ...init,
      headers,
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
    const response = baseUrl ? await fetch(request) : await local(request);
    if (!response.ok) throw new Error(`the gateway answered ${response.status}`);
    return gatewayPaymentSchema.parse(await response.json());
  };
  return {
    create: (request) =>
      call('/v1/payments', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(request),
      }),
    fetch: (id) => call(`/v1/payments/${encodeURIComponent(id)}`, { method: 'GET' }),
    refund: (id) => call(`/v1/payments/${encodeURIComponent(id)}/refund`, { method: 'POST' }),
    transactionUrl: (id, lang, origin) => `${baseUrl ?? `${origin}/gateway`}/pay/${id}?lang=${lang}`,
  };
}
