import { describe, expect, it } from 'vitest';
import type { Language } from '@/i18n/languages';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { RECORD_COURSES } from '../../server/records/seed';
import { expectNoAxeViolations, type Width } from './support/browser';
import { runAdmin } from './support/identity';
import { signInWithTokens } from './support/session';
import { AR_DESKTOP, AR_PHONE, EN_DESKTOP, EN_PHONE, named } from './support/settings';
import { productSuite } from './support/suite';

const suite = productSuite();

const CODE = /KFU(-[0-9A-Z]{4}){4}/;
const REVOKE_REASON = 'Attendance records were corrected after issue';

/** The demo trainee's seeded certificate, as the administrator's command lists it. */
async function demoCode(): Promise<string> {
  const listed = await runAdmin(suite.app.env, ['certificates', DEMO_ACCOUNTS.trainee.email]);
  const code = CODE.exec(listed)?.[0];
  if (!code) throw new Error(`The demo trainee has no certificate:\n${listed}`);
  return code;
}

/** The code as someone might type it from paper: lower case, spaced, Arabic-Indic digits. */
function typedLoosely(code: string): string {
  return code
    .toLowerCase()
    .replaceAll('-', ' ')
    .replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
}

async function signedOut(language: Language, width: Width) {
  const visit = await suite.open({ language, width });
  return visit;
}

