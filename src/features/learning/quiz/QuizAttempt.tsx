import type { AttemptReview } from '@contract/wire/learning';
import { Plural, useLingui } from '@lingui/react/macro';
import type { PanelItem, QuizAttemptView } from '@machines/quizAttempt.connect';
import { OFFLINE_ALERT } from '@machines/quizAttempt.machine';
import type { ReactNode } from 'react';
import { SuccessPopup } from '@/features/learning/SuccessPopup';
import { translateMessage } from '@/i18n/api-messages';
import { formatNumber } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { button } from '@/ui/button';
import { Modal } from '@/ui/Modal';
import { formatCountdown } from './format';
import { OptionLabel } from './OptionLabel';
import { QuizReview } from './QuizReview';
import { type QuizAttemptScreen, useQuizAttempt } from './quizAttempt.live';

function Countdown({ remainingMs, warning }: Pick<QuizAttemptView, 'remainingMs' | 'warning'>) {
  const { t } = useLingui();
  const language = useLanguage();
  if (remainingMs === null) {
    return <p className="text-sm text-slate-600">{t`No time limit`}</p>;
  }
  const urgent = warning === 1;
  return (
    <div className="flex items-center gap-2">
      <span className="text-sm text-slate-600" id="quiz-time-left">
        {t`Time left`}
      </span>
      <span
        role="timer"
        aria-labelledby="quiz-time-left"
        className={`rounded-md px-2 py-0.5 font-mono text-lg font-bold tabular-nums ${
          urgent ? 'bg-red-100 text-red-800' : 'bg-slate-100 text-slate-900'
        }`}
      >
        {formatCountdown(remainingMs, language)}
      </span>
      {/* Said once when 5 minutes, then 1 minute, are left; not every second. */}
      <span className="sr-only" aria-live="assertive">
        {warning === 5 ? t`5 minutes left` : warning === 1 ? t`1 minute left` : ''}
      </span>
    </div>
  );
}

function SaveStatusLine({ status }: { status: QuizAttemptView['saveStatus'] }) {
  const { t } = useLingui();
  let text: ReactNode = t`All answers saved`;
  let tone = 'text-emerald-800';
  if (status.kind === 'saving') {
    text = t`Saving…`;
    tone = 'text-slate-700';
  } else if (status.kind === 'offline') {
    text = (
      <Plural
        value={status.waiting}
        one="Offline: # answer will be saved when you are back online"
        other="Offline: # answers will be saved when you are back online"
      />
    );
    tone = 'text-amber-900';
  }
  return (
    <p aria-live="polite" role="status" className={`min-h-6 text-sm font-semibold ${tone}`}>
      {text}
    </p>
  );
}

