import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { LectureDetails, SurveyInfo } from '@contract/wire/learning';
import { Trans, useLingui } from '@lingui/react/macro';
import { connectSurvey, type SurveyQuestionView } from '@machines/survey.connect';
import { surveyMachine } from '@machines/survey.machine';
import { useMachine } from '@xstate/react';
import { useId, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { api } from '@/api/http';
import { answerSurvey } from '@/api/learning';
import type { LectureViewProps } from '@/features/learning/lecture-view';
import { SuccessPopup } from '@/features/learning/SuccessPopup';
import { translateMessage } from '@/i18n/api-messages';
import { formatDate } from '@/i18n/dates';
import { formatNumber } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { AlertBox, Form, SubmitButton } from '@/ui/forms';

const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * A survey lecture: the pre- or post-course evaluation, answered once. Answers go to the trainer
 * without the trainee's name; once answered the form gives way to the date it was answered.
 */
export function SurveyLecture({ lecture, onChanged }: LectureViewProps) {
  const { t } = useLingui();
  const language = useLanguage();
  const survey = lecture.survey;
  const title = pick(lecture, 'title', language);
  const description = pick(lecture, 'description', language);
  // The stage is said once, when the lecture's own title does not already say it.
  const stage = survey?.stage === 'post' ? t`Post-course evaluation` : t`Pre-course evaluation`;
  return (
    <article className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        {stage !== title && <p className="text-sm font-semibold text-brand-700">{stage}</p>}
        <h2 dir="auto" className="text-2xl font-bold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-600">
          <Trans>Your answers are shared with the trainer without your name.</Trans>
        </p>
        {description.trim() && (
          <p dir="auto" className="text-start whitespace-pre-line text-slate-700">
            {description}
          </p>
        )}
      </header>
      {!survey ? (
        <p className="text-slate-700">
          <Trans>This survey has no questions yet.</Trans>
        </p>
      ) : survey.answered_at ? (
        <Answered on={survey.answered_at} />
      ) : (
        <SurveyForm key={lecture.id} lecture={lecture} survey={survey} onChanged={onChanged} />
      )}
    </article>
  );
}

function Answered({ on }: { on: string | null }) {
  const { t } = useLingui();
  const language = useLanguage();
  const date = on ? formatDate(on, language) : null;
  return (
    <p
      data-answered
      className="flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 font-semibold text-emerald-900"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.5}
      >
        <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {date ? t`You answered this survey on ${date}` : t`You answered this survey.`}
    </p>
  );
}

