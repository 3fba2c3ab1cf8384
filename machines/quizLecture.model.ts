import type { QuizInfo } from '@contract/wire/learning';

/**
 * What the trainee can do with a quiz now: continue the attempt in progress, start a new one, or
 * neither, because the quiz closed or every attempt allowed is used.
 */
export type QuizStart = 'start' | 'continue' | 'closed' | 'used';

/** The attempt in progress (Continue resumes it, never starting another), or null. */
export function attemptInProgress(quiz: QuizInfo): string | null {
  return quiz.attempts.find((attempt) => attempt.state === 'in_progress')?.id ?? null;
}

/**
 * Whether an attempt can start at `now` (ms since the epoch), and if not why. An attempt in progress
 * is continued even past the close time or with every attempt used: the server ends it, not the view.
 */
export function quizStart(quiz: QuizInfo, now: number): QuizStart {
  if (attemptInProgress(quiz) !== null) return 'continue';
  if (quiz.closes_at !== null && Date.parse(quiz.closes_at) <= now) return 'closed';
  if (quiz.attempts.length >= quiz.attempts_allowed) return 'used';
  return 'start';
}

/** What a quiz lecture shows of starting: the lecture's card and the quiz details modal. */
export interface QuizLectureView {
  start: QuizStart;
  /** The attempt Continue resumes; null when Start makes a new one. */
  attemptId: string | null;
  /** The card's button: Continue quiz, Start quiz, or only Quiz details when neither can be done. */
  button: 'continue' | 'start' | 'details';
  /**
   * What the card's button opens: the attempt itself when it continues one (one press resumes it),
   * otherwise the quiz details modal (Start quiz is confirmed there).
   */
  opens: 'attempt' | 'details';
  /** Beside Continue quiz, a Quiz details button still opens the modal (the facts, past attempts). */
  detailsBeside: boolean;
  /** The modal's Start quiz or Continue quiz button is there. */
  canStart: boolean;
  /** Why no attempt can start: the quiz is closed, or every attempt is used. */
  notice: 'closed' | 'used' | null;
  /** The modal says how the time limit runs: for a timed quiz that can still be taken. */
  explainsTimeLimit: boolean;
}

export function connectQuizLecture(quiz: QuizInfo, now: number): QuizLectureView {
  const start = quizStart(quiz, now);
  const canStart = start === 'start' || start === 'continue';
  return {
    start,
    attemptId: attemptInProgress(quiz),
    button: canStart ? start : 'details',
    opens: start === 'continue' ? 'attempt' : 'details',
    detailsBeside: start === 'continue',
    canStart,
    notice: canStart ? null : start,
    explainsTimeLimit: quiz.time_limit_seconds !== null && canStart,
  };
}

/** What a quiz lecture shows: the details, the attempt, or the review of one attempt. */
export type QuizScreen = { kind: 'details' } | { kind: 'attempt' } | { kind: 'review'; attemptId: string };

/**
 * The screen a reload comes back to, from the one this tab kept: an attempt only while one is in
 * progress (coming back must never start a new attempt), a review only of one of the quiz's attempts;
 * otherwise the details.
 */
export function restoredScreen(kept: QuizScreen, quiz: QuizInfo): QuizScreen {
  if (kept.kind === 'attempt' && attemptInProgress(quiz) === null) return { kind: 'details' };
  if (kept.kind === 'review' && !quiz.attempts.some((attempt) => attempt.id === kept.attemptId)) {
    return { kind: 'details' };
  }
  return kept;
}
