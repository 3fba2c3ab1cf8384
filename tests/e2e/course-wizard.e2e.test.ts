import type { CourseRecord, CourseSaved } from '@contract/wire/authoring';
import type { UploadResponse } from '@contract/wire/learning';
import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { NOT_AN_IMAGE, pngOf } from '../fixtures/images';
import { CourseWizard } from './pages/course-wizard';
import { expectNoAxeViolations } from './support/browser';
import { decisionHeaders } from './support/identity';
import { accessToken, signInWithTokens } from './support/session';
import { AR_PHONE, EN_DESKTOP, named, type Setting } from './support/settings';
import { productSuite } from './support/suite';

const suite = productSuite();

const demoTrainer = { email: 'trainer@example.com', password: 'Trainer#2026' };
/** Another approved trainer of the seed, added as a facilitator. */
const otherTrainer = 'hessa.aldossary@example.com';

/** Digits as an Arabic keyboard types them. */
const arabicDigits = (digits: string) =>
  digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/** The demo trainer, signed in, on the wizard. */
async function onWizard({ language, width }: Setting, path: string) {
  const visit = await suite.open({ language, width });
  await signInWithTokens(suite.app, visit.context, demoTrainer);
  await visit.goto(path);
  const wizard = new CourseWizard(visit.tab);
  await expect.poll(() => wizard.stepList.count()).toBe(1);
  return { visit, wizard };
}

/** The course as the wizard reads it, with the trainer's token. */
async function courseOf(token: string, id: number): Promise<CourseRecord> {
  return suite.read<CourseRecord>(`/course/course-create/${id}/`, { token });
}

