import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { type CourseAbout, WEEKDAYS } from '@contract/wire/courses';
import { Plural, useLingui } from '@lingui/react/macro';
import { lazy } from 'react';
import { useParams, useSearch } from 'wouter';
import { getCourseAbout } from '@/api/courses';
import { httpError } from '@/api/errors';
import { api } from '@/api/http';
import { CoverImage } from '@/entities/course/CoverImage';
import { priceText } from '@/entities/course/price';
import { INVITE_BUTTON } from '@/features/invitations/invite-button';
import { formatDateRange, formatTime } from '@/i18n/dates';
import { formatNumber } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';
import { withScreenCatalogue } from '@/i18n/screen-catalogue';
import { term } from '@/i18n/terms';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { NotFound } from '@/ui/NotFound';
import { PageTitle } from '@/ui/PageTitle';
import { AfterPaint, Placeholder, ResourceView } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';
import { ENROL_BUTTON } from './enrol-button';

// Enrolling (its machine, the checkout calls) loads beside the page, not before its first paint.
const EnrolAction = lazy(() => import('./EnrolAction'));
// The reviews (their machines and catalogue) load after the page, below the fold, in a reserved space.
const ReviewsSection = lazy(() => withScreenCatalogue('community', import('./reviews/ReviewsSection')));
const InviteFriends = lazy(() => import('@/features/invitations/InviteFriends'));