describe('Verifying a certificate', () => {
  it(`shows the demo trainee's certificate as valid, signed out ${named(AR_DESKTOP)}`, async () => {
    const { language, width } = AR_DESKTOP;
    const code = await demoCode();
    const visit = await signedOut(language, width);
    const { verifyCertificate, screen, t, problems } = visit;
    // The answer waits until the placeholder is measured: nothing moves when it arrives.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await visit.page.route('**/api/v1/certificates/**', async (route) => {
      await answered;
      await route.continue();
    });
    await verifyCertificate.open(code);
    const card = visit.page.getByRole('main').locator('section[aria-live]');
    await visit.page.getByRole('main').locator('[aria-busy="true"] section[aria-live]').waitFor();
    const placeholder = await card.boundingBox();
    answer();
    await verifyCertificate.answer('valid').waitFor();
    expect(await card.boundingBox()).toEqual(placeholder);
    expect(await screen.title()).toBe(t('Verify a certificate'));
    expect(await visit.page.title()).toContain(t('Verify a certificate'));
    expect(await verifyCertificate.detail('Awarded to')).toBe(DEMO_ACCOUNTS.trainee.full_name);
    expect(await verifyCertificate.detail('Course')).toBe(
      language === 'ar' ? RECORD_COURSES.completed.title_ar : RECORD_COURSES.completed.title,
    );
    expect(await verifyCertificate.detail('Trainer')).toBe(DEMO_ACCOUNTS.trainer.full_name);
    expect(await verifyCertificate.detail('Certificate code')).toBe(code);
    // The code reads left to right, isolated, also on an Arabic page; the course title and the two
    // dates are isolated too.
    const codeElement = visit.page.getByRole('main').locator('bdi', { hasText: code });
    expect(await codeElement.getAttribute('dir')).toBe('ltr');
    expect(await visit.page.getByRole('main').locator('dd bdi').count()).toBe(4);
    if (language === 'ar') expect(await verifyCertificate.detail('Training hours')).toMatch(/^[٠-٩٫]+$/);
    // No retry for an answer, and nothing of the holder but what the certificate states.
    expect(await screen.retryButton.count()).toBe(0);
    expect(await verifyCertificate.answerText()).not.toContain(DEMO_ACCOUNTS.trainee.email);
    await expectNoAxeViolations(visit.page);
    expect(problems).toEqual([]);
  });

  it(`opens the certificate of a code typed in Arabic-Indic digits and lower case ${named(AR_PHONE)}`, async () => {
    const { language, width } = AR_PHONE;
    const code = await demoCode();
    const visit = await signedOut(language, width);
    const { verifyCertificate, screen, problems } = visit;
    await verifyCertificate.open();
    await verifyCertificate.field('code').waitFor();
    await expectNoAxeViolations(visit.page);
    await verifyCertificate.fill({ code: typedLoosely(code) });
    await verifyCertificate.send();
    await verifyCertificate.answer('valid').waitFor();
    expect(screen.pathname()).toBe(paths.verifyCertificate(code));
    expect(await verifyCertificate.detail('Certificate code')).toBe(code);
    expect(problems).toEqual([]);
  });

  it(`refuses at the field a code that cannot be one, keeping it ${named(EN_PHONE)}`, async () => {
    const { language, width } = EN_PHONE;
    const visit = await signedOut(language, width);
    const { verifyCertificate, screen, t, problems } = visit;
    await verifyCertificate.open();
    await verifyCertificate.fill({ code: 'kfu-12' });
    await verifyCertificate.send();
    await expect.poll(() => verifyCertificate.field('code').getAttribute('aria-invalid')).toBe('true');
    expect(await verifyCertificate.fieldMessage()).toContain(
      t('A certificate code looks like KFU-7K3M-9QXT-2HVA-PD4R'),
    );
    expect(await verifyCertificate.value('code')).toBe('kfu-12');
    expect(screen.pathname()).toBe(paths.verifyCertificate());
    // The field has focus, so the message is heard.
    expect(await verifyCertificate.field('code').evaluate((field) => field === document.activeElement)).toBe(
      true,
    );
    await expectNoAxeViolations(visit.page);
    // Typing again clears the message.
    await verifyCertificate.fill({ code: 'kfu-123' });
    expect(await verifyCertificate.field('code').getAttribute('aria-invalid')).toBeNull();
    expect(problems).toEqual([]);
  });

  it(`says no certificate has an unknown code, with the form to try another ${named(EN_DESKTOP)}`, async () => {
    const { language, width } = EN_DESKTOP;
    const code = await demoCode();
    const visit = await signedOut(language, width);
    const { verifyCertificate, screen, problems } = visit;
    await verifyCertificate.open('KFU-0000-0000-0000-0000');
    await verifyCertificate.answer('unknown').waitFor();
    expect(await screen.retryButton.count()).toBe(0);
    expect(await verifyCertificate.value('code')).toBe('KFU-0000-0000-0000-0000');
    await expectNoAxeViolations(visit.page);
    await verifyCertificate.fill({ code });
    await verifyCertificate.send();
    await verifyCertificate.answer('valid').waitFor();
    expect(problems).toEqual([]);
  });

  it('offers Try again when the check fails, and then answers', async () => {
    const code = await demoCode();
    const visit = await signedOut('en', 'desktop');
    const { verifyCertificate, screen } = visit;
    let failing = true;
    await visit.page.route('**/api/v1/certificates/**', (route) =>
      failing ? route.fulfill({ status: 503, body: '' }) : route.continue(),
    );
    await verifyCertificate.open(code);
    await screen.retryButton.waitFor();
    await expectNoAxeViolations(visit.page);
    failing = false;
    await screen.retryButton.click();
    await verifyCertificate.answer('valid').waitFor();
  });

  it('works signed in too', async () => {
    const code = await demoCode();
    const visit = await signedOut('ar', 'phone');
    await signInWithTokens(suite.app, visit.context, DEMO_ACCOUNTS.trainee);
    await visit.verifyCertificate.open(code);
    await visit.verifyCertificate.answer('valid').waitFor();
    expect(visit.problems).toEqual([]);
  });

  // Last: it revokes the certificate the tests above find valid.
  it('shows a certificate revoked with the admin command as revoked, with the date and reason', async () => {
    const code = await demoCode();
    const revoked = await runAdmin(suite.app.env, ['revoke-certificate', code, '--reason', REVOKE_REASON]);
    expect(revoked).toContain(`Revoked certificate ${code}`);
    // The date the product writes: in Arabic, on a phone.
    const visit = await signedOut(AR_PHONE.language, AR_PHONE.width);
    const { verifyCertificate, t, problems } = visit;
    await verifyCertificate.open(code);
    await verifyCertificate.answer('revoked').waitFor();
    const said = await visit.page.getByRole('main').textContent();
    expect(said).toContain(t('Revoked on'));
    expect(said).toContain(REVOKE_REASON);
    expect(await verifyCertificate.answer('valid').count()).toBe(0);
    await expectNoAxeViolations(visit.page);
    expect(problems).toEqual([]);
  });
});
