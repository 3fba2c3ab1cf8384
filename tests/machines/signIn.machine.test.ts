import { type LoginForm, loginFormSchema } from '@contract/forms/auth';
import { validate } from '@contract/forms/rules';
import { FAILURES } from '@contract/messages/failures';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { STAFF_MESSAGES } from '@contract/messages/staff';
import type { LoginAnswer, LoginResponse, SecondFactorResponse } from '@contract/wire/identity';
import { describe, expect, it } from 'vitest';
import { connectSignIn } from '../../machines/signIn.connect.ts';
import {
  type SignInContext,
  type SignInEvent,
  type SignInInput,
  signInMachine,
} from '../../machines/signIn.machine.ts';
import { firstInvalid, httpFailure, loginReply, silentFailure } from './support/fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectJointCoverage,
  expectState,
  harnesses,
  replayEveryPath,
  scriptedPromise,
  serializeValueAnd,
  spyActions,
} from './support/paths.ts';

const ACTION_NAMES = [
  'focusFirstInvalid',
  'startSession',
  'announceSignedIn',
  'forgetCourseId',
  'goToAttendance',
  'goOn',
  'closeDialog',
  'endUnusedSession',
  'openCodeStep',
  'announceCodeSent',
] as const;

const COURSE_ID = 'course-42';

const change = (name: keyof LoginForm, value: string): SignInEvent => ({ type: 'field.change', name, value });
const submit: SignInEvent = { type: 'form.submit' };
/** A trainer's account signing in through the trainee's Log In. */
const trainerReply: LoginResponse = {
  ...loginReply,
  access_token: 'access-trainer',
  refresh_token: 'refresh-trainer',
  data: { ...loginReply.data, role: 'TRAINER', email: 'trainer@example.com' },
};

/** A staff account's password was right: the second factor waits. */
const staffReply: SecondFactorResponse = {
  success: true,
  second_factor: { challenge: 'challenge-token', sent_to: 'h•••@example.com' },
};
const staffSession: LoginResponse = {
  ...loginReply,
  access_token: 'access-staff',
  refresh_token: 'refresh-staff',
  data: { ...loginReply.data, role: 'ADMIN', email: 'huda@example.com' },
};
const typeCode = (value: string): SignInEvent => ({ type: 'secondFactor.change', value });

function implementations() {
  return {
    actors: {
      login: scriptedPromise<LoginAnswer, LoginForm>(),
      verifyCode: scriptedPromise<LoginResponse, { challenge: string; code: string }>(),
      resendCode: scriptedPromise<unknown, { challenge: string }>(),
    },
    actions: spyActions(signInMachine, ACTION_NAMES),
  };
}

