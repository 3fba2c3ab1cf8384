import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/browser';
import { runAdmin } from './support/identity';
import { signInWithTokens } from './support/session';
import { productSuite } from './support/suite';

const suite = productSuite();
const STAFF = DEMO_ACCOUNTS.staff;
const CODE = /KFU(-[0-9A-Z]{4}){4}/;
const REASON = 'صدرت بالخطأ قبل تصحيح سجل الحضور';

/** The demo trainee's seeded certificate, as the administrator's command lists it. */
async function demoCode(): Promise<string> {
  const listed = await runAdmin(suite.app.env, ['certificates', DEMO_ACCOUNTS.trainee.email]);
  const code = CODE.exec(listed)?.[0];
  if (!code) throw new Error(`The demo trainee has no certificate:\n${listed}`);
  return code;
}

describe('certificates in the back office', () => {
  it('finds one by its code, revokes it with a reason, and the public check says revoked (ar, phone)', async () => {
    const code = await demoCode();
    const visit = await suite.open({ language: 'ar', width: 'phone', path: paths.home() });
    const { page, screen, t, problems, verifyCertificate } = visit;
    await signInWithTokens(suite.app, visit.context, STAFF);
    await page.goto(paths.staffCertificates());
    await expect.poll(() => screen.title()).toBe(t('Certificates'));
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);

    // Typed as on paper: lower case, spaced.
    await screen.main
      .getByRole('searchbox', { name: t("Certificate code, or the holder's name or e-mail") })
      .fill(code.toLowerCase().replaceAll('-', ' '));
    await screen.main.getByRole('button', { name: t('Search'), exact: true }).click();
    const rows = screen.main.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(code);
    expect(await rows.first().textContent()).toContain(t('Valid'));
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    await rows
      .first()
      .getByRole('button', { name: new RegExp(t('Revoke')) })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t('Revoke the certificate') }).click();
    await expect
      .poll(() =>
        dialog.getByRole('textbox', { name: t('Reason (the holder is told)') }).getAttribute('aria-invalid'),
      )
      .toBe('true');
    expect(await dialog.textContent()).toContain(t('Give the reason, at most 500 characters'));
    await expectNoAxeViolations(page);
    await dialog.getByRole('textbox', { name: t('Reason (the holder is told)') }).fill(REASON);
    await dialog.getByRole('button', { name: t('Revoke the certificate') }).click();
    await expect
      .poll(() => screen.toast('The certificate is revoked and its holder has been told').count())
      .toBe(1);
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => rows.first().textContent()).toContain(REASON);
    expect(await rows.first().textContent()).toContain(t('Revoked'));
    expect(await rows.first().getByRole('button').count()).toBe(0);

    await verifyCertificate.open(code);
    await verifyCertificate.answer('revoked').waitFor();
    expect(await verifyCertificate.answerText()).toContain(REASON);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });
});
