import type { LoginResponse } from '@contract/wire/identity';
import type { ReviewPage } from '@contract/wire/reviews';
import { describe, expect, it } from 'vitest';
import type { Language } from '@/i18n/languages';
import { formattingLocale } from '@/i18n/numbers';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { RECORD_COURSES } from '../../server/records/seed';
import { LEARNING_COURSES } from '../../server/seed-learning';
import { expectNoAxeViolations, type Width } from './support/browser';
import { verifiedTrainee } from './support/identity';
import { enrol, seededCourse } from './support/learning';
import { accessToken, signInWithTokens } from './support/session';
import { AR_DESKTOP, AR_PHONE, named } from './support/settings';
import { productSuite } from './support/suite';
import { numberText, text } from './support/text';

const suite = productSuite();

/** Project Management Essentials: ended, five classmates' reviews, none by the demo trainee. */
function endedCourse() {
  return seededCourse(suite, RECORD_COURSES.completed.title);
}

async function demoToken(): Promise<string> {
  const answer = await suite.call('/user/login/', {
    body: { username: DEMO_ACCOUNTS.trainee.email, password: DEMO_ACCOUNTS.trainee.password },
  });
  return ((await answer.json()) as LoginResponse).access_token;
}

/** The demo trainee's review, written (or replaced) through the API. */
async function demoReview(courseId: number, rating: number, review: string): Promise<void> {
  const answer = await suite.call('/course/rating/', {
    token: await demoToken(),
    body: { course_id: courseId, rating, review },
  });
  expect([200, 201]).toContain(answer.status);
}

