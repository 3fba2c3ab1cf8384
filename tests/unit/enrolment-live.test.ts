import type { Payment, PaymentRequest } from '@contract/wire/payments';
import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, createActor, waitFor } from 'xstate';
import { checkoutLive } from '@/features/checkout/enrolment.live';
import type { Language } from '@/i18n/languages';
import { COURSE, payment, QUOTE } from '../machines/support/payments';
import { type FakeAnswer, type FakeRequest, fakeApi, memoryStore } from './support/fake-api';

const TRAINEE = { signedIn: true, role: 'TRAINEE' as const };
const KEY_NAME = `checkout-attempt:${COURSE.id}`;

/**
 * The payment endpoints: one payment per idempotency key, as the API keeps them; `outcome` says how
 * a new payment of a method ends, and the wallet's code 1234567 pays.
 */
function paymentServer(outcome: (request: PaymentRequest) => Payment['status']) {
  const byKey = new Map<string, Payment>();
  const byId = new Map<string, Payment>();
  const answer = (request: FakeRequest): FakeAnswer => {
    if (request.method === 'GET' && request.path === `/checkout/quote/${COURSE.id}/`) {
      return { status: 200, body: QUOTE };
    }
    if (request.method === 'POST' && request.path === '/payments/') {
      const body = request.body as PaymentRequest;
      let made = byKey.get(body.idempotency_key);
      if (!made) {
        made = payment(outcome(body), { id: `pay-${byKey.size + 1}`, method: body.method });
        byKey.set(body.idempotency_key, made);
        byId.set(made.id, made);
      }
      return { status: 201, body: made };
    }
    const code = request.path.match(/^\/payments\/([^/]+)\/wallet-code\/$/);
    const waiting = code && byId.get(code[1] ?? '');
    if (request.method === 'POST' && waiting) {
      if ((request.body as { otp_code: string }).otp_code !== '1234567') {
        return { status: 400, body: { detail: 'The code is wrong' } };
      }
      const paid = payment('paid', { id: waiting.id, method: 'wallet' });
      byId.set(paid.id, paid);
      return { status: 200, body: paid };
    }
    const read = request.path.match(/^\/payments\/([^/?]+)\/$/);
    const found = read && byId.get(read[1] ?? '');
    if (request.method === 'GET' && found) return { status: 200, body: found };
    return { status: 404, body: { detail: 'Not found' } };
  };
  const server = fakeApi(answer);
  const payments = () =>
    server.requests
      .filter((request) => request.path === '/payments/')
      .map((request) => request.body as PaymentRequest);
  return { ...server, payments, byId };
}

const pages: Actor<ReturnType<typeof checkoutLive>>[] = [];

afterEach(() => {
  for (const page of pages.splice(0)) page.stop();
});

/** One browser: its localStorage, shared by its tabs and kept across reloads, and what the pages did. */
function browser(server: ReturnType<typeof paymentServer>, language: Language = 'en') {
  const store = memoryStore();
  const left: string[] = [];
  let paid = 0;
  let keys = 0;
  const open = (returnedPaymentId: string | null = null) => {
    const machine = checkoutLive({
      api: server.api,
      store,
      newKey: () => `6f1c1f7e-8a53-4c55-9a8b-2f6f0a1d000${++keys}`,
      language: () => language,
      askToSignIn: () => {},
      leaveFor: (address) => left.push(address),
      announcePaid: () => {
        paid += 1;
      },
    });
    const actor = createActor(machine, {
      input: { courseId: COURSE.id, viewer: TRAINEE, place: 'checkout', returnedPaymentId },
    }).start();
    pages.push(actor);
    return actor;
  };
  return {
    open,
    store,
    left,
    get paid() {
      return paid;
    },
  };
}

type Page = ReturnType<ReturnType<typeof browser>['open']>;

async function payByCard(page: Page) {
  await waitFor(page, (state) => state.matches('checkingOut'));
  page.send({ type: 'method.choose', method: 'card' });
  page.send({ type: 'terms.change', accepted: true });
  page.send({ type: 'payment.submit' });
}

