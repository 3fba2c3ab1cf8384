import { isIsoDate } from '@contract/domain/sessions';
import { useLingui } from '@lingui/react/macro';
import { loaderOf } from '@machines/loader.machine';
import { connectSchedule, type ScheduleDayView, type ScheduleSessionView } from '@machines/schedule.connect';
import { scheduleMachine } from '@machines/schedule.machine';
import { useMachine } from '@xstate/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { api } from '@/api/http';
import { changeSession, getScheduleWeek, restoreSession } from '@/api/schedule';
import { CalendarFeedPanel } from '@/features/learning/calendar-feed/CalendarFeedPanel';
import { ChangeSessionDialog } from '@/features/trainer/schedule/ChangeSessionDialog';
import { errorText, translateMessage } from '@/i18n/api-messages';
import { formatDate, formatDateRange, formatTime } from '@/i18n/dates';
import { formattingLocale } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { showToast } from '@/stores/toasts';
import { button } from '@/ui/button';
import { Failure } from '@/ui/Failure';
import { focusFirstInvalid } from '@/ui/forms';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder } from '@/ui/ResourceView';
import '@/features/trainer/known-messages';
import { useLoader } from '@/ui/useLoader';

const NAV =
  'inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';
/** Desktop: seven columns, Saturday at the start (the right in Arabic); phone: the days one under another. */
const GRID = 'grid grid-cols-1 gap-3 lg:grid-cols-7';
const DAY = 'flex min-h-40 min-w-0 flex-col gap-2 rounded-2xl border p-3';

/** The `?week=` of the address when it is a date, else null (this week). */
function weekOf(search: string): string | null {
  const week = new URLSearchParams(search).get('week');
  return week && isIsoDate(week) ? week : null;
}

