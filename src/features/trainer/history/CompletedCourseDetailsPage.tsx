import type { CompletedCourse } from '@contract/wire/records';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { Link, useSearch } from 'wouter';
import { api } from '@/api/http';
import { getCompletedCourse } from '@/api/records';
import {
  ClosedBadge,
  formatPercent,
  HistoryStatusBadge,
  RuleSentence,
} from '@/features/trainer/history/figures';
import { RoleBadge } from '@/features/trainer/shared/StatusBadge';
import { formatDate, formatDateRange } from '@/i18n/dates';
import { formatNumber } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { Failure } from '@/ui/Failure';
import { NotFound } from '@/ui/NotFound';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder } from '@/ui/ResourceView';
import { ScrollTable } from '@/ui/ScrollTable';
import { useResource } from '@/ui/useResource';
import '@/features/trainer/known-messages';

const STATS = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6';
const PANEL = 'rounded-2xl border border-slate-200 bg-white p-4 sm:p-6';
const TH = 'px-3 py-2 text-start text-sm font-semibold text-slate-700';
const TD = 'px-3 py-2 text-slate-800';

/** The address's course id (`?id=`), or null when it names none. */
function courseIdOf(search: string): number | null {
  const text = new URLSearchParams(search).get('id');
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

function Stat({ label, value, detail }: { label: ReactNode; value: ReactNode; detail?: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-3">
      <dt className="text-xs font-semibold text-slate-600">{label}</dt>
      <dd className="text-xl font-bold text-slate-900">
        {value}
        {detail && <span className="block text-xs font-normal text-slate-600">{detail}</span>}
      </dd>
    </div>
  );
}

/** Stars drawn for the eye, the rating said in words. */
function Stars({ rating }: { rating: number }) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <span className="inline-flex items-center gap-1">
      <span aria-hidden="true" className="text-amber-500">
        {'★'.repeat(rating)}
        <span className="text-slate-300">{'★'.repeat(5 - rating)}</span>
      </span>
      <span className="sr-only">{t`Rated ${formatNumber(rating, language)} out of ${formatNumber(5, language)}`}</span>
    </span>
  );
}