describe('signIn machine: generated paths', () => {
  const inputs: Array<[string, SignInInput]> = [
    ['no stored course', { audience: 'trainer', storedCourseId: null }],
    ['a stored course', { audience: 'trainer', storedCourseId: COURSE_ID }],
  ];
  const models = inputs.map(([label, input]) => {
    const model = createPathModel(signInMachine, {
      input,
      events: [
        change('username', ''),
        change('username', 'huda@example'),
        change('username', '  huda@example.com  '),
        change('password', '1234'),
        change('password', 'secret-42'),
        { type: 'kfuId.select' },
        { type: 'dialog.close' },
        submit,
        doneActor('login', loginReply),
        doneActor('login', trainerReply),
        { type: 'otherRole.continue' },
        { type: 'otherRole.back' },
        errorActor('login', httpFailure(401, 'Invalid email or password')),
        errorActor('login', silentFailure(500)),
        errorActor('login', httpFailure(403, SERVER_MESSAGES.emailNotVerified)),
        { type: 'code.open' },
        doneActor('login', staffReply),
        typeCode('12'),
        typeCode('١٢٣٤٥٦٧'),
        { type: 'secondFactor.submit' },
        doneActor('verifyCode', staffSession),
        errorActor('verifyCode', httpFailure(400, SERVER_MESSAGES.invalidOtp)),
        errorActor('verifyCode', httpFailure(401, STAFF_MESSAGES.signInExpired)),
        errorActor('verifyCode', silentFailure(500)),
        { type: 'secondFactor.resend' },
        doneActor('resendCode', { success: true, message: SERVER_MESSAGES.otpSent }),
        errorActor('resendCode', httpFailure(401, STAFF_MESSAGES.signInExpired)),
        errorActor('resendCode', silentFailure(500)),
        { type: 'secondFactor.back' },
      ],
      // formValid reads the values (through their first message); hasCourseId the stored course.
      serializeState: serializeValueAnd((context: SignInContext) => ({
        firstInvalid: firstInvalid(validate(loginFormSchema, context.values)),
        hasCourseId: Boolean(context.courseId),
        awaitingCode: context.awaitingCode !== null,
        codeComplete: context.code.length === 7,
      })),
      implementations,
      compareContext: true,
    });
    return { label, model };
  });

  for (const { label, model } of models) {
    describe(`with ${label}`, () => {
      it('generates paths through every kind of step', () => {
        const types = new Set(model.paths.flatMap((path) => path.steps.map((step) => step.event.type)));
        // A stored course id refuses dismissing, so no path of that model closes the dialog.
        const dismissable = label === 'no stored course' ? ['dialog.close'] : [];
        expect([...types].sort()).toEqual([
          'code.open',
          ...dismissable,
          'field.change',
          'form.submit',
          'kfuId.select',
          'otherRole.back',
          'otherRole.continue',
          'secondFactor.back',
          'secondFactor.change',
          'secondFactor.resend',
          'secondFactor.submit',
          'xstate.done.actor.login',
          'xstate.done.actor.resendCode',
          'xstate.done.actor.verifyCode',
          'xstate.error.actor.login',
          'xstate.error.actor.resendCode',
          'xstate.error.actor.verifyCode',
          'xstate.init',
        ]);
      });

      replayEveryPath(model);
    });
  }

  it('leaves out only the branches the other input takes (login, dismissing)', async () => {
    const [withoutCourse, withCourse] = models.map(({ model }) => model);
    expect((await withoutCourse?.coverage())?.transitions.missing).toEqual([
      'submitting → signedIn on "done: login [hasCourseId]"',
      'otherRole → signedIn on "otherRole.continue [hasCourseId]"',
      'secondFactor.verifying → signedIn on "done: verifyCode [hasCourseId]"',
    ]);
    expect((await withCourse?.coverage())?.transitions.missing).toEqual([
      'editing → closed on "dialog.close [not(hasCourseId)]"',
      'submitting → signedIn on "done: login"',
      'otherRole → signedIn on "otherRole.continue"',
      'otherRole → closed on "dialog.close [not(hasCourseId)]"',
      'secondFactor.editing → closed on "dialog.close [not(hasCourseId)]"',
      'secondFactor.verifying → signedIn on "done: verifyCode"',
    ]);
  });

  it('reaches every state and every transition', async () => {
    await expectJointCoverage(models.map(({ model }) => model));
  });
});

