import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Paged } from '@contract/wire/common';
import type { CourseAbout, CourseCard } from '@contract/wire/courses';
import type { PaymentHistoryItem } from '@contract/wire/payments';
import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { expectNoAxeViolations } from './support/browser';
import { runAdmin, verifiedTrainee } from './support/identity';
import { accessToken, signInWithTokens } from './support/session';
import { AR_DESKTOP, AR_PHONE, EN_DESKTOP, EN_PHONE, named, type Setting } from './support/settings';
import { productSuite } from './support/suite';

const suite = productSuite();

const CARDS = {
  paid: '4111 1111 1111 1111',
  declined: '4000 0000 0000 0002',
  challenge: '4000 0000 0000 3220',
} as const;

/** A published course with a price (or a free one), from the seed. */
async function aCourse(kind: 'paid' | 'free'): Promise<CourseAbout> {
  const list = await suite.read<Paged<CourseCard>>('/course/browse-course-list/?page=1&limit=100');
  for (const card of list.results) {
    const course = await suite.read<CourseAbout>(`/course/about/${card.id}/`);
    if (course.price_halalas > 0 === (kind === 'paid')) return course;
  }
  throw new Error(`the seed has no ${kind} course`);
}

/** A new trainee, signed in in a new tab on the product. */
async function traineeVisit({ language, width }: Setting) {
  const { person } = await verifiedTrainee(suite.app);
  const visit = await suite.open({ language, width });
  await signInWithTokens(suite.app, visit.context, person);
  return visit;
}

async function paymentsOf(visit: {
  context: Parameters<typeof accessToken>[0];
}): Promise<PaymentHistoryItem[]> {
  const token = await accessToken(visit.context);
  return (await suite.read<Paged<PaymentHistoryItem>>('/payments/?page=1&limit=25', { token })).results;
}

