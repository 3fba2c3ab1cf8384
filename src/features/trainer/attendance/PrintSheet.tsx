import type { AttendanceSheet } from '@contract/wire/attendance';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { formatDate, formatDateRange } from '@/i18n/dates';
import { directionOf } from '@/i18n/languages';
import { formatNumber, formattingLocale } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';

/**
 * The sheet's place: first in the page's body, so that, printed, it hides everything after it (the
 * app's root, dialogs) with one class; the security policy allows no inline style sheet.
 */
const HOST_CLASS = 'hidden print:block print:[&~*]:hidden';

/**
 * The course's attendance sheet for printing: before the app's root (which printing hides), in the
 * page's language and direction; a header with the course, its dates and the day printed; trainees ×
 * sessions with Present / Absent, each trainee's total and each session's.
 */
export function PrintSheet({
  sheet,
  course,
}: {
  sheet: AttendanceSheet;
  course: { start_date: string; end_date: string };
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const number = (value: number) => formatNumber(value, language);
  const title = pick(sheet, 'title', language);
  const short = (day: string) =>
    new Intl.DateTimeFormat(formattingLocale(language), {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(new Date(`${day}T00:00:00Z`));
  const cell = 'border border-slate-400 px-1.5 py-1';
  const [host] = useState(() => {
    const element = document.createElement('div');
    element.className = HOST_CLASS;
    return element;
  });
  useEffect(() => {
    document.body.prepend(host);
    return () => host.remove();
  }, [host]);
  return createPortal(
    <div
      lang={language}
      dir={directionOf(language)}
      data-testid="print-sheet"
      className="bg-white text-[9pt] text-black"
    >
      <header className="mb-3 flex flex-col gap-0.5">
        <h1 className="text-[14pt] font-bold">{t`Attendance sheet`}</h1>
        <p dir="auto" className="text-[12pt] font-semibold">
          {title}
        </p>
        <p>
          {t`Course dates:`} {formatDateRange(course.start_date, course.end_date, language)}
        </p>
        <p>
          {t`Printed on ${formatDate(sheet.today, language)}`} ·{' '}
          {t`Sessions held: ${number(sheet.sessions.length)}`} ·{' '}
          {t`Trainees: ${number(sheet.trainees.length)}`}
        </p>
      </header>
      {sheet.trainees.length === 0 || sheet.sessions.length === 0 ? (
        <p>{t`No attendance has been taken in this course yet.`}</p>
      ) : (
        <table className="w-full border-collapse text-start">
          <thead>
            <tr>
              <th scope="col" className={`${cell} text-start`}>
                {t`Trainee`}
              </th>
              {sheet.sessions.map((session) => (
                <th key={session.date} scope="col" className={`${cell} text-center font-semibold`}>
                  {short(session.date)}
                </th>
              ))}
              <th scope="col" className={`${cell} text-center`}>
                {t`Present`}
              </th>
            </tr>
          </thead>
          <tbody>
            {sheet.trainees.map((trainee) => (
              <tr key={trainee.user_id} className="break-inside-avoid">
                <th scope="row" dir="auto" className={`${cell} text-start font-normal`}>
                  {trainee.name}
                </th>
                {trainee.marks.map((mark, index) => (
                  <td key={sheet.sessions[index]?.date ?? index} className={`${cell} text-center`}>
                    {mark === 'Present' ? t`Present` : mark === 'Absent' ? t`Absent` : ''}
                  </td>
                ))}
                <td className={`${cell} text-center font-semibold`}>
                  {number(trainee.present)} / {number(trainee.marks.filter((mark) => mark !== null).length)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className={`${cell} text-start`}>
                {t`Present per session`}
              </th>
              {sheet.sessions.map((session, index) => (
                <td key={session.date} className={`${cell} text-center font-semibold`}>
                  {number(sheet.trainees.filter((trainee) => trainee.marks[index] === 'Present').length)}
                </td>
              ))}
              <td className={`${cell} text-center font-semibold`}>
                {number(sheet.trainees.reduce((sum, trainee) => sum + trainee.present, 0))}
              </td>
            </tr>
          </tfoot>
        </table>
      )}
    </div>,
    host,
  );
}