function PanelButton({ item, onGo }: { item: PanelItem; onGo: (index: number) => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const number = formatNumber(item.index + 1, language);
  const states = [
    item.answered ? t`answered` : t`not answered`,
    ...(item.flagged ? [t`flagged`] : []),
    ...(item.unsaved ? [t`not saved yet`] : []),
  ].join(', ');
  return (
    <li>
      <button
        type="button"
        onClick={() => onGo(item.index)}
        aria-current={item.current ? 'step' : undefined}
        aria-label={t`Question ${number}: ${states}`}
        className={`flex h-14 w-full flex-col items-center justify-center rounded-lg border-2 text-sm font-semibold ${
          item.current ? 'border-brand-700 ring-2 ring-brand-300' : 'border-slate-300'
        } ${item.answered ? 'bg-brand-50 text-brand-900' : 'bg-white text-slate-800'}`}
      >
        <span>{number}</span>
        <span aria-hidden="true" className="text-xs leading-none">
          {item.answered ? '✓' : ''}
          {item.flagged ? '⚑' : ''}
          {item.unsaved ? '↻' : ''}
        </span>
      </button>
    </li>
  );
}

function QuestionPanel({ view }: { view: QuizAttemptView }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Questions`} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="mb-3 text-sm font-semibold text-slate-800">{t`Questions`}</h2>
      <ul className="grid grid-cols-5 gap-2 sm:grid-cols-8 lg:grid-cols-5">
        {view.panel.map((item) => (
          <PanelButton key={item.questionId} item={item} onGo={view.goTo} />
        ))}
      </ul>
      <p className="mt-3 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700">
        <span>✓ {t`Answered`}</span>
        <span>⚑ {t`Flagged`}</span>
        <span>↻ {t`Not saved yet`}</span>
      </p>
    </nav>
  );
}

function QuestionCard({ view }: { view: QuizAttemptView }) {
  const { t } = useLingui();
  const language = useLanguage();
  const shown = view.question;
  if (!shown) return null;
  const { question, choice } = shown;
  const number = formatNumber(shown.index + 1, language);
  const total = formatNumber(view.total, language);
  const multiple = question.kind === 'multiple';
  const name = `question-${question.id}`;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <fieldset>
        <legend className="w-full">
          <span className="block text-sm font-semibold text-slate-600">{t`Question ${number} of ${total}`}</span>
          <span dir="auto" className="mt-1 block text-lg font-semibold text-slate-900">
            {pick(question, 'text', language)}
          </span>
          <span className="mt-1 block text-sm text-slate-600">
            {multiple ? t`Choose every answer that applies.` : t`Choose one answer.`}
          </span>
        </legend>
        <div className="mt-4 flex flex-col gap-2">
          {question.options.map((option) => {
            const checked = choice.includes(option.id);
            return (
              <label
                key={option.id}
                className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border-2 px-3 py-2 ${
                  checked ? 'border-brand-700 bg-brand-50' : 'border-slate-200 hover:border-slate-300'
                }`}
              >
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={name}
                  checked={checked}
                  onChange={(event) => view.choose(question.id, option.id, event.target.checked)}
                  className="size-5 shrink-0 accent-brand-700"
                />
                <span className="text-slate-900">
                  <OptionLabel question={question} option={option} />
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <button
          type="button"
          aria-pressed={shown.flagged}
          onClick={() => view.toggleFlag(question.id)}
          className={`inline-flex items-center gap-2 rounded-lg border px-3 py-1.5 text-sm font-semibold ${
            shown.flagged ? 'border-amber-600 bg-amber-50 text-amber-900' : 'border-slate-300 text-slate-700'
          }`}
        >
          <span aria-hidden="true">⚑</span>
          {shown.flagged ? t`Flagged for review` : t`Flag for review`}
        </button>
        {shown.unsaved && <span className="text-sm font-semibold text-amber-900">{t`Not saved yet`}</span>}
      </div>
    </div>
  );
}

function ConfirmSubmit({ view }: { view: QuizAttemptScreen }) {
  const { t } = useLingui();
  return (
    <Modal title={t`Submit your answers?`} onClose={view.cancelSubmit}>
      <div className="flex flex-col gap-3 text-slate-700">
        {view.unanswered > 0 && (
          <p className="font-semibold text-amber-900">
            <Plural
              value={view.unanswered}
              one="You have # unanswered question"
              other="You have # unanswered questions"
            />
          </p>
        )}
        <p>{t`Once submitted, your answers cannot be changed.`}</p>
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" onClick={view.cancelSubmit} className={button('secondary')}>
          {t`Cancel`}
        </button>
        <button type="button" onClick={view.confirmSubmit} className={button()}>
          {t`Submit quiz`}
        </button>
      </div>
    </Modal>
  );
}

function Alert({ message }: { message: string | null }) {
  const { t, i18n } = useLingui();
  if (!message) return null;
  const text =
    message === OFFLINE_ALERT
      ? t`You seem to be offline. Your answers are kept on this device and will be sent when you are back online.`
      : translateMessage(message, i18n);
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {text}
    </p>
  );
}

/**
 * Taking a quiz: one question at a time (on a phone the question and its options fill the screen
 * without scrolling past the others), the panel of numbered questions to jump around, the countdown
 * and the save status, then the confirmation, the success popup and the review.
 */