describe('the payment attempt’s key at checkout, wired to the API and localStorage', () => {
  it('is made once and sent again by a reload and a second tab: one payment, one gateway page', async () => {
    const server = paymentServer(() => 'initiated');
    const trainee = browser(server, 'ar');
    const first = trainee.open();
    await payByCard(first);
    await waitFor(first, (state) => state.matches('atGateway'));
    expect(server.payments()).toEqual([
      {
        course_id: COURSE.id,
        method: 'card',
        idempotency_key: '6f1c1f7e-8a53-4c55-9a8b-2f6f0a1d0001',
        terms_accepted: true,
        lang: 'ar',
      },
    ]);
    expect(trainee.store.getItem(KEY_NAME)).toBe('6f1c1f7e-8a53-4c55-9a8b-2f6f0a1d0001');
    expect(trainee.left).toEqual(['http://localhost/gateway/pay/pay-1']);

    // Back before paying, the page reloaded; and a second tab of the same course.
    for (const page of [trainee.open(), trainee.open()]) {
      await payByCard(page);
      await waitFor(page, (state) => state.matches('atGateway'));
    }
    expect(server.payments().map((request) => request.idempotency_key)).toEqual([
      '6f1c1f7e-8a53-4c55-9a8b-2f6f0a1d0001',
      '6f1c1f7e-8a53-4c55-9a8b-2f6f0a1d0001',
      '6f1c1f7e-8a53-4c55-9a8b-2f6f0a1d0001',
    ]);
    expect(server.byId.size).toBe(1);
    expect(trainee.left).toHaveLength(3);
  });

  it('is new for Try Again after a failed payment, and that one is kept in turn', async () => {
    const server = paymentServer(() => 'failed');
    const trainee = browser(server);
    const page = trainee.open();
    await payByCard(page);
    await waitFor(page, (state) => state.matches('failed'));

    page.send({ type: 'payment.retry' });
    expect(trainee.store.getItem(KEY_NAME)).toBeNull();
    page.send({ type: 'payment.submit' });
    await waitFor(page, (state) => state.matches('failed') && server.payments().length === 2);
    expect(server.payments().map((request) => request.idempotency_key)).toEqual([
      '6f1c1f7e-8a53-4c55-9a8b-2f6f0a1d0001',
      '6f1c1f7e-8a53-4c55-9a8b-2f6f0a1d0002',
    ]);
    expect(trainee.store.getItem(KEY_NAME)).toBe('6f1c1f7e-8a53-4c55-9a8b-2f6f0a1d0002');
    expect(server.byId.size).toBe(2);
  });

  it('pays by wallet with the phone and the code written 0–9, and says so once', async () => {
    const server = paymentServer(() => 'awaiting_wallet_code');
    const trainee = browser(server);
    const page = trainee.open();
    await waitFor(page, (state) => state.matches('checkingOut'));
    page.send({ type: 'method.choose', method: 'wallet' });
    page.send({ type: 'walletPhone.change', value: '٠٥٥٥ ١٢٣ ٤٥٦' });
    page.send({ type: 'terms.change', accepted: true });
    page.send({ type: 'payment.submit' });
    await waitFor(page, (state) => state.matches('awaitingWalletCode'));
    expect(server.payments()[0]).toMatchObject({ method: 'wallet', wallet_phone: '0555123456', lang: 'en' });

    page.send({ type: 'walletCode.change', value: '١٢٣٤٥٦٧' });
    page.send({ type: 'walletCode.submit' });
    await waitFor(page, (state) => state.matches('enrolled'));
    expect(server.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/payments/pay-1/wallet-code/',
      body: { otp_code: '1234567' },
    });
    expect(trainee.paid).toBe(1);
    expect(trainee.left).toEqual([]);
  });

  it('confirms a card payment the gateway sent the browser back with by reading it', async () => {
    const server = paymentServer(() => 'paid');
    const trainee = browser(server);
    const first = trainee.open();
    await payByCard(first);
    await waitFor(first, (state) => state.matches('enrolled'));
    expect(trainee.paid).toBe(1);

    const back = trainee.open('pay-1');
    await waitFor(back, (state) => state.matches('enrolled'));
    expect(server.requests.at(-1)).toEqual({ method: 'GET', path: '/payments/pay-1/', body: undefined });
    expect(trainee.paid).toBe(2);
  });
});
