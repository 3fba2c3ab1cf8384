import { addDays, weekdayOf } from '@contract/domain/sessions';
import type { Weekday } from '@contract/wire/courses';
import type { ScheduleSession, SessionChangeAction } from '@contract/wire/schedule';
import type { SnapshotFrom } from 'xstate';
import { connectLoader } from './loader.connect';
import {
  type ScheduleEvent,
  SESSION_CHANGE_FIELDS,
  type SessionChangeField,
  type scheduleMachine,
} from './schedule.machine';

export type ScheduleSnapshot = SnapshotFrom<typeof scheduleMachine>;

export interface ScheduleSessionView {
  /** Unique within the week: the course and the session's routine date. */
  key: string;
  session: ScheduleSession;
  /** Opens the dialog; `arabicDigits` when the page is in Arabic. */
  open: (action: SessionChangeAction, arabicDigits?: boolean) => void;
  restore: () => void;
}

export interface ScheduleDayView {
  date: string;
  day: Weekday;
  isToday: boolean;
  sessions: ScheduleSessionView[];
}

export interface ChangeFieldView {
  name: SessionChangeField;
  value: string;
  /** The rule broken or the server's refusal, in English (the view translates it). */
  error: string | undefined;
  change: (value: string) => void;
}

export interface ChangeDialogView {
  session: ScheduleSession;
  action: SessionChangeAction;
  /** The reason only for a cancellation; the reason, new date and times for a move. */
  fields: ChangeFieldView[];
  alert: string | null;
  busy: boolean;
  submit: () => void;
  close: () => void;
}

export interface ScheduleView {
  status: 'loading' | 'ready' | 'failed';
  /** Another week (or the same, after a change) is being read while the last one stays shown. */
  busy: boolean;
  /** The Saturday of the week shown, and the centre's date today (null until read). */
  week: string | null;
  today: string | null;
  /** Saturday to Friday; empty until the first week is read. */
  days: ScheduleDayView[];
  /** No session at all this week. */
  empty: boolean;
  previousWeek: string | null;
  nextWeek: string | null;
  /** The week shown holds today. */
  isThisWeek: boolean;
  error: unknown;
  retry: () => void;
  dialog: ChangeDialogView | null;
  /** A restore is in flight: the restore buttons wait. */
  restoring: boolean;
}

/** The schedule's view model: the week by day, the navigation, and the change dialog. */
export function connectSchedule(
  snapshot: ScheduleSnapshot,
  send: (event: ScheduleEvent) => void,
): ScheduleView {
  const { data, dialog, values, errors, alert } = snapshot.context;
  const load = connectLoader(snapshot.children.loader);
  const failed = snapshot.matches('loading') && load.status === 'failed';
  const days: ScheduleDayView[] = data
    ? Array.from({ length: 7 }, (_, index) => {
        const date = addDays(data.week, index);
        return {
          date,
          day: weekdayOf(date),
          isToday: date === data.today,
          sessions: data.sessions
            .filter((session) => session.date === date)
            .map((session) => ({
              key: `${session.course_id}-${session.original_date}`,
              session,
              open: (action: SessionChangeAction, arabicDigits = false) =>
                send({ type: 'change.open', session, action, arabicDigits }),
              restore: () => send({ type: 'session.restore', session }),
            })),
        };
      })
    : [];
  const names: readonly SessionChangeField[] =
    dialog?.action === 'cancelled' ? ['reason'] : SESSION_CHANGE_FIELDS;
  const sending = snapshot.matches({ ready: 'sending' });
  return {
    status: failed ? 'failed' : data ? 'ready' : 'loading',
    busy: Boolean(data) && snapshot.matches('loading') && load.status === 'loading',
    week: data?.week ?? null,
    today: data?.today ?? null,
    days,
    empty: Boolean(data) && data?.sessions.length === 0,
    previousWeek: data ? addDays(data.week, -7) : null,
    nextWeek: data ? addDays(data.week, 7) : null,
    isThisWeek: Boolean(data && data.today >= data.week && data.today <= addDays(data.week, 6)),
    error: load.status === 'failed' ? load.error : null,
    retry: load.status === 'failed' ? load.retry : () => {},
    dialog:
      dialog && (snapshot.matches({ ready: 'editing' }) || sending)
        ? {
            session: dialog.session,
            action: dialog.action,
            fields: names.map((name) => ({
              name,
              value: values[name],
              error: errors[name],
              change: (value: string) => send({ type: 'field.change', name, value }),
            })),
            alert,
            busy: sending,
            submit: () => send({ type: 'change.submit' }),
            close: () => send({ type: 'change.close' }),
          }
        : null,
    restoring: snapshot.matches({ ready: 'restoring' }),
  };
}
