import { RATINGS, type Review, type ReviewSummary } from '@contract/wire/reviews';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { loaderOf } from '@machines/loader.machine';
import { connectReviews } from '@machines/reviews.connect';
import { reviewsMachine } from '@machines/reviews.machine';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { api } from '@/api/http';
import { listReviews } from '@/api/reviews';
import '@/features/course/reviews/known-messages';
import { MyReview } from '@/features/course/reviews/MyReview';
import { Stars } from '@/features/course/reviews/Stars';
import { errorText } from '@/i18n/api-messages';
import { formatDate } from '@/i18n/dates';
import { formatNumber, formattingLocale } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import { useSessionRole, useSignedIn } from '@/session';
import { button } from '@/ui/button';
import { Failure } from '@/ui/Failure';
import { useLoader } from '@/ui/useLoader';

const readPage = ({ courseId, page }: { courseId: number; page: number }) =>
  listReviews(api, courseId, { page });

const machine = reviewsMachine.provide({
  actors: { loader: loaderOf(readPage), loadPage: fromPromise(({ input }) => readPage(input)) },
});

/** The average to one decimal, in the page's digits ("4.6", "٤٫٦"). */
function averageText(average: number, language: 'en' | 'ar'): string {
  return new Intl.NumberFormat(formattingLocale(language), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(average);
}

function Summary({ summary }: { summary: ReviewSummary }) {
  const { t } = useLingui();
  const language = useLanguage();
  const average = summary.average === null ? null : averageText(summary.average, language);
  return (
    <div className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 sm:grid-cols-[12rem_1fr]">
      <div className="flex flex-col items-start gap-1">
        {average === null ? (
          <p className="text-lg font-semibold text-slate-700">{t`No reviews yet`}</p>
        ) : (
          <>
            <p className="text-4xl font-bold text-slate-900">{average}</p>
            <Stars rating={summary.average ?? 0} className="size-5" />
            <p className="text-sm text-slate-700">{t`${average} out of 5`}</p>
          </>
        )}
        {summary.count > 0 && (
          <p className="text-sm text-slate-600">
            <Plural value={summary.count} one="# review" other="# reviews" />
          </p>
        )}
      </div>
      <ul aria-label={t`Ratings`} className="flex flex-col gap-2">
        {[...RATINGS].reverse().map((rating) => {
          const count = summary.distribution[String(rating) as keyof ReviewSummary['distribution']];
          const share = summary.count === 0 ? 0 : Math.round((count / summary.count) * 100);
          return (
            <li key={rating} className="grid grid-cols-[4.5rem_1fr_2.5rem] items-center gap-3 text-sm">
              <span className="text-slate-700">
                <Plural value={rating} one="# star" other="# stars" />
              </span>
              <span aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-slate-100">
                <span className="block h-full rounded-full bg-gold-500" style={{ inlineSize: `${share}%` }} />
              </span>
              <span className="text-end text-slate-700">
                <span className="sr-only">: </span>
                {formatNumber(count, language)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const { t } = useLingui();
  const language = useLanguage();
  const rating = formatNumber(review.rating, language);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <article className="flex flex-col gap-2">
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 dir="auto" className="font-semibold text-slate-900">
            {review.reviewer}
          </h3>
          <Stars rating={review.rating} />
          <span className="sr-only">{t`Rated ${rating} out of 5`}</span>
          <span className="text-sm text-slate-600">
            {formatDate(review.updated_at, language)}
            {review.edited && ` · ${t`edited`}`}
          </span>
        </header>
        <p dir="auto" className="text-start leading-relaxed break-words whitespace-pre-line text-slate-700">
          {review.review}
        </p>
      </article>
    </li>
  );
}

/** What stands in for the summary and the first reviews while they load: their size, so nothing moves. */
export function ReviewsPlaceholder() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <div className="h-52 animate-pulse rounded-2xl bg-slate-100 sm:h-40" />
      <div className="h-24 animate-pulse rounded-xl bg-slate-100" />
      <div className="h-24 animate-pulse rounded-xl bg-slate-100" />
    </div>
  );
}

/** The course page's reviews: the summary, the reviews newest first, and the trainee's own. */
export default function ReviewsSection({ courseId }: { courseId: number }) {
  const { t, i18n } = useLingui();
  const signedIn = useSignedIn();
  const role = useSessionRole();
  const [snapshot, send, actor] = useMachine(machine, { input: { courseId } });
  useLoader(snapshot.children.loader);
  const view = connectReviews(snapshot, send);
  return (
    <section aria-labelledby="course-reviews" className="flex flex-col gap-6">
      <h2 id="course-reviews" className="text-2xl font-bold text-slate-900">
        {t`Reviews`}
      </h2>
      {view.status === 'loading' && <ReviewsPlaceholder />}
      {view.status === 'failed' && (
        <Failure
          error={view.error}
          retry={view.retry}
          className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800"
        />
      )}
      {view.status === 'ready' && (
        <>
          <Summary summary={view.summary} />
          {signedIn && role === 'TRAINEE' && (
            <MyReview courseId={courseId} onSaved={() => actor.send({ type: 'reviews.refresh' })} />
          )}
          {view.reviews.length > 0 && (
            <ol aria-label={t`Reviews, newest first`} className="flex flex-col gap-3">
              {view.reviews.map((review) => (
                <ReviewItem key={review.id} review={review} />
              ))}
            </ol>
          )}
          {view.problem && (
            <p role="alert" className="text-sm text-red-700">
              {errorText(snapshot.context.error, i18n)}
            </p>
          )}
          {view.more && (
            <button
              type="button"
              onClick={view.more.load}
              disabled={view.more.busy}
              aria-busy={view.more.busy || undefined}
              className={`${button('outline')} self-start`}
            >
              <Trans>Show more</Trans>
            </button>
          )}
        </>
      )}
    </section>
  );
}
