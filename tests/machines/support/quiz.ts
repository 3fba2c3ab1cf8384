import type { Attempt, AttemptReview, SavedAnswerResponse } from '@contract/wire/learning';
import type { LoadedAttempt, LocalAttempt } from '../../../machines/quizAttempt.machine.ts';

/** Attempts, saves and reviews shaped like the quiz calls' answers. */

export const ATTEMPT_ID = '7b0e4c1e-2f4a-4d55-9a51-2f6c0c9d1e01';
/** The server's clock when the attempt was read: 10:00:00. */
export const SERVER_NOW = Date.parse('2026-11-23T10:00:00.000Z');

export const attempt: Attempt = {
  id: ATTEMPT_ID,
  lecture_id: 41,
  course_id: 3,
  number: 1,
  state: 'in_progress',
  started_at: '2026-11-23T09:58:00.000Z',
  deadline: '2026-11-23T10:10:00.000Z',
  server_now: new Date(SERVER_NOW).toISOString(),
  questions: [
    {
      id: 101,
      kind: 'single',
      text: 'Which language is written right to left?',
      text_ar: 'أي لغة تُكتب من اليمين إلى اليسار؟',
      options: [
        { id: 1, text: 'Arabic', text_ar: 'العربية' },
        { id: 2, text: 'English', text_ar: 'الإنجليزية' },
      ],
    },
    {
      id: 102,
      kind: 'multiple',
      text: 'Which are prime?',
      text_ar: 'أيها أعداد أولية؟',
      options: [
        { id: 3, text: '2', text_ar: '٢' },
        { id: 4, text: '4', text_ar: '٤' },
        { id: 5, text: '5', text_ar: '٥' },
      ],
    },
    {
      id: 103,
      kind: 'true_false',
      text: 'The earth is round.',
      text_ar: 'الأرض كروية.',
      options: [
        { id: 6, text: 'True', text_ar: 'صح' },
        { id: 7, text: 'False', text_ar: 'خطأ' },
      ],
    },
  ],
  answers: [],
};

export const emptyLocal: LocalAttempt = { answers: [], flags: [], submitKey: null };

/** The device clock runs 3 s behind the server's; the round trip took 200 ms. */
export function loaded(over: Partial<Attempt> = {}, local: LocalAttempt = emptyLocal): LoadedAttempt {
  const device = SERVER_NOW - 3000;
  return { attempt: { ...attempt, ...over }, sentAt: device - 100, receivedAt: device + 100, local };
}

export const loadedTimed = loaded();
export const loadedUntimed = loaded({ deadline: null });
export const loadedSubmitted = loaded({ state: 'submitted' });
/** Its deadline passed before the answer came. */
export const loadedOverdue = loaded({ deadline: '2026-11-23T09:59:59.000Z' });

export function savedResponse(questionId: number, version: number): SavedAnswerResponse {
  return { question_id: questionId, version, saved_at: '2026-11-23T10:00:05.000Z' };
}

export const review: AttemptReview = {
  id: ATTEMPT_ID,
  lecture_id: 41,
  course_id: 3,
  number: 1,
  score: 3.33,
  correct_count: 1,
  question_count: 3,
  submitted_at: '2026-11-23T10:04:00.000Z',
  submitted_by: 'trainee',
  questions: attempt.questions.map((question, index) => ({
    ...question,
    choice: index === 0 ? [1] : [],
    correct: index === 0 ? [1] : index === 1 ? [3, 5] : [6],
    is_correct: index === 0,
  })),
};

export const timeoutReview: AttemptReview = { ...review, submitted_by: 'timeout' };

/** The device's time when the server's clock reads `iso` (the clock runs 3 s behind). */
export function deviceTimeAt(iso: string): number {
  return Date.parse(iso) - 3000;
}
