import type { AttemptReview, ReviewedQuestion } from '@contract/wire/learning';
import { useLingui } from '@lingui/react/macro';
import { formatDateTime } from '@/i18n/dates';
import { formatNumber } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { button } from '@/ui/button';
import { scoreParts } from './format';
import { OptionLabel } from './OptionLabel';

function CheckMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0" fill="currentColor">
      <path d="M8.1 13.6 4.5 10l-1.4 1.4 5 5 9-9-1.4-1.4z" />
    </svg>
  );
}

function CrossMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0" fill="currentColor">
      <path d="M5.7 4.3 10 8.6l4.3-4.3 1.4 1.4L11.4 10l4.3 4.3-1.4 1.4L10 11.4l-4.3 4.3-1.4-1.4L8.6 10 4.3 5.7z" />
    </svg>
  );
}

function ReviewedItem({ question, index }: { question: ReviewedQuestion; index: number }) {
  const { t } = useLingui();
  const language = useLanguage();
  const number = formatNumber(index + 1, language);
  const text = pick(question, 'text', language);
  const answered = question.choice.length > 0;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          <span className="text-slate-500">{t`Question ${number}`}</span>
          <span dir="auto" className="mt-1 block text-lg">
            {text}
          </span>
        </h3>
        <span
          className={`inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-semibold ${
            question.is_correct ? 'bg-emerald-100 text-emerald-900' : 'bg-red-100 text-red-900'
          }`}
        >
          {question.is_correct ? <CheckMark /> : <CrossMark />}
          {question.is_correct ? t`Correct` : t`Incorrect`}
        </span>
      </div>
      {!answered && <p className="mt-2 text-sm text-slate-600">{t`Not answered`}</p>}
      <ul className="mt-3 flex flex-col gap-2">
        {question.options.map((option) => {
          const chosen = question.choice.includes(option.id);
          const right = question.correct?.includes(option.id) ?? false;
          let tone = 'border-slate-200';
          if (right) tone = 'border-emerald-600 bg-emerald-50';
          else if (chosen && question.correct !== null) tone = 'border-red-500 bg-red-50';
          else if (chosen) tone = 'border-brand-600 bg-brand-50';
          return (
            <li
              key={option.id}
              className={`flex flex-wrap items-center gap-2 rounded-lg border-2 px-3 py-2 ${tone}`}
            >
              <span className="flex-1">
                <OptionLabel question={question} option={option} />
              </span>
              {chosen && (
                <span className="inline-flex items-center gap-1 text-sm font-semibold text-slate-800">
                  {question.correct !== null && !right && <CrossMark />}
                  {t`Your answer`}
                </span>
              )}
              {right && (
                <span className="inline-flex items-center gap-1 text-sm font-semibold text-emerald-900">
                  <CheckMark />
                  {t`Correct answer`}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </li>
  );
}

/** The review of a submitted attempt: the score out of 10, how many were right, each question. */
export function QuizReview({ review, onBack }: { review: AttemptReview; onBack: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const { score: value, max } = scoreParts(review.score, language);
  const correct = formatNumber(review.correct_count, language);
  const total = formatNumber(review.question_count, language);
  const attempt = formatNumber(review.number, language);
  const when = formatDateTime(review.submitted_at, language);
  const shown = review.questions.some((question) => question.correct !== null);
  return (
    <section aria-labelledby="quiz-review-title" className="flex flex-col gap-5">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <h2 id="quiz-review-title" className="text-xl font-bold text-slate-900">
          {t`Review of attempt ${attempt}`}
        </h2>
        <div className="mt-4 flex flex-wrap items-end gap-x-8 gap-y-2">
          <p>
            <span className="block text-sm text-slate-600">{t`Score`}</span>
            <span className="text-3xl font-bold text-slate-900">{t`${value} / ${max}`}</span>
          </p>
          <p className="text-lg text-slate-800">{t`${correct} of ${total} correct`}</p>
        </div>
        <p className="mt-2 text-sm text-slate-600">{t`Submitted on ${when}`}</p>
        {review.submitted_by === 'timeout' && (
          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 font-semibold text-amber-900">
            {t`Submitted automatically when the time ran out`}
          </p>
        )}
        {!shown && (
          <p className="mt-3 text-sm text-slate-700">{t`This quiz does not show the correct answers.`}</p>
        )}
      </div>
      <ol className="flex flex-col gap-4">
        {review.questions.map((question, index) => (
          <ReviewedItem key={question.id} question={question} index={index} />
        ))}
      </ol>
      <div>
        <button type="button" onClick={onBack} className={button('secondary')}>
          {t`Back to the quiz`}
        </button>
      </div>
    </section>
  );
}
