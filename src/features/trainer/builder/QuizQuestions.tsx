import { AUTHORING_VALIDATION } from '@contract/forms/authoring';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { useLingui } from '@lingui/react/macro';
import type { ClassFormView, QuestionView } from '@machines/classForm.connect';
import type { QuestionKind } from '@machines/classForm.machine';
import { useId } from 'react';
import { translateMessage } from '@/i18n/api-messages';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import { button } from '@/ui/button';
import { SelectField } from '@/ui/choice-fields';
import { FieldMessage, TextField } from '@/ui/forms';

function Question({ question, locked }: { question: QuestionView; locked: boolean }) {
  const { t } = useLingui();
  const language = useLanguage();
  const id = useId();
  const number = formatNumber(question.index + 1, language);
  const fixed = question.kind === 'true_false';
  const multiple = question.kind === 'multiple';
  const answersError = question.optionsError ?? question.correctError;
  const kinds: { value: QuestionKind; label: string }[] = [
    { value: 'single', label: t`Single choice` },
    { value: 'multiple', label: t`Multiple choice` },
    { value: 'true_false', label: t`True or false` },
  ];
  const answerWords = [t`True`, t`False`];
  return (
    <li>
      <fieldset
        disabled={locked}
        className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4"
        data-question
      >
        <legend className="px-1 text-base font-bold text-slate-900">{t`Question ${number}`}</legend>
        <TextField
          label={t`Question text`}
          value={question.text.value}
          error={question.text.error}
          onChange={(event) => question.text.change(event.target.value)}
          dir="auto"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t`Question type`}
            value={question.kind}
            onChange={(event) => question.changeKind(event.target.value as QuestionKind)}
            options={kinds}
          />
          <TextField
            label={t`Marks`}
            value={question.marks.value}
            error={question.marks.error}
            inputMode="decimal"
            onChange={(event) => question.marks.change(event.target.value)}
          />
        </div>
        <fieldset
          className="flex min-w-0 flex-col gap-2"
          aria-describedby={answersError ? `${id}-answers-error` : `${id}-answers-hint`}
          aria-invalid={answersError ? true : undefined}
        >
          <legend className="mb-1 text-sm font-semibold text-slate-800">{t`Answers`}</legend>
          <p id={`${id}-answers-hint`} className="text-xs text-slate-600">
            {multiple ? t`Tick every correct answer.` : t`Choose the correct answer.`}
          </p>
          <ul className="flex flex-col gap-2">
            {question.options.map((option, at) => {
              const answer = formatNumber(at + 1, language);
              const word = fixed ? (answerWords[at] ?? option.text) : null;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: answers are edited in place, by position
                <li key={at} className="flex flex-col gap-1">
                  <div className="flex items-center gap-2">
                    <input
                      type={multiple ? 'checkbox' : 'radio'}
                      name={`${id}-correct`}
                      checked={option.correct}
                      onChange={option.toggle}
                      aria-label={word ?? t`Answer ${answer} is correct`}
                      className="size-5 shrink-0 accent-brand-700"
                    />
                    {word ? (
                      <span className="text-slate-800" aria-hidden="true">
                        {word}
                      </span>
                    ) : (
                      <input
                        type="text"
                        dir="auto"
                        value={option.text}
                        aria-label={t`Answer ${answer}`}
                        aria-invalid={option.error ? true : undefined}
                        aria-describedby={option.error ? `${id}-option-${at}` : undefined}
                        onChange={(event) => option.change(event.target.value)}
                        className={`min-w-0 flex-1 rounded-lg border bg-white px-3 py-2 text-slate-900 ${
                          option.error ? 'border-red-600' : 'border-slate-300 focus:border-brand-600'
                        }`}
                      />
                    )}
                    {question.canRemoveOption && (
                      <button
                        type="button"
                        onClick={option.remove}
                        aria-label={t`Remove answer ${answer}`}
                        className={button('secondary', 'sm')}
                      >
                        {t`Remove`}
                      </button>
                    )}
                  </div>
                  <FieldMessage id={`${id}-option-${at}`} error={option.error} />
                </li>
              );
            })}
          </ul>
          <FieldMessage id={`${id}-answers-error`} error={answersError} />
        </fieldset>
        <div className="flex flex-wrap justify-between gap-2">
          {!fixed && (
            <button
              type="button"
              onClick={question.addOption}
              disabled={!question.canAddOption}
              className={button('secondary', 'sm')}
            >
              {t`Add answer`}
            </button>
          )}
          <button
            type="button"
            onClick={question.remove}
            aria-label={t`Remove question ${number}`}
            className={`${button('secondary', 'sm')} ms-auto text-red-800`}
          >
            {t`Remove question`}
          </button>
        </div>
      </fieldset>
    </li>
  );
}

/**
 * The quiz form's questions (spec sections 2 and 5): each single choice, multiple choice or
 * true/false with its correct answer(s) and marks, an Add question button, the running total of
 * marks (at most 10), and the quiz's settings.
 */
export function QuizQuestions({ view }: { view: ClassFormView }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const id = useId();
  const total = formatNumber(view.marks.total, language);
  const max = formatNumber(view.marks.max, language);
  return (
    <section aria-labelledby={`${id}-questions`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-questions`} className="text-lg font-bold text-slate-900">
          {t`Questions`}
        </h2>
        <p
          aria-live="polite"
          data-marks-total
          className={`text-sm font-semibold ${view.marks.over ? 'text-red-700' : 'text-slate-700'}`}
        >
          {view.marks.over
            ? translateMessage(AUTHORING_VALIDATION.marksTotal, i18n)
            : t`Marks: ${total} of ${max}`}
        </p>
      </div>
      {view.questionsLocked && (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {translateMessage(AUTHORING_MESSAGES.quizHasAttempts, i18n)}
        </p>
      )}
      {view.quizError && (
        <p role="alert" className="text-sm font-semibold text-red-700" data-quiz-error>
          {translateMessage(view.quizError, i18n)}
        </p>
      )}
      <ol className="flex flex-col gap-4">
        {view.questions.map((question) => (
          <Question key={question.key} question={question} locked={view.questionsLocked} />
        ))}
      </ol>
      <div>
        <button
          type="button"
          onClick={view.addQuestion}
          disabled={!view.canAddQuestion || view.questionsLocked}
          className={button('outline', 'sm')}
        >
          {t`Add question`}
        </button>
      </div>
      <fieldset className="grid min-w-0 gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 text-base font-bold text-slate-900">{t`Quiz settings`}</legend>
        <TextField
          label={t`Time limit in minutes (optional)`}
          value={view.settings.timeLimit.value}
          error={view.settings.timeLimit.error}
          inputMode="numeric"
          onChange={(event) => view.settings.timeLimit.change(event.target.value)}
        />
        <TextField
          label={t`Attempts allowed`}
          value={view.settings.attempts.value}
          error={view.settings.attempts.error}
          inputMode="numeric"
          onChange={(event) => view.settings.attempts.change(event.target.value)}
        />
        <label className="flex items-center gap-2 text-sm text-slate-800 sm:col-span-2">
          <input
            type="checkbox"
            checked={view.settings.showsAnswers}
            onChange={(event) => view.settings.changeShowsAnswers(event.target.checked)}
            className="size-5 accent-brand-700"
          />
          {t`Show the correct answers after submitting`}
        </label>
      </fieldset>
    </section>
  );
}
