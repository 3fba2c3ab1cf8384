import { DEFAULT_FAILURE } from '@contract/messages/errors';
import type {
  Attempt,
  AttemptReview,
  QuizQuestion,
  SavedAnswer,
  SavedAnswerResponse,
} from '@contract/wire/learning';
import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, failureOf, statusOf } from './forms';

/**
 * What this device keeps of an attempt in its outbox (src/features/learning/quiz/outbox.ts): the
 * answers the server has not acknowledged yet, the questions flagged for later, and the key of the
 * submit once it was asked for.
 */
export interface LocalAttempt {
  answers: SavedAnswer[];
  flags: number[];
  submitKey: string | null;
}

/**
 * What starting (or resuming) gives: the attempt, the device's clock just before the request was
 * sent and just after the answer came (to correct the device clock's offset), and what the outbox
 * holds for that attempt.
 */
export interface LoadedAttempt {
  attempt: Attempt;
  sentAt: number;
  receivedAt: number;
  local: LocalAttempt;
}

/**
 * The device clock's offset from the server's, in milliseconds (server time = device time + offset):
 * the server read its clock about half-way through the round trip.
 */
export function clockOffset(serverNow: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverNow);
  if (Number.isNaN(server)) return 0;
  return Math.round(server - (sentAt + Math.max(sentAt, receivedAt)) / 2);
}

/** Milliseconds left before `deadline` (server time) at device time `now`; null without a deadline. */
export function timeLeft(deadline: number | null, now: number, offset: number): number | null {
  if (deadline === null) return null;
  return Math.max(0, deadline - (now + offset));
}

/** One answer as this tab holds it: `version` the latest change, `savedVersion` what the server keeps. */
export interface AnswerState {
  choice: number[];
  version: number;
  savedVersion: number;
}

export interface QuizAttemptInput {
  lectureId: number;
  /**
   * The attempt in progress, to resume it by its id: read, never started anew (an attempt whose
   * time ran out meanwhile comes back submitted, and its review is shown).
   */
  attemptId?: string | null;
  /**
   * The question this tab showed before a reload, by its index; without it, an attempt resumes at
   * its first unanswered question.
   */
  current?: number;
}

export interface QuizAttemptContext {
  lectureId: number;
  resumeId: string | null;
  /** The question this tab showed before (input `current`), or null. */
  shownBefore: number | null;
  attempt: Attempt | null;
  /** The deadline in server time (ms since the epoch), or null when the attempt has none. */
  deadline: number | null;
  /** Server time minus device time, in milliseconds. */
  offset: number;
  /** The device's time at the last tick, in milliseconds. */
  now: number;
  answers: Record<number, AnswerState>;
  flags: number[];
  /** The question shown, by its index. */
  current: number;
  /** The key of this attempt's submit, made once and kept, so that a retry is the same submission. */
  submitKey: string | null;
  review: AttemptReview | null;
  /** Failed saves or reads in a row, for the backoff. */
  failures: number;
  alert: string | null;
}

export type QuizAttemptEvent =
  /** An option chosen (single, true/false) or checked and unchecked (multiple). */
  | { type: 'answer.choose'; questionId: number; optionId: number; checked: boolean }
  | { type: 'flag.toggle'; questionId: number }
  | { type: 'question.go'; index: number }
  | { type: 'question.next' }
  | { type: 'question.previous' }
  /** The view's clock: the device's time in milliseconds, about once a second. */
  | { type: 'tick'; now: number }
  /** The browser says it is back online. */
  | { type: 'network.online' }
  /** 'Submit' pressed: the confirmation opens. */
  | { type: 'submit.request' }
  | { type: 'submit.cancel' }
  /** Submit confirmed: `key` is the key to use unless this attempt already has one. */
  | { type: 'submit.confirm'; key: string }
  | { type: 'retry' }
  /** The success popup closed. */
  | { type: 'popup.close' };

/** Delay before the first retry of a failed save or read; it doubles up to the most. */
export const RETRY_BASE_MS = 2000;
export const RETRY_MAX_MS = 30_000;

