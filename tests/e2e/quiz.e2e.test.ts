import type { Attempt, AttemptReview, LectureDetails } from '@contract/wire/learning';
import { describe, expect, it } from 'vitest';
import type { Language } from '@/i18n/languages';
import { LEARNING_COURSES, LEARNING_LECTURES } from '../../server/seed-learning';
import { QuizLecture } from './pages/quiz';
import { expectNoAxeViolations, type Width } from './support/browser';
import { runAdmin } from './support/identity';
import { newLearner } from './support/learning';
import { signInWithTokens } from './support/session';
import { productSuite } from './support/suite';
import { numberText } from './support/text';

const suite = productSuite();

/**
 * A new trainee, signed in in a new tab and enrolled in the seeded course, with the id of one of
 * its quizzes.
 */
async function trainee(language: Language, width: Width, courseTitle: string, quizTitle: string) {
  const { visit, course, token, person, lectures } = await newLearner(suite, language, width, courseTitle);
  const lecture = lectures.weeks.flatMap((week) => week.lectures).find((item) => item.title === quizTitle);
  if (!lecture) throw new Error(`the course has no quiz “${quizTitle}”`);
  const quiz = new QuizLecture(visit.tab);
  return { visit, quiz, token, person, courseId: course.id, lectureId: lecture.id };
}

/** The lecture's quiz as the API gives it to the trainee. */
async function quizInfo(token: string, lectureId: number) {
  const details = await suite.read<LectureDetails>(
    `/course/individual-course-lecture-details/${lectureId}/`,
    {
      token,
    },
  );
  if (!details.quiz) throw new Error(`lecture ${lectureId} is not a quiz`);
  return details.quiz;
}

async function readAttempt(token: string, attemptId: string): Promise<Attempt> {
  return suite.read<Attempt>(`/learning/attempts/${attemptId}/`, { token });
}