export function QuizAttempt({
  lectureId,
  attemptId,
  onReview,
  onLeave,
}: {
  lectureId: number;
  /** The attempt in progress to resume; null starts one. */
  attemptId: string | null;
  /** The attempt is submitted: show its review. */
  onReview: (review: AttemptReview) => void;
  onLeave: () => void;
}) {
  const { t } = useLingui();
  const view = useQuizAttempt(lectureId, attemptId, onReview);

  if (view.phase === 'loading') {
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        <p className="text-slate-700">{t`Opening the quiz…`}</p>
        <div className="h-64 animate-pulse rounded-xl bg-slate-200" />
      </div>
    );
  }
  if (view.phase === 'failed') {
    return (
      <div className="flex flex-col gap-4">
        <Alert message={view.alert} />
        <div className="flex flex-wrap gap-3">
          <button type="button" onClick={view.retry} className={button()}>
            {t`Try again`}
          </button>
          <button type="button" onClick={onLeave} className={button('secondary')}>
            {t`Back to the quiz`}
          </button>
        </div>
      </div>
    );
  }
  if (view.phase === 'submitted' && !view.popup) return null;
  if (view.phase === 'expired') {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 font-semibold text-amber-900">
          {t`Time is up. Your attempt has been submitted with the answers saved.`}
        </p>
        {view.alert && (
          <div className="flex flex-wrap items-center gap-3">
            <Alert message={view.alert} />
            <button type="button" onClick={view.retry} className={button('secondary')}>
              {t`Try again`}
            </button>
          </div>
        )}
      </div>
    );
  }
  if (view.phase === 'submitted') {
    return (
      <>
        {view.review && <QuizReview review={view.review} onBack={onLeave} />}
        <SuccessPopup
          title={t`Quiz submitted`}
          message={t`Your answers have been submitted.`}
          onClose={view.closePopup}
        />
      </>
    );
  }

  const submitting = view.phase === 'submitting';
  return (
    <div className="flex flex-col gap-4">
      <div className="sticky top-16 z-20 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-xl border border-slate-200 bg-white/95 px-4 py-2 shadow-sm">
        <Countdown remainingMs={view.remainingMs} warning={view.warning} />
        <SaveStatusLine status={view.saveStatus} />
      </div>
      <div className="grid gap-4 lg:grid-cols-[1fr_16rem]">
        <div className="flex flex-col gap-4">
          <QuestionCard view={view} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex gap-3">
              <button
                type="button"
                onClick={view.previous}
                disabled={view.question?.isFirst ?? true}
                className={button('secondary')}
              >
                <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                  ←
                </span>
                {t`Previous question`}
              </button>
              <button
                type="button"
                onClick={view.next}
                disabled={view.question?.isLast ?? true}
                className={button('secondary')}
              >
                {t`Next question`}
                <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                  →
                </span>
              </button>
            </div>
          </div>
        </div>
        <QuestionPanel view={view} />
      </div>
      {view.phase === 'submitFailed' && (
        <div className="flex flex-col gap-3">
          <Alert message={view.alert} />
          <div className="flex flex-wrap gap-3">
            <button type="button" onClick={view.retry} className={button()}>
              {t`Try again`}
            </button>
            <button type="button" onClick={view.cancelSubmit} className={button('secondary')}>
              {t`Back to the questions`}
            </button>
          </div>
        </div>
      )}
      {view.phase !== 'submitFailed' && (
        <div className="flex justify-end border-t border-slate-200 pt-4">
          <button
            type="button"
            onClick={view.requestSubmit}
            disabled={submitting}
            aria-busy={submitting || undefined}
            className={button()}
          >
            {submitting && (
              <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
            )}
            {submitting ? t`Submitting…` : t`Submit quiz`}
          </button>
        </div>
      )}
      {view.confirming && <ConfirmSubmit view={view} />}
    </div>
  );
}