export function retryDelay(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
}

/** A failure that waiting can cure: no network, a timeout, a server error, too many requests. */
export function isTransient(error: unknown): boolean {
  if (typeof error === 'object' && error !== null && 'kind' in error) {
    const { kind } = error as { kind: unknown };
    if (kind === 'network' || kind === 'timeout') return true;
  }
  const status = statusOf(error);
  return status === undefined || status === 0 || status === 429 || status >= 500;
}

/** The alert of a call that did not reach the server: the view says answers are kept on the device. */
export const OFFLINE_ALERT = 'offline';

/** No network or no answer in time: nothing reached the server. */
export function isOffline(error: unknown): boolean {
  if (typeof error === 'object' && error !== null && 'kind' in error) {
    const { kind } = error as { kind: unknown };
    return kind === 'network' || kind === 'timeout';
  }
  return false;
}

/** 409 'This attempt has ended': the time ran out (or another tab submitted). */
export function isEnded(error: unknown): boolean {
  return statusOf(error) === 409;
}

/** The answer the server refused as not one of the question's options. */
function isRefused(error: unknown): boolean {
  const status = statusOf(error);
  return status === 400 || status === 422;
}

function questionsOf(context: QuizAttemptContext): QuizQuestion[] {
  return context.attempt?.questions ?? [];
}

/** Answers changed here that the server does not keep yet. */
export function unsavedIds(context: Pick<QuizAttemptContext, 'answers'>): number[] {
  return Object.entries(context.answers)
    .filter(([, answer]) => answer.version > answer.savedVersion)
    .map(([id]) => Number(id));
}

/** The next answer to send, in question order. */
export function nextToSave(context: QuizAttemptContext): SaveRequest | null {
  const attemptId = context.attempt?.id;
  if (!attemptId) return null;
  for (const question of questionsOf(context)) {
    const answer = context.answers[question.id];
    if (answer && answer.version > answer.savedVersion) {
      return { attemptId, questionId: question.id, choice: answer.choice, version: answer.version };
    }
  }
  return null;
}

