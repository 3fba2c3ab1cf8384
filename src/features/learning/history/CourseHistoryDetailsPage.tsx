import { certificateFileName, type HistoryDetails } from '@contract/wire/history';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { downloadCertificatePdf, getHistoryDetails } from '@/api/history';
import { api } from '@/api/http';
import { DocumentDownload } from '@/features/learning/history/DocumentDownload';
import { BLOCK_TEXTS } from '@/features/learning/history/history-text';
import { StatusBadge } from '@/features/learning/history/StatusBadge';
import { formatDate, formatDateRange } from '@/i18n/dates';
import type { Language } from '@/i18n/languages';
import { formatNumber, formattingLocale } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder, ResourceView } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';
import '@/features/learning/known-messages';
import { button } from '@/ui/button';

const SECTION = 'flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6';

function percent(value: number, language: Language): string {
  return new Intl.NumberFormat(formattingLocale(language), {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(value / 100);
}

function grade(value: number | null, language: Language): string {
  return new Intl.NumberFormat(formattingLocale(language), { maximumFractionDigits: 2 }).format(value ?? 0);
}

/**
 * "8.5 / 10" in the page's digits, kept as one piece in the order numbers are read (an LRI … PDI
 * isolate), as the trainee's grades page shows it, so an Arabic page does not put the 10 first.
 */
function outOfTen(value: number, language: Language): string {
  return `\u2066${grade(value, language)} / ${formatNumber(10, language)}\u2069`;
}

function Facts({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm text-slate-600">{term}</dt>
          <dd className="font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Met({ met }: { met: boolean }) {
  const { t } = useLingui();
  return met ? (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-sm font-semibold text-emerald-900">{t`Met`}</span>
  ) : (
    <span className="rounded-full bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-900">{t`Not met`}</span>
  );
}

function Certificate({ course, onIssued }: { course: HistoryDetails; onIssued: () => void }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const { certificate } = course;
  // The code of a certificate the download issues: read back with the course, to name the file.
  const issuedCode = useRef(certificate?.code);
  const download = (
    <DocumentDownload
      label={t`Download certificate`}
      fetchFile={async () => {
        const file = await downloadCertificatePdf(api, course.course_id);
        if (!issuedCode.current) {
          issuedCode.current = (await getHistoryDetails(api, course.course_id)).certificate?.code;
        }
        return file;
      }}
      fileName={() => certificateFileName(issuedCode.current ?? String(course.course_id))}
      onSaved={certificate ? undefined : onIssued}
    />
  );
  return (
    <section aria-labelledby="certificate-title" className={SECTION}>
      <h2 id="certificate-title" className="text-lg font-semibold text-slate-900">{t`Certificate`}</h2>
      {certificate ? (
        <>
          <Facts
            rows={[
              [
                t`Certificate code`,
                <span key="code" className="ltr-text">
                  {certificate.code}
                </span>,
              ],
              [t`Issued on`, formatDate(certificate.issued_at, language)],
            ]}
          />
          <Link
            href={paths.verifyCertificate(certificate.code)}
            className="self-start font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
          >
            {t`Public verification page`}
          </Link>
          {certificate.revoked_at ? (
            <p role="status" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-semibold text-red-900">
              {t`This certificate was revoked on ${formatDate(certificate.revoked_at, language)}. It can no longer be downloaded.`}
            </p>
          ) : (
            download
          )}
        </>
      ) : course.certificate_block ? (
        <p className="text-slate-700">
          {course.certificate_block === 'not_enrolled' && course.status !== 'Deleted'
            ? t`Your enrolment in this course is not confirmed, so it has no certificate.`
            : i18n._(BLOCK_TEXTS[course.certificate_block])}
        </p>
      ) : (
        <>
          <p className="text-slate-700">{t`You completed this course. Your certificate is ready to download.`}</p>
          {download}
        </>
      )}
    </section>
  );
}

/** Attendance, grades and the completion rule of a course the trainee follows. */
function Figures({ course }: { course: HistoryDetails }) {
  const { t } = useLingui();
  const language = useLanguage();
  const n = (value: number) => formatNumber(value, language);
  const rate =
    course.attendance_rate === null ? t`No session held yet` : percent(course.attendance_rate, language);
  const average =
    course.average_grade === null ? t`No assignment or quiz` : outOfTen(course.average_grade, language);
  const minGrade = grade(course.rule.min_grade, language);
  const minAttendance = percent(course.rule.min_attendance, language);
  const outOf = n(10);
  return (
    <>
      <section aria-labelledby="attendance-title" className={SECTION}>
        <h2 id="attendance-title" className="text-lg font-semibold text-slate-900">{t`Attendance`}</h2>
        <Facts
          rows={[
            [t`Sessions held`, n(course.sessions_held)],
            [t`Present`, n(course.present)],
            [t`Attendance rate`, rate],
          ]}
        />
      </section>
      <section aria-labelledby="grades-title" className={SECTION}>
        <h2 id="grades-title" className="text-lg font-semibold text-slate-900">{t`Grades`}</h2>
        {course.grades.length ? (
          <table className="w-full text-start text-sm">
            <caption className="sr-only">{t`Grades of assignments and quizzes`}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2 pe-3 text-start font-semibold">{t`Assignment or quiz`}</th>
                <th scope="col" className="py-2 text-end font-semibold">{t`Grade`}</th>
              </tr>
            </thead>
            <tbody>
              {course.grades.map((item) => (
                <tr key={item.lecture_id} className="border-b border-slate-100">
                  <td dir="auto" className="py-2 pe-3 wrap-anywhere text-slate-900">
                    {pick(item, 'title', language)}{' '}
                    <span className="text-slate-600">({item.kind === 'quiz' ? t`Quiz` : t`Assignment`})</span>
                  </td>
                  <td className="py-2 text-end whitespace-nowrap text-slate-900">
                    {item.grade === null ? t`None (counts as 0)` : outOfTen(item.grade, language)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th
                  scope="row"
                  className="py-2 pe-3 text-start font-semibold text-slate-900"
                >{t`Average`}</th>
                <td className="py-2 text-end font-semibold whitespace-nowrap text-slate-900">{average}</td>
              </tr>
            </tfoot>
          </table>
        ) : (
          <p className="text-slate-700">{t`This course has no assignment or quiz.`}</p>
        )}
      </section>
      <section aria-labelledby="rule-title" className={SECTION}>
        <h2 id="rule-title" className="text-lg font-semibold text-slate-900">{t`Completion rule`}</h2>
        <ul className="flex flex-col gap-2">
          <li className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-slate-800">{t`Attendance of at least ${minAttendance} (yours: ${rate})`}</span>
            <Met met={course.attendance_met} />
          </li>
          <li className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-slate-800">{t`Average grade of at least ${minGrade} out of ${outOf} (yours: ${average})`}</span>
            <Met met={course.grade_met} />
          </li>
        </ul>
        {!course.ended && (
          <p className="text-sm text-slate-600">{t`The course has not ended yet: these figures can still change.`}</p>
        )}
      </section>
    </>
  );
}

function Details({ course, onIssued }: { course: HistoryDetails; onIssued: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const followed =
    course.status === 'Approved' || course.status === 'Completed' || course.pending_reason === 'withdrawal';
  const n = (value: number) => formatNumber(value, language);
  return (
    <div className="flex flex-col gap-6">
      <section className={SECTION}>
        <div className="flex flex-wrap items-center gap-3">
          <StatusBadge status={course.status} />
          {course.pending_reason === 'withdrawal' && (
            <span className="text-sm font-semibold text-amber-900">{t`Withdrawal requested`}</span>
          )}
        </div>
        <Facts
          rows={[
            [t`Dates`, formatDateRange(course.start_date, course.end_date, language)],
            [t`Trainer`, course.trainer_name],
            [t`Hours`, n(course.hours)],
          ]}
        />
      </section>
      {followed ? (
        <Figures course={course} />
      ) : (
        <p className="rounded-2xl border border-slate-200 bg-white p-4 text-slate-700 sm:p-6">
          {t`Attendance and grades are kept for the courses you are enrolled in.`}
        </p>
      )}
      <Certificate course={course} onIssued={onIssued} />
      {course.ended && (
        <Link
          href={`${paths.courseDetails(course.course_id)}#reviews`}
          className={`${button('outline', 'lg')} self-start`}
        >
          {t`Rate this course`}
        </Link>
      )}
    </div>
  );
}

function Loaded({ courseId, onIssued }: { courseId: number; onIssued: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const details = useResource(() => getHistoryDetails(api, courseId));
  return (
    <ResourceView
      state={details}
      loading={
        <div className="flex flex-col gap-6">
          <Placeholder className="h-9 w-2/3" />
          <Placeholder className="h-36 w-full" />
          <Placeholder className="h-36 w-full" />
          <Placeholder className="h-64 w-full" />
        </div>
      }
    >
      {(course) => (
        <div className="flex flex-col gap-6">
          <h2 dir="auto" className="text-2xl font-bold wrap-anywhere text-slate-900">
            {pick(course, 'title', language)}
          </h2>
          <Details course={course} onIssued={onIssued} />
          <Link
            href={paths.courseHistory()}
            className="self-start text-brand-800 underline underline-offset-4"
          >
            {t`Back to course history`}
          </Link>
        </div>
      )}
    </ResourceView>
  );
}

/** /course-history/{id}: one course of the trainee's history: figures, the rule and the certificate. */
export default function CourseHistoryDetailsPage({ title }: RouteView) {
  const { i18n } = useLingui();
  const { id = '' } = useParams<{ id: string }>();
  // A certificate issued by the download: the page reads the course again and shows its code.
  const [reads, setReads] = useState(0);
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <PageTitle className="mb-6">{i18n._(title)}</PageTitle>
      <Loaded key={`${id}:${reads}`} courseId={Number(id)} onIssued={() => setReads((count) => count + 1)} />
    </section>
  );
}
