import { SCHEDULE_MESSAGES } from '@contract/messages/schedule';
import type {
  CalendarFeed,
  ScheduleSession,
  ScheduleWeek,
  SessionChanged,
  SessionChangeInput,
} from '@contract/wire/schedule';
import { describe, expect, it } from 'vitest';
import { connectCalendarFeed } from '../../machines/calendarFeed.connect.ts';
import { calendarFeedMachine } from '../../machines/calendarFeed.machine.ts';
import { connectSchedule } from '../../machines/schedule.connect.ts';
import {
  type ScheduleContext,
  type ScheduleInput,
  scheduleMachine,
} from '../../machines/schedule.machine.ts';
import { ApiError } from '../../src/api/errors.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
import { expectTryAgain, scriptedLoader } from './support/loader.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectJointCoverage,
  harnesses,
  replayEveryPath,
  replayEveryPathCoveringAll,
  scriptedPromise,
  serializeValue,
  serializeValueAnd,
  spyActions,
} from './support/paths.ts';

function session(overrides: Partial<ScheduleSession> = {}): ScheduleSession {
  return {
    course_id: 7,
    title: 'Cloud Computing Fundamentals',
    title_ar: 'أساسيات الحوسبة السحابية',
    role: 'trainer',
    date: '2026-11-24',
    original_date: '2026-11-24',
    day: 'Tuesday',
    start_time: '09:00',
    end_time: '11:00',
    status: 'scheduled',
    reason: '',
    course_start: '2026-11-01',
    course_end: '2026-12-31',
    can_change: true,
    can_restore: false,
    ...overrides,
  };
}

const TUESDAY = session();
const CANCELLED = session({
  date: '2026-11-26',
  original_date: '2026-11-26',
  day: 'Thursday',
  status: 'cancelled',
  reason: 'Exams',
  can_change: false,
  can_restore: true,
});
const WEEK: ScheduleWeek = { week: '2026-11-21', today: '2026-11-24', sessions: [TUESDAY, CANCELLED] };
const NEXT_WEEK: ScheduleWeek = { week: '2026-11-28', today: '2026-11-24', sessions: [] };
const CANCELLED_REPLY: SessionChanged = {
  message: SCHEDULE_MESSAGES.cancelled,
  course_id: 7,
  session_date: '2026-11-24',
  notified: 3,
};
const RESTORED_REPLY: SessionChanged = { ...CANCELLED_REPLY, message: SCHEDULE_MESSAGES.restored };
const TAKEN = new ApiError(SCHEDULE_MESSAGES.newDateTaken, 'http', 400, {
  details: [{ field: 'new_date', message: SCHEDULE_MESSAGES.newDateTaken }],
});
const ENDED = httpFailure(409, SCHEDULE_MESSAGES.sessionEnded);
const DOWN = silentFailure(503);

function implementations() {
  return {
    actors: {
      loader: scriptedLoader<ScheduleWeek, { week: string | null }>(),
      saveChange: scriptedPromise<SessionChanged, SessionChangeInput>(),
      restore: scriptedPromise<SessionChanged, ScheduleSession>(),
    },
    actions: spyActions(scheduleMachine, ['focusFirstInvalid', 'announce', 'announceFailure'] as const),
  };
}

function scheduleModel(input: ScheduleInput) {
  return createPathModel(scheduleMachine, {
    input,
    events: [
      doneActor('loader', WEEK),
      { type: 'week.show', week: '2026-11-28' },
      { type: 'change.open', session: TUESDAY, action: 'cancelled' },
      { type: 'change.open', session: TUESDAY, action: 'moved' },
      { type: 'field.change', name: 'reason', value: 'Exams' },
      { type: 'field.change', name: 'end_time', value: '08:00' },
      { type: 'change.submit' },
      { type: 'change.close' },
      doneActor('saveChange', CANCELLED_REPLY),
      errorActor('saveChange', TAKEN),
      { type: 'session.restore', session: CANCELLED },
      doneActor('restore', RESTORED_REPLY),
      errorActor('restore', ENDED),
    ],
    serializeState: serializeValueAnd((context: ScheduleContext) => [
      context.dialog?.action ?? null,
      context.values.reason,
      context.values.end_time,
    ]),
    implementations,
  });
}