describe('signIn machine: behaviour', () => {
  const launch = harnesses(signInMachine);

  function start(storedCourseId: string | null = null) {
    const impl = implementations();
    const harness = launch(impl, { input: { audience: 'trainee', storedCourseId } });
    return { harness, login: impl.actors.login, actors: impl.actors, actions: impl.actions };
  }

  async function submitting(storedCourseId: string | null = null) {
    const started = start(storedCourseId);
    await started.harness.send(change('username', '  huda@example.com '));
    await started.harness.send(change('password', 'secret-42'));
    await started.harness.send(submit);
    expectState(started.harness, 'submitting');
    started.harness.takeActions();
    return started;
  }

  it('starts with an empty form and no messages', () => {
    const { harness } = start(COURSE_ID);
    expectState(harness, 'editing');
    expect(harness.context).toEqual({
      audience: 'trainee',
      courseId: COURSE_ID,
      returnTo: '/',
      values: { username: '', password: '' },
      errors: {},
      alert: null,
      kfuIdNotice: false,
      otherRoleReply: null,
      awaitingCode: null,
      challenge: null,
      sentTo: '',
      code: '',
    });
  });

  describe('a staff account: the second factor', () => {
    async function atCode() {
      const started = await submitting();
      await started.harness.resolve('login', staffReply);
      expectState(started.harness, { secondFactor: 'editing' });
      started.harness.takeActions();
      return started;
    }

    it('asks for the mailed code instead of signing in, saying where it went', async () => {
      const { harness } = await atCode();
      const view = connectSignIn(harness.snapshot).secondFactor;
      expect(view).toMatchObject({ destination: 'h•••@example.com', code: '', complete: false, busy: false });
      expect(harness.context.challenge).toBe('challenge-token');
    });

    it('takes Arabic-Indic digits, sends the code with the challenge, and signs in', async () => {
      const { harness, actors } = await atCode();
      const verify = actors.verifyCode;
      await harness.send({ type: 'secondFactor.submit' });
      expectState(harness, { secondFactor: 'editing' });
      await harness.send(typeCode('١٢٣ ٤٥٦٧'));
      expect(connectSignIn(harness.snapshot).secondFactor?.complete).toBe(true);
      await harness.send({ type: 'secondFactor.submit' });
      expectState(harness, { secondFactor: 'verifying' });
      expect(verify.inputs).toEqual([{ challenge: 'challenge-token', code: '1234567' }]);
      await harness.resolve('verifyCode', staffSession);
      expectState(harness, 'signedIn');
      expect(harness.takeActions()).toEqual(['startSession', 'announceSignedIn', 'goOn']);
    });

    it('says a wrong code is wrong and empties the field; an expired sign-in goes back to the password', async () => {
      const { harness } = await atCode();
      await harness.send(typeCode('7654321'));
      await harness.send({ type: 'secondFactor.submit' });
      await harness.reject('verifyCode', httpFailure(400, SERVER_MESSAGES.invalidOtp));
      expectState(harness, { secondFactor: 'editing' });
      expect(harness.context).toMatchObject({ alert: SERVER_MESSAGES.invalidOtp, code: '' });
      await harness.send(typeCode('7654321'));
      expect(harness.context.alert).toBeNull();
      await harness.send({ type: 'secondFactor.submit' });
      await harness.reject('verifyCode', httpFailure(401, STAFF_MESSAGES.signInExpired));
      expectState(harness, 'editing');
      expect(harness.context).toMatchObject({ alert: STAFF_MESSAGES.signInExpired, challenge: null });
      expect(harness.context.values.username).toBe('  huda@example.com ');
    });

    it('sends a new code on request and announces it', async () => {
      const { harness } = await atCode();
      await harness.send({ type: 'secondFactor.resend' });
      expectState(harness, { secondFactor: 'resending' });
      expect(connectSignIn(harness.snapshot).secondFactor?.resending).toBe(true);
      await harness.resolve('resendCode', { success: true, message: SERVER_MESSAGES.otpSent });
      expectState(harness, { secondFactor: 'editing' });
      expect(harness.takeActions()).toEqual(['announceCodeSent']);
    });
  });

  it('offers the code step of an account that still waits for its sign-up code', async () => {
    const { harness } = await submitting();
    await harness.reject('login', httpFailure(403, SERVER_MESSAGES.emailNotVerified));
    expectState(harness, 'editing');
    expect(harness.context.alert).toBe('Please verify your email address first');
    expect(harness.context.awaitingCode).toBe('huda@example.com');
    expect(connectSignIn(harness.snapshot).awaitingCode).toBe(true);
    await harness.send({ type: 'code.open' });
    expectState(harness, 'closed');
    expect(harness.takeActions()).toEqual(['openCodeStep']);
  });

  it('offers no code step for another refusal, or once the address changes', async () => {
    const { harness } = await submitting();
    await harness.reject('login', httpFailure(403, 'Your application is awaiting approval'));
    expect(harness.context.awaitingCode).toBeNull();
    await harness.send({ type: 'code.open' });
    expectState(harness, 'editing');
    await harness.send(submit);
    await harness.reject('login', httpFailure(403, SERVER_MESSAGES.emailNotVerified));
    await harness.send(change('username', 'other@example.com'));
    expect(connectSignIn(harness.snapshot).awaitingCode).toBe(false);
    await harness.send({ type: 'code.open' });
    expectState(harness, 'editing');
  });

  it('keeps an empty form in editing, shows both required messages and focuses the first', async () => {
    const { harness, login, actions } = start();
    await harness.send(submit);
    expectState(harness, 'editing');
    expect(harness.context.errors).toEqual({
      username: 'Email is required',
      password: 'Password is required',
    });
    expect(harness.takeActions()).toEqual(['focusFirstInvalid']);
    expect(actions.focusFirstInvalid).toHaveBeenCalledTimes(1);
    expect(login.inputs).toEqual([]);
  });

  it('rejects a malformed email and a password shorter than 5 characters', async () => {
    const { harness, login } = start();
    await harness.send(change('username', 'huda@example'));
    await harness.send(change('password', 'abcd'));
    await harness.send(submit);
    expectState(harness, 'editing');
    expect(harness.context.errors).toEqual({
      username: 'Invalid email',
      password: 'Password must be at least 5 characters',
    });
    expect(login.inputs).toEqual([]);
  });

  it('treats an email of spaces as missing', async () => {
    const { harness } = start();
    await harness.send(change('username', '   '));
    await harness.send(change('password', 'secret-42'));
    await harness.send(submit);
    expect(harness.context.errors).toEqual({ username: 'Email is required' });
  });

  it('clears only the message of the field being edited', async () => {
    const { harness } = start();
    await harness.send(submit);
    await harness.send(change('password', 'x'));
    expect(harness.context.errors).toEqual({ username: 'Email is required' });
    expect(harness.context.values).toEqual({ username: '', password: 'x' });
  });

  it('logs in with the trimmed email and the password exactly as typed', async () => {
    const { harness, login, actions } = start();
    await harness.send(change('username', '  huda@example.com '));
    await harness.send(change('password', ' secret-42 '));
    await harness.send(submit);
    expectState(harness, 'submitting');
    expect(login.inputs).toEqual([{ username: 'huda@example.com', password: ' secret-42 ' }]);
    expect(login.pendingIds()).toEqual(['login']);
    expect(actions.focusFirstInvalid).not.toHaveBeenCalled();
  });

  it('ignores typing and a second submit while the login is on its way', async () => {
    const { harness, login } = await submitting();
    await harness.send(change('username', 'other@example.com'));
    await harness.send(submit);
    expectState(harness, 'submitting');
    expect(harness.context.values.username).toBe('  huda@example.com ');
    expect(login.inputs).toHaveLength(1);
  });

  it('with a stored course: starts the session, announces it, goes to attendance and forgets the course', async () => {
    const { harness, actions } = await submitting(COURSE_ID);
    await harness.resolve('login', loginReply);
    expectState(harness, 'signedIn');
    expect(harness.snapshot.status).toBe('done');
    expect(harness.takeActions()).toEqual([
      'startSession',
      'announceSignedIn',
      'goToAttendance',
      'forgetCourseId',
    ]);
    expect(actions.startSession.mock.calls[0]?.[1]).toEqual({ reply: loginReply });
    expect(actions.goToAttendance.mock.calls[0]?.[0].context.courseId).toBe(COURSE_ID);
    expect(actions.goOn).not.toHaveBeenCalled();
  });

  it('without a stored course: starts the session, announces it and goes home', async () => {
    const { harness, actions } = await submitting();
    await harness.resolve('login', loginReply);
    expectState(harness, 'signedIn');
    expect(harness.takeActions()).toEqual(['startSession', 'announceSignedIn', 'goOn']);
    expect(actions.goOn.mock.calls[0]?.[0].context.returnTo).toBe('/');
    expect(actions.startSession.mock.calls[0]?.[1]).toEqual({ reply: loginReply });
    expect(actions.goToAttendance).not.toHaveBeenCalled();
    expect(actions.forgetCourseId).not.toHaveBeenCalled();
  });

  it('asked from a page (a report, an event): goes back to that page after sign-in', async () => {
    const impl = implementations();
    const harness = launch(impl, {
      input: { audience: 'trainee', storedCourseId: null, returnTo: '/report-an-issue' },
    });
    await harness.send(change('username', 'huda@example.com'));
    await harness.send(change('password', 'secret-42'));
    await harness.send(submit);
    await harness.resolve('login', loginReply);
    expectState(harness, 'signedIn');
    expect(impl.actions.goOn.mock.calls[0]?.[0].context.returnTo).toBe('/report-an-issue');
  });

  it("shows the server's message when the login is refused, keeping what was typed", async () => {
    const { harness, actions } = await submitting(COURSE_ID);
    await harness.reject('login', httpFailure(401, 'Invalid email or password'));
    expectState(harness, 'editing');
    expect(harness.context.alert).toBe('Invalid email or password');
    expect(harness.context.values).toEqual({ username: '  huda@example.com ', password: 'secret-42' });
    expect(harness.context.courseId).toBe(COURSE_ID);
    expect(harness.takeActions()).toEqual([]);
    expect(actions.startSession).not.toHaveBeenCalled();
  });

  it.each<[string, unknown]>([
    ['an error object without a message', silentFailure(500)],
    ['an Error with a blank message', httpFailure(500, '  ')],
    ['a network failure without a message', new TypeError('')],
  ])('falls back to the spec sentence after %s', async (_, error) => {
    const { harness } = await submitting();
    await harness.reject('login', error);
    expectState(harness, 'editing');
    expect(harness.context.alert).toBe(FAILURES.login);
    expect(harness.context.alert).toBe('Could not logged in at this time. Try again');
  });

  it('says KFU ID is not available yet, without leaving the form', async () => {
    const { harness, login } = start();
    await harness.send({ type: 'kfuId.select' });
    expectState(harness, 'editing');
    expect(harness.context.kfuIdNotice).toBe(true);
    expect(login.inputs).toEqual([]);
  });

  it('clears the alert and the KFU ID notice when a valid form is sent again', async () => {
    const { harness, login } = await submitting();
    await harness.reject('login', httpFailure(401, 'Invalid email or password'));
    await harness.send({ type: 'kfuId.select' });
    await harness.send(submit);
    expectState(harness, 'submitting');
    expect(harness.context.alert).toBeNull();
    expect(harness.context.kfuIdNotice).toBe(false);
    expect(login.inputs).toHaveLength(2);

    await harness.resolve('login', loginReply);
    expectState(harness, 'signedIn');
  });
});