describe('course wizard', () => {
  it(`creates a course through every step, refused first, kept across a reload, sent as Pending ${named(AR_PHONE)}; every step passes axe`, async () => {
    const { visit, wizard } = await onWizard(AR_PHONE, paths.addNewCourse());
    const { t, page, screen, problems } = visit;
    const typed = arabicDigits;
    const title = `Spreadsheets for analysts ${Date.now()}`;
    expect(await screen.title()).toBe(t('Add New Course'));
    expect(await wizard.currentStep()).toContain(t('Basic info'));
    await expectNoAxeViolations(page);

    // An invalid step first: the messages in the page's language, next to the fields; what was typed stays.
    await wizard.fill({ 'Course title': title });
    await wizard.next();
    const titleAr = wizard.field('Arabic course title');
    await expect.poll(() => wizard.messageOf(titleAr)).toBe(t('Arabic course title is required'));
    expect(await wizard.invalid(titleAr)).toBe(true);
    expect(await wizard.messageOf(wizard.field('Category'))).toBe(t('Choose a category'));
    expect(await wizard.text()).toContain(t('Add a cover picture'));
    expect(await wizard.text()).toContain(t('Choose at least one language'));
    expect(await wizard.field('Course title').inputValue()).toBe(title);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')))
      .toBe('true');
    expect(await wizard.isOn('basics')).toBe(true);
    // Later steps open only through valid ones.
    expect(await wizard.stepButton('review').isDisabled()).toBe(true);
    await expectNoAxeViolations(page);

    await wizard.fill({
      'Arabic course title': 'جداول البيانات للمحللين',
      Subtitle: 'From rows to answers',
    });
    await wizard.choose('Category');
    await wizard.choose('Skill level', t('Intermediate'));
    await wizard.uploadCover('cover.png', pngOf(96), 'image/png');
    await expect.poll(() => screen.toast('File has been uploaded successfully').count()).toBe(1);
    await expect.poll(() => wizard.coverPreview.first().count()).toBe(1);
    await wizard.tick('Languages', 'Arabic');
    await wizard.tick('Captions', 'English');
    // The price in riyals, with Arabic-Indic digits and a decimal point.
    await wizard.field('Price (riyals)').fill(typed('0'));
    expect(await wizard.text()).toContain(t('Free'));
    await wizard.field('Price (riyals)').fill(`${typed('149')}.${typed('50')}`);
    await wizard.next();
    await expect.poll(() => wizard.isOn('about')).toBe(true);
    await expectNoAxeViolations(page);

    await wizard.fill({ Description: 'Clean, explore and chart data in spreadsheets.' });
    // Back keeps the values.
    await wizard.back();
    await expect.poll(() => wizard.isOn('basics')).toBe(true);
    expect(await wizard.field('Arabic course title').inputValue()).toBe('جداول البيانات للمحللين');
    await wizard.next();
    await expect.poll(() => wizard.isOn('about')).toBe(true);
    expect(await wizard.field('Description').inputValue()).toBe(
      'Clean, explore and chart data in spreadsheets.',
    );
    await wizard.next();

    await expect.poll(() => wizard.isOn('syllabus')).toBe(true);
    const one = { number: '١' };
    await wizard.field('Week {number} title', one).fill('Formulas');
    await wizard.field('Week {number} lectures', one).fill(typed('4'));
    await wizard.field('Week {number} quizzes', one).fill(typed('60'));
    await wizard.next();
    await expect
      .poll(() => wizard.messageOf(wizard.field('Week {number} quizzes', one)))
      .toBe(t('Enter a whole number from 0 to 50'));
    await wizard.field('Week {number} quizzes', one).fill(typed('1'));
    await expectNoAxeViolations(page);

    // A reload half-way: nothing typed is lost, the wizard opens where it was.
    await page.reload();
    await expect.poll(() => wizard.isOn('syllabus')).toBe(true);
    expect(await wizard.field('Week {number} lectures', one).inputValue()).toBe(typed('4'));
    expect(await wizard.field('Week {number} quizzes', one).inputValue()).toBe(typed('1'));
    await wizard.goTo('basics');
    expect(await wizard.field('Course title').inputValue()).toBe(title);
    expect(await wizard.field('Price (riyals)').inputValue()).toBe(`${typed('149')}.${typed('50')}`);
    await expect.poll(() => wizard.coverPreview.first().count()).toBe(1);
    await wizard.goTo('syllabus');
    await wizard.next();

    await expect.poll(() => wizard.isOn('surveys')).toBe(true);
    await wizard.choose('Pre-course evaluation');
    await expectNoAxeViolations(page);
    await wizard.next();

    await expect.poll(() => wizard.isOn('routine')).toBe(true);
    await wizard.fill({ 'Start date': '2027-02-07', 'End date': '2027-04-01' });
    await wizard.check('Sunday');
    const sunday = { dayName: t('Sunday') };
    await wizard.field('{dayName} start time', sunday).fill('18:00');
    await wizard.field('{dayName} end time', sunday).fill('17:00');
    await wizard.next();
    await expect
      .poll(() => wizard.messageOf(wizard.field('{dayName} end time', sunday)))
      .toBe(t('The class must end after it starts'));
    await wizard.field('{dayName} end time', sunday).fill('20:00');
    await expectNoAxeViolations(page);
    await wizard.next();

    await expect.poll(() => wizard.isOn('facilitators')).toBe(true);
    await wizard.addFacilitator('nobody.here@example.com');
    await expect.poll(() => wizard.text()).toContain(t('No approved trainer has this e-mail address'));
    await wizard.addFacilitator(demoTrainer.email);
    await expect
      .poll(() => wizard.text())
      .toContain(t('A facilitator must be an approved trainer other than you'));
    await wizard.addFacilitator(otherTrainer);
    await expect.poll(() => wizard.text()).toContain(otherTrainer);
    await expectNoAxeViolations(page);
    await wizard.next();

    await expect.poll(() => wizard.isOn('review')).toBe(true);
    const review = (await wizard.text()) ?? '';
    for (const shown of [title, 'Formulas', t('Intermediate'), t('Sunday')]) expect(review).toContain(shown);
    await expectNoAxeViolations(page);
    await wizard.submitButton('Submit').click();
    await expect
      .poll(() => screen.toast('Your course has been sent to the admin for approval').count())
      .toBe(1);
    await expect.poll(() => screen.pathname()).toMatch(/^\/manage-courses\/\d+$/);

    const id = Number(screen.pathname().split('/').pop());
    const course = await courseOf(await accessToken(visit.context), id);
    expect(course).toMatchObject({
      title,
      status: 'Pending',
      price_halalas: 14950,
      weeks: [{ syllabus_title: 'Formulas', lectures: 4, quizzes: 1, assignments: 0 }],
      routine: [{ day: 'Sunday' }],
    });
    expect(course.facilitators.map((found) => found.email)).toEqual([otherTrainer]);
    expect(course.surveys.pre).not.toBeNull();

    // The draft was dropped: a new course starts empty.
    await visit.goto(paths.addNewCourse());
    await expect.poll(() => wizard.isOn('basics')).toBe(true);
    expect(await wizard.field('Course title').inputValue()).toBe('');
    expect(problems).toEqual([]);
  });

  it(`edits a rejected course, shows the reason and sends it again for approval ${named(EN_DESKTOP)}`, async () => {
    const { visit, wizard } = await openRejected(EN_DESKTOP);
    const { t, page, screen } = visit;
    expect(await screen.title()).toBe(t('Edit course'));
    const text = (await wizard.text()) ?? '';
    expect(text).toContain(t('Status: {statusName}', { statusName: t('Rejected') }));
    expect(text).toContain('Give the course an Arabic description');
    // Every step of a saved course opens from the list.
    expect(await wizard.stepButton('review').isDisabled()).toBe(false);
    await expectNoAxeViolations(page);

    await wizard.goTo('about');
    await wizard.fill({ 'Arabic description': 'وصف الدورة بالعربية' });
    await wizard.goTo('review');
    await expect.poll(() => wizard.isOn('review')).toBe(true);
    await expectNoAxeViolations(page);
    await wizard.submitButton('Send again for approval').click();
    await expect.poll(() => screen.toast('Your course has been sent again for approval').count()).toBe(1);
    const id = Number(screen.pathname().split('/').pop());
    const course = await courseOf(await accessToken(visit.context), id);
    expect(course).toMatchObject({ status: 'Pending', description_ar: 'وصف الدورة بالعربية' });
  });

  it(`refuses a cover of another type before sending it, and says when the upload fails ${named(AR_PHONE)}`, async () => {
    const { visit, wizard } = await onWizard(AR_PHONE, paths.addNewCourse());
    const { t, screen } = visit;
    const input = visit.page.locator('input[type="file"]');
    await wizard.uploadCover('cover.gif', pngOf(32), 'image/gif');
    await expect
      .poll(() => wizard.messageOf(input))
      .toContain(t('The cover picture must be a PNG or JPEG image'));
    expect(await screen.toast('Error uploading file').count()).toBe(0);
    // A file named as a picture whose bytes are not one: the server refuses it.
    await wizard.uploadCover('cover.png', NOT_AN_IMAGE, 'image/png');
    await expect.poll(() => screen.toast('Error uploading file').count()).toBe(1);
    await expect
      .poll(() => visit.page.getByRole('button', { name: t('Try the upload again') }).count())
      .toBe(1);
    expect(await wizard.coverPreview.count()).toBe(0);
    await expectNoAxeViolations(visit.page);
  });

  it('offers an unsent edit again after a reload: keep it, or discard it for the saved course', async () => {
    const { visit, wizard } = await openRejected(EN_DESKTOP);
    const { page } = visit;
    await wizard.fill({ 'Course title': 'A title never sent' });
    await page.reload();
    const keep = page.getByRole('button', { name: visit.t('Keep my changes') });
    await expect.poll(() => keep.count()).toBe(1);
    await expectNoAxeViolations(page);
    await keep.click();
    await expect.poll(() => wizard.field('Course title').inputValue()).toBe('A title never sent');
    await page.reload();
    await page.getByRole('button', { name: visit.t('Discard them') }).click();
    await expect.poll(() => wizard.field('Course title').inputValue()).toBe('Statistics in practice');
    // Looking through the steps of the course as saved leaves nothing to offer.
    await wizard.goTo('review');
    await expect.poll(() => wizard.isOn('review')).toBe(true);
    await page.reload();
    await expect.poll(() => wizard.isOn('basics')).toBe(true);
    expect(await keep.count()).toBe(0);
  });
});