/** The choice after choosing `optionId`: one option for single and true/false, a set for multiple. */
export function choose(
  question: QuizQuestion,
  current: number[],
  optionId: number,
  checked: boolean,
): number[] {
  if (!question.options.some((option) => option.id === optionId)) return current;
  if (question.kind !== 'multiple') return checked ? [optionId] : current;
  const without = current.filter((id) => id !== optionId);
  const next = checked ? [...without, optionId] : without;
  const order = question.options.map((option) => option.id);
  return next.sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/**
 * The answers of a loaded attempt: the server's, with the outbox's answers that are newer than the
 * server's versions put back on top (they are sent again).
 */
export function mergeAnswers(attempt: Attempt, local: LocalAttempt): Record<number, AnswerState> {
  const questionIds = new Set(attempt.questions.map((question) => question.id));
  const answers: Record<number, AnswerState> = {};
  for (const saved of attempt.answers) {
    if (!questionIds.has(saved.question_id)) continue;
    answers[saved.question_id] = {
      choice: saved.choice,
      version: saved.version,
      savedVersion: saved.version,
    };
  }
  for (const pending of local.answers) {
    if (!questionIds.has(pending.question_id)) continue;
    const saved = answers[pending.question_id];
    if (saved && saved.savedVersion >= pending.version) continue;
    answers[pending.question_id] = {
      choice: pending.choice,
      version: pending.version,
      savedVersion: saved?.savedVersion ?? 0,
    };
  }
  return answers;
}

/**
 * Where a loaded attempt opens: at the question this tab showed before (within the questions),
 * else where the trainee left off: the first question without an answer, or the last when every
 * one is answered.
 */
export function resumeQuestion(
  questions: QuizQuestion[],
  answers: Record<number, AnswerState>,
  shownBefore: number | null,
): number {
  const last = Math.max(0, questions.length - 1);
  if (shownBefore !== null) return Math.max(0, Math.min(last, Math.trunc(shownBefore)));
  const unanswered = questions.findIndex((question) => (answers[question.id]?.choice.length ?? 0) === 0);
  return unanswered === -1 ? last : unanswered;
}

export interface SaveRequest {
  attemptId: string;
  questionId: number;
  choice: number[];
  version: number;
}

const outputOf = <T>({ event }: { event: { output: T } }) => ({ value: event.output });

/**
 * What the outbox should hold for an attempt: each answer with the version the server keeps
 * (`savedVersion`); an answer whose `version` is higher waits to be sent.
 */
export interface OutboxSync {
  attemptId: string;
  answers: Array<SavedAnswer & { savedVersion: number }>;
  flags: number[];
  submitKey: string | null;
}

export function outboxOf(context: QuizAttemptContext): OutboxSync {
  return {
    attemptId: context.attempt?.id ?? '',
    answers: Object.entries(context.answers).map(([id, answer]) => ({
      question_id: Number(id),
      choice: answer.choice,
      version: answer.version,
      savedVersion: answer.savedVersion,
    })),
    flags: context.flags,
    submitKey: context.submitKey,
  };
}

/** Writing what the outbox should hold after a change, a save or a load. */
const syncOutbox = {
  type: 'syncOutbox',
  params: ({ context }: { context: QuizAttemptContext }) => outboxOf(context),
} as const;
/** The attempt is over: the outbox forgets it. */
const forget = {
  type: 'clearLocal',
  params: ({ context }: { context: QuizAttemptContext }) => ({
    attemptId: context.attempt?.id ?? '',
    questionIds: questionsOf(context).map((question) => question.id),
  }),
} as const;

/**
 * Taking a quiz (issue 13): starting resumes the attempt in progress; each answer gets a version
 * above the last, goes to the device's outbox first (the view's `storeAnswer`) and is then saved to
 * the server one at a time; a save that fails for want of a network waits (backoff, or the
 * browser's `online`) and the answer stays in the outbox, so a reload, a crash or a closed tab
 * resumes with it. The countdown runs on the server's deadline corrected by the device clock's
 * offset; when it passes, or the server answers 'This attempt has ended', the server has submitted
 * the attempt and its review is read. Submitting asks for confirmation, sends what is still unsaved,
 * then submits once with the attempt's one key (kept in the outbox, so a retry after a reload is the
 * same submission).
 */
export const quizAttemptMachine = setup({
  types: {
    input: {} as QuizAttemptInput,
    context: {} as QuizAttemptContext,
    events: {} as QuizAttemptEvent,
  },
  actors: {
    /** Starts an attempt, or reads the one in progress (`attemptId`). */
    loadAttempt: fromPromise<LoadedAttempt, { lectureId: number; attemptId: string | null }>(async () => {
      throw new Error('loadAttempt is supplied by the view');
    }),
    saveAnswer: fromPromise<SavedAnswerResponse, SaveRequest>(async () => {
      throw new Error('saveAnswer is supplied by the view');
    }),
    submitAttempt: fromPromise<AttemptReview, { attemptId: string; key: string }>(async () => {
      throw new Error('submitAttempt is supplied by the view');
    }),
    loadReview: fromPromise<AttemptReview, { attemptId: string }>(async () => {
      throw new Error('loadReview is supplied by the view');
    }),
    /** Sends `tick` with the device's time about once a second. */
    clock: fromCallback(() => {
      throw new Error('clock is supplied by the view');
    }),
  },
  delays: {
    retryDelay: ({ context }) => retryDelay(context.failures),
  },
  guards: {
    submitted: (_, { value }: { value: LoadedAttempt }) => value.attempt.state === 'submitted',
    overdue: (_, { value }: { value: LoadedAttempt }) => {
      const { attempt, sentAt, receivedAt } = value;
      if (attempt.deadline === null) return false;
      const offset = clockOffset(attempt.server_now, sentAt, receivedAt);
      return timeLeft(Date.parse(attempt.deadline), receivedAt, offset) === 0;
    },
    timed: ({ context }) => context.deadline !== null,
    timeUp: ({ context, event }) => {
      assertEvent(event, 'tick');
      return timeLeft(context.deadline, event.now, context.offset) === 0;
    },
    hasUnsaved: ({ context }) => unsavedIds(context).length > 0,
    ended: (_, { error }: Failure) => isEnded(error),
    transient: (_, { error }: Failure) => isTransient(error),
    refused: (_, { error }: Failure) => isRefused(error),
  },
  actions: {
    keepLoaded: assign(({ context }, { value }: { value: LoadedAttempt }) => {
      const { attempt, sentAt, receivedAt, local } = value;
      const questionIds = new Set(attempt.questions.map((question) => question.id));
      const answers = mergeAnswers(attempt, local);
      return {
        attempt,
        deadline: attempt.deadline === null ? null : Date.parse(attempt.deadline),
        offset: clockOffset(attempt.server_now, sentAt, receivedAt),
        now: receivedAt,
        answers,
        current: resumeQuestion(attempt.questions, answers, context.shownBefore),
        flags: local.flags.filter((id) => questionIds.has(id)),
        submitKey: local.submitKey,
        failures: 0,
        alert: null,
      };
    }),
    keepTime: assign(({ event }) => {
      assertEvent(event, 'tick');
      return { now: event.now };
    }),
    changeAnswer: assign(({ context, event }) => {
      assertEvent(event, 'answer.choose');
      const question = questionsOf(context).find((candidate) => candidate.id === event.questionId);
      if (!question) return {};
      const previous = context.answers[question.id];
      const choice = choose(question, previous?.choice ?? [], event.optionId, event.checked);
      if (sameChoice(previous?.choice ?? [], choice)) return {};
      const savedVersion = previous?.savedVersion ?? 0;
      const version = Math.max(previous?.version ?? 0, savedVersion) + 1;
      return { answers: { ...context.answers, [question.id]: { choice, version, savedVersion } } };
    }),
    toggleFlag: assign(({ context, event }) => {
      assertEvent(event, 'flag.toggle');
      if (!questionsOf(context).some((question) => question.id === event.questionId)) return {};
      const flags = context.flags.includes(event.questionId)
        ? context.flags.filter((id) => id !== event.questionId)
        : [...context.flags, event.questionId];
      return { flags };
    }),
    goTo: assign(({ context, event }) => {
      assertEvent(event, 'question.go');
      const last = questionsOf(context).length - 1;
      return { current: Math.max(0, Math.min(last, Math.trunc(event.index))) };
    }),
    goNext: assign(({ context }) => ({
      current: Math.min(questionsOf(context).length - 1, context.current + 1),
    })),
    goPrevious: assign(({ context }) => ({ current: Math.max(0, context.current - 1) })),
    markSaved: assign(({ context }, { value }: { value: SavedAnswerResponse }) => {
      const answer = context.answers[value.question_id];
      if (!answer) return { failures: 0, alert: null };
      const savedVersion = Math.max(answer.savedVersion, value.version);
      return {
        answers: { ...context.answers, [value.question_id]: { ...answer, savedVersion } },
        failures: 0,
        alert: null,
      };
    }),
    /** An answer the server refused is not sent again: what the server keeps stands. */
    dropRefused: assign(({ context }, { error }: Failure) => {
      const next = nextToSave(context);
      if (!next) return {};
      const answer = context.answers[next.questionId] as AnswerState;
      return {
        answers: { ...context.answers, [next.questionId]: { ...answer, savedVersion: answer.version } },
        alert: alertOf(error, DEFAULT_FAILURE),
      };
    }),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    resetFailures: assign({ failures: 0 }),
    keepSubmitKey: assign(({ context, event }) => {
      assertEvent(event, 'submit.confirm');
      return { submitKey: context.submitKey ?? event.key };
    }),
    keepReview: assign({ review: (_, { value }: { value: AttemptReview }) => value }),
    showAlert: assign({
      alert: (_, { error }: Failure) => (isOffline(error) ? OFFLINE_ALERT : alertOf(error, DEFAULT_FAILURE)),
    }),
    clearAlert: assign({ alert: null }),
    /**
     * Writes the outbox: answers newer than the server's are kept (before they are sent), the
     * others dropped, with the flags and the submit's key.
     */
    syncOutbox: (_, _params: OutboxSync) => {},
    /** The attempt is over: the outbox forgets it. */
    clearLocal: (_, _params: { attemptId: string; questionIds: number[] }) => {},
    /** The review is shown (the lecture and the sidebar read again). */
    reviewShown: () => {},
  },
}).createMachine({
  id: 'quizAttempt',
  context: ({ input }) => ({
    lectureId: input.lectureId,
    resumeId: input.attemptId ?? null,
    shownBefore: Number.isFinite(input.current) ? (input.current ?? null) : null,
    attempt: null,
    deadline: null,
    offset: 0,
    now: 0,
    answers: {},
    flags: [],
    current: 0,
    submitKey: null,
    review: null,
    failures: 0,
    alert: null,
  }),
  initial: 'loading',
  states: {
    /** Starting the attempt, or resuming the one in progress. */
    loading: {
      invoke: {
        id: 'loadAttempt',
        src: 'loadAttempt',
        input: ({ context }) => ({ lectureId: context.lectureId, attemptId: context.resumeId }),
        onDone: [
          {
            guard: { type: 'submitted', params: outputOf },
            target: 'expired',
            actions: { type: 'keepLoaded', params: outputOf },
          },
          {
            guard: { type: 'overdue', params: outputOf },
            target: 'expired',
            actions: { type: 'keepLoaded', params: outputOf },
          },
          {
            target: 'active',
            actions: [{ type: 'keepLoaded', params: outputOf }, syncOutbox],
          },
        ],
        onError: { target: 'failed', actions: { type: 'showAlert', params: failureOf } },
      },
    },
    /** Starting or saving was refused (no attempts left, the quiz closed, not enrolled): try again. */
    failed: {
      on: { retry: { target: 'loading', actions: 'clearAlert' } },
    },
    active: {
      type: 'parallel',
      states: {
        clock: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'timed', target: 'running' }, { target: 'untimed' }],
            },
            untimed: {},
            running: {
              invoke: { id: 'clock', src: 'clock' },
              on: {
                tick: [
                  { guard: 'timeUp', target: '#quizAttempt.expired', actions: 'keepTime' },
                  { actions: 'keepTime' },
                ],
              },
            },
          },
        },
        work: {
          initial: 'answering',
          states: {
            answering: {
              type: 'parallel',
              on: {
                'answer.choose': { actions: ['changeAnswer', syncOutbox] },
                'flag.toggle': { actions: ['toggleFlag', syncOutbox] },
                'question.go': { actions: 'goTo' },
                'question.next': { actions: 'goNext' },
                'question.previous': { actions: 'goPrevious' },
              },
              states: {
                saving: {
                  initial: 'idle',
                  states: {
                    /** Every answer is saved; a change is sent at once. */
                    idle: {
                      always: { guard: 'hasUnsaved', target: 'sending' },
                    },
                    sending: {
                      invoke: {
                        id: 'saveAnswer',
                        src: 'saveAnswer',
                        input: ({ context }) => nextToSave(context) as SaveRequest,
                        onDone: {
                          target: 'idle',
                          actions: [{ type: 'markSaved', params: outputOf }, syncOutbox],
                        },
                        onError: [
                          {
                            guard: { type: 'ended', params: failureOf },
                            target: '#quizAttempt.expired',
                          },
                          {
                            guard: { type: 'transient', params: failureOf },
                            target: 'offline',
                            actions: 'countFailure',
                          },
                          {
                            guard: { type: 'refused', params: failureOf },
                            target: 'idle',
                            actions: [{ type: 'dropRefused', params: failureOf }, syncOutbox],
                          },
                          {
                            target: '#quizAttempt.failed',
                            actions: { type: 'showAlert', params: failureOf },
                          },
                        ],
                      },
                    },
                    /** Unsaved answers wait in the outbox; they are sent again after a pause or once online. */
                    offline: {
                      after: { retryDelay: 'sending' },
                      on: { 'network.online': 'sending' },
                    },
                  },
                },
                dialog: {
                  initial: 'closed',
                  states: {
                    closed: { on: { 'submit.request': 'confirming' } },
                    /** 'You have N unanswered questions' when any; Submit or Cancel. */
                    confirming: {
                      on: {
                        'submit.cancel': 'closed',
                        'submit.confirm': {
                          target: '#quizAttempt.active.work.submitting',
                          actions: ['keepSubmitKey', syncOutbox],
                        },
                      },
                    },
                  },
                },
              },
            },
            submitting: {
              initial: 'draining',
              states: {
                /** What the outbox still holds is sent before the submit. */
                draining: {
                  always: [{ guard: 'hasUnsaved', target: 'flushing' }, { target: 'sending' }],
                },
                flushing: {
                  invoke: {
                    id: 'flushAnswer',
                    src: 'saveAnswer',
                    input: ({ context }) => nextToSave(context) as SaveRequest,
                    onDone: {
                      target: 'draining',
                      actions: [{ type: 'markSaved', params: outputOf }, syncOutbox],
                    },
                    onError: [
                      { guard: { type: 'ended', params: failureOf }, target: '#quizAttempt.expired' },
                      {
                        guard: { type: 'refused', params: failureOf },
                        target: 'draining',
                        actions: [{ type: 'dropRefused', params: failureOf }, syncOutbox],
                      },
                      { target: 'failed', actions: { type: 'showAlert', params: failureOf } },
                    ],
                  },
                },
                sending: {
                  invoke: {
                    id: 'submitAttempt',
                    src: 'submitAttempt',
                    input: ({ context }) => ({
                      attemptId: context.attempt?.id ?? '',
                      key: context.submitKey ?? '',
                    }),
                    onDone: {
                      target: '#quizAttempt.submitted',
                      actions: [{ type: 'keepReview', params: outputOf }, forget],
                    },
                    onError: [
                      { guard: { type: 'ended', params: failureOf }, target: '#quizAttempt.expired' },
                      { target: 'failed', actions: { type: 'showAlert', params: failureOf } },
                    ],
                  },
                },
                /** Not sent (offline, or refused): nothing is lost; try again, or go back to the questions. */
                failed: {
                  on: {
                    retry: { target: 'draining', actions: 'clearAlert' },
                    'network.online': { target: 'draining', actions: 'clearAlert' },
                    'submit.cancel': {
                      target: '#quizAttempt.active.work.answering',
                      actions: 'clearAlert',
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    /** The deadline passed or the attempt ended: the server has submitted it; its review is read. */
    expired: {
      initial: 'reading',
      states: {
        reading: {
          invoke: {
            id: 'loadReview',
            src: 'loadReview',
            input: ({ context }) => ({ attemptId: context.attempt?.id ?? '' }),
            onDone: {
              target: '#quizAttempt.submitted.reviewing',
              actions: [{ type: 'keepReview', params: outputOf }, 'resetFailures', forget],
            },
            onError: {
              target: 'waiting',
              actions: ['countFailure', { type: 'showAlert', params: failureOf }],
            },
          },
        },
        /** The server's sweep may not have closed it yet: read again after a pause. */
        waiting: {
          after: { retryDelay: { target: 'reading', actions: 'clearAlert' } },
          on: { retry: { target: 'reading', actions: 'clearAlert' } },
        },
      },
    },
    submitted: {
      initial: 'celebrating',
      states: {
        /** The success popup. */
        celebrating: {
          on: { 'popup.close': 'reviewing' },
        },
        reviewing: {
          entry: 'reviewShown',
        },
      },
    },
  },
});

function sameChoice(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}