describe('signIn machine: closing the dialog', () => {
  const launch = harnesses(signInMachine);

  it('closes on request when no course id is stored', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { audience: 'trainee', storedCourseId: null } });
    expect(connectSignIn(harness.snapshot).dismissable).toBe(true);
    await harness.send({ type: 'dialog.close' });
    expectState(harness, 'closed');
    expect(impl.actions.closeDialog).toHaveBeenCalledTimes(1);
  });

  it('cannot be dismissed while a course id is stored (spec section 2)', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { audience: 'trainee', storedCourseId: COURSE_ID } });
    expect(connectSignIn(harness.snapshot).dismissable).toBe(false);
    await harness.send({ type: 'dialog.close' });
    expectState(harness, 'editing');
    expect(impl.actions.closeDialog).not.toHaveBeenCalled();
  });

  it('shows the call under way and cannot be dismissed meanwhile', async () => {
    const harness = launch(implementations(), { input: { audience: 'trainer', storedCourseId: null } });
    await harness.send(change('username', 'huda@example.com'));
    await harness.send(change('password', 'secret-42'));
    await harness.send(submit);
    expect(connectSignIn(harness.snapshot)).toMatchObject({ busy: true, dismissable: false });
    await harness.send({ type: 'dialog.close' });
    expectState(harness, 'submitting');
  });
});