describe('taking a quiz', () => {
  // Each language and each width once: the screen itself is checked in all four by the matrix.
  for (const { language, width } of [
    { language: 'en', width: 'desktop' },
    { language: 'ar', width: 'phone' },
  ] as const) {
    it(`keeps every answer through a reload and a dropped network, and submits once on a double click (${language}, ${width})`, async () => {
      const { visit, quiz, token, courseId, lectureId } = await trainee(
        language,
        width,
        LEARNING_COURSES.cloud.title,
        LEARNING_LECTURES.cloudQuizModels.title,
      );
      const { page, context, problems } = visit;
      const info = await quizInfo(token, lectureId);
      await quiz.open(courseId, lectureId);
      await quiz.openDetails();
      await expectNoAxeViolations(page);
      await expect
        .poll(() => quiz.fact('Attempts'))
        .toBe(
          visit.t('{used} of {allowed} used', {
            used: numberText(0, language),
            allowed: numberText(info.attempts_allowed, language),
          }),
        );
      await quiz.start();
      await expect.poll(() => quiz.timer.count()).toBe(1);
      // The countdown in the page's digits (mm:ss), Arabic-Indic in Arabic.
      expect(await quiz.timer.textContent()).toMatch(
        language === 'ar' ? /^[٠-٩]{2}:[٠-٩]{2}$/ : /^\d{2}:\d{2}$/,
      );

      // Two answers (the second flagged), saved as they are given.
      expect(info.question_count).toBeGreaterThanOrEqual(3);
      await quiz.chooseOption(0);
      await quiz.next();
      await quiz.chooseOption(1);
      await quiz.flag();
      await expect.poll(() => quiz.saveStatus()).toBe(quiz.savedText());
      await expectNoAxeViolations(page);
      const attemptId = (await quizInfo(token, lectureId)).attempts[0]?.id ?? '';
      await expect.poll(async () => (await readAttempt(token, attemptId)).answers.length).toBe(2);

      // Reloaded half-way: the same attempt, nothing lost, the flag kept.
      await page.reload();
      await quiz.question.waitFor();
      await expect
        .poll(() => quiz.panelLabels().then((labels) => labels.slice(0, 3)))
        .toEqual([
          quiz.panelLabel(1, ['answered']),
          quiz.panelLabel(2, ['answered', 'flagged']),
          quiz.panelLabel(3, ['not answered']),
        ]);
      expect((await quizInfo(token, lectureId)).attempts).toHaveLength(1);

      // Offline: the answer is shown unsaved, kept on the device, and saved once back online.
      await context.setOffline(true);
      await quiz.panel.getByRole('button').nth(2).click();
      await quiz.chooseOption(0);
      await expect.poll(() => quiz.saveStatus()).toBe(quiz.offlineText(1));
      await expect
        .poll(() => quiz.panelLabels().then((labels) => labels[2]))
        .toBe(quiz.panelLabel(3, ['answered', 'not saved yet']));
      await expectNoAxeViolations(page);
      await context.setOffline(false);
      await expect.poll(() => quiz.saveStatus(), { timeout: 15_000 }).toBe(quiz.savedText());
      await expect.poll(async () => (await readAttempt(token, attemptId)).answers.length).toBe(3);

      // A double click on Submit makes one submission.
      const submits: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes('/submit/')) submits.push(request.url());
      });
      await quiz.submit();
      await expect
        .poll(() => quiz.dialog.getByText(quiz.unansweredText(info.question_count - 3)).count())
        .toBe(info.question_count > 3 ? 1 : 0);
      await expectNoAxeViolations(page);
      await quiz.confirmButton.dblclick();
      await quiz.closePopup();
      await quiz.reviewOf(1).waitFor();
      expect(submits).toHaveLength(1);
      const after = await quizInfo(token, lectureId);
      expect(after.attempts.map((attempt) => attempt.state)).toEqual(['submitted']);
      const review = await suite.read<AttemptReview>(`/learning/attempts/${attemptId}/review/`, { token });
      expect(review.submitted_by).toBe('trainee');
      await expect.poll(() => quiz.reviewOf(1).getByText(quiz.scoreText(review.score)).count()).toBe(1);
      await expect
        .poll(() =>
          quiz.reviewOf(1).getByText(quiz.correctText(review.correct_count, review.question_count)).count(),
        )
        .toBe(1);
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
    });
  }

  it('submits on the server when the time runs out with the browser closed, and says so in the review (ar, phone)', async () => {
    const { visit, quiz, token, person, courseId, lectureId } = await trainee(
      'ar',
      'phone',
      LEARNING_COURSES.bls.title,
      LEARNING_LECTURES.blsQuiz.title,
    );
    const original = (await quizInfo(token, lectureId)).time_limit_seconds;
    await runAdmin(suite.app.env, ['set-quiz-time-limit', String(lectureId), '15']);
    try {
      await quiz.open(courseId, lectureId);
      await quiz.openDetails();
      await quiz.start();
      await quiz.chooseOption(0);
      await expect.poll(() => quiz.saveStatus()).toBe(quiz.savedText());
      await visit.context.close();

      // No browser is open: the server's sweep submits the attempt when its time runs out.
      await expect
        .poll(async () => (await quizInfo(token, lectureId)).attempts.map((attempt) => attempt.state), {
          timeout: 40_000,
          interval: 1000,
        })
        .toEqual(['submitted']);

      const again = await suite.open({ language: 'ar', width: 'phone' });
      await signInWithTokens(suite.app, again.context, person);
      const reopened = new QuizLecture(again.tab);
      await reopened.open(courseId, lectureId);
      await reopened.openDetails();
      await expectNoAxeViolations(again.page);
      await reopened.openReview(1);
      await expect
        .poll(() => again.page.getByText(again.t('Submitted automatically when the time ran out')).count())
        .toBe(1);
      await expectNoAxeViolations(again.page);
      expect(again.problems).toEqual([]);
    } finally {
      await runAdmin(suite.app.env, [
        'set-quiz-time-limit',
        String(lectureId),
        original === null ? 'none' : String(original),
      ]);
    }
  }, 120_000);

  it('continues an attempt in progress with one press, at the first unanswered question (en, desktop)', async () => {
    const { visit, quiz, token, courseId, lectureId } = await trainee(
      'en',
      'desktop',
      LEARNING_COURSES.cloud.title,
      LEARNING_LECTURES.cloudQuizModels.title,
    );
    // Started elsewhere (another device), its first question answered there.
    const started = await suite.call(`/learning/lectures/${lectureId}/attempts/`, { token, body: {} });
    expect(started.status).toBe(201);
    const attempt = (await started.json()) as Attempt;
    const [first] = attempt.questions;
    if (!first?.options[0]) throw new Error('the quiz has no first question');
    const saved = await suite.call(`/learning/attempts/${attempt.id}/answers/${first.id}/`, {
      token,
      method: 'PUT',
      body: { choice: [first.options[0].id], version: 1 },
    });
    expect(saved.ok).toBe(true);

    await quiz.open(courseId, lectureId);
    await quiz.continueButton.click();
    await quiz.question.waitFor();
    expect(await quiz.dialog.count()).toBe(0);
    expect(await quiz.question.locator('legend').textContent()).toContain(
      quiz.questionNumberText(2, attempt.questions.length),
    );
    await expect
      .poll(() => quiz.panelLabels().then((labels) => labels.slice(0, 2)))
      .toEqual([quiz.panelLabel(1, ['answered']), quiz.panelLabel(2, ['not answered'])]);
    // The same attempt, not a new one.
    expect((await quizInfo(token, lectureId)).attempts.map((item) => item.id)).toEqual([attempt.id]);
    await expectNoAxeViolations(visit.page);
    expect(visit.problems).toEqual([]);
  });

  it('offers no new attempt once every attempt allowed is used (en, desktop)', async () => {
    const { visit, quiz, token, courseId, lectureId } = await trainee(
      'en',
      'desktop',
      LEARNING_COURSES.ml.title,
      LEARNING_LECTURES.mlQuiz.title,
    );
    const info = await quizInfo(token, lectureId);
    for (let used = 0; used < info.attempts_allowed; used++) {
      const started = await suite.call(`/learning/lectures/${lectureId}/attempts/`, { token, body: {} });
      expect(started.ok).toBe(true);
      const { id } = (await started.json()) as Attempt;
      const submitted = await suite.call(`/learning/attempts/${id}/submit/`, {
        token,
        body: { key: crypto.randomUUID() },
      });
      expect(submitted.status).toBe(200);
    }
    await quiz.open(courseId, lectureId);
    await quiz.openDetails();
    await expect
      .poll(() => quiz.dialog.getByText(visit.t('You have used every attempt allowed for this quiz')).count())
      .toBe(1);
    expect(await quiz.startButton.count()).toBe(0);
    await expectNoAxeViolations(visit.page);
    // The server refuses another start too.
    const refused = await suite.call(`/learning/lectures/${lectureId}/attempts/`, { token, body: {} });
    expect(refused.status).toBe(409);
    expect(visit.problems).toEqual([]);
  });
});