function Facts({ course }: { course: CourseAbout }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const list = (values: readonly string[]) =>
    values.map((value) => term(value, i18n)).join(language === 'ar' ? '، ' : ', ');
  const facts: [string, string][] = [
    [t`Category`, pick(course.category, 'name', language)],
    [t`Skill level`, term(course.skill_level, i18n)],
    [t`Languages`, list(course.languages)],
    [t`Captions`, course.captions.length ? list(course.captions) : t`None`],
    [t`Dates`, formatDateRange(course.start_date, course.end_date, language)],
    [t`Weeks`, formatNumber(course.weeks.length, language)],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-4 rounded-2xl border border-slate-200 bg-white p-6 sm:grid-cols-2">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-slate-500">{label}</dt>
          <dd className="font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Syllabus({ course }: { course: CourseAbout }) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <section aria-labelledby="course-syllabus">
      <h2 id="course-syllabus" className="mb-4 text-2xl font-bold text-slate-900">
        {t`Syllabus`}
      </h2>
      {course.weeks.length ? (
        <ol className="flex flex-col gap-3">
          {course.weeks.map((week) => (
            <li key={week.week} className="rounded-xl border border-slate-200 bg-white p-4">
              <p className="text-sm font-semibold text-brand-700">{t`Week ${formatNumber(week.week, language)}`}</p>
              <p dir="auto" className="font-semibold text-slate-900">
                {pick(week, 'syllabus_title', language)}
              </p>
              <ul className="mt-2 flex flex-wrap gap-2 text-sm text-slate-700">
                <li className="rounded-full bg-slate-100 px-3 py-1">
                  <Plural value={week.lectures} one="# lecture" other="# lectures" />
                </li>
                <li className="rounded-full bg-slate-100 px-3 py-1">
                  <Plural value={week.quizzes} one="# quiz" other="# quizzes" />
                </li>
                <li className="rounded-full bg-slate-100 px-3 py-1">
                  <Plural value={week.assignments} one="# assignment" other="# assignments" />
                </li>
              </ul>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-slate-600">{t`No data found`}</p>
      )}
    </section>
  );
}

function Routine({ course }: { course: CourseAbout }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  return (
    <section aria-labelledby="course-routine">
      <h2 id="course-routine" className="mb-4 text-2xl font-bold text-slate-900">
        {t`Weekly routine`}
      </h2>
      <table className="w-full overflow-hidden rounded-xl border border-slate-200 bg-white text-start">
        <thead className="bg-slate-50 text-sm text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-2 text-start">{t`Day`}</th>
            <th scope="col" className="px-4 py-2 text-start">{t`Time`}</th>
          </tr>
        </thead>
        <tbody>
          {WEEKDAYS.map((day) => {
            const slots = course.routine.filter((slot) => slot.day === day);
            return (
              <tr key={day} className="border-t border-slate-200">
                <th scope="row" className="px-4 py-2 text-start font-semibold text-slate-900">
                  {term(day, i18n)}
                </th>
                <td className="px-4 py-2 text-slate-700">
                  {slots.length
                    ? slots
                        .map(
                          (slot) =>
                            `${formatTime(slot.start_time, language)} – ${formatTime(slot.end_time, language)}`,
                        )
                        .join(' · ')
                    : t`No class`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function People({ course }: { course: CourseAbout }) {
  const { t } = useLingui();
  const language = useLanguage();
  const trainer = course.created_by_details.full_name || course.created_by.full_name;
  return (
    <section aria-labelledby="course-people" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="course-people" className="mb-4 text-xl font-bold text-slate-900">
        {t`Trainer`}
      </h2>
      <p className="flex items-center gap-3">
        <img src={course.created_by.image} alt="" className="size-10 rounded-full object-cover" />
        <span className="font-semibold text-slate-900">{trainer}</span>
      </p>
      <h3 className="mt-6 mb-3 font-bold text-slate-900">{t`Facilitators`}</h3>
      {course.facilitators.length ? (
        <ul className="flex flex-col gap-3">
          {course.facilitators.map((person) => (
            <li key={person.full_name} className="flex items-center gap-3">
              <img src={person.image} alt="" className="size-9 rounded-full object-cover" />
              <bdi>{person.full_name}</bdi>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">{t`No facilitators for this course`}</p>
      )}
      <h3 className="mt-6 mb-3 font-bold text-slate-900">{t`Surveys`}</h3>
      {course.surveys.length ? (
        <ul className="flex flex-col gap-2 text-slate-700">
          {course.surveys.map((survey) => (
            <li key={survey.stage}>
              <bdi>{pick(survey, 'title', language)}</bdi>{' '}
              <span className="text-sm text-slate-500">
                ({survey.stage === 'pre' ? t`before the course` : t`after the course`})
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">{t`No surveys for this course`}</p>
      )}
    </section>
  );
}

/** /course-details/{id}: every field of the course (spec section 3) and the way to enrol. */
export default function CourseDetailsPage({ title }: RouteView) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const { id } = useParams<{ id: string }>();
  // The header search passes the title along, so the page is named before the course arrives.
  const passedTitle = new URLSearchParams(useSearch()).get('title');
  const courseId = Number(id);
  const course = useResource(() =>
    Number.isInteger(courseId) && courseId > 0
      ? getCourseAbout(api, courseId)
      : // An address that cannot name a course is answered as the server would: no such course.
        Promise.reject(httpError(404, undefined, SERVER_MESSAGES.notFound)),
  );
  if (course.status === 'missing') {
    return (
      <NotFound
        title={t`Course not found`}
        message={t`This course does not exist or is no longer published.`}
        ways={[
          { href: paths.catalogue(), label: t`Browse courses` },
          { href: paths.home(), label: t`Back to home` },
        ]}
      />
    );
  }
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 lg:grid-cols-2">
          {course.status !== 'ready' && (
            <PageTitle className="text-white">{passedTitle || i18n._(title)}</PageTitle>
          )}
          <ResourceView state={course} loading={<Placeholder className="h-56 bg-brand-800" />}>
            {(data) => (
              <>
                <div className="flex flex-col items-start gap-4">
                  <p dir="auto" className="text-sm font-semibold tracking-wide text-gold-400 uppercase">
                    {pick(data.category, 'name', language)}
                  </p>
                  <PageTitle dir="auto" className="text-4xl text-white">
                    {pick(data, 'title', language)}
                  </PageTitle>
                  <p dir="auto" className="text-xl text-brand-100">
                    {pick(data, 'subtitle', language)}
                  </p>
                  {data.price_with_vat_halalas !== undefined && (
                    <p className="flex items-baseline gap-2">
                      <span className="text-2xl font-bold text-white">
                        {priceText(data.price_with_vat_halalas, language, i18n)}
                      </span>
                      {data.price_with_vat_halalas > 0 && (
                        <span className="text-sm text-brand-100">{t`VAT included`}</span>
                      )}
                    </p>
                  )}
                  {data.female_only && (
                    <p className="rounded-full bg-gold-500 px-3 py-1 text-sm font-semibold text-brand-900">
                      {t`Female Only`}
                    </p>
                  )}
                  <AfterPaint
                    fallback={
                      <span aria-busy="true" className={`${ENROL_BUTTON} opacity-60`}>
                        {t`Enroll Now`}
                      </span>
                    }
                  >
                    <EnrolAction course={data} />
                  </AfterPaint>
                  <AfterPaint
                    fallback={
                      <span aria-hidden="true" className={`${INVITE_BUTTON} invisible inline-block`}>
                        {t`Invite friends`}
                      </span>
                    }
                  >
                    <InviteFriends courseId={data.id} />
                  </AfterPaint>
                </div>
                <CoverImage
                  src={data.cover_image}
                  shownAs="page"
                  width={480}
                  height={270}
                  fetchPriority="high"
                  className="aspect-[16/9] h-auto w-full rounded-3xl object-cover"
                />
              </>
            )}
          </ResourceView>
        </div>
      </section>
      {course.status === 'ready' && (
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 lg:grid-cols-[1fr_22rem]">
          <div className="flex flex-col gap-10">
            <section aria-labelledby="course-about">
              <h2 id="course-about" className="mb-4 text-2xl font-bold text-slate-900">
                {t`About this course`}
              </h2>
              <p dir="auto" className="text-start leading-relaxed whitespace-pre-line text-slate-700">
                {pick(course.data, 'description', language)}
              </p>
            </section>
            <Facts course={course.data} />
            <Syllabus course={course.data} />
            <Routine course={course.data} />
            <div id="reviews" className="min-h-[30rem] scroll-mt-24">
              <AfterPaint fallback={null}>
                <ReviewsSection courseId={course.data.id} />
              </AfterPaint>
            </div>
          </div>
          <aside>
            <People course={course.data} />
          </aside>
        </div>
      )}
    </>
  );
}