function weekdayName(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

function SessionCard({ item, restoring }: { item: ScheduleSessionView; restoring: boolean }) {
  const { t } = useLingui();
  const language = useLanguage();
  const { session } = item;
  const title = pick(session, 'title', language);
  const times = `${formatTime(session.start_time, language)}–${formatTime(session.end_time, language)}`;
  const cancelled = session.status === 'cancelled';
  return (
    <li
      data-session={item.key}
      data-status={session.status}
      className={`flex flex-col gap-1.5 rounded-xl border p-3 text-sm ${
        cancelled
          ? 'border-red-200 bg-red-50'
          : session.status === 'moved'
            ? 'border-amber-200 bg-amber-50'
            : 'border-brand-100 bg-brand-50'
      }`}
    >
      <p
        dir="auto"
        className={`font-semibold wrap-anywhere text-slate-900 ${cancelled ? 'line-through' : ''}`}
      >
        {title}
      </p>
      <p className="text-slate-700">
        <time dateTime={`${session.date}T${session.start_time}+03:00`}>{times}</time>
      </p>
      {session.role === 'facilitator' && (
        <p className="text-xs text-slate-600">{t`You facilitate this course`}</p>
      )}
      {cancelled && <p className="font-semibold text-red-800">{t`Cancelled`}</p>}
      {session.status === 'moved' && (
        <p className="font-semibold text-amber-900">
          {t`Moved from ${formatDate(session.original_date, language)}`}
        </p>
      )}
      {session.reason && (
        <p dir="auto" className="wrap-anywhere text-slate-700">
          {t`Reason: ${session.reason}`}
        </p>
      )}
      {(session.can_change || session.can_restore) && (
        <div className="mt-1 flex flex-wrap gap-2">
          {session.can_change && (
            <>
              <button
                type="button"
                className={button('secondary', 'xs')}
                aria-haspopup="dialog"
                aria-label={t`Cancel the session of ${title} at ${times}`}
                onClick={() => item.open('cancelled', language === 'ar')}
              >
                {t`Cancel session`}
              </button>
              <button
                type="button"
                className={button('secondary', 'xs')}
                aria-haspopup="dialog"
                aria-label={t`Move the session of ${title} at ${times}`}
                onClick={() => item.open('moved', language === 'ar')}
              >
                {t`Move`}
              </button>
            </>
          )}
          {session.can_restore && (
            <button
              type="button"
              className={button('secondary', 'xs')}
              disabled={restoring}
              aria-label={t`Restore the session of ${title} at ${times}`}
              onClick={item.restore}
            >
              {t`Restore`}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

function DayColumn({ day, restoring }: { day: ScheduleDayView; restoring: boolean }) {
  const { t } = useLingui();
  const language = useLanguage();
  const headingId = `day-${day.date}`;
  return (
    <section
      aria-labelledby={headingId}
      data-day={day.day}
      className={`${DAY} ${day.isToday ? 'border-brand-600 bg-white ring-2 ring-brand-600' : 'border-slate-200 bg-white'}`}
    >
      <h2 id={headingId} className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span className="font-semibold text-slate-900">
          {weekdayName(day.date, formattingLocale(language))}
        </span>
        <time
          dateTime={day.date}
          aria-current={day.isToday ? 'date' : undefined}
          className="text-sm text-slate-600"
        >
          {formatDate(day.date, language)}
        </time>
      </h2>
      {day.isToday && (
        <p className="w-fit rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{t`Today`}</p>
      )}
      {day.sessions.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {day.sessions.map((item) => (
            <SessionCard key={item.key} item={item} restoring={restoring} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">{t`No sessions`}</p>
      )}
    </section>
  );
}

function WeekPlaceholder() {
  return (
    <div className={GRID} aria-busy="true">
      {Array.from({ length: 7 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: seven fixed placeholders
        <div key={index} className={`${DAY} border-slate-200 bg-white`}>
          <Placeholder className="h-6 w-2/3" />
          <Placeholder className="h-20 w-full" />
        </div>
      ))}
    </div>
  );
}

/**
 * /manage-schedule: the trainer's week, Saturday to Friday (the centre's week), today marked, from
 * the routines of the approved courses they run or facilitate; week by week through the address
 * (`?week=`), so Back works. A session that has not ended can be cancelled or moved (the enrolled
 * trainees are told), a changed one restored. The private calendar feed's address is below.
 */
export default function SchedulePage({ title }: RouteView) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const search = useSearch();
  const week = weekOf(search);
  const dialogRef = useRef<HTMLFormElement>(null);
  const [machine] = useState(() =>
    scheduleMachine.provide({
      actors: {
        loader: loaderOf(({ week }: { week: string | null }) => getScheduleWeek(api, week ?? undefined)),
        saveChange: fromPromise(({ input }) => changeSession(api, input)),
        restore: fromPromise(({ input }) => restoreSession(api, input.course_id, input.original_date)),
      },
      actions: {
        announce: (_, { message }) => showToast(translateMessage(message, i18n)),
        announceFailure: (_, { error }) => showToast(errorText(error, i18n), 'error'),
        focusFirstInvalid: () => focusFirstInvalid(dialogRef.current),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { week } });
  useLoader(snapshot.children.loader);
  const view = connectSchedule(snapshot, send);
  // The address names the week: Back, Forward and the links below all pass through here.
  const shownFor = useRef(week);
  useEffect(() => {
    if (shownFor.current === week) return;
    shownFor.current = week;
    send({ type: 'week.show', week });
  }, [week, send]);

  let body: ReactNode;
  if (view.status === 'failed') {
    body = (
      <Failure error={view.error} retry={view.retry} className="rounded-xl bg-red-50 p-4 text-red-800" />
    );
  } else if (view.status === 'loading') {
    body = <WeekPlaceholder />;
  } else {
    body = (
      <div className={GRID} aria-busy={view.busy || undefined}>
        {view.days.map((day) => (
          <DayColumn key={day.date} day={day} restoring={view.restoring} />
        ))}
      </div>
    );
  }

  const range =
    view.week && view.days.length === 7
      ? formatDateRange(view.days[0]?.date ?? view.week, view.days[6]?.date ?? view.week, language)
      : null;

  return (
    <section className="mx-auto max-w-7xl px-4 py-12">
      <div className="mb-6 flex flex-col gap-2">
        <PageTitle>{i18n._(title)}</PageTitle>
        <p className="text-slate-700">{t`Your sessions from Saturday to Friday, in Riyadh time.`}</p>
      </div>
      <nav aria-label={t`Weeks`} className="mb-4 flex flex-wrap items-center gap-3">
        {view.previousWeek && (
          <Link href={paths.manageSchedule(view.previousWeek)} className={NAV}>
            <span aria-hidden="true">‹</span>
            <span className="ms-1">{t`Previous week`}</span>
          </Link>
        )}
        {view.week && !view.isThisWeek && (
          <Link href={paths.manageSchedule()} className={NAV}>
            {t`This week`}
          </Link>
        )}
        {view.nextWeek && (
          <Link href={paths.manageSchedule(view.nextWeek)} className={NAV}>
            <span className="me-1">{t`Next week`}</span>
            <span aria-hidden="true">›</span>
          </Link>
        )}
        <p aria-live="polite" className="min-h-6 font-semibold text-slate-900">
          {range ? t`Week of ${range}` : ''}
        </p>
      </nav>
      {view.empty && (
        <p className="mb-4 rounded-xl bg-slate-100 p-4 text-slate-700">{t`You have no sessions this week.`}</p>
      )}
      {body}
      <div className="mt-10 max-w-3xl">
        <CalendarFeedPanel />
      </div>
      {view.dialog && <ChangeSessionDialog dialog={view.dialog} formRef={dialogRef} />}
    </section>
  );
}