describe('schedule machine: generated paths', () => {
  const models = [scheduleModel({ week: null }), scheduleModel({ week: '2026-11-30' })];
  for (const each of models) replayEveryPath(each);
  it('reaches every state and every transition', async () => {
    await expectJointCoverage(models);
  });
});

describe('schedule machine: behaviour', () => {
  const launch = harnesses(scheduleMachine);
  const view = (harness: ReturnType<typeof launch>) =>
    connectSchedule(harness.snapshot, (event) => harness.actor.send(event));

  it('lays the week out Saturday to Friday, today marked, with the weeks around it', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { week: null } });
    expect(view(harness)).toMatchObject({ status: 'loading', days: [] });
    await harness.resolve('loader', WEEK);
    const shown = view(harness);
    expect(shown.days.map((day) => day.day)).toEqual([
      'Saturday',
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
    ]);
    expect(shown.days.filter((day) => day.isToday).map((day) => day.date)).toEqual(['2026-11-24']);
    expect(shown.days[3]?.sessions.map((item) => item.session)).toEqual([TUESDAY]);
    expect(shown.days[5]?.sessions.map((item) => item.session.status)).toEqual(['cancelled']);
    expect(shown).toMatchObject({
      previousWeek: '2026-11-14',
      nextWeek: '2026-11-28',
      isThisWeek: true,
      empty: false,
    });
    expect(impl.actors.loader.read.inputs).toEqual([{ params: { week: null } }]);
  });

  it('reads the week the address names, keeping the last one shown meanwhile', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { week: null } });
    await harness.resolve('loader', WEEK);
    await harness.send({ type: 'week.show', week: '2026-11-28' });
    expect(view(harness)).toMatchObject({ status: 'ready', busy: true, week: '2026-11-21' });
    await harness.resolve('loader', NEXT_WEEK);
    expect(view(harness)).toMatchObject({ busy: false, week: '2026-11-28', isThisWeek: false, empty: true });
    expect(impl.actors.loader.read.inputs[1]).toEqual({ params: { week: '2026-11-28' } });
  });

  it('checks the move before sending, keeps what was typed, and sends digits as 0–9', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { week: null } });
    await harness.resolve('loader', WEEK);
    view(harness).days[3]?.sessions[0]?.open('moved');
    let dialog = view(harness).dialog;
    expect(dialog?.fields.map((field) => [field.name, field.value])).toEqual([
      ['reason', ''],
      ['new_date', '2026-11-24'],
      ['start_time', '09:00'],
      ['end_time', '11:00'],
    ]);
    dialog?.fields[3]?.change('٠٨:٠٠');
    view(harness).dialog?.submit();
    dialog = view(harness).dialog;
    expect(dialog?.fields.map((field) => field.error)).toEqual([
      SCHEDULE_MESSAGES.reasonRequired,
      undefined,
      undefined,
      undefined,
    ]);
    expect(impl.actions.focusFirstInvalid).toHaveBeenCalledTimes(1);
    dialog?.fields[0]?.change('Conference');
    view(harness).dialog?.submit();
    // The times are compared once every field is well formed.
    expect(view(harness).dialog?.fields.map((field) => field.error)).toEqual([
      undefined,
      undefined,
      undefined,
      SCHEDULE_MESSAGES.endAfterStart,
    ]);
    view(harness).dialog?.fields[1]?.change('٢٠٢٦-١١-٢٥');
    view(harness).dialog?.fields[3]?.change('١٢:٠٠');
    view(harness).dialog?.submit();
    expect(view(harness).dialog?.busy).toBe(true);
    expect(impl.actors.saveChange.inputs).toEqual([
      {
        course_id: 7,
        session_date: '2026-11-24',
        action: 'moved',
        reason: 'Conference',
        new_date: '2026-11-25',
        start_time: '09:00',
        end_time: '12:00',
      },
    ]);
    await harness.reject('saveChange', TAKEN);
    dialog = view(harness).dialog;
    expect(dialog?.fields[1]).toMatchObject({ value: '٢٠٢٦-١١-٢٥', error: SCHEDULE_MESSAGES.newDateTaken });
    expect(dialog?.alert).toBeNull();
  });

  it('starts the move in Arabic-Indic digits on an Arabic page, and sends 0–9', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { week: null } });
    await harness.resolve('loader', WEEK);
    view(harness).days[3]?.sessions[0]?.open('moved', true);
    expect(view(harness).dialog?.fields.map((field) => field.value)).toEqual([
      '',
      '٢٠٢٦-١١-٢٤',
      '٠٩:٠٠',
      '١١:٠٠',
    ]);
    view(harness).dialog?.fields[0]?.change('مؤتمر');
    view(harness).dialog?.submit();
    expect(impl.actors.saveChange.inputs[0]).toMatchObject({
      new_date: '2026-11-24',
      start_time: '09:00',
      end_time: '11:00',
    });
  });

  it('cancels with a reason, announces the sentence, and reads the week again', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { week: null } });
    await harness.resolve('loader', WEEK);
    view(harness).days[3]?.sessions[0]?.open('cancelled');
    expect(view(harness).dialog?.fields.map((field) => field.name)).toEqual(['reason']);
    view(harness).dialog?.fields[0]?.change('The hall is closed');
    view(harness).dialog?.submit();
    await harness.resolve('saveChange', CANCELLED_REPLY);
    expect(view(harness)).toMatchObject({ dialog: null, busy: true });
    expect(impl.actions.announce.mock.calls[0]?.[1]).toEqual({ message: SCHEDULE_MESSAGES.cancelled });
    expect(impl.actors.saveChange.inputs[0]).toEqual({
      course_id: 7,
      session_date: '2026-11-24',
      action: 'cancelled',
      reason: 'The hall is closed',
    });
  });

  it('a refusal that names no field is said in the dialog; a failed restore is announced', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { week: null } });
    await harness.resolve('loader', WEEK);
    view(harness).days[3]?.sessions[0]?.open('cancelled');
    view(harness).dialog?.fields[0]?.change('Late');
    view(harness).dialog?.submit();
    await harness.reject('saveChange', ENDED);
    expect(view(harness).dialog?.alert).toBe(SCHEDULE_MESSAGES.sessionEnded);
    view(harness).dialog?.close();
    view(harness).days[5]?.sessions[0]?.restore();
    expect(view(harness).restoring).toBe(true);
    expect(impl.actors.restore.inputs).toEqual([CANCELLED]);
    await harness.reject('restore', ENDED);
    expect(impl.actions.announceFailure.mock.calls[0]?.[1]).toEqual({ error: ENDED });
    expect(view(harness).restoring).toBe(false);
  });

  it('a failed read can be tried again', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { week: '2026-11-30' } });
    const failed = await expectTryAgain(harness, impl.actors.loader, {
      failure: DOWN,
      view: () => view(harness),
    });
    expect(failed).toMatchObject({ error: DOWN, busy: false });
    expect(view(harness)).toMatchObject({ status: 'loading', error: null });
    await harness.resolve('loader', WEEK);
    expect(view(harness).status).toBe('ready');
  });

  it('a failed read gives way to the next week the address names', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { week: null } });
    await harness.resolve('loader', WEEK);
    await harness.send({ type: 'week.show', week: '2026-11-28' });
    await harness.reject('loader', DOWN);
    expect(view(harness)).toMatchObject({ status: 'failed', busy: false, week: '2026-11-21' });
    await harness.send({ type: 'week.show', week: '2026-12-05' });
    expect(view(harness)).toMatchObject({ status: 'ready', busy: true });
    expect(impl.actors.loader.read.inputs.at(-1)).toEqual({ params: { week: '2026-12-05' } });
  });
});

