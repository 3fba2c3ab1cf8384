import type { AttemptReview, QuizQuestion } from '@contract/wire/learning';
import type { SnapshotFrom } from 'xstate';
import { type QuizAttemptEvent, type quizAttemptMachine, timeLeft, unsavedIds } from './quizAttempt.machine';

type Snapshot = SnapshotFrom<typeof quizAttemptMachine>;

/** Where the attempt stands, as the screen shows it. */
export type QuizAttemptPhase =
  | 'loading'
  | 'failed'
  | 'answering'
  | 'submitting'
  | 'submitFailed'
  | 'expired'
  | 'submitted';

/** One button of the question panel. */
export interface PanelItem {
  index: number;
  questionId: number;
  answered: boolean;
  flagged: boolean;
  /** Changed here, not saved on the server yet (waiting in the outbox). */
  unsaved: boolean;
  current: boolean;
}

export interface ShownQuestion {
  index: number;
  question: QuizQuestion;
  choice: number[];
  flagged: boolean;
  unsaved: boolean;
  isFirst: boolean;
  isLast: boolean;
}

/**
 * The save status line: every answer saved, saving now, or answers waiting in the outbox until the
 * network is back.
 */
export type SaveStatus = { kind: 'saved' } | { kind: 'saving' } | { kind: 'offline'; waiting: number };

/** The countdown's warnings: announced once when 5 minutes, then 1 minute, are left. */
export type TimeWarning = 5 | 1 | null;

export interface QuizAttemptView {
  phase: QuizAttemptPhase;
  attemptId: string | null;
  question: ShownQuestion | null;
  total: number;
  panel: PanelItem[];
  saveStatus: SaveStatus;
  /** Milliseconds left on the server's clock, or null when the attempt has no deadline. */
  remainingMs: number | null;
  warning: TimeWarning;
  confirming: boolean;
  unanswered: number;
  /** The success popup after the trainee's own submit. */
  popup: boolean;
  review: AttemptReview | null;
  alert: string | null;
  choose: (questionId: number, optionId: number, checked: boolean) => void;
  toggleFlag: (questionId: number) => void;
  goTo: (index: number) => void;
  next: () => void;
  previous: () => void;
  requestSubmit: () => void;
  cancelSubmit: () => void;
  /** `key`: a new key, used only when the attempt has none yet. */
  confirmSubmit: (key: string) => void;
  retry: () => void;
  closePopup: () => void;
}

function phaseOf(snapshot: Snapshot): QuizAttemptPhase {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('expired')) return 'expired';
  if (snapshot.matches('submitted')) return 'submitted';
  if (snapshot.matches({ active: { work: { submitting: 'failed' } } })) return 'submitFailed';
  if (snapshot.matches({ active: { work: 'submitting' } })) return 'submitting';
  return 'answering';
}

export function warningOf(remainingMs: number | null): TimeWarning {
  if (remainingMs === null) return null;
  if (remainingMs <= 60_000) return 1;
  if (remainingMs <= 5 * 60_000) return 5;
  return null;
}

export function connectQuizAttempt(
  snapshot: Snapshot,
  send: (event: QuizAttemptEvent) => void,
): QuizAttemptView {
  const { context } = snapshot;
  const questions = context.attempt?.questions ?? [];
  const unsaved = new Set(unsavedIds(context));
  const answeredOf = (id: number) => (context.answers[id]?.choice.length ?? 0) > 0;
  const panel = questions.map((question, index) => ({
    index,
    questionId: question.id,
    answered: answeredOf(question.id),
    flagged: context.flags.includes(question.id),
    unsaved: unsaved.has(question.id),
    current: index === context.current,
  }));
  const shown = questions[context.current];
  const question: ShownQuestion | null = shown
    ? {
        index: context.current,
        question: shown,
        choice: context.answers[shown.id]?.choice ?? [],
        flagged: context.flags.includes(shown.id),
        unsaved: unsaved.has(shown.id),
        isFirst: context.current === 0,
        isLast: context.current === questions.length - 1,
      }
    : null;
  let saveStatus: SaveStatus = { kind: 'saved' };
  if (snapshot.matches({ active: { work: { answering: { saving: 'offline' } } } })) {
    saveStatus = { kind: 'offline', waiting: unsaved.size };
  } else if (unsaved.size > 0) {
    saveStatus = { kind: 'saving' };
  }
  const remainingMs = context.attempt ? timeLeft(context.deadline, context.now, context.offset) : null;
  return {
    phase: phaseOf(snapshot),
    attemptId: context.attempt?.id ?? null,
    question,
    total: questions.length,
    panel,
    saveStatus,
    remainingMs,
    warning: warningOf(remainingMs),
    confirming: snapshot.matches({ active: { work: { answering: { dialog: 'confirming' } } } }),
    unanswered: questions.filter((item) => !answeredOf(item.id)).length,
    popup: snapshot.matches({ submitted: 'celebrating' }),
    review: context.review,
    alert: context.alert,
    choose: (questionId, optionId, checked) => send({ type: 'answer.choose', questionId, optionId, checked }),
    toggleFlag: (questionId) => send({ type: 'flag.toggle', questionId }),
    goTo: (index) => send({ type: 'question.go', index }),
    next: () => send({ type: 'question.next' }),
    previous: () => send({ type: 'question.previous' }),
    requestSubmit: () => send({ type: 'submit.request' }),
    cancelSubmit: () => send({ type: 'submit.cancel' }),
    confirmSubmit: (key) => send({ type: 'submit.confirm', key }),
    retry: () => send({ type: 'retry' }),
    closePopup: () => send({ type: 'popup.close' }),
  };
}