function SurveyForm({
  lecture,
  survey,
  onChanged,
}: {
  lecture: LectureDetails;
  survey: SurveyInfo;
  onChanged: () => void;
}) {
  const { t, i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const latest = useRef(onChanged);
  latest.current = onChanged;
  const [machine] = useState(() =>
    surveyMachine.provide({
      actors: { send: fromPromise(({ input }) => answerSurvey(api, lecture.id, input)) },
      actions: {
        focusFirstInvalid: () =>
          requestAnimationFrame(() =>
            form.current
              ?.querySelector<HTMLElement>('[data-invalid="true"] input, [data-invalid="true"] textarea')
              ?.focus(),
          ),
        surveyAnswered: () => latest.current(),
      },
    }),
  );
  const [state, send] = useMachine(machine, { input: { questions: survey.questions } });
  const view = connectSurvey(state, send);

  if (view.done) return <Answered on={null} />;
  return (
    <>
      <Form ref={form} onSubmit={view.submit} className="flex max-w-2xl flex-col gap-5">
        <p className="text-sm text-slate-600">
          <Trans>Questions marked * need an answer.</Trans>
        </p>
        {view.questions.map((item, index) => (
          <Question key={item.question.id} item={item} number={index + 1} view={view} />
        ))}
        <AlertBox message={view.alert} />
        <div className="sm:max-w-xs">
          <SubmitButton busy={view.busy}>
            <Trans>Send answers</Trans>
          </SubmitButton>
        </div>
      </Form>
      {view.thanks && (
        <SuccessPopup
          title={t`Survey sent`}
          message={translateMessage(view.thanks || SERVER_MESSAGES.surveyThanks, i18n)}
          onClose={view.closePopup}
        />
      )}
    </>
  );
}

function Question({
  item,
  number,
  view,
}: {
  item: SurveyQuestionView;
  number: number;
  view: ReturnType<typeof connectSurvey>;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const id = useId();
  const { question, answer, error } = item;
  const text = pick(question, 'text', language);
  const errorId = `${id}-error`;
  const legend = (
    <span className="flex gap-2">
      <span className="text-slate-500">{formatNumber(number, language)}.</span>
      <span dir="auto">
        {text}
        {question.required && (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </span>
      {question.required && <span className="sr-only">{t`(required)`}</span>}
    </span>
  );
  const message = error && (
    <p id={errorId} className="text-sm text-red-700">
      {translateMessage(error, i18n)}
    </p>
  );

  if (question.kind === 'text') {
    const length = formatNumber(item.length, language);
    const max = formatNumber(item.max, language);
    return (
      <div data-invalid={error ? 'true' : undefined} className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-text`} className="font-semibold text-slate-900">
          {legend}
        </label>
        <textarea
          id={`${id}-text`}
          dir="auto"
          rows={4}
          value={answer.text ?? ''}
          onChange={(event) => view.write(question.id, event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : null, `${id}-count`].filter(Boolean).join(' ')}
          required={question.required}
          className={`w-full rounded-lg border bg-white px-3.5 py-2.5 text-slate-900 ${
            error ? 'border-red-600' : 'border-slate-300 focus:border-brand-600'
          }`}
        />
        <div className="flex justify-between gap-3">
          <div>{message}</div>
          <p
            id={`${id}-count`}
            className={`shrink-0 text-xs ${item.length > item.max ? 'font-semibold text-red-700' : 'text-slate-600'}`}
          >
            {t`${length} of ${max} characters`}
          </p>
        </div>
      </div>
    );
  }

  return (
    <fieldset
      data-invalid={error ? 'true' : undefined}
      aria-describedby={error ? errorId : undefined}
      className="flex flex-col gap-2"
    >
      <legend className="mb-2 font-semibold text-slate-900">{legend}</legend>
      {question.kind === 'rating' ? (
        <div className="flex flex-col gap-1.5">
          <div className="flex flex-wrap gap-2">
            {RATINGS.map((rating) => {
              const digit = formatNumber(rating, language);
              const of = formatNumber(RATINGS.length, language);
              return (
                <label
                  key={rating}
                  className={`grid size-11 cursor-pointer place-items-center rounded-lg border text-lg font-semibold has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus]:outline-2 has-[:focus]:outline-offset-2 has-[:focus]:outline-brand-700 ${
                    error ? 'border-red-600' : 'border-slate-300 hover:border-brand-600'
                  }`}
                >
                  <input
                    type="radio"
                    name={`${id}-rating`}
                    value={rating}
                    checked={answer.rating === rating}
                    onChange={() => view.rate(question.id, rating)}
                    aria-label={t`${digit} of ${of}`}
                    aria-invalid={error ? true : undefined}
                    required={question.required}
                    className="sr-only"
                  />
                  <span aria-hidden="true">{digit}</span>
                </label>
              );
            })}
          </div>
          <p className="flex w-[15.5rem] justify-between text-xs text-slate-600" aria-hidden="true">
            <span>
              <Trans>Poor</Trans>
            </span>
            <span>
              <Trans>Excellent</Trans>
            </span>
          </p>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          {question.options.map((option) => (
            <label
              key={option.id}
              className={`flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus]:outline-2 has-[:focus]:outline-offset-2 has-[:focus]:outline-brand-700 ${
                error ? 'border-red-600' : 'border-slate-300 hover:border-brand-600'
              }`}
            >
              <input
                type="radio"
                name={`${id}-choice`}
                value={option.id}
                checked={answer.option === option.id}
                onChange={() => view.choose(question.id, option.id)}
                aria-invalid={error ? true : undefined}
                required={question.required}
                className="size-4 accent-brand-700"
              />
              <span dir="auto" className="text-slate-800">
                {pick(option, 'text', language)}
              </span>
            </label>
          ))}
        </div>
      )}
      {message}
    </fieldset>
  );
}