/** The newest wallet code sent to `phone`, read from the development outbox. */
async function walletCode(phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const token = readFileSync(join(suite.app.env.DATA_DIR ?? '', 'admin-token'), 'utf8').trim();
      const mails = await suite.read<{ body: string }[]>(`/dev/outbox/?to=${encodeURIComponent(phone)}`, {
        headers: { 'X-Admin-Token': token },
      });
      code = /(?<!\d)\d{6}(?!\d)/.exec(mails[0]?.body ?? '')?.[0] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

describe('checkout', () => {
  it(`pays by card through the gateway and is enrolled ${named(AR_PHONE)}`, async () => {
    const course = await aCourse('paid');
    const visit = await traineeVisit(AR_PHONE);
    const { page, t, checkout, courseDetails, problems } = visit;
    await checkout.open(course.id);
    await expect.poll(() => checkout.summaryAmounts()).toHaveLength(3);
    const amounts = (await checkout.summaryAmounts()).join(' ');
    // One digit system: Arabic-Indic.
    expect(amounts).toMatch(/[٠-٩]/);
    expect(amounts).not.toMatch(/[0-9]/);
    await expectNoAxeViolations(page);

    // Nothing chosen: both messages, in the page's language.
    await checkout.pay();
    await expect.poll(() => page.getByText(t('Choose a payment method')).count()).toBe(1);
    expect(await page.getByText(t('Accept the terms to continue')).count()).toBe(1);
    await expectNoAxeViolations(page);

    await checkout.chooseMethod('Card');
    await checkout.acceptTerms();
    await checkout.pay();
    await checkout.payByCard(CARDS.paid);
    await page.waitForURL(/\/checkout\?payment=/);
    await expect.poll(() => checkout.heading('Payment Success').count()).toBe(1);
    await expectNoAxeViolations(page);

    await courseDetails.open(course.id);
    await expect.poll(() => page.getByText(t('You are enrolled'), { exact: true }).count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it(`shows the receipt with its e-invoice QR code and downloads it as a PDF ${named(AR_DESKTOP)}`, async () => {
    const course = await aCourse('paid');
    const { page, t, checkout, problems } = await traineeVisit(AR_DESKTOP);
    await checkout.open(course.id);
    await checkout.chooseMethod('Card');
    await checkout.acceptTerms();
    await checkout.pay();
    await checkout.payByCard(CARDS.paid);
    await page.getByRole('link', { name: t('View receipt') }).click();
    const invoice = page.getByRole('article', { name: t('Simplified tax invoice') });
    await invoice.waitFor();
    expect(await invoice.locator('svg title').textContent()).toBe(t('E-invoice QR code'));
    expect(await invoice.textContent()).toMatch(/KFU-\d{6}/);
    await expectNoAxeViolations(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t('Download PDF') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^receipt-KFU-\d{6}\.pdf$/);
    const file = await download.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(problems).toEqual([]);
  });

  it('after a declined card, Try Again keeps the method and the terms, and the next card pays', async () => {
    const course = await aCourse('paid');
    const visit = await traineeVisit(AR_PHONE);
    const { page, checkout, problems } = visit;
    await checkout.open(course.id);
    await checkout.chooseMethod('Card');
    await checkout.acceptTerms();
    await checkout.pay();
    await checkout.payByCard(CARDS.declined);
    await expect.poll(() => checkout.heading('Payment Failed').count()).toBe(1);
    await expectNoAxeViolations(page);
    await checkout.tryAgain();
    await expect.poll(() => page.getByRole('radio', { checked: true }).count()).toBe(1);
    expect(await page.getByRole('checkbox').isChecked()).toBe(true);
    await checkout.pay();
    await checkout.payByCard(CARDS.paid);
    await expect.poll(() => checkout.heading('Payment Success').count()).toBe(1);
    const payments = await paymentsOf(visit);
    expect(payments.map((payment) => payment.status).sort()).toEqual(['failed', 'paid']);
    expect(problems).toEqual([]);
  });

  it('passes the 3-D Secure challenge', async () => {
    const course = await aCourse('paid');
    const { checkout, problems } = await traineeVisit(EN_DESKTOP);
    await checkout.open(course.id);
    await checkout.chooseMethod('Card');
    await checkout.acceptTerms();
    await checkout.pay();
    await checkout.payByCard(CARDS.challenge);
    await checkout.passChallenge('123456');
    await expect.poll(() => checkout.heading('Payment Success').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('completes the enrolment from the gateway’s notice when the tab is closed on the way back', async () => {
    const course = await aCourse('paid');
    const visit = await traineeVisit(EN_DESKTOP);
    const { page, checkout } = visit;
    await checkout.open(course.id);
    await checkout.chooseMethod('Card');
    await checkout.acceptTerms();
    await checkout.pay();
    await checkout.payByCard(CARDS.challenge);
    // The gateway takes the code (and sends its notice) but the browser never comes back to the
    // app: the gateway's answer is dropped, and the tab is closed.
    const sentBack = new Promise<void>((resolve) => {
      void page.route(
        (url) => url.pathname.endsWith('/challenge'),
        async (route) => {
          if (route.request().method() !== 'POST') return route.continue();
          const answer = await route.fetch({ maxRedirects: 0 });
          expect(answer.status()).toBe(303);
          await route.abort();
          resolve();
        },
      );
    });
    await checkout.passChallenge('123456');
    await sentBack;
    await page.close();

    const later = await suite.openSecondTab(visit);
    await later.courseDetails.open(course.id);
    await expect
      .poll(() => later.page.getByText(later.t('You are enrolled'), { exact: true }).count())
      .toBe(1);
    expect((await paymentsOf(later)).map((payment) => payment.status)).toEqual(['paid']);
  });

  it('a double click makes one payment', async () => {
    const course = await aCourse('paid');
    const visit = await traineeVisit(EN_DESKTOP);
    const { checkout } = visit;
    await checkout.open(course.id);
    await checkout.chooseMethod('Card');
    await checkout.acceptTerms();
    await checkout.payButton.dblclick();
    await visit.page.waitForURL(/\/gateway\/pay\//);
    expect(await paymentsOf(visit)).toHaveLength(1);
  });

  it('cash awaits the centre; when the centre confirms, the page says so at once', async () => {
    const course = await aCourse('paid');
    const visit = await traineeVisit(AR_DESKTOP);
    const { page, checkout, problems } = visit;
    await checkout.open(course.id);
    await checkout.chooseMethod('Cash');
    await checkout.acceptTerms();
    await checkout.pay();
    await expect.poll(() => checkout.heading('Awaiting payment at the centre').count()).toBe(1);
    await expectNoAxeViolations(page);
    const [payment] = await paymentsOf(visit);
    expect(payment?.status).toBe('awaiting_cash');
    await runAdmin(suite.app.env, ['confirm-payment', payment?.id ?? '']);
    await expect.poll(() => checkout.heading('Payment Success').count(), { timeout: 15_000 }).toBe(1);
    expect(problems).toEqual([]);
  });

  it('a digital wallet: the phone typed in Arabic digits, a wrong code said so, the right one pays', async () => {
    const course = await aCourse('paid');
    const visit = await traineeVisit(AR_PHONE);
    const { page, t, checkout, problems } = visit;
    await checkout.open(course.id);
    await checkout.chooseMethod('Digital payment');
    await checkout.acceptTerms();
    await checkout.walletPhone('٠٥٥١٢٣٤٥٦٧');
    await checkout.pay();
    await expect.poll(() => page.getByLabel(t('Wallet code')).count()).toBe(1);
    await expectNoAxeViolations(page);
    const code = await walletCode('0551234567');
    await checkout.enterWalletCode(code === '000000' ? '111111' : '000000');
    await expect.poll(() => page.getByRole('alert').count()).toBe(1);
    // The right code, typed in Arabic-Indic digits.
    await checkout.enterWalletCode(code.replace(/\d/g, (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)] ?? digit));
    await expect.poll(() => checkout.heading('Payment Success').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it(`refuses a sixth code within the hour to one number, says when to try again and keeps the number ${named(AR_DESKTOP)}`, async () => {
    // Five codes this hour already went to the number (asked for as password resets: every kind of
    // code counts against the one limit of its recipient).
    const number = `055${String(Date.now()).slice(-7)}`;
    for (let index = 0; index < 5; index += 1)
      expect((await suite.call('/user/reset-password/', { body: { email_or_phone: number } })).status).toBe(
        200,
      );
    const course = await aCourse('paid');
    const visit = await traineeVisit(AR_DESKTOP);
    const { page, t, checkout, problems } = visit;
    await checkout.open(course.id);
    await checkout.chooseMethod('Digital payment');
    await checkout.acceptTerms();
    await checkout.walletPhone(number);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/v1/payments/'));
    await checkout.pay();
    const refused = await answer;
    expect(refused.status()).toBe(429);
    const minutes = Math.ceil(Number(refused.headers()['retry-after']) / 60);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain(
        t(
          '{count, plural, one {Too many attempts. Try again in # minute.} other {Too many attempts. Try again in # minutes.}}',
          { count: minutes },
        ),
      );
    expect(await page.getByLabel(t('Wallet phone number')).inputValue()).toBe(number);
    expect(await paymentsOf(visit)).toEqual([]);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });

  it('a free course enrols at once', async () => {
    const course = await aCourse('free');
    const { page, checkout, courseDetails, t, problems } = await traineeVisit(EN_PHONE);
    await checkout.open(course.id);
    await checkout.pay();
    await expect.poll(() => checkout.heading('Payment Success').count()).toBe(1);
    await courseDetails.open(course.id);
    await expect.poll(() => page.getByText(t('You are enrolled'), { exact: true }).count()).toBe(1);
    expect(page.url()).toContain(paths.courseDetails(course.id));
    expect(problems).toEqual([]);
  });
});
