import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from '@contract/forms/reviews';
import { RATINGS } from '@contract/wire/reviews';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { loaderOf } from '@machines/loader.machine';
import { connectReviewForm } from '@machines/reviewForm.connect';
import { reviewFormMachine } from '@machines/reviewForm.machine';
import { useMachine } from '@xstate/react';
import { useId, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { api } from '@/api/http';
import { getMyReview, saveReview } from '@/api/reviews';
import { Star } from '@/features/course/reviews/Stars';
import { translateMessage } from '@/i18n/api-messages';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import { showToast } from '@/stores/toasts';
import { button } from '@/ui/button';
import { AlertBox, Form, focusFirstInvalid, SubmitButton } from '@/ui/forms';
import { useLoader } from '@/ui/useLoader';

/** Characters as the server counts them (code points), spaces around the text left out. */
function characters(text: string): number {
  return [...text.trim()].length;
}

/**
 * The signed-in trainee's review of the course: the reason they may not review it (yet), quietly; or
 * "Write a review" / their review with "Edit your review", which opens the form.
 */
export function MyReview({ courseId, onSaved }: { courseId: number; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const formRef = useRef<HTMLFormElement>(null);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const i18nRef = useRef(i18n);
  i18nRef.current = i18n;
  const ids = useId();
  const [machine] = useState(() =>
    reviewFormMachine.provide({
      actors: {
        loader: loaderOf(({ courseId }: { courseId: number }) => getMyReview(api, courseId)),
        save: fromPromise(({ input }) =>
          saveReview(api, {
            course_id: input.courseId,
            rating: input.values.rating,
            review: input.values.review,
          }),
        ),
      },
      actions: {
        focusFirstInvalid: () => focusFirstInvalid(formRef.current),
        announceSaved: (_, { message }) => showToast(translateMessage(message, i18nRef.current)),
        refreshList: () => onSavedRef.current(),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { courseId } });
  useLoader(snapshot.children.loader);
  const view = connectReviewForm(snapshot, send);

  if (view.status === 'loading') return <div aria-busy="true" className="h-11" />;
  if (view.status === 'failed') {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
        <span>{translateMessage(view.message, i18n)}</span>
        <button type="button" onClick={view.retry} className={button('outline')}>
          {t`Try again`}
        </button>
      </div>
    );
  }
  if (view.status === 'refused') {
    return <p className="text-sm text-slate-600">{translateMessage(view.reason, i18n)}</p>;
  }
  if (view.status === 'closed') {
    return (
      <div className="flex flex-col items-start gap-3">
        {view.review && (
          <div className="w-full rounded-xl border border-brand-200 bg-brand-50 p-4">
            <p className="text-sm font-semibold text-brand-800">{t`Your review`}</p>
            <p className="mt-1 text-sm text-slate-700">
              {t`Rated ${formatNumber(view.review.rating, language)} out of 5`}
            </p>
            <p dir="auto" className="mt-1 text-start break-words whitespace-pre-line text-slate-700">
              {view.review.review}
            </p>
          </div>
        )}
        <button type="button" onClick={view.open} className={button('outline')}>
          {view.review ? t`Edit your review` : t`Write a review`}
        </button>
      </div>
    );
  }

  const { rating, review } = view.fields;
  const count = characters(review.value);
  const ratingError = rating.error ? `${ids}-rating-error` : undefined;
  const reviewDescribed = [review.error ? `${ids}-review-error` : null, `${ids}-review-count`]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6">
      <h3 className="mb-4 text-lg font-bold text-slate-900">
        {view.editing ? t`Edit your review` : t`Write a review`}
      </h3>
      <Form ref={formRef} onSubmit={view.submit}>
        <AlertBox message={view.alert} />
        <div
          role="radiogroup"
          aria-labelledby={`${ids}-rating-label`}
          aria-invalid={rating.error ? true : undefined}
          aria-describedby={ratingError}
          className="flex flex-col gap-1.5"
        >
          <span id={`${ids}-rating-label`} className="text-sm font-semibold text-slate-800">
            {t`Your rating`}
          </span>
          <span className="flex gap-1">
            {RATINGS.map((star) => {
              const chosen = Number(rating.value) || 0;
              return (
                <label
                  key={star}
                  className="cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
                >
                  <input
                    type="radio"
                    name={`${ids}-rating`}
                    value={String(star)}
                    checked={rating.value === String(star)}
                    aria-invalid={rating.error ? true : undefined}
                    onChange={() => rating.change(String(star))}
                    className="sr-only"
                  />
                  <span className="sr-only">
                    <Plural value={star} one="# star" other="# stars" />
                  </span>
                  <span className={star <= chosen ? 'text-gold-500' : 'text-slate-400'}>
                    <Star fill={star <= chosen ? 'full' : 'none'} className="size-8" />
                  </span>
                </label>
              );
            })}
          </span>
          {rating.error && (
            <p id={ratingError} className="text-sm text-red-700">
              {translateMessage(rating.error, i18n)}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${ids}-review`} className="text-sm font-semibold text-slate-800">
            {t`Your review`}
          </label>
          <textarea
            id={`${ids}-review`}
            dir="auto"
            rows={5}
            value={review.value}
            onChange={(event) => review.change(event.target.value)}
            aria-invalid={review.error ? true : undefined}
            aria-describedby={reviewDescribed}
            className={`w-full rounded-lg border bg-white px-3.5 py-2.5 text-slate-900 ${
              review.error ? 'border-red-600' : 'border-slate-300 focus:border-brand-600'
            }`}
          />
          <p
            id={`${ids}-review-count`}
            className={`text-xs ${count > REVIEW_TEXT_MAX ? 'text-red-700' : 'text-slate-600'}`}
          >
            <Trans>
              {formatNumber(count, language)} of {formatNumber(REVIEW_TEXT_MAX, language)} characters (at
              least {formatNumber(REVIEW_TEXT_MIN, language)})
            </Trans>
          </p>
          {review.error && (
            <p id={`${ids}-review-error`} className="text-sm text-red-700">
              {translateMessage(review.error, i18n)}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <div className="w-40">
            <SubmitButton busy={view.busy}>{t`Save`}</SubmitButton>
          </div>
          <button type="button" onClick={view.cancel} className={button('outline')}>
            {t`Cancel`}
          </button>
        </div>
      </Form>
    </div>
  );
}
