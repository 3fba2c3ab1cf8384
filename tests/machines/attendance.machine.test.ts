import { ATTENDANCE_MESSAGES } from '@contract/messages/attendance';
import type { AttendanceGiven, AttendanceTicket } from '@contract/wire/attendance';
import { describe, expect, it } from 'vitest';
import { connectAttendance } from '../../machines/attendance.connect.ts';
import { type AttendanceInput, attendanceMachine } from '../../machines/attendance.machine.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectJointCoverage,
  expectState,
  harnesses,
  replayEveryPath,
  scriptedPromise,
  spyActions,
} from './support/paths.ts';

const ACTIONS = ['storeTicket', 'forgetTicket', 'askToSignIn', 'announceGiven'] as const;
const TICKET: AttendanceTicket = {
  expires_at: '2026-11-24T06:10:30.000Z',
  expires_in: 27,
};
const GIVEN: AttendanceGiven = {
  success: true,
  message: ATTENDANCE_MESSAGES.given,
  course_id: 7,
  date: '2026-11-24',
};

function implementations() {
  return {
    actors: {
      requestTicket: scriptedPromise<AttendanceTicket>(),
      giveAttendance: scriptedPromise<AttendanceGiven>(),
    },
    actions: spyActions(attendanceMachine, ACTIONS),
  };
}

const base = { courseId: 7, code: null, ticket: false } as const;
const INPUTS: AttendanceInput[] = [
  { ...base, viewer: 'TRAINEE', code: 'fresh-code' },
  { ...base, viewer: 'TRAINEE', ticket: true },
  { ...base, viewer: 'TRAINEE' },
  { ...base, viewer: 'TRAINER', code: 'fresh-code' },
  { ...base, viewer: 'signedOut', code: 'fresh-code' },
  { ...base, viewer: 'signedOut', ticket: true },
  { ...base, viewer: 'signedOut' },
];

/**
 * A refusal as the path model sees it: its status and sentence enumerable (the graph tells events
 * apart by their JSON), as the API client's errors carry them.
 */
function refusal(status: number, message: string) {
  return { status, message };
}

/** Each refusal of the server and the outcome the trainee sees for it. */
const REFUSED_AS = [
  ['already', refusal(409, ATTENDANCE_MESSAGES.already)],
  ['otherDevice', refusal(403, ATTENDANCE_MESSAGES.otherDevice)],
  ['ticketUsed', refusal(409, ATTENDANCE_MESSAGES.ticketUsed)],
  ['noClass', refusal(404, ATTENDANCE_MESSAGES.noClass)],
  ['expired', refusal(400, ATTENDANCE_MESSAGES.expired)],
  ['invalid', refusal(400, ATTENDANCE_MESSAGES.invalid)],
  ['notEnrolled', refusal(403, ATTENDANCE_MESSAGES.notEnrolled)],
  ['trainer', refusal(403, ATTENDANCE_MESSAGES.traineesOnly)],
] as const;

const REFUSALS = [...REFUSED_AS.map(([, error]) => error), silentFailure(500)];

describe('attendance machine: generated paths', () => {
  const models = INPUTS.map((input) =>
    createPathModel(attendanceMachine, {
      input,
      events: [
        { type: 'session.signedIn', role: 'TRAINEE' },
        { type: 'session.signedIn', role: 'TRAINER' },
        { type: 'retry' },
        doneActor('requestTicket', TICKET),
        errorActor('requestTicket', refusal(400, ATTENDANCE_MESSAGES.expired)),
        errorActor('requestTicket', refusal(400, ATTENDANCE_MESSAGES.invalid)),
        errorActor('requestTicket', silentFailure(500)),
        doneActor('giveAttendance', GIVEN),
        ...REFUSALS.map((error) => errorActor('giveAttendance', error)),
      ],
      implementations,
    }),
  );

  for (const model of models) replayEveryPath(model);
  it('reaches every state and every transition', async () => {
    await expectJointCoverage(models);
  });
});

