import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@/i18n/languages';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { RECORD_COURSES } from '../../server/records/seed';
import { approvedCourse, trainerToken } from './support/authoring';
import { expectNoAxeViolations, type Width } from './support/browser';
import { runAdmin, verifiedTrainee } from './support/identity';
import { enrol } from './support/learning';
import { signInWithTokens } from './support/session';
import { AR_DESKTOP, AR_PHONE, EN_PHONE, named } from './support/settings';
import { productSuite } from './support/suite';
import { numberOf } from './support/text';

/**
 * The trainee's course history (spec sections 1, 2, 4 and 7): every course by status with a filter,
 * one course's figures, the certificate (issued by its first download) and the transcript, both
 * printed by the server as PDF.
 */
const suite = productSuite();

const CODE = /KFU(-[0-9A-Z]{4}){4}/;

/** A course of the demo trainer starting in ten days, free or priced. */
let upcoming: { id: number; title: string; title_ar: string };
let priced: { id: number; title: string; title_ar: string };

beforeAll(async () => {
  const trainer = await trainerToken(suite);
  upcoming = await approvedCourse(suite, trainer);
  priced = await approvedCourse(suite, trainer, { price_halalas: 50_000 });
}, 120_000);

async function demoTrainee(language: Language, width: Width) {
  const visit = await suite.open({ language, width });
  await signInWithTokens(suite.app, visit.context, DEMO_ACCOUNTS.trainee);
  return visit;
}

async function pdfOf(download: { path(): Promise<string> }): Promise<Buffer> {
  return readFile(await download.path());
}

