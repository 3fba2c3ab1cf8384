import type { AttendanceStatus, RosterEntry } from '@contract/wire/attendance';
import { useLingui } from '@lingui/react/macro';
import type { CourseView } from '@machines/classAttendance.connect';
import { useId } from 'react';
import { errorText } from '@/i18n/api-messages';
import { formatDate, formatDateTime } from '@/i18n/dates';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import { Failure } from '@/ui/Failure';
import { Placeholder } from '@/ui/ResourceView';

const ROWS = ['first', 'second', 'third'] as const;

function StatusBadge({ status }: { status: AttendanceStatus | null }) {
  const { t } = useLingui();
  if (status === 'Present') {
    return (
      <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm font-semibold text-emerald-900">{t`Present`}</span>
    );
  }
  if (status === 'Absent') {
    return (
      <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-sm font-semibold text-red-900">{t`Absent`}</span>
    );
  }
  return (
    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-700">{t`Not marked`}</span>
  );
}

function Row({ entry, chosen, date }: { entry: RosterEntry; chosen: CourseView; date: string }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const nameId = useId();
  const noteId = useId();
  const saving = chosen.marking?.userId === entry.user_id;
  const confirmed = chosen.lastMark?.userId === entry.user_id && chosen.lastMark.date === date;
  const failed = chosen.markError?.userId === entry.user_id ? chosen.markError.error : null;
  const how = entry.marked_by === 'qr' ? t`By QR code` : entry.marked_by === 'trainer' ? t`By hand` : null;
  const button = (status: AttendanceStatus, label: string, pressedClass: string) => (
    <button
      type="button"
      aria-pressed={entry.status === status}
      aria-describedby={`${nameId} ${noteId}`}
      disabled={chosen.marking !== null}
      onClick={() => chosen.mark(entry.user_id, status)}
      className={`min-w-24 rounded-lg border px-3 py-1.5 text-sm font-semibold disabled:opacity-60 ${
        entry.status === status ? pressedClass : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
      }`}
    >
      {label}
    </button>
  );
  return (
    <li
      data-testid="roster-row"
      className="flex flex-col gap-2 border-b border-slate-200 py-3 last:border-b-0 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p id={nameId} dir="auto" className="wrap-anywhere font-semibold text-slate-900">
          {entry.name}
        </p>
        <p className="ltr-whole text-sm text-slate-600">{entry.email}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <StatusBadge status={entry.status} />
          {how && entry.marked_at && (
            <span>
              {how} · {formatDateTime(entry.marked_at, language)}
            </span>
          )}
        </p>
      </div>
      <div className="flex flex-col items-start gap-1 sm:items-end">
        <fieldset className="flex gap-2">
          <legend className="sr-only">{t`Mark ${entry.name}`}</legend>
          {button('Present', t`Present`, 'border-emerald-700 bg-emerald-700 text-white')}
          {button('Absent', t`Absent`, 'border-red-700 bg-red-700 text-white')}
        </fieldset>
        <p id={noteId} className="min-h-5 text-sm">
          {saving ? (
            <span role="status" className="text-slate-700">{t`Saving…`}</span>
          ) : failed ? (
            <span role="alert" className="text-red-800">
              {errorText(failed, i18n)}
            </span>
          ) : confirmed ? (
            <span role="status" className="font-semibold text-emerald-800">{t`Attendance saved`}</span>
          ) : null}
        </p>
      </div>
    </li>
  );
}

/** Every enrolled trainee on the chosen session day, with marks by hand. */
export function RosterPanel({ chosen }: { chosen: CourseView }) {
  const { t } = useLingui();
  const language = useLanguage();
  const { roster } = chosen;
  const dayLabel = (day: string) =>
    day === chosen.today ? t`Today (${formatDate(day, language)})` : formatDate(day, language);
  return (
    <section
      aria-labelledby="roster-heading"
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="roster-heading" className="text-lg font-bold text-slate-900">
          {t`Trainees`}
        </h2>
        {chosen.days.length > 0 && (
          <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
            {t`Session day`}
            <select
              className="min-w-56 rounded-lg border border-slate-300 bg-white px-3 py-2 font-normal"
              value={chosen.date}
              onChange={(event) => chosen.chooseDay(event.target.value)}
            >
              {!chosen.days.includes(chosen.date) && (
                <option value={chosen.date}>{dayLabel(chosen.date)}</option>
              )}
              {chosen.days.map((day) => (
                <option key={day} value={day}>
                  {dayLabel(day)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {roster.status === 'failed' ? (
        <Failure
          error={roster.error}
          retry={roster.retry}
          className="rounded-xl bg-red-50 p-4 text-red-800"
        />
      ) : roster.status === 'loading' ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span className="sr-only">{t`Loading the trainees`}</span>
          {ROWS.map((row) => (
            <Placeholder key={row} className="h-20" />
          ))}
        </div>
      ) : roster.roster.session === null ? (
        <p className="rounded-xl bg-amber-50 p-4 text-amber-900">{t`This course has no session on that day.`}</p>
      ) : roster.roster.trainees.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-4 text-slate-700">{t`No trainee is enrolled in this course yet.`}</p>
      ) : (
        <>
          <p className="text-slate-700">
            {t`${formatNumber(roster.roster.present, language)} of ${formatNumber(roster.roster.enrolled, language)} present on ${formatDate(roster.roster.date, language)}`}
          </p>
          <ul aria-busy={roster.refreshing} aria-label={t`Trainees`} className="flex flex-col">
            {roster.roster.trainees.map((entry) => (
              <Row key={entry.user_id} entry={entry} chosen={chosen} date={roster.roster.date} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