/** "4.2 out of 5" as the page in `language` writes the average. */
function averageText(average: number, language: Language): string {
  const figure = new Intl.NumberFormat(formattingLocale(language), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(average);
  return text('{average} out of 5', language, { average: figure });
}

async function demoVisit(language: Language, width: Width) {
  const visit = await suite.open({ language, width });
  await signInWithTokens(suite.app, visit.context, DEMO_ACCOUNTS.trainee);
  return visit;
}

describe('Reviews: the demo trainee reviews a course that has ended', () => {
  // First in the file: the demo trainee has not reviewed the course yet (the seed leaves it to her).
  it('writes a review after being told what is wrong, sees it first, then edits it (en, desktop)', async () => {
    const course = await endedCourse();
    const before = await suite.read<ReviewPage>(`/course/${course.id}/reviews/`);
    expect(before.results.some((review) => review.reviewer === 'Sara A.')).toBe(false);
    const visit = await demoVisit('en', 'desktop');
    const { courseReviews: reviews, screen, page } = visit;
    await reviews.open(course.id);
    await reviews.writeButton.click();

    // No rating and too short a text: both fields say so, and what was typed stays.
    await reviews.textField.fill('Too short');
    await reviews.save();
    await expect.poll(() => reviews.sentence('Choose a rating from 1 to 5 stars').isVisible()).toBe(true);
    expect(await reviews.sentence('Your review must be at least 10 characters').isVisible()).toBe(true);
    expect(await reviews.textField.inputValue()).toBe('Too short');
    expect(await reviews.textField.getAttribute('aria-invalid')).toBe('true');
    expect(await reviews.ratingGroup.getAttribute('aria-invalid')).toBe('true');

    // The stars are a radio group the keyboard moves through.
    await reviews.choose(3);
    await page.keyboard.press('ArrowRight');
    expect(await reviews.star(4).isChecked()).toBe(true);
    const written = 'Well structured, with templates I use at work every week.';
    await reviews.textField.fill(written);
    await reviews.save();
    await screen.toast('Thank you for your review').waitFor();
    await expect.poll(() => reviews.texts().then((texts) => texts[0])).toBe(written);
    const after = await suite.read<ReviewPage>(`/course/${course.id}/reviews/`);
    expect(after.summary.count).toBe(before.summary.count + 1);
    expect(await reviews.summaryText()).toContain(averageText(after.summary.average ?? 0, 'en'));
    expect(await reviews.summaryText()).toContain(`${after.summary.count} reviews`);

    // Editing starts from what she wrote; the list shows the edit first, marked as edited.
    await reviews.editButton.click();
    expect(await reviews.textField.inputValue()).toBe(written);
    expect(await reviews.star(4).isChecked()).toBe(true);
    await reviews.choose(2);
    const edited = 'On a second look, the pace was too fast for me.';
    await reviews.textField.fill(edited);
    await reviews.save();
    await screen.toast('Your review has been updated').waitFor();
    await expect.poll(() => reviews.texts().then((texts) => texts[0])).toBe(edited);
    expect(await reviews.items.first().textContent()).toContain(text('edited', 'en'));
    const edits = await suite.read<ReviewPage>(`/course/${course.id}/reviews/`);
    expect(edits.summary.count).toBe(after.summary.count);
    expect(edits.summary.distribution['2']).toBe(after.summary.distribution['2'] + 1);
    await expectNoAxeViolations(page);
  });

  it('edits her review in Arabic on a phone, told in Arabic what is wrong (ar, phone)', async () => {
    const course = await endedCourse();
    await demoReview(course.id, 4, 'A clear course with useful examples.');
    const visit = await demoVisit('ar', 'phone');
    const { courseReviews: reviews, screen, page, t } = visit;
    await reviews.open(course.id);
    await reviews.editButton.click();
    await reviews.textField.fill('قصير جداً');
    await reviews.save();
    await expect
      .poll(() => reviews.sentence('Your review must be at least 10 characters').isVisible())
      .toBe(true);
    expect(await reviews.textField.inputValue()).toBe('قصير جداً');
    const review = 'دورة واضحة ومفيدة، وأنصح بها زملائي في العمل.';
    await reviews.choose(5);
    await reviews.textField.fill(review);
    await reviews.save();
    await screen.toast('Your review has been updated').waitFor();
    await expect.poll(() => reviews.texts().then((texts) => texts[0])).toBe(review);
    expect(await reviews.items.first().textContent()).toContain(t('edited'));
    await expectNoAxeViolations(page);
  });
});

describe('Reviews: what a visitor sees', () => {
  it(`shows the summary and the reviews, newest first, a page at a time ${named(AR_PHONE)}`, async () => {
    const { language, width } = AR_PHONE;
    const course = await endedCourse();
    // Six reviews: the classmates' five and the demo trainee's.
    await demoReview(course.id, 5, 'Clear lessons and useful templates.');
    const first = await suite.read<ReviewPage>(`/course/${course.id}/reviews/`);
    const second = await suite.read<ReviewPage>(`/course/${course.id}/reviews/?page=2`);
    expect(first.count).toBeGreaterThan(5);
    const visit = await suite.open({ language, width });
    const { courseReviews: reviews, page } = visit;
    await reviews.open(course.id);
    await reviews.items.first().waitFor();
    expect(await reviews.summaryText()).toContain(averageText(first.summary.average ?? 0, language));
    expect(await reviews.summaryText()).toContain(
      text('{0, plural, one {# review} other {# reviews}}', language, { 0: first.count }),
    );
    // The distribution as text: "5 stars" and its count, for each rating.
    const distribution = await reviews.distribution();
    expect(distribution).toHaveLength(5);
    expect(distribution[0]).toContain(
      text('{rating, plural, one {# star} other {# stars}}', language, { rating: 5 }),
    );
    expect(distribution[0]).toContain(numberText(first.summary.distribution['5'], language));
    // Signed out: nothing but the reviews.
    expect(await reviews.writeButton.count()).toBe(0);

    expect(await reviews.texts()).toEqual(first.results.map((review) => review.review));
    await expectNoAxeViolations(page);
    await reviews.showMore.click();
    await expect.poll(() => reviews.items.count()).toBe(first.results.length + second.results.length);
    expect(await reviews.texts()).toEqual(
      [...first.results, ...second.results].map((review) => review.review),
    );
    expect(await reviews.showMore.count()).toBe(0);
  });

  it('shows a review holding HTML as text (en, phone)', async () => {
    const course = await endedCourse();
    const hostile = '<img src=x onerror=alert(1)> <b>bold</b> & done';
    await demoReview(course.id, 1, hostile);
    const visit = await suite.open({ language: 'en', width: 'phone' });
    const { courseReviews: reviews, page } = visit;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await reviews.open(course.id);
    await expect.poll(() => reviews.texts().then((texts) => texts[0])).toBe(hostile);
    expect(await reviews.section.locator('img, b').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });
});

describe('Reviews: a trainee of a course that has not ended', () => {
  it(`sees why they cannot review it yet, instead of the form ${named(AR_DESKTOP)}`, async () => {
    const { language, width } = AR_DESKTOP;
    const course = await seededCourse(suite, LEARNING_COURSES.cloud.title);
    const { person } = await verifiedTrainee(suite.app);
    const visit = await suite.open({ language, width });
    await signInWithTokens(suite.app, visit.context, person);
    await enrol(suite, await accessToken(visit.context), course);
    const { courseReviews: reviews, page } = visit;
    await reviews.open(course.id);
    await reviews.sentence('You can review a course once it has ended').waitFor();
    expect(await reviews.writeButton.count()).toBe(0);
    expect(await reviews.ratingGroup.count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});
