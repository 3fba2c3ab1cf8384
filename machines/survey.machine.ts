import { SURVEY_TEXT_MAX, SURVEY_VALIDATION } from '@contract/forms/learning';
import { DEFAULT_FAILURE } from '@contract/messages/errors';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { Confirmation } from '@contract/wire/common';
import type { SurveyAnswer, SurveyQuestion, SurveyResponse } from '@contract/wire/learning';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, failureOf } from './forms';

/**
 * Answering a course survey (the pre- or post-course evaluation), once: each answer is kept as it
 * is given; sending checks the required questions and the length of the texts and says what is
 * missing next to each question (the view moves focus to the first); the server's thanks open the
 * success popup; closing it lets the view read the lecture again, which then shows when it was
 * answered. A refusal (answered already on another device, say) keeps the answers and says why.
 */
export interface SurveyInput {
  questions: SurveyQuestion[];
}

/** The answer given to one question, by kind. */
export interface GivenAnswer {
  rating?: number;
  option?: number;
  text?: string;
}

export interface SurveyContext {
  questions: SurveyQuestion[];
  answers: Record<number, GivenAnswer>;
  /** English messages by question id, shown after a refused send. */
  errors: Record<number, string>;
  alert: string | null;
  /** The server's sentence for the success popup. */
  thanks: string | null;
}

export type SurveyEvent =
  | { type: 'answer.rating'; questionId: number; rating: number }
  | { type: 'answer.option'; questionId: number; option: number }
  | { type: 'answer.text'; questionId: number; text: string }
  | { type: 'survey.submit' }
  | { type: 'popup.close' };

function isAnswered(question: SurveyQuestion, answer: GivenAnswer | undefined): boolean {
  switch (question.kind) {
    case 'rating':
      return answer?.rating !== undefined;
    case 'choice':
      return answer?.option !== undefined;
    case 'text':
      return (answer?.text ?? '').trim() !== '';
  }
}

/** What is wrong with each question's answer, by question id (English messages). */
export function surveyProblems(
  questions: readonly SurveyQuestion[],
  answers: Record<number, GivenAnswer>,
): Record<number, string> {
  const problems: Record<number, string> = {};
  for (const question of questions) {
    const answer = answers[question.id];
    if (question.kind === 'text' && (answer?.text ?? '').length > SURVEY_TEXT_MAX) {
      problems[question.id] = SURVEY_VALIDATION.textMax;
    } else if (question.required && !isAnswered(question, answer)) {
      problems[question.id] = SURVEY_VALIDATION.answerRequired;
    }
  }
  return problems;
}

/** The body of the answer: the questions answered, in order, each with its kind's field. */
export function surveyResponseOf(
  questions: readonly SurveyQuestion[],
  answers: Record<number, GivenAnswer>,
): SurveyResponse {
  const given: SurveyAnswer[] = [];
  for (const question of questions) {
    const answer = answers[question.id];
    if (!isAnswered(question, answer)) continue;
    if (question.kind === 'rating') given.push({ question_id: question.id, rating: answer?.rating });
    if (question.kind === 'choice') given.push({ question_id: question.id, option: answer?.option });
    if (question.kind === 'text') given.push({ question_id: question.id, text: answer?.text?.trim() });
  }
  return { answers: given };
}

function withAnswer(context: SurveyContext, questionId: number, answer: GivenAnswer) {
  const errors = { ...context.errors };
  delete errors[questionId];
  return { answers: { ...context.answers, [questionId]: answer }, errors };
}

export const surveyMachine = setup({
  types: {
    input: {} as SurveyInput,
    context: {} as SurveyContext,
    events: {} as SurveyEvent,
  },
  actors: {
    send: fromPromise<Confirmation, SurveyResponse>(async () => {
      throw new Error('send is supplied by the view');
    }),
  },
  guards: {
    complete: ({ context }) => Object.keys(surveyProblems(context.questions, context.answers)).length === 0,
  },
  actions: {
    answer: assign(({ context, event }) => {
      if (event.type === 'answer.rating') {
        return withAnswer(context, event.questionId, { rating: Math.min(5, Math.max(1, event.rating)) });
      }
      if (event.type === 'answer.option')
        return withAnswer(context, event.questionId, { option: event.option });
      assertEvent(event, 'answer.text');
      return withAnswer(context, event.questionId, { text: event.text });
    }),
    showErrors: assign({ errors: ({ context }) => surveyProblems(context.questions, context.answers) }),
    clearAlert: assign({ alert: null }),
    showAlert: assign({ alert: (_, { error }: Failure) => alertOf(error, DEFAULT_FAILURE) }),
    keepThanks: assign({
      thanks: (_, { reply }: { reply: Confirmation }) => reply.message || SERVER_MESSAGES.surveyThanks,
    }),
    /** Moves focus to the first question with a message. */
    focusFirstInvalid: () => {},
    /** The popup was closed: the view reads the lecture again (answered_at, the read icon). */
    surveyAnswered: () => {},
  },
}).createMachine({
  id: 'survey',
  context: ({ input }) => ({
    questions: input.questions,
    answers: {},
    errors: {},
    alert: null,
    thanks: null,
  }),
  initial: 'answering',
  states: {
    answering: {
      on: {
        'answer.rating': { actions: 'answer' },
        'answer.option': { actions: 'answer' },
        'answer.text': { actions: 'answer' },
        'survey.submit': [
          { guard: 'complete', target: 'sending', actions: 'clearAlert' },
          { actions: ['clearAlert', 'showErrors', 'focusFirstInvalid'] },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => surveyResponseOf(context.questions, context.answers),
        onDone: {
          target: 'thanked',
          actions: { type: 'keepThanks', params: ({ event }) => ({ reply: event.output }) },
        },
        onError: { target: 'answering', actions: { type: 'showAlert', params: failureOf } },
      },
    },
    /** The success popup with the server's thanks. */
    thanked: {
      on: { 'popup.close': { target: 'answered', actions: 'surveyAnswered' } },
    },
    /** Sent: the lecture read again shows when it was answered. */
    answered: { type: 'final' },
  },
});
