import { GRADE_MAX } from '@contract/domain/grading';
import type { CourseGrades, GradeItem, GradeStatus } from '@contract/wire/learning';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useId, useState } from 'react';
import { Link } from 'wouter';
import { api } from '@/api/http';
import { getCourseGrades } from '@/api/learning';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import { useLiveNotices } from '@/stores/live-notices';
import { Placeholder, ResourceView } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';
import { gradeText } from './learning-text';

const STATUS: Record<GradeStatus, MessageDescriptor> = {
  'Not submitted': msg`Not submitted`,
  Submitted: msg`Submitted`,
  Reviewed: msg`Reviewed`,
  Returned: msg`Returned`,
};

const STATUS_COLOURS: Record<GradeStatus, string> = {
  'Not submitted': 'bg-slate-100 text-slate-800',
  Submitted: 'bg-sky-100 text-sky-900',
  Reviewed: 'bg-emerald-100 text-emerald-900',
  Returned: 'bg-amber-100 text-amber-900',
};

function StatusBadge({ status }: { status: GradeStatus }) {
  const { i18n } = useLingui();
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${STATUS_COLOURS[status]}`}
    >
      {i18n._(STATUS[status])}
    </span>
  );
}

function GradeValue({ grade, out }: { grade: number | null; out: number }) {
  const { t } = useLingui();
  const language = useLanguage();
  return grade === null ? (
    <span className="font-normal text-slate-500">{t`Not graded`}</span>
  ) : (
    <bdi>{gradeText(grade, out, language)}</bdi>
  );
}

/** Phones: each item as a card (the table's columns do not fit). */
function GradeCard({ courseId, item }: { courseId: number; item: GradeItem }) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-start justify-between gap-3">
        <Link
          dir="auto"
          href={paths.courseLectures(courseId, item.lecture_id)}
          className="font-semibold wrap-anywhere text-brand-800 hover:underline"
        >
          {pick(item, 'title', language)}
        </Link>
        <span className="shrink-0 font-semibold whitespace-nowrap text-slate-900">
          <GradeValue grade={item.grade} out={GRADE_MAX} />
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span>{item.kind === 'quiz' ? t`Quiz` : t`Assignment`}</span>
        <StatusBadge status={item.status} />
      </div>
      {item.feedback && (
        <p dir="auto" className="text-start text-sm text-slate-700">
          {item.feedback}
        </p>
      )}
    </li>
  );
}

function GradeRow({ courseId, item }: { courseId: number; item: GradeItem }) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <tr className="border-t border-slate-200 align-top">
      <th scope="row" className="p-3 text-start font-semibold">
        <Link
          dir="auto"
          href={paths.courseLectures(courseId, item.lecture_id)}
          className="text-brand-800 hover:underline"
        >
          {pick(item, 'title', language)}
        </Link>
      </th>
      <td className="p-3">{item.kind === 'quiz' ? t`Quiz` : t`Assignment`}</td>
      <td className="p-3">
        <StatusBadge status={item.status} />
      </td>
      <td className="p-3 whitespace-nowrap">
        <GradeValue grade={item.grade} out={GRADE_MAX} />
      </td>
      <td dir="auto" className="p-3 text-slate-700">
        {item.feedback || <span className="text-slate-500">—</span>}
      </td>
    </tr>
  );
}

function GradesTable({ courseId, grades }: { courseId: number; grades: CourseGrades }) {
  const { t } = useLingui();
  const captionId = useId();
  if (grades.items.length === 0) {
    return (
      <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
        {t`This course has no assignments or quizzes to grade.`}
      </p>
    );
  }
  return (
    <>
      <div className="flex flex-col gap-3 md:hidden">
        <ul aria-label={t`Grades of assignments and quizzes`} className="flex flex-col gap-3">
          {grades.items.map((item) => (
            <GradeCard key={item.lecture_id} courseId={courseId} item={item} />
          ))}
        </ul>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 rounded-xl border-2 border-slate-300 bg-white p-4 font-semibold">
          <dt>{t`Total`}</dt>
          <dd>
            <GradeValue grade={grades.total} out={grades.possible} />
          </dd>
          <dt>{t`Average`}</dt>
          <dd>
            <GradeValue grade={grades.average} out={GRADE_MAX} />
          </dd>
        </dl>
      </div>
      {/* From tablets up, a table (it scrolls inside its own region if it must). */}
      <section
        aria-labelledby={captionId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block"
      >
        <table className="w-full min-w-[40rem] text-start text-slate-800">
          <caption id={captionId} className="p-3 text-start font-semibold text-slate-900">
            {t`Grades of assignments and quizzes`}
          </caption>
          <thead className="bg-slate-50 text-sm text-slate-600">
            <tr>
              <th scope="col" className="p-3 text-start">
                {t`Title`}
              </th>
              <th scope="col" className="p-3 text-start">
                {t`Type`}
              </th>
              <th scope="col" className="p-3 text-start">
                {t`Status`}
              </th>
              <th scope="col" className="p-3 text-start">
                {t`Grade`}
              </th>
              <th scope="col" className="p-3 text-start">
                {t`Feedback`}
              </th>
            </tr>
          </thead>
          <tbody>
            {grades.items.map((item) => (
              <GradeRow key={item.lecture_id} courseId={courseId} item={item} />
            ))}
          </tbody>
          <tfoot className="border-t-2 border-slate-300 font-semibold">
            <tr>
              <th scope="row" colSpan={3} className="p-3 text-start">
                {t`Total`}
              </th>
              <td className="p-3 whitespace-nowrap">
                <GradeValue grade={grades.total} out={grades.possible} />
              </td>
              <td className="p-3" />
            </tr>
            <tr>
              <th scope="row" colSpan={3} className="p-3 text-start">
                {t`Average`}
              </th>
              <td className="p-3 whitespace-nowrap">
                <GradeValue grade={grades.average} out={GRADE_MAX} />
              </td>
              <td className="p-3" />
            </tr>
          </tfoot>
        </table>
      </section>
    </>
  );
}

/**
 * The course's grades (the sidebar's 'Grads of Assignment' item; spec section 7,
 * trainee-view-grade-of-assignment-and-quiz): every assignment and quiz with its status, grade out
 * of 10, feedback, and the total and average; each row opens its lecture.
 */
export function GradesView({ courseId }: { courseId: number }) {
  const { t } = useLingui();
  const grades = useResource(() => getCourseGrades(api, courseId));
  // A grade given or a work returned arrives as a live notice: the grades are read again, and the
  // table shown stays until the new one replaces it.
  const [fresh, setFresh] = useState<CourseGrades | null>(null);
  useLiveNotices(
    useCallback(() => {
      getCourseGrades(api, courseId).then(setFresh, () => {});
    }, [courseId]),
  );
  return (
    <article className="flex flex-col gap-4">
      <h2 tabIndex={-1} data-lecture-title className="text-2xl font-bold text-slate-900 outline-none">
        {t`Grades`}
      </h2>
      <ResourceView state={grades} loading={<Placeholder className="h-72" />}>
        {(data) => <GradesTable courseId={courseId} grades={fresh ?? data} />}
      </ResourceView>
    </article>
  );
}
