import type { OngoingCourse } from '@contract/wire/learning';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { api } from '@/api/http';
import { listOngoingCourses } from '@/api/learning';
import { CalendarFeedPanel } from '@/features/learning/calendar-feed/CalendarFeedPanel';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder, ResourceView } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';
import { ProgressBar } from './ProgressBar';
import './known-messages';
import { CoverImage } from '@/entities/course/CoverImage';
import { button } from '@/ui/button';

/** The card's frame; the placeholder has the same one, so nothing moves when the list arrives. */
const CARD =
  'flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center';

function CourseRow({ ongoing }: { ongoing: OngoingCourse }) {
  const { t } = useLingui();
  const language = useLanguage();
  const { course, progress, next_lecture: next } = ongoing;
  const title = pick(course, 'title', language);
  return (
    <li className={CARD}>
      <CoverImage
        src={course.cover_image}
        shownAs="row"
        width={160}
        height={100}
        className="aspect-[8/5] w-full shrink-0 rounded-xl object-cover sm:w-40"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <h2 dir="auto" className="text-lg font-semibold wrap-anywhere text-slate-900">
          {title}
        </h2>
        <ProgressBar progress={progress} className="max-w-md" />
        <p className="text-sm text-slate-700">
          {next ? (
            <>
              <span className="font-semibold">{t`Next lecture:`}</span> {pick(next, 'title', language)}
            </>
          ) : (
            t`You have read every lecture of this course.`
          )}
        </p>
        {ongoing.status === 'withdrawal_requested' && (
          <p className="text-sm text-slate-600">{t`Your request to leave this course waits for the administration.`}</p>
        )}
      </div>
      <Link
        href={next ? paths.courseLectures(course.id, next.id) : paths.courseLectures(course.id)}
        className={`${button()} shrink-0`}
        aria-label={t`Continue ${title}`}
      >
        {t`Continue`}
      </Link>
    </li>
  );
}

/** /ongoing-courses: the courses the trainee is studying, with their progress and what is next. */
export default function OngoingCoursesPage({ title }: RouteView) {
  const { t, i18n } = useLingui();
  const courses = useResource(() => listOngoingCourses(api));
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <PageTitle className="mb-8">{i18n._(title)}</PageTitle>
      <ResourceView
        state={courses}
        loading={
          <ul className="flex flex-col gap-4">
            {['first', 'second'].map((slot) => (
              <li key={slot} className={CARD}>
                <Placeholder className="aspect-[8/5] w-full shrink-0 sm:w-40" />
                <div className="flex flex-1 flex-col gap-3">
                  <Placeholder className="h-7 w-2/3" />
                  <Placeholder className="h-8 max-w-md" />
                  <Placeholder className="h-5 w-1/2" />
                </div>
                <Placeholder className="h-10 w-28 shrink-0" />
              </li>
            ))}
          </ul>
        }
      >
        {(list) => (
          <>
            {list.length ? (
              <ul className="flex flex-col gap-4">
                {list.map((ongoing) => (
                  <CourseRow key={ongoing.course.id} ongoing={ongoing} />
                ))}
              </ul>
            ) : (
              <div className="flex flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-white p-6">
                <p className="text-slate-700">{t`You are not following a course yet.`}</p>
                <Link href={paths.catalogue()} className={button()}>
                  {t`Browse courses`}
                </Link>
              </div>
            )}
            {/* The private calendar feed of the courses the trainee is enrolled in, below the list
                once it is there, so that nothing above it moves. */}
            <div className="mt-10">
              <CalendarFeedPanel />
            </div>
          </>
        )}
      </ResourceView>
    </section>
  );
}