function Record({ record }: { record: CompletedCourse }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const statsId = useId();
  const itemsId = useId();
  const traineesId = useId();
  const reviewsId = useId();
  const { course } = record;
  const none = t`None yet`;
  const outOfTen = (value: number | null) =>
    value === null ? none : t`${formatNumber(value, language)} / ${formatNumber(10, language)}`;
  const percent = (value: number | null) => (value === null ? none : formatPercent(value, language));
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <HistoryStatusBadge status={course.status} />
          {course.closed && <ClosedBadge />}
          <RoleBadge role={course.role} />
        </div>
        <p className="text-slate-700">
          {formatDateRange(course.start_date, course.end_date, language)} ·{' '}
          {course.closed
            ? t`Closed on ${formatDate(course.since, language)}`
            : t`Ended on ${formatDate(course.since, language)}`}
        </p>
      </div>

      <section aria-labelledby={statsId} className={PANEL}>
        <h2 id={statsId} className="mb-4 text-xl font-bold text-slate-900">
          {t`Statistics`}
        </h2>
        <dl className={STATS}>
          <Stat label={t`Trainees enrolled`} value={formatNumber(course.enrolled_count, language)} />
          <Stat
            label={t`Completed`}
            value={formatNumber(course.completed_count ?? 0, language)}
            detail={t`by the completion rule`}
          />
          <Stat label={t`Attendance rate`} value={percent(course.attendance_rate)} />
          <Stat label={t`Average grade`} value={outOfTen(course.average_grade)} />
          <Stat label={t`Sessions held`} value={formatNumber(record.sessions_held, language)} />
          <Stat
            label={t`Rating`}
            value={
              record.rating.average === null
                ? none
                : t`${formatNumber(record.rating.average, language)} / ${formatNumber(5, language)}`
            }
            detail={i18n._(
              msg({ message: plural(record.rating.count, { one: '# review', other: '# reviews' }) }),
            )}
          />
        </dl>
        <div className="mt-4">
          <RuleSentence rule={record.rule} />
        </div>
      </section>

      <div className={PANEL}>
        <h2 id={itemsId} className="mb-4 text-xl font-bold text-slate-900">
          {t`Assignments and quizzes`}
        </h2>
        {record.items.length === 0 ? (
          <p className="text-slate-700">{t`This course had no assignments or quizzes.`}</p>
        ) : (
          <ScrollTable labelledBy={itemsId}>
            <table className="w-full min-w-[28rem] border-collapse">
              <thead className="border-b border-slate-200">
                <tr>
                  <th scope="col" className={TH}>{t`Title`}</th>
                  <th scope="col" className={TH}>{t`Type`}</th>
                  <th scope="col" className={TH}>{t`Graded`}</th>
                  <th scope="col" className={TH}>{t`Mean grade`}</th>
                </tr>
              </thead>
              <tbody>
                {record.items.map((item) => (
                  <tr key={item.lecture_id} className="border-b border-slate-100">
                    <th dir="auto" scope="row" className={`${TD} text-start font-semibold`}>
                      {pick(item, 'title', language)}
                    </th>
                    <td className={TD}>{item.kind === 'assignment' ? t`Assignment` : t`Quiz`}</td>
                    <td className={TD}>
                      {t`${formatNumber(item.graded, language)} of ${formatNumber(record.trainees.length, language)}`}
                    </td>
                    <td className={TD}>{outOfTen(item.mean)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </div>

      <div className={PANEL}>
        <h2 id={traineesId} className="mb-4 text-xl font-bold text-slate-900">
          {t`Trainees`}
        </h2>
        {record.trainees.length === 0 ? (
          <p className="text-slate-700">{t`No trainee was enrolled in this course.`}</p>
        ) : (
          <ScrollTable labelledBy={traineesId}>
            <table className="w-full min-w-[28rem] border-collapse">
              <thead className="border-b border-slate-200">
                <tr>
                  <th scope="col" className={TH}>{t`Trainee`}</th>
                  <th scope="col" className={TH}>{t`Attendance`}</th>
                  <th scope="col" className={TH}>{t`Average grade`}</th>
                  <th scope="col" className={TH}>{t`Outcome`}</th>
                </tr>
              </thead>
              <tbody>
                {record.trainees.map((trainee) => (
                  <tr
                    key={trainee.user_id}
                    className="border-b border-slate-100"
                    data-trainee={trainee.user_id}
                  >
                    <th scope="row" className={`${TD} text-start font-semibold`} dir="auto">
                      {trainee.name}
                    </th>
                    <td className={TD}>
                      {percent(trainee.attendance_rate)}{' '}
                      <span className="text-sm text-slate-600">
                        (
                        {t`${formatNumber(trainee.present, language)} of ${formatNumber(record.sessions_held, language)}`}
                        )
                      </span>
                    </td>
                    <td className={TD}>{outOfTen(trainee.average_grade)}</td>
                    <td className={TD}>
                      <span
                        data-outcome={trainee.completed ? 'completed' : 'not-completed'}
                        className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${
                          trainee.completed
                            ? 'bg-emerald-100 text-emerald-900'
                            : 'bg-slate-200 text-slate-800'
                        }`}
                      >
                        {trainee.completed
                          ? t({ message: 'Completed', context: 'a trainee who completed the course' })
                          : t`Not completed`}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </div>

      <section aria-labelledby={reviewsId} className={PANEL}>
        <h2 id={reviewsId} className="mb-4 text-xl font-bold text-slate-900">
          {t`Reviews`}
        </h2>
        {record.reviews.length === 0 ? (
          <p className="text-slate-700">{t`No trainee has reviewed this course.`}</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {record.reviews.map((review) => (
              <li
                key={review.id}
                className="flex flex-col gap-1 border-b border-slate-100 pb-4 last:border-0"
              >
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-semibold text-slate-900" dir="auto">
                    {review.name}
                  </span>
                  <Stars rating={review.rating} />
                  <span className="text-sm text-slate-600">{formatDate(review.created_at, language)}</span>
                </div>
                {review.review && (
                  <p dir="auto" className="text-start wrap-anywhere text-slate-700">
                    {review.review}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function RecordPlaceholder() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <Placeholder className="h-8 w-40 rounded-full" />
      <Placeholder className="h-64" />
      <Placeholder className="h-48" />
      <Placeholder className="h-64" />
    </div>
  );
}

function Details({ courseId, title }: { courseId: number; title: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  const record = useResource(() => getCompletedCourse(api, courseId));
  if (record.status === 'missing') {
    return (
      <NotFound
        title={t`Course not found`}
        message={t`None of your completed courses has this address.`}
        ways={[{ href: paths.trainerCourseHistory(), label: t`Back to Course History` }]}
      />
    );
  }
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <p className="mb-2 text-sm">
        <Link href={paths.trainerCourseHistory()} className="font-semibold text-brand-800 hover:underline">
          {t`Course History`}
        </Link>
      </p>
      <PageTitle dir="auto" className="mb-4 wrap-anywhere">
        {record.status === 'ready' ? pick(record.data.course, 'title', language) : title}
      </PageTitle>
      {record.status === 'ready' ? (
        <Record record={record.data} />
      ) : record.status === 'failed' ? (
        <Failure
          error={record.error}
          retry={record.retry}
          className="rounded-xl bg-red-50 p-4 text-red-800"
        />
      ) : (
        <RecordPlaceholder />
      )}
    </section>
  );
}

/**
 * /completed-course-details-page?id={courseId}: one completed course of the trainer (created or
 * facilitated): its statistics, the completion rule, each assignment's and quiz's mean, every
 * trainee's outcome, and its reviews. No id, an unknown one, a course not ended or not theirs: not
 * found, with the way back to the history.
 */
export default function CompletedCourseDetailsPage({ title }: RouteView) {
  const { t, i18n } = useLingui();
  const courseId = courseIdOf(useSearch());
  if (courseId === null) {
    return (
      <NotFound
        title={t`Course not found`}
        message={t`This address names no course. Choose one in your course history.`}
        ways={[{ href: paths.trainerCourseHistory(), label: t`Back to Course History` }]}
      />
    );
  }
  return <Details key={courseId} courseId={courseId} title={i18n._(title)} />;
}