describe('signIn machine: an account of the other role', () => {
  const launch = harnesses(signInMachine);

  async function signingIn(
    audience: 'trainee' | 'trainer',
    reply: LoginResponse,
    storedCourseId: string | null = null,
  ) {
    const impl = implementations();
    const harness = launch(impl, { input: { audience, storedCourseId } });
    await harness.send(change('username', reply.data.email));
    await harness.send(change('password', 'secret-42'));
    await harness.send(submit);
    await harness.resolve('login', reply);
    return { harness, actions: impl.actions };
  }

  it('a trainee in Trainer Login is not signed in yet: the dialog says it is for trainers', async () => {
    const { harness, actions } = await signingIn('trainer', loginReply);
    expectState(harness, 'otherRole');
    expect(harness.takeActions()).toEqual([]);
    expect(actions.startSession).not.toHaveBeenCalled();
    expect(connectSignIn(harness.snapshot)).toMatchObject({
      otherRole: 'TRAINEE',
      dismissable: true,
      busy: false,
    });
  });

  it('continuing as a trainee signs in with the reply kept, and goes on', async () => {
    const { harness, actions } = await signingIn('trainer', loginReply);
    harness.takeActions();
    await harness.send({ type: 'otherRole.continue' });
    expectState(harness, 'signedIn');
    expect(harness.takeActions()).toEqual(['startSession', 'announceSignedIn', 'goOn']);
    expect(actions.startSession.mock.calls[0]?.[1]).toEqual({ reply: loginReply });
  });

  it('with a stored course, continuing goes to attendance', async () => {
    const { harness } = await signingIn('trainer', loginReply, COURSE_ID);
    harness.takeActions();
    expect(connectSignIn(harness.snapshot).dismissable).toBe(false);
    await harness.send({ type: 'dialog.close' });
    expectState(harness, 'otherRole');
    await harness.send({ type: 'otherRole.continue' });
    expect(harness.takeActions()).toEqual([
      'startSession',
      'announceSignedIn',
      'goToAttendance',
      'forgetCourseId',
    ]);
  });

  it('going back keeps the form, signs nobody in and ends the session the login opened', async () => {
    const { harness, actions } = await signingIn('trainer', loginReply);
    expectState(harness, 'otherRole');
    expect(connectSignIn(harness.snapshot).otherRole).toBe('TRAINEE');
    harness.takeActions();
    await harness.send({ type: 'otherRole.back' });
    expectState(harness, 'editing');
    expect(harness.takeActions()).toEqual(['endUnusedSession']);
    expect(actions.endUnusedSession.mock.calls[0]?.[1]).toEqual({ reply: loginReply });
    expect(actions.startSession).not.toHaveBeenCalled();
    expect(harness.context.otherRoleReply).toBeNull();
    expect(harness.context.values.username).toBe(loginReply.data.email);
    expect(connectSignIn(harness.snapshot).otherRole).toBeNull();
  });

  it('closing the dialog then signs nobody in either', async () => {
    const { harness, actions } = await signingIn('trainer', loginReply);
    harness.takeActions();
    await harness.send({ type: 'dialog.close' });
    expectState(harness, 'closed');
    expect(harness.takeActions()).toEqual(['endUnusedSession', 'closeDialog']);
    expect(actions.startSession).not.toHaveBeenCalled();
  });

  it('a trainer in Trainer Login signs in at once', async () => {
    const { harness } = await signingIn('trainer', trainerReply);
    expectState(harness, 'signedIn');
    expect(harness.takeActions()).toEqual(['startSession', 'announceSignedIn', 'goOn']);
  });

  it("a trainer in Log In, every account's door, signs in at once", async () => {
    const { harness } = await signingIn('trainee', trainerReply);
    expectState(harness, 'signedIn');
    expect(harness.takeActions()).toEqual(['startSession', 'announceSignedIn', 'goOn']);
  });
});
