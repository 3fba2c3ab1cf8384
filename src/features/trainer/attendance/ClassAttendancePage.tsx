import type { AttendanceCourse } from '@contract/wire/attendance';
import { useLingui } from '@lingui/react/macro';
import type { ClassAttendanceView, CourseView } from '@machines/classAttendance.connect';
import { useId } from 'react';
import { Link, useSearch } from 'wouter';
import { CodePanel } from '@/features/trainer/attendance/CodePanel';
import { useClassAttendance } from '@/features/trainer/attendance/classAttendance.live';
import { PrintSheet } from '@/features/trainer/attendance/PrintSheet';
import { RosterPanel } from '@/features/trainer/attendance/RosterPanel';
import { formatDate, formatTime } from '@/i18n/dates';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { Failure } from '@/ui/Failure';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder } from '@/ui/ResourceView';
import '@/features/trainer/known-messages';
import { button } from '@/ui/button';

const CARD = 'flex min-h-28 flex-col items-start gap-1 rounded-xl border p-4 text-start';
const SLOTS = ['first', 'second', 'third'] as const;

function CourseCard({ course, onChoose }: { course: AttendanceCourse; onChoose: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const first = course.today[0];
  return (
    <li>
      <button
        type="button"
        onClick={onChoose}
        className={`${CARD} w-full border-slate-200 bg-white hover:bg-slate-50`}
      >
        <span dir="auto" className="wrap-anywhere font-semibold text-slate-900">
          {pick(course, 'title', language)}
        </span>
        {first ? (
          <span className="text-sm font-semibold text-emerald-800">
            {t`Session today`}{' '}
            <span>
              {formatTime(first.start_time, language)} – {formatTime(first.end_time, language)}
            </span>
          </span>
        ) : (
          <span className="text-sm text-slate-700">
            {course.next_date
              ? t`No session today. Next session: ${formatDate(course.next_date, language)}`
              : t`No session today, and no more sessions.`}
          </span>
        )}
      </button>
    </li>
  );
}

function SheetActions({ chosen }: { chosen: CourseView }) {
  const { t } = useLingui();
  const { sheet } = chosen;
  const busy = sheet.busy;
  return (
    <section
      aria-labelledby="sheet-heading"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="sheet-heading" className="text-lg font-bold text-slate-900">
        {t`Attendance sheet`}
      </h2>
      <p className="text-sm text-slate-700">{t`Every session held so far, by trainee, with the totals.`}</p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={button()}
          disabled={busy === 'print' || busy === 'export'}
          onClick={sheet.print}
        >
          {busy === 'print' ? t`Preparing the sheet…` : t`Print sheet`}
        </button>
        <button
          type="button"
          className={button('secondary')}
          disabled={busy === 'print' || busy === 'export'}
          onClick={sheet.export}
        >
          {busy === 'export' ? t`Writing the file…` : t`Export to Excel`}
        </button>
      </div>
      <div className="min-h-6 text-sm">
        {sheet.failed ? (
          <Failure error={sheet.failed.error} retry={sheet.failed.retry} className="text-red-800" />
        ) : sheet.exports > 0 && busy === null ? (
          <p role="status" className="text-emerald-800">{t`The Excel file has been downloaded.`}</p>
        ) : null}
      </div>
    </section>
  );
}

function ChosenCourse({ chosen }: { chosen: CourseView }) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 dir="auto" className="wrap-anywhere text-xl font-bold text-slate-900">
          {pick(chosen.course, 'title', language)}
        </h2>
        <Link
          href={paths.manageCourseLectures(chosen.course.course_id)}
          className="text-sm font-semibold text-brand-800 hover:underline"
        >
          {t`Open the course`}
        </Link>
      </div>
      {/* On a phone: the code, the trainees, the sheet; wider: the code and the sheet beside the trainees. */}
      <div className="grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:items-start">
        <CodePanel chosen={chosen} />
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <RosterPanel chosen={chosen} />
        </div>
        <SheetActions chosen={chosen} />
      </div>
      {chosen.sheet.sheet && <PrintSheet sheet={chosen.sheet.sheet} course={chosen.course} />}
    </div>
  );
}

function Body({ view }: { view: ClassAttendanceView }) {
  const { t } = useLingui();
  const selectId = useId();
  if (view.phase === 'loading') {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">{t`Loading your courses`}</span>
        <Placeholder className="h-7 w-40" />
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {SLOTS.map((slot) => (
            <li key={slot}>
              <Placeholder className="h-28" />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (view.phase === 'failed') {
    return (
      <Failure error={view.error} retry={view.retry} className="rounded-xl bg-red-50 p-4 text-red-800" />
    );
  }
  if (view.courses.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-xl border border-slate-200 bg-white p-6">
        <p className="text-slate-700">{t`You have no approved course yet. Attendance is taken in approved courses.`}</p>
        <Link href={paths.manageCourses()} className={button()}>
          {t`Go to My courses`}
        </Link>
      </div>
    );
  }
  if (view.chosen) {
    const chosen = view.chosen;
    // Once a course is chosen, the list folds into one field, so the code comes first on a phone.
    return (
      <div className="flex flex-col gap-6">
        <div className="flex max-w-xl flex-col gap-1">
          <label htmlFor={selectId} className="font-semibold text-slate-800">
            {t`Course`}
          </label>
          <CourseSelect id={selectId} view={view} value={chosen.course.course_id} />
        </div>
        <ChosenCourse chosen={chosen} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="courses-heading" className="flex flex-col gap-3">
        <h2 id="courses-heading" className="text-lg font-bold text-slate-900">
          {t`Choose a course`}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {view.courses.map((course) => (
            <CourseCard
              key={course.course_id}
              course={course}
              onChoose={() => view.choose(course.course_id)}
            />
          ))}
        </ul>
      </section>
      <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-700">
        {t`Choose a course to show its attendance code and its trainees.`}
      </p>
    </div>
  );
}

function CourseSelect({
  id,
  view,
  value,
}: {
  id: string;
  view: Extract<ClassAttendanceView, { phase: 'ready' }>;
  value: number;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <select
      id={id}
      className="rounded-lg border border-slate-300 bg-white px-3 py-2 font-normal"
      value={value}
      onChange={(event) => view.choose(Number(event.target.value))}
    >
      {view.courses.map((course) => (
        <option dir="auto" key={course.course_id} value={course.course_id}>
          {course.today.length > 0
            ? t`${pick(course, 'title', language)} (session today)`
            : pick(course, 'title', language)}
        </option>
      ))}
    </select>
  );
}

function courseIdOf(value: string | null): number | null {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /manage-class-attendance (spec section 2): the trainer's approved courses, today's rotating QR code
 * for one of them with its live count and a projector mode, the trainees marked by hand on a session
 * day, and the attendance sheet printed or exported. `?course=` chooses a course at once (the trainer's
 * course page links here so).
 */
export default function ClassAttendancePage({ title }: RouteView) {
  const { i18n } = useLingui();
  const view = useClassAttendance(courseIdOf(new URLSearchParams(useSearch()).get('course')));
  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <PageTitle className="mb-6">{i18n._(title)}</PageTitle>
      <Body view={view} />
    </section>
  );
}