/** A course of the demo trainer, sent through the API and rejected by the admin, open in the wizard. */
async function openRejected(setting: Setting) {
  const login = await suite.call('/user/login/', {
    body: { username: demoTrainer.email, password: demoTrainer.password },
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pngOf(64))], { type: 'image/png' }), 'cover.png');
  const upload = await fetch(`${suite.app.url}/api/v1/upload/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const cover = (await upload.json()) as UploadResponse;
  const created = await suite.call('/course/course-create/', {
    token,
    body: {
      title: 'Statistics in practice',
      title_ar: 'الإحصاء في التطبيق',
      subtitle: '',
      subtitle_ar: '',
      description: 'Averages, spread and tests, with worked examples.',
      description_ar: '',
      category: 1,
      cover_image: cover.file,
      skill_level: 'Beginner',
      languages: ['English'],
      captions: [],
      female_only: false,
      price_halalas: 0,
      weeks: [{ syllabus_title: 'Averages', syllabus_title_ar: '', lectures: 2, quizzes: 1, assignments: 0 }],
      surveys: { pre: null, post: null },
      start_date: '2027-05-02',
      end_date: '2027-06-30',
      routine: [{ day: 'Monday', start_time: '17:00', end_time: '19:00' }],
      facilitators: [],
    },
  });
  expect(created.status).toBe(201);
  const { data } = (await created.json()) as CourseSaved;
  const rejected = await suite.call('/admin/reject-course/', {
    headers: await decisionHeaders(suite.app.env),
    body: { course_id: data.id, reason: 'Give the course an Arabic description' },
  });
  expect(rejected.ok).toBe(true);
  return onWizard(setting, paths.editCourse(data.id));
}