describe('attendance machine: behaviour', () => {
  const launch = harnesses(attendanceMachine);

  function start(input: AttendanceInput) {
    const impl = implementations();
    return { harness: launch(impl, { input }), ...impl.actors, actions: impl.actions };
  }

  it('gives a signed-in trainee’s attendance with the code at once, and says so with the toast', async () => {
    const { harness, giveAttendance, actions } = start(INPUTS[0] as AttendanceInput);
    expectState(harness, { giving: 'requesting' });
    expect(connectAttendance(harness.snapshot, harness.send)).toEqual({
      screen: 'working',
      step: 'attendance',
    });
    expect(giveAttendance.inputs).toEqual([{ courseId: 7, credential: { code: 'fresh-code' } }]);
    await harness.resolve('giveAttendance', GIVEN);
    expectState(harness, 'given');
    expect(actions.announceGiven).toHaveBeenCalledTimes(1);
    expect(actions.forgetTicket).toHaveBeenCalledTimes(1);
    expect(connectAttendance(harness.snapshot, harness.send)).toEqual({ screen: 'given', courseId: 7 });
  });

  it('turns a signed-out visitor’s code into a ticket, asks them to sign in, then gives it with the ticket', async () => {
    const { harness, requestTicket, giveAttendance, actions } = start(INPUTS[4] as AttendanceInput);
    expectState(harness, { ticketing: 'requesting' });
    expect(requestTicket.inputs).toEqual([{ courseId: 7, code: 'fresh-code' }]);
    await harness.resolve('requestTicket', TICKET);
    expectState(harness, 'awaitingSignIn');
    expect(actions.storeTicket.mock.calls[0]?.[1]).toEqual({ courseId: 7, ticket: TICKET });
    expect(actions.askToSignIn).toHaveBeenCalledTimes(1);
    expect(connectAttendance(harness.snapshot, harness.send)).toEqual({ screen: 'signIn' });
    await harness.send({ type: 'session.signedIn', role: 'TRAINEE' });
    // The ticket is the browser's cookie: the call only says to use it.
    expect(giveAttendance.inputs).toEqual([{ courseId: 7, credential: { ticket: true } }]);
    await harness.resolve('giveAttendance', GIVEN);
    expectState(harness, 'given');
  });

  it('asks a visitor back with a kept ticket to sign in without asking for another ticket', async () => {
    const { harness, requestTicket, actions } = start(INPUTS[5] as AttendanceInput);
    expectState(harness, 'awaitingSignIn');
    expect(requestTicket.inputs).toEqual([]);
    expect(actions.askToSignIn).toHaveBeenCalledTimes(1);
  });

  it('reads the API client’s errors: status and sentence', async () => {
    const { harness } = start(INPUTS[1] as AttendanceInput);
    await harness.reject('giveAttendance', httpFailure(400, ATTENDANCE_MESSAGES.expired));
    expectState(harness, 'expired');
  });

  it('shows each refusal as its own outcome and drops the ticket', async () => {
    for (const [outcome, error] of REFUSED_AS) {
      const { harness, actions } = start(INPUTS[1] as AttendanceInput);
      await harness.reject('giveAttendance', error);
      expectState(harness, outcome);
      expect(actions.forgetTicket).toHaveBeenCalledTimes(1);
      expect(connectAttendance(harness.snapshot, harness.send)).toEqual({ screen: outcome, courseId: 7 });
    }
  });

  it('lets a failure of the network be tried again, keeping the ticket', async () => {
    const { harness, giveAttendance, actions } = start(INPUTS[1] as AttendanceInput);
    const failure = silentFailure(500);
    await harness.reject('giveAttendance', failure);
    const view = connectAttendance(harness.snapshot, harness.send);
    expect(view).toMatchObject({ screen: 'failed', error: failure });
    expect(actions.forgetTicket).not.toHaveBeenCalled();
    await harness.send({ type: 'retry' });
    expectState(harness, { giving: 'requesting' });
    expect(giveAttendance.inputs).toHaveLength(2);
  });

  it('tells a trainer who opened the code, signed in or signing in, without giving anything', async () => {
    const { harness, giveAttendance } = start(INPUTS[3] as AttendanceInput);
    expectState(harness, 'trainer');
    expect(giveAttendance.inputs).toEqual([]);
    const later = start(INPUTS[4] as AttendanceInput);
    await later.harness.resolve('requestTicket', TICKET);
    await later.harness.send({ type: 'session.signedIn', role: 'TRAINER' });
    expectState(later.harness, 'trainer');
    expect(later.actions.forgetTicket).toHaveBeenCalledTimes(1);
    expect(later.giveAttendance.inputs).toEqual([]);
  });

  it('says to scan the code when the page is opened without one', () => {
    expectState(start(INPUTS[2] as AttendanceInput).harness, 'noCode');
    expectState(start(INPUTS[6] as AttendanceInput).harness, 'noCode');
  });
});