describe('Course history (trainee)', () => {
  it(`lists the demo trainee's courses by status and filters them ${named(AR_PHONE)}`, async () => {
    const { language, width } = AR_PHONE;
    const { page, t, traineeHistory, problems } = await demoTrainee(language, width);
    await traineeHistory.open();
    const completedTitle =
      language === 'ar' ? RECORD_COURSES.completed.title_ar : RECORD_COURSES.completed.title;
    await traineeHistory.card(completedTitle).waitFor();
    for (const status of ['Pending', 'Approved', 'Completed', 'Deleted']) {
      expect(numberOf((await traineeHistory.filter(status).textContent()) ?? '')).toBeGreaterThan(0);
    }
    expect(numberOf((await traineeHistory.filter('Rejected').textContent()) ?? '')).toBe(0);
    await expectNoAxeViolations(page);

    await traineeHistory.show('Completed');
    expect(await traineeHistory.filter('Completed').getAttribute('aria-pressed')).toBe('true');
    expect(await traineeHistory.titles()).toEqual([completedTitle]);
    expect(await traineeHistory.card(completedTitle).textContent()).toContain(t('Completion rule met'));

    await traineeHistory.show('Pending');
    const pending = await traineeHistory.titles();
    expect(pending.length).toBeGreaterThan(0);
    expect(pending).not.toContain(completedTitle);

    await traineeHistory.show('Rejected');
    await page.getByText(t('No enrolment of yours was refused.')).waitFor();
    await expectNoAxeViolations(page);

    await traineeHistory.show('All');
    await traineeHistory.openCourse(completedTitle);
    await page.getByRole('heading', { name: completedTitle }).waitFor();
    await page.getByRole('heading', { name: t('Completion rule') }).waitFor();
    expect(await page.getByRole('main').textContent()).toContain(t('Met'));
    const rate = page.getByRole('link', { name: t('Rate this course') });
    expect(await rate.getAttribute('href')).toMatch(/#reviews$/);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });

  it(`downloads the certificate, then shows its code, and the transcript ${named(EN_PHONE)}`, async () => {
    const { language, width } = EN_PHONE;
    const { page, t, traineeHistory, traineeHistoryDetails, problems } = await demoTrainee(language, width);
    await traineeHistory.open();
    const completedTitle =
      language === 'ar' ? RECORD_COURSES.completed.title_ar : RECORD_COURSES.completed.title;
    await traineeHistory.openCourse(completedTitle);
    await traineeHistoryDetails.certificateButton().waitFor();
    const certificate = await traineeHistoryDetails.downloadCertificate();
    expect(certificate.suggestedFilename()).toMatch(/^certificate-KFU(-[0-9A-Z]{4}){4}\.pdf$/);
    expect((await pdfOf(certificate)).subarray(0, 4).toString()).toBe('%PDF');
    const code = CODE.exec(certificate.suggestedFilename())?.[0] ?? '';
    await traineeHistoryDetails.certificate().getByText(code).waitFor();
    expect(await page.getByRole('link', { name: t('Public verification page') }).getAttribute('href')).toBe(
      `/verify/${code}`,
    );
    await expectNoAxeViolations(page);

    await traineeHistory.open();
    const transcript = await traineeHistory.downloadTranscript();
    expect(transcript.suggestedFilename()).toMatch(/^transcript-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect((await pdfOf(transcript)).subarray(0, 4).toString()).toBe('%PDF');
    expect(problems).toEqual([]);
  });

  it(`shows a new trainee's courses, the empty statuses and why there is no transcript yet ${named(AR_DESKTOP)}`, async () => {
    const { language, width } = AR_DESKTOP;
    const { person } = await verifiedTrainee(suite.app);
    const login = await suite.call('/user/login/', {
      body: { username: person.email, password: person.password },
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    await enrol(suite, token, { id: upcoming.id, price_halalas: 0 });
    const cash = await suite.call('/payments/', {
      token,
      body: {
        course_id: priced.id,
        method: 'cash',
        idempotency_key: crypto.randomUUID(),
        terms_accepted: true,
      },
    });
    expect(cash.status).toBe(201);

    const visit = await suite.open({ language, width });
    await signInWithTokens(suite.app, visit.context, person);
    const { page, t, traineeHistory, problems } = visit;
    await traineeHistory.open();
    const title = (course: typeof upcoming) => (language === 'ar' ? course.title_ar : course.title);
    await traineeHistory.card(title(upcoming)).waitFor();
    expect(numberOf((await traineeHistory.filter('All').textContent()) ?? '')).toBe(2);
    expect(await traineeHistory.card(title(priced)).textContent()).toContain(
      t('Waiting for your cash payment at the centre'),
    );
    expect(await traineeHistory.transcriptButton().isDisabled()).toBe(true);
    await page
      .getByText(t('The transcript lists the courses that have ended. None of yours has ended yet.'))
      .waitFor();

    await traineeHistory.show('Approved');
    expect(await traineeHistory.titles()).toEqual([title(upcoming)]);
    await traineeHistory.show('Completed');
    await page.getByText(t('No course of yours has ended yet.'), { exact: true }).waitFor();
    await traineeHistory.show('Deleted');
    await page.getByText(t('You have not left any course.')).waitFor();
    await expectNoAxeViolations(page);

    await traineeHistory.show('All');
    await traineeHistory.openCourse(title(upcoming));
    await page.getByText(t('The certificate can be downloaded once the course has ended.')).waitFor();
    expect(await page.getByRole('link', { name: t('Rate this course') }).count()).toBe(0);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });

  // Last: it revokes the demo trainee's certificate, which the tests above download.
  it('a downloaded certificate checks out on the public page signed out, and once revoked shows revoked there and in the history', async () => {
    const trainee = await demoTrainee('en', 'desktop');
    await trainee.traineeHistory.open();
    await trainee.traineeHistory.openCourse(RECORD_COURSES.completed.title);
    const certificate = await trainee.traineeHistoryDetails.downloadCertificate();
    const code = CODE.exec(certificate.suggestedFilename())?.[0] ?? '';
    expect(code).toMatch(CODE);

    // Anyone, signed out, in Arabic on a phone: the code the certificate prints is valid.
    const visitor = await suite.open({ language: 'ar', width: 'phone' });
    await visitor.verifyCertificate.open(code);
    await visitor.verifyCertificate.answer('valid').waitFor();
    const stated = (await visitor.verifyCertificate.answerText()) ?? '';
    expect(stated).toContain(DEMO_ACCOUNTS.trainee.full_name);
    expect(stated).toContain(RECORD_COURSES.completed.title_ar);
    await expectNoAxeViolations(visitor.page);

    const reason = 'Issued against attendance that was later corrected';
    expect(await runAdmin(suite.app.env, ['revoke-certificate', code, '--reason', reason])).toContain(code);
    await visitor.page.reload();
    await visitor.verifyCertificate.answer('revoked').waitFor();
    expect(await visitor.verifyCertificate.answerText()).toContain(reason);
    await expectNoAxeViolations(visitor.page);

    // The holder's record says so too, and offers no download.
    await trainee.page.reload();
    await trainee.page.getByText(/This certificate was revoked on/).waitFor();
    expect(await trainee.traineeHistoryDetails.certificateButton().count()).toBe(0);
    await expectNoAxeViolations(trainee.page);
    expect([...trainee.problems, ...visitor.problems]).toEqual([]);
  });
});
