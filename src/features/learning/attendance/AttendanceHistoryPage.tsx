import type { AttendanceHistory } from '@contract/wire/attendance';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { getAttendanceHistory } from '@/api/attendance';
import { api } from '@/api/http';
import { formatDate, formatTime } from '@/i18n/dates';
import type { Language } from '@/i18n/languages';
import { formatNumber, formattingLocale } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import type { RouteView } from '@/routing/route-view';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder, ResourceView } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';

type CourseAttendance = AttendanceHistory['results'][number];

/** The course's frame; the placeholder has the same one, so nothing moves when the list arrives. */
const CARD = 'flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6';

function percent(value: number, language: Language): string {
  return new Intl.NumberFormat(formattingLocale(language), {
    style: 'percent',
    maximumFractionDigits: 0,
  }).format(value);
}

function CourseCard({ course }: { course: CourseAttendance }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const title = pick(course, 'title', language);
  const present = formatNumber(course.present, language);
  const count = i18n._(
    msg({
      message: plural(course.held, {
        one: `Present at ${present} of # session`,
        other: `Present at ${present} of # sessions`,
      }),
    }),
  );
  const rate = percent(course.held ? course.present / course.held : 0, language);
  return (
    <li className={CARD}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 dir="auto" className="text-lg font-semibold wrap-anywhere text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-700">
          {count} · <span className="font-semibold">{rate}</span>
        </p>
      </div>
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{t`Attendance in ${title}`}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2 pe-3 text-start font-semibold">{t`Date`}</th>
            <th scope="col" className="py-2 pe-3 text-start font-semibold">{t`Time`}</th>
            <th scope="col" className="py-2 text-start font-semibold">{t`Status`}</th>
          </tr>
        </thead>
        <tbody>
          {course.sessions.map((session) => (
            <tr key={session.date} className="border-b border-slate-100 last:border-0">
              <td className="py-2 pe-3 text-slate-900">{formatDate(session.date, language)}</td>
              <td className="py-2 pe-3 text-slate-700">
                <bdi>
                  {formatTime(session.start_time, language)}–{formatTime(session.end_time, language)}
                </bdi>
              </td>
              <td className="py-2">
                {session.status === 'Present' ? (
                  <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-800">
                    {t`Present`}
                  </span>
                ) : (
                  <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-800">{t`Absent`}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </li>
  );
}

/** /attendance-history: per course, each session held so far, Present or Absent, with the rate. */
export default function AttendanceHistoryPage({ title }: RouteView) {
  const { t, i18n } = useLingui();
  const history = useResource(() => getAttendanceHistory(api));
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <PageTitle className="mb-8">{i18n._(title)}</PageTitle>
      <ResourceView
        state={history}
        loading={
          <ul className="flex flex-col gap-4">
            {['first', 'second'].map((slot) => (
              <li key={slot} className={CARD}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <Placeholder className="h-7 w-2/3" />
                  <Placeholder className="h-5 w-40" />
                </div>
                <Placeholder className="h-40 w-full" />
              </li>
            ))}
          </ul>
        }
      >
        {({ results }) =>
          results.length ? (
            <ul className="flex flex-col gap-4">
              {results.map((course) => (
                <CourseCard key={course.course_id} course={course} />
              ))}
            </ul>
          ) : (
            <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">{t`No Attendance Found!`}</p>
          )
        }
      </ResourceView>
    </section>
  );
}
