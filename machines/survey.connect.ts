import { SURVEY_TEXT_MAX } from '@contract/forms/learning';
import type { SurveyQuestion } from '@contract/wire/learning';
import type { SnapshotFrom } from 'xstate';
import type { GivenAnswer, SurveyEvent, surveyMachine } from './survey.machine';

type Snapshot = SnapshotFrom<typeof surveyMachine>;

export interface SurveyQuestionView {
  question: SurveyQuestion;
  answer: GivenAnswer;
  /** English message (the view translates it), or null. */
  error: string | null;
  /** For text questions: characters typed, and the most allowed. */
  length: number;
  max: number;
}

export interface SurveyView {
  questions: SurveyQuestionView[];
  alert: string | null;
  busy: boolean;
  /** The server's thanks while the success popup is open, else null. */
  thanks: string | null;
  /** Sent and the popup closed: the form gives way while the lecture is read again. */
  done: boolean;
  rate: (questionId: number, rating: number) => void;
  choose: (questionId: number, option: number) => void;
  write: (questionId: number, text: string) => void;
  submit: () => void;
  closePopup: () => void;
}

export function connectSurvey(snapshot: Snapshot, send: (event: SurveyEvent) => void): SurveyView {
  const { questions, answers, errors, alert, thanks } = snapshot.context;
  return {
    questions: questions.map((question) => {
      const answer = answers[question.id] ?? {};
      return {
        question,
        answer,
        error: errors[question.id] ?? null,
        length: answer.text?.length ?? 0,
        max: SURVEY_TEXT_MAX,
      };
    }),
    alert,
    busy: snapshot.matches('sending'),
    thanks: snapshot.matches('thanked') ? thanks : null,
    done: snapshot.matches('answered'),
    rate: (questionId, rating) => send({ type: 'answer.rating', questionId, rating }),
    choose: (questionId, option) => send({ type: 'answer.option', questionId, option }),
    write: (questionId, text) => send({ type: 'answer.text', questionId, text }),
    submit: () => send({ type: 'survey.submit' }),
    closePopup: () => send({ type: 'popup.close' }),
  };
}
