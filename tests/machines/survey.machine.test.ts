import { SURVEY_TEXT_MAX, SURVEY_VALIDATION } from '@contract/forms/learning';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { Confirmation } from '@contract/wire/common';
import type { SurveyQuestion, SurveyResponse } from '@contract/wire/learning';
import { describe, expect, it } from 'vitest';
import { connectSurvey } from '../../machines/survey.connect.ts';
import {
  type SurveyEvent,
  surveyMachine,
  surveyProblems,
  surveyResponseOf,
} from '../../machines/survey.machine.ts';
import { httpFailure } from './support/fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectState,
  harnesses,
  replayEveryPathCoveringAll,
  scriptedPromise,
  serializeValueAnd,
  spyActions,
} from './support/paths.ts';

const questions: SurveyQuestion[] = [
  {
    id: 1,
    kind: 'rating',
    text: 'How clear was the course?',
    text_ar: 'ما مدى وضوح الدورة؟',
    required: true,
    options: [],
  },
  {
    id: 2,
    kind: 'choice',
    text: 'How did you hear of it?',
    text_ar: 'كيف عرفت بها؟',
    required: true,
    options: [
      { id: 21, text: 'A friend', text_ar: 'صديق' },
      { id: 22, text: 'The website', text_ar: 'الموقع' },
    ],
  },
  { id: 3, kind: 'text', text: 'Anything else?', text_ar: 'هل من شيء آخر؟', required: false, options: [] },
];
const input = { questions };
const thanks: Confirmation = { success: true, message: SERVER_MESSAGES.surveyThanks };
const ACTIONS = ['focusFirstInvalid', 'surveyAnswered'] as const;

function implementations() {
  return {
    actors: { send: scriptedPromise<Confirmation, SurveyResponse>() },
    actions: spyActions(surveyMachine, ACTIONS),
  };
}

describe('survey machine: generated paths', () => {
  const model = createPathModel(surveyMachine, {
    input,
    events: [
      { type: 'answer.rating', questionId: 1, rating: 4 },
      { type: 'answer.option', questionId: 2, option: 22 },
      { type: 'answer.text', questionId: 3, text: 'More exercises, please' },
      { type: 'survey.submit' },
      { type: 'popup.close' },
      doneActor('send', thanks),
      errorActor('send', httpFailure(409, SERVER_MESSAGES.surveyAnswered)),
    ],
    serializeState: serializeValueAnd((context: { answers: object; alert: string | null }) => [
      Object.keys(context.answers).sort(),
      context.alert !== null,
    ]),
    implementations,
  });

  replayEveryPathCoveringAll(model);
});

describe('survey machine: behaviour', () => {
  const launch = harnesses(surveyMachine);

  function start() {
    const impl = implementations();
    return { harness: launch(impl, { input }), ...impl.actors, actions: impl.actions };
  }

  function viewOf(harness: ReturnType<typeof start>['harness']) {
    const sent: SurveyEvent[] = [];
    return { view: connectSurvey(harness.snapshot, (event) => sent.push(event)), sent };
  }

  it('says which required questions are unanswered, focuses the first, and sends nothing', async () => {
    const { harness, send, actions } = start();
    await harness.send({ type: 'survey.submit' });
    expectState(harness, 'answering');
    expect(actions.focusFirstInvalid).toHaveBeenCalledTimes(1);
    expect(viewOf(harness).view.questions.map((question) => question.error)).toEqual([
      SURVEY_VALIDATION.answerRequired,
      SURVEY_VALIDATION.answerRequired,
      null,
    ]);
    await harness.send({ type: 'answer.rating', questionId: 1, rating: 5 });
    expect(viewOf(harness).view.questions[0]?.error).toBeNull();
    expect(send.inputs).toEqual([]);
  });

  it('refuses a text longer than the limit, even when optional', () => {
    const long = 'a'.repeat(SURVEY_TEXT_MAX + 1);
    expect(surveyProblems(questions, { 1: { rating: 3 }, 2: { option: 21 }, 3: { text: long } })).toEqual({
      3: SURVEY_VALIDATION.textMax,
    });
    expect(surveyProblems(questions, { 1: { rating: 3 }, 2: { option: 21 }, 3: { text: '   ' } })).toEqual(
      {},
    );
  });

  it('sends the answers given, in order, leaving out blank optional ones', () => {
    expect(surveyResponseOf(questions, { 2: { option: 21 }, 1: { rating: 2 }, 3: { text: '  ' } })).toEqual({
      answers: [
        { question_id: 1, rating: 2 },
        { question_id: 2, option: 21 },
      ],
    });
  });

  it('sends, shows the thanks in the popup, and hands over once the popup is closed', async () => {
    const { harness, send, actions } = start();
    await harness.send({ type: 'answer.rating', questionId: 1, rating: 9 });
    await harness.send({ type: 'answer.option', questionId: 2, option: 22 });
    await harness.send({ type: 'answer.text', questionId: 3, text: ' Good pace ' });
    expect(viewOf(harness).view.questions[2]).toMatchObject({ length: 11, max: SURVEY_TEXT_MAX });
    await harness.send({ type: 'survey.submit' });
    expect(viewOf(harness).view.busy).toBe(true);
    expect(send.inputs).toEqual([
      {
        answers: [
          { question_id: 1, rating: 5 },
          { question_id: 2, option: 22 },
          { question_id: 3, text: 'Good pace' },
        ],
      },
    ]);
    await harness.resolve('send', thanks);
    expect(viewOf(harness).view.thanks).toBe(SERVER_MESSAGES.surveyThanks);
    await harness.send({ type: 'popup.close' });
    expectState(harness, 'answered');
    expect(actions.surveyAnswered).toHaveBeenCalledTimes(1);
    expect(viewOf(harness).view).toMatchObject({ done: true, thanks: null });
  });

  it('keeps the answers and says why when the server refuses (answered already)', async () => {
    const { harness } = start();
    await harness.send({ type: 'answer.rating', questionId: 1, rating: 3 });
    await harness.send({ type: 'answer.option', questionId: 2, option: 21 });
    await harness.send({ type: 'survey.submit' });
    await harness.reject('send', httpFailure(409, SERVER_MESSAGES.surveyAnswered));
    expectState(harness, 'answering');
    const { view } = viewOf(harness);
    expect(view.alert).toBe(SERVER_MESSAGES.surveyAnswered);
    expect(view.questions.map((question) => question.answer)).toEqual([{ rating: 3 }, { option: 21 }, {}]);
  });

  it('sends its events from the view model', () => {
    const { harness } = start();
    const { view, sent } = viewOf(harness);
    view.rate(1, 4);
    view.choose(2, 21);
    view.write(3, 'x');
    view.submit();
    view.closePopup();
    expect(sent.map((event) => event.type)).toEqual([
      'answer.rating',
      'answer.option',
      'answer.text',
      'survey.submit',
      'popup.close',
    ]);
  });
});
