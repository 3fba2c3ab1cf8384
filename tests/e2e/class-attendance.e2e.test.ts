import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ATTENDANCE_STEP_SECONDS } from '@contract/domain/attendance';
import { addDays, weekdayOf } from '@contract/domain/sessions';
import { ATTENDANCE_MESSAGES } from '@contract/messages/attendance';
import { unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/i18n/dates';
import { pick } from '@/i18n/pick';
import { paths } from '@/routing/paths';
import { centreDate } from '../../server/centre-time';
import { approvedCourse, trainerToken, trainerVisit } from './support/authoring';
import { expectNoAxeViolations } from './support/browser';
import { approveTrainer, latestCode, newPerson, verifiedTrainee } from './support/identity';
import { enrol } from './support/learning';
import { signInWithTokens } from './support/session';
import { AR_PHONE, EN_DESKTOP, named } from './support/settings';
import { productSuite } from './support/suite';
import { numberText } from './support/text';

const suite = productSuite();

/**
 * A course of the demo trainer with a session today and one a week ago (on the centre's calendar),
 * and two new trainees enrolled in it.
 */
async function courseWithTrainees() {
  const today = centreDate(new Date());
  const token = await trainerToken(suite);
  const course = await approvedCourse(suite, token, {
    start_date: addDays(today, -7),
    end_date: addDays(today, 30),
    routine: [{ day: weekdayOf(today), start_time: '00:00', end_time: '23:59' }],
    price_halalas: 0,
  });
  const trainees = [];
  for (let index = 0; index < 2; index++) {
    const { person } = await verifiedTrainee(suite.app);
    const login = await suite.call('/user/login/', {
      body: { username: person.email, password: person.password },
    });
    const { access_token } = (await login.json()) as { access_token: string };
    await enrol(suite, access_token, { id: course.id, price_halalas: 0 });
    trainees.push({ ...person, token: access_token });
  }
  return { course, today, trainees, lastWeek: addDays(today, -7) };
}

describe('Manage Class Attendance', () => {
  it(`shows a code a trainee scans, counts live, marks by hand, goes full screen, exports and prints the sheet ${named(AR_PHONE)}`, async () => {
    const { language, width } = AR_PHONE;
    const { course, today, trainees, lastWeek } = await courseWithTrainees();
    const [first, second] = trainees as [(typeof trainees)[0], (typeof trainees)[0]];
    const title = pick(course, 'title', language);

    // The trainer chooses the course among theirs; the code and the count appear.
    const visit = await trainerVisit(suite, language, width);
    const { classAttendance, t, page } = visit;
    await classAttendance.open();
    await classAttendance.courseCard(title).click();
    await classAttendance.qrCode(title).waitFor();
    expect(await classAttendance.courseField.inputValue()).toBe(String(course.id));
    const count = (present: number) =>
      t('{present} of {enrolled} attended', {
        present: numberText(present, language),
        enrolled: numberText(2, language),
      });
    await expect.poll(() => classAttendance.count.textContent()).toBe(count(0));
    const address = await classAttendance.codeAddress(title);
    expect(address).toMatch(new RegExp(`${paths.makeAttendance(course.id)}\\?code=.+`));
    // The address is in the QR code only, never written on the page.
    expect(await page.locator('body').textContent()).not.toContain(address);
    expect(await classAttendance.row(first.email).textContent()).toContain(t('Not marked'));
    await expectNoAxeViolations(page);

    // A trainee in another browser opens the code's address: given; again: already given. The
    // trainer's count goes up live.
    const trainee = await suite.open({ language, width });
    await signInWithTokens(suite.app, trainee.context, first);
    const scanned = new URL(address);
    await trainee.goto(scanned.pathname + scanned.search);
    await trainee.makeAttendance.outcome(ATTENDANCE_MESSAGES.given).waitFor();
    await trainee.goto(scanned.pathname + scanned.search);
    await trainee.makeAttendance.outcome(ATTENDANCE_MESSAGES.already).waitFor();
    await expect.poll(() => classAttendance.count.textContent(), { timeout: 10_000 }).toBe(count(1));
    await expect.poll(() => classAttendance.pressed(first.email, 'Present')).toBe('true');
    expect(await classAttendance.row(first.email).textContent()).toContain(t('By QR code'));

    // Marked by hand: confirmed in place.
    await classAttendance.mark(second.email, 'Absent');
    await classAttendance.row(second.email).getByText(t('Attendance saved')).waitFor();
    expect(await classAttendance.pressed(second.email, 'Absent')).toBe('true');
    expect(await classAttendance.row(second.email).textContent()).toContain(t('By hand'));
    await classAttendance.mark(second.email, 'Present');
    await expect.poll(() => classAttendance.count.textContent()).toBe(count(2));
    await expectNoAxeViolations(page);

    // An earlier session day: its roster, marked by hand; today's count stays.
    await classAttendance.sessionDay.selectOption(lastWeek);
    await expect.poll(() => classAttendance.row(first.email).textContent()).toContain(t('Absent'));
    await classAttendance.mark(first.email, 'Present');
    await classAttendance.row(first.email).getByText(t('Attendance saved')).waitFor();
    expect(await classAttendance.count.textContent()).toBe(count(2));
    await classAttendance.sessionDay.selectOption(today);
    await classAttendance.row(first.email).waitFor();

    // Full screen for a projector: the code, the course and the count; Escape or the button leaves.
    await classAttendance.showFullScreen.click();
    await expect.poll(() => classAttendance.codePanel.getAttribute('data-projector')).toBe('on');
    expect(await classAttendance.codePanel.getByRole('heading', { name: title }).count()).toBe(1);
    expect(await classAttendance.codePanel.getByTestId('attendance-count').textContent()).toBe(count(2));
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => classAttendance.codePanel.getAttribute('data-projector')).toBe('off');
    await classAttendance.showFullScreen.click();
    await classAttendance.leaveFullScreen.click();
    await expect.poll(() => classAttendance.codePanel.getAttribute('data-projector')).toBe('off');
    expect(await page.evaluate(() => document.fullscreenElement === null)).toBe(true);

    // The Excel file: read back, right-to-left in Arabic, the header row frozen, dates as dates.
    const folder = mkdtempSync(join(tmpdir(), 'attendance-'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      classAttendance.exportSheet.click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(download.suggestedFilename()).toContain(today);
    const file = join(folder, 'sheet.xlsx');
    await download.saveAs(file);
    const rows = await readSheet(file);
    expect(rows[0]?.slice(0, 2)).toEqual([t('Trainee'), t('Email')]);
    expect(rows[0]?.slice(2, 4)).toEqual([new Date(`${lastWeek}T00:00:00Z`), new Date(`${today}T00:00:00Z`)]);
    const firstRow = rows.find((row) => row[1] === first.email);
    const secondRow = rows.find((row) => row[1] === second.email);
    expect(firstRow?.slice(2)).toEqual([t('Present'), t('Present'), 2, 2]);
    expect(rows[0]?.slice(4)).toEqual([t('Times present'), t('Sessions counted')]);
    expect(secondRow?.slice(2)).toEqual([t('Absent'), t('Present'), 1, 2]);
    const sheetXml = new TextDecoder().decode(unzipSync(readFileSync(file))['xl/worksheets/sheet1.xml']);
    expect(sheetXml.includes('rightToLeft="1"')).toBe(language === 'ar');
    expect(sheetXml).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/);
    await page.getByText(t('The Excel file has been downloaded.')).waitFor();

    // Print: only the sheet, in the page's language, with the course and the trainees.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await classAttendance.printSheet.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    const pdf = join(folder, 'sheet.pdf');
    writeFileSync(pdf, await page.pdf({ format: 'A4', landscape: true }));
    const printed = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(printed).toContain(t('Attendance sheet'));
    expect(printed).toContain(first.full_name);
    expect(printed).not.toContain(t('Show full screen'));
    // pdftotext does not read an Arabic title with digits back in order: the printed page shows it.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByText(title, { exact: true }).first().isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    expect(visit.problems).toEqual([]);
  });

  it('says when the trainer has no session today in a course, with its next date', async () => {
    const today = centreDate(new Date());
    const token = await trainerToken(suite);
    const tomorrow = addDays(today, 1);
    const course = await approvedCourse(suite, token, {
      start_date: addDays(today, -6),
      end_date: addDays(today, 20),
      routine: [{ day: weekdayOf(tomorrow), start_time: '10:00', end_time: '12:00' }],
    });
    // A date the product writes: in Arabic, on a phone.
    const { language, width } = AR_PHONE;
    const visit = await trainerVisit(suite, language, width);
    // The course's page leads here with the course chosen.
    await visit.goto(paths.manageCourseLectures(course.id));
    await visit.page.getByRole('link', { name: visit.t('Attendance'), exact: true }).click();
    await visit.page.waitForURL(`**${paths.manageClassAttendance()}?course=${course.id}`);
    const next = formatDate(tomorrow, language);
    await visit.page
      .getByRole('status')
      .filter({
        hasText: visit.t('This course has no session today. Its next session is on {0}.', { 0: next }),
      })
      .waitFor();
    expect(await visit.classAttendance.showFullScreen.count()).toBe(0);
    // The trainees are shown for the last session held (six days ago).
    await expect.poll(() => visit.classAttendance.sessionDay.inputValue()).toBe(addDays(today, -6));
    await expectNoAxeViolations(visit.page);
    // The list, before a course is chosen, says it too.
    await visit.classAttendance.open();
    const card = visit.classAttendance.courseCard(pick(course, 'title', language));
    await expect
      .poll(() => card.textContent())
      .toContain(visit.t('No session today. Next session: {0}', { 0: next }));
    await expectNoAxeViolations(visit.page);
  });

  it('says so when the trainer has no approved course yet', async () => {
    const person = newPerson('trainer');
    const form = new FormData();
    for (const [key, value] of Object.entries(person)) form.append(key, value);
    form.append('confirm_password', person.password);
    form.append('role', 'TRAINER');
    form.append(
      'cv',
      new Blob([readFileSync('tests/fixtures/cv.pdf')], { type: 'application/pdf' }),
      'cv.pdf',
    );
    expect(
      (await fetch(`${suite.app.url}/api/v1/user/registration/`, { method: 'POST', body: form })).ok,
    ).toBe(true);
    const verified = await suite.call('/user/otp-verify/', {
      body: { email_or_phone: person.email, otp_code: await latestCode(suite.app, person.email) },
    });
    expect(verified.ok).toBe(true);
    await approveTrainer(suite.app.env, person.email);
    const visit = await trainerVisit(suite, EN_DESKTOP.language, EN_DESKTOP.width, person);
    await visit.classAttendance.open();
    await visit.page
      .getByText(visit.t('You have no approved course yet. Attendance is taken in approved courses.'))
      .waitFor();
    expect(
      await visit.page
        .getByRole('main')
        .getByRole('link', { name: visit.t('Go to My courses') })
        .getAttribute('href'),
    ).toBe(paths.manageCourses());
    await expectNoAxeViolations(visit.page);
  });

  it('replaces the code before it expires, without a reload', async () => {
    const { course } = await courseWithTrainees();
    const visit = await trainerVisit(suite, 'en', 'desktop');
    await visit.classAttendance.open(course.id);
    const before = await visit.classAttendance.codeAddress(course.title);
    // The countdown runs down to the next code, which comes without a reload.
    await expect
      .poll(() => visit.classAttendance.codeAddress(course.title), {
        timeout: ATTENDANCE_STEP_SECONDS * 1000 + 5_000,
      })
      .not.toBe(before);
    expect(await visit.page.getByTestId('code-countdown').getAttribute('aria-hidden')).toBe('true');
  });
});