const FEED: CalendarFeed = { path: '/calendar/abc.ics', language: 'en', created_at: '2026-11-24T06:00:00Z' };
const NEW_FEED: CalendarFeed = { ...FEED, path: '/calendar/def.ics' };

function feedImplementations() {
  return {
    actors: {
      loader: scriptedLoader<CalendarFeed>(),
      renew: scriptedPromise<CalendarFeed, undefined>(),
      copy: scriptedPromise<undefined, CalendarFeed | undefined>(),
    },
    actions: spyActions(calendarFeedMachine, ['announceRenewed', 'announceFailure'] as const),
  };
}

describe('calendar feed machine: generated paths', () => {
  replayEveryPathCoveringAll(
    createPathModel(calendarFeedMachine, {
      events: [
        doneActor('loader', FEED),
        { type: 'feed.copy' },
        doneActor('copy', undefined),
        errorActor('copy', new Error('denied')),
        { type: 'renew.ask' },
        { type: 'renew.cancel' },
        { type: 'renew.confirm' },
        doneActor('renew', NEW_FEED),
        errorActor('renew', DOWN),
      ],
      serializeState: serializeValue,
      implementations: feedImplementations,
    }),
  );
});

describe('calendar feed machine: behaviour', () => {
  const launch = harnesses(calendarFeedMachine);
  const view = (harness: ReturnType<typeof launch>) =>
    connectCalendarFeed(harness.snapshot, (event) => harness.actor.send(event));

  it('offers Try again when the address cannot be read, and reads it again', async () => {
    const impl = feedImplementations();
    const harness = launch(impl);
    expect(view(harness)).toMatchObject({ status: 'loading', error: null });
    const failed = await expectTryAgain(harness, impl.actors.loader, {
      failure: DOWN,
      view: () => view(harness),
    });
    expect(failed.error).toBe(DOWN);
    expect(view(harness)).toMatchObject({ status: 'loading', error: null });
    await harness.resolve('loader', FEED);
    expect(view(harness)).toMatchObject({ status: 'ready', feed: FEED });
  });

  it('copies the address with a confirmation, and makes a new one only once confirmed', async () => {
    const impl = feedImplementations();
    const harness = launch(impl);
    await harness.resolve('loader', FEED);
    view(harness).copy();
    expect(impl.actors.copy.inputs).toEqual([FEED]);
    await harness.resolve('copy', undefined);
    expect(view(harness).copyState).toBe('copied');
    view(harness).askRenew();
    expect(view(harness).confirming).toBe(true);
    view(harness).cancelRenew();
    expect(view(harness).confirming).toBe(false);
    view(harness).askRenew();
    view(harness).confirmRenew();
    expect(view(harness).renewing).toBe(true);
    await harness.resolve('renew', NEW_FEED);
    expect(view(harness).feed).toEqual(NEW_FEED);
    expect(impl.actions.announceRenewed).toHaveBeenCalledTimes(1);
  });

  it('a refused clipboard leaves the address to copy by hand; a failed renewal keeps the old one', async () => {
    const impl = feedImplementations();
    const harness = launch(impl);
    await harness.resolve('loader', FEED);
    view(harness).copy();
    await harness.reject('copy', new Error('denied'));
    expect(view(harness).copyState).toBe('failed');
    view(harness).askRenew();
    view(harness).confirmRenew();
    await harness.reject('renew', DOWN);
    expect(view(harness).feed).toEqual(FEED);
    expect(impl.actions.announceFailure).toHaveBeenCalledTimes(1);
  });
});
