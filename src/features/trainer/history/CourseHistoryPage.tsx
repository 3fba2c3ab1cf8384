import type { HistoryCourse } from '@contract/wire/records';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { api } from '@/api/http';
import { getCourseHistory } from '@/api/records';
import { ClosedBadge, formatPercent, HistoryStatusBadge } from '@/features/trainer/history/figures';
import { RoleBadge } from '@/features/trainer/shared/StatusBadge';
import { formatDate, formatDateRange } from '@/i18n/dates';
import { formatNumber } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { Failure } from '@/ui/Failure';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';
import '@/features/trainer/known-messages';
import { CoverImage } from '@/entities/course/CoverImage';
import { button } from '@/ui/button';

/** The card's frame; the placeholder has the same one, so nothing moves when the list arrives. */
const CARD =
  'flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start';
const FIGURES = 'grid grid-cols-2 gap-3 sm:grid-cols-4';

function Figure({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2">
      <dt className="text-xs font-semibold text-slate-600">{label}</dt>
      <dd className="text-lg font-bold text-slate-900">{value}</dd>
    </div>
  );
}

function CourseEntry({ course }: { course: HistoryCourse }) {
  const { t } = useLingui();
  const language = useLanguage();
  const title = pick(course, 'title', language);
  const since = formatDate(course.since, language);
  const sinceText =
    course.status === 'Completed'
      ? course.closed
        ? t`Closed on ${since}`
        : t`Ended on ${since}`
      : course.status === 'Rejected'
        ? t`Rejected on ${since}`
        : t`Deleted on ${since}`;
  const none = t`None yet`;
  return (
    <li className={CARD} data-course-id={course.id}>
      <CoverImage
        src={course.cover_image}
        shownAs="row"
        width={192}
        height={108}
        className="hidden aspect-[16/9] h-auto rounded-xl object-cover sm:block sm:w-48"
        loading="lazy"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <HistoryStatusBadge status={course.status} />
          {course.closed && <ClosedBadge />}
          <RoleBadge role={course.role} />
        </div>
        <h2 dir="auto" className="text-lg font-semibold wrap-anywhere text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-700">
          {formatDateRange(course.start_date, course.end_date, language)} · {sinceText}
        </p>
        <dl className={FIGURES}>
          <Figure label={t`Trainees enrolled`} value={formatNumber(course.enrolled_count, language)} />
          {course.status === 'Completed' && (
            <>
              <Figure
                label={t`Attendance rate`}
                value={
                  course.attendance_rate === null ? none : formatPercent(course.attendance_rate, language)
                }
              />
              <Figure
                label={t`Average grade`}
                value={
                  course.average_grade === null
                    ? none
                    : t`${formatNumber(course.average_grade, language)} / ${formatNumber(10, language)}`
                }
              />
              <Figure
                label={t`Completed`}
                value={t`${formatNumber(course.completed_count ?? 0, language)} of ${formatNumber(course.enrolled_count, language)}`}
              />
            </>
          )}
        </dl>
        {course.status === 'Completed' && (
          <div>
            <Link
              href={paths.completedCourseDetails(course.id)}
              className={button('secondary', 'sm')}
              aria-label={t`View details of ${title}`}
            >
              {t`View details`}
            </Link>
          </div>
        )}
      </div>
    </li>
  );
}

function EntryPlaceholder() {
  return (
    <li className={CARD}>
      <Placeholder className="hidden aspect-[16/9] rounded-xl sm:block sm:w-48" />
      <div className="flex flex-1 flex-col gap-3">
        <Placeholder className="h-8 w-28 rounded-full" />
        <Placeholder className="h-7 w-2/3" />
        <Placeholder className="h-5 w-1/2" />
        <div className={FIGURES}>
          <Placeholder className="h-14" />
          <Placeholder className="h-14" />
          <Placeholder className="h-14" />
          <Placeholder className="h-14" />
        </div>
        <Placeholder className="h-8 w-24" />
      </div>
    </li>
  );
}

/**
 * /trainer-course-history: the trainer's past courses (Completed, Rejected, Deleted; those they
 * facilitate marked), newest first, each with its enrolments and, once completed, its attendance
 * rate, average grade and how many completed it, with a link to its details.
 */
export default function CourseHistoryPage({ title }: RouteView) {
  const { t, i18n } = useLingui();
  const history = useResource(() => getCourseHistory(api));

  let body: ReactNode;
  if (history.status === 'ready') {
    body = history.data.results.length ? (
      <ul className="flex flex-col gap-4">
        {history.data.results.map((course) => (
          <CourseEntry key={course.id} course={course} />
        ))}
      </ul>
    ) : (
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-white p-6">
        <p className="text-slate-700">
          {t`No past courses yet. A course appears here once it has ended, or when it is rejected or deleted.`}
        </p>
        <Link href={paths.manageCourses()} className={button()}>
          {t`Go to My courses`}
        </Link>
      </div>
    );
  } else if (history.status === 'failed' || history.status === 'missing') {
    body = (
      <Failure
        error={history.error}
        retry={history.status === 'failed' ? history.retry : undefined}
        className="rounded-xl bg-red-50 p-4 text-red-800"
      />
    );
  } else {
    body = (
      <ul className="flex flex-col gap-4" aria-busy="true">
        <EntryPlaceholder />
        <EntryPlaceholder />
        <EntryPlaceholder />
      </ul>
    );
  }

  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <PageTitle className="mb-8">{i18n._(title)}</PageTitle>
      {body}
    </section>
  );
}
