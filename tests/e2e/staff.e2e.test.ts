import { toArabicIndicDigits } from '@contract/domain/digits';
import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { newCourse, trainerToken } from './support/authoring';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/browser';
import { latestCode, verifiedTrainee } from './support/identity';
import { signInWithTokens } from './support/session';
import { productSuite } from './support/suite';

const suite = productSuite();
const STAFF = DEMO_ACCOUNTS.staff;

/** A trainer's application through the API: registered and its address confirmed. */
async function applyAsTrainer() {
  return (await verifiedTrainee(suite.app, 'TRAINER')).person;
}

describe('the staff sign-in', () => {
  it('asks for the mailed code after the password, typed in Arabic-Indic digits (ar, phone)', async () => {
    const { page, t, screen, sideMenu, signIn, otp, problems } = await suite.open({
      language: 'ar',
      width: 'phone',
      path: paths.home(),
    });
    await sideMenu.open();
    await sideMenu.logIn();
    await signIn.submit(STAFF);
    await expect.poll(() => otp.title()).toBe(t("Verify it's you"));
    await expect.poll(() => otp.text()).toContain('s•••@example.com');
    await expectNoAxeViolations(page);
    const code = await latestCode(suite.app, STAFF.email);
    const wrong = code === '1111111' ? '2222222' : '1111111';
    await otp.enter(toArabicIndicDigits(wrong));
    await otp.confirm();
    await expect
      .poll(() => page.getByRole('dialog').getByRole('alert').textContent())
      .toBe(t('Invalid OTP Code'));
    expect(await otp.code.inputValue()).toBe('');
    await otp.enter(toArabicIndicDigits(code));
    await otp.confirm();
    await expect.poll(() => screen.toast('Successfully signed in').count()).toBe(1);

    await page.goto(paths.staffApprovals());
    await expect.poll(() => screen.title()).toBe(t('Approvals'));
    await expectNoHorizontalScroll(page);
    expect(problems).toEqual([]);
  });
});

describe('the approvals queue', () => {
  it('shows a new application without a reload; approving it lets the trainer in and is in the audit log (en, desktop)', async () => {
    const visit = await suite.open({ language: 'en', width: 'desktop', path: paths.home() });
    const { page, screen, problems } = visit;
    await signInWithTokens(suite.app, visit.context, STAFF);
    await page.goto(`${paths.staffApprovals()}?kind=trainer`);
    await expect.poll(() => screen.title()).toBe('Approvals');
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);

    const applicant = await applyAsTrainer();
    const card = screen.main.getByRole('listitem').filter({ hasText: applicant.email });
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    await card.getByRole('button', { name: /Review/ }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain(applicant.govt_id_or_iqama_no);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => screen.toast('The trainer is approved and has been told').count()).toBe(1);
    await expect.poll(() => card.count()).toBe(0);

    const login = await suite.call('/user/login/', {
      body: { username: applicant.email, password: applicant.password },
    });
    expect(login.status).toBe(200);

    await page.goto(paths.staffAudit());
    await expect.poll(() => screen.title()).toBe('Audit log');
    const entry = screen.main.getByRole('listitem').filter({ hasText: applicant.email });
    await expect.poll(() => entry.textContent()).toContain('Trainer approved');
    expect(await entry.textContent()).toContain(STAFF.full_name);
    expect(problems).toEqual([]);
  });

  it('asks the reason of a rejection and keeps what was typed; the decision is exported (ar, desktop)', async () => {
    const visit = await suite.open({ language: 'ar', width: 'desktop', path: paths.home() });
    const { page, t, screen, problems } = visit;
    await signInWithTokens(suite.app, visit.context, STAFF);
    const applicant = await applyAsTrainer();
    await page.goto(`${paths.staffApprovals()}?kind=trainer`);
    const card = screen.main.getByRole('listitem').filter({ hasText: applicant.email });
    await card.getByRole('button', { name: new RegExp(t('Review')) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t('Reject'), exact: true }).click();
    await dialog.getByRole('button', { name: t('Send the rejection') }).click();
    const reason = dialog.getByRole('textbox', { name: t('Reason (the person is told)') });
    await expect.poll(() => dialog.textContent()).toContain(t('Give the reason, at most 500 characters'));
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('reason');
    await reason.fill('لا توجد خبرة تدريسية كافية');
    await dialog.getByRole('button', { name: t('Send the rejection') }).click();
    await expect
      .poll(() => screen.toast('The application is rejected and the applicant has been told').count())
      .toBe(1);

    const login = await suite.call('/user/login/', {
      body: { username: applicant.email, password: applicant.password },
    });
    expect(login.status).toBe(403);

    await page.goto(paths.staffAudit());
    const entry = screen.main.getByRole('listitem').filter({ hasText: applicant.email });
    await expect.poll(() => entry.textContent()).toContain('لا توجد خبرة تدريسية كافية');
    const download = page.waitForEvent('download');
    await screen.main.getByRole('button', { name: t('Export as Excel') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(problems).toEqual([]);
  });

  it('shows a new course as trainees will see it: a free price as Free, its level and languages in Arabic (ar, phone)', async () => {
    const visit = await suite.open({ language: 'ar', width: 'phone', path: paths.home() });
    const { page, t, screen, problems } = visit;
    await signInWithTokens(suite.app, visit.context, STAFF);
    const course = await newCourse(suite, await trainerToken(suite), { price_halalas: 0 });
    await page.goto(`${paths.staffApprovals()}?kind=course`);
    const card = screen.main.getByRole('listitem').filter({ hasText: course.title_ar });
    await expect.poll(() => card.textContent()).toContain(`${t('Price')}: ${t('Free')}`);
    await card.getByRole('button', { name: new RegExp(t('Review')) }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain(course.title_ar);
    const facts = (await dialog.textContent()) ?? '';
    for (const term of ['Free', 'Beginner', 'Arabic', 'English']) expect(facts).toContain(t(term));
    expect(facts).not.toMatch(/Beginner|English|0[.,]00|٠٫٠٠/);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    expect(problems).toEqual([]);
  });

  it('keeps trainees out of the staff screens and calls', async () => {
    const visit = await suite.open({ language: 'en', width: 'desktop', path: paths.home() });
    await signInWithTokens(suite.app, visit.context, DEMO_ACCOUNTS.trainee);
    await visit.page.goto(paths.staffApprovals());
    await expect.poll(() => visit.screen.title()).toBe("This page is for the centre's staff");
    const staffChunks: string[] = [];
    visit.page.on('request', (request) => {
      if (/ApprovalsPage|AuditPage|staff/i.test(request.url())) staffChunks.push(request.url());
    });
    await visit.page.goto(paths.enrolledCourses());
    await expect.poll(() => visit.screen.title()).toBe('Enrolled Courses');
    expect(staffChunks).toEqual([]);
  });
});
