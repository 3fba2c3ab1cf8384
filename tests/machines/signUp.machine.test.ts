import { OTP_LENGTH, type RegistrationForm, registrationFormSchema } from '@contract/forms/auth';
import { validate } from '@contract/forms/rules';
import { FAILURES } from '@contract/messages/failures';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type {
  ConfirmationResponse,
  OtpVerifyResponse,
  PasswordResetRequest,
  RegistrationRequest,
  RegistrationResponse,
} from '@contract/wire/identity';
import { describe, expect, it } from 'vitest';
import type { Audience } from '../../machines/signIn.machine.ts';
import { connectSignUp } from '../../machines/signUp.connect.ts';
import { type SignUpContext, type SignUpEvent, signUpMachine } from '../../machines/signUp.machine.ts';
import { ApiError } from '../../src/api/errors.ts';
import {
  firstInvalid,
  httpFailure,
  otpAwaitingApproval,
  otpSignedIn,
  silentFailure,
} from './support/fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectJointCoverage,
  expectState,
  harnesses,
  type MachineHarness,
  type PathEvents,
  replayEveryPath,
  scriptedPromise,
  spyActions,
} from './support/paths.ts';

const ACTION_NAMES = [
  'focusFirstInvalid',
  'announceSignedUp',
  'announceOtpVerified',
  'announceInvalidOtp',
  'startSession',
  'goToProfile',
  'closeDialog',
  'announceOtpSent',
  'backToSignIn',
] as const;

const PASSWORD = 'Str0ng@Pass!';

const change = (name: keyof RegistrationForm, value: string): SignUpEvent => ({
  type: 'field.change',
  name,
  value,
});
const submit: SignUpEvent = { type: 'form.submit' };
const otpChange = (value: string): SignUpEvent => ({ type: 'otp.change', value });
const otpSubmit: SignUpEvent = { type: 'otp.submit' };

const cvFile = new File(['%PDF-1.7 curriculum vitae'], 'omar-nasser-cv.pdf', { type: 'application/pdf' });

const registered = (email: string): RegistrationResponse => ({ success: true, data: { email } });

/** A 400 whose details name fields, as the API client reports it. */
const fieldRefusal = (...details: { field: string; message: string }[]) =>
  new ApiError(details[0]?.message ?? '', 'http', 400, { success: false, details });
const CODE_SENT = fieldRefusal({ field: 'email', message: SERVER_MESSAGES.codeSentRecently });
const OTP_SENT: ConfirmationResponse = { success: true, message: SERVER_MESSAGES.otpSent };

/** Wrong and right values for each field, in form order. */
const FIELD_EVENTS: Record<keyof RegistrationForm, SignUpEvent[]> = {
  full_name: [change('full_name', '   '), change('full_name', ' Huda Saleh ')],
  email: [change('email', 'huda@example'), change('email', ' huda@example.com ')],
  phone_number: [change('phone_number', '055-512-3456'), change('phone_number', '055 512 3456')],
  govt_id_or_iqama_no: [change('govt_id_or_iqama_no', '12345'), change('govt_id_or_iqama_no', '1098765432')],
  password: [
    change('password', 'Short@1a'),
    change('password', 'alllowercase1'),
    change('password', 'Asdf@12345x'),
    change('password', PASSWORD),
  ],
  confirm_password: [change('confirm_password', 'Str0ng@Pass?'), change('confirm_password', PASSWORD)],
};

/** Once the form is valid: changes that break it again, or keep it valid. */
const VALID_FORM_EVENTS: SignUpEvent[] = [
  change('email', 'huda@example'),
  change('phone_number', '055-512-3456'),
  change('confirm_password', 'Str0ng@Pass?'),
  change('phone_number', '055 512 3456'),
];

const firstInvalidField = (values: RegistrationForm) =>
  firstInvalid(validate(registrationFormSchema, values)) as keyof RegistrationForm | null;

/** Fills a valid form, the way a user does top to bottom. */
const filledForm: SignUpEvent[] = [
  change('full_name', ' Huda Saleh '),
  change('email', ' huda@example.com '),
  change('phone_number', '055 512 3456'),
  change('govt_id_or_iqama_no', ' 1098765432 '),
  change('password', PASSWORD),
  change('confirm_password', PASSWORD),
];

function implementations() {
  return {
    actors: {
      register: scriptedPromise<RegistrationResponse, RegistrationRequest>(),
      verifyOtp: scriptedPromise<OtpVerifyResponse, { email_or_phone: string; otp_code: string }>(),
      resendOtp: scriptedPromise<ConfirmationResponse, PasswordResetRequest>(),
    },
    actions: spyActions(signUpMachine, ACTION_NAMES),
  };
}

describe('signUp machine: generated paths', () => {
  /** A trainee is signed in by the code; a trainer attaches a CV and waits for approval. */
  const byAudience: Record<Audience, PathEvents<typeof signUpMachine>> = {
    trainee: [doneActor('verifyOtp', otpSignedIn)],
    trainer: [doneActor('verifyOtp', otpAwaitingApproval)],
  };
  const cvEvents: Record<Audience, SignUpEvent[]> = {
    trainee: [],
    trainer: [
      { type: 'cv.change', file: cvFile },
      { type: 'cv.change', file: null },
    ],
  };

  /** The form for each audience, and the code step a refused sign-in opens. */
  const starts = [
    { name: 'a trainee', audience: 'trainee', verify: false },
    { name: 'a trainer', audience: 'trainer', verify: false },
    { name: 'an account waiting for its code', audience: 'trainee', verify: true },
  ] as const;
  const models = starts.map(({ name, audience, verify }) => {
    const model = createPathModel(signUpMachine, {
      input: verify ? { audience, email: 'huda@example.com', verify } : { audience },
      events: ({ context }) => {
        const next = firstInvalidField(context.values);
        return [
          ...(next ? FIELD_EVENTS[next] : [...VALID_FORM_EVENTS, ...cvEvents[audience]]),
          submit,
          doneActor('register', registered('huda@example.com')),
          errorActor('register', httpFailure(400, 'A user with this email already exists')),
          errorActor('register', silentFailure(500)),
          errorActor('register', CODE_SENT),
          { type: 'otp.open' },
          { type: 'otp.resend' },
          doneActor('resendOtp', OTP_SENT),
          errorActor('resendOtp', httpFailure(429, 'Too many requests')),
          otpChange('١٢ ٣٤-٥٦٧'),
          otpChange('123'),
          otpSubmit,
          { type: 'otp.back' },
          ...byAudience[audience],
          errorActor('verifyOtp', httpFailure(400, 'Invalid OTP Code')),
          errorActor('verifyOtp', httpFailure(401, 'Invalid OTP Code')),
          errorActor('verifyOtp', silentFailure(500)),
          { type: 'success.close' },
          { type: 'dialog.close' },
        ];
      },
      // formValid reads the values (through their first message) in form; otpComplete the code in otp.
      serializeState: ({ value, context }) =>
        JSON.stringify([
          value,
          value === 'form' ? firstInvalidField(context.values) : null,
          value === 'form' ? context.codeSent : null,
          value === 'otp' ? context.otp.length === OTP_LENGTH : null,
        ]),
      implementations,
      compareContext: true,
    });
    return { name, audience, verify, model };
  });

  for (const { name, audience, verify, model } of models) {
    describe(`as ${name}`, () => {
      it('generates paths through every kind of step', () => {
        const types = new Set(model.paths.flatMap((path) => path.steps.map((step) => step.event.type)));
        const codeStep = [
          'dialog.close',
          'otp.back',
          'otp.change',
          'otp.resend',
          'otp.submit',
          'success.close',
          'xstate.done.actor.resendOtp',
          'xstate.done.actor.verifyOtp',
          'xstate.error.actor.resendOtp',
          'xstate.error.actor.verifyOtp',
          'xstate.init',
        ];
        const form = [
          'field.change',
          'form.submit',
          'otp.open',
          'xstate.done.actor.register',
          'xstate.error.actor.register',
          ...(audience === 'trainer' ? ['cv.change'] : []),
        ];
        expect([...types].sort()).toEqual([...codeStep, ...(verify ? [] : form)].sort());
      });

      replayEveryPath(model);
    });
  }

  it('reaches every state and every transition', async () => {
    await expectJointCoverage(models.map(({ model }) => model));
  });
});

describe('signUp machine: behaviour', () => {
  const launch = harnesses(signUpMachine);

  function start(audience: Audience = 'trainee') {
    const impl = implementations();
    const harness = launch(impl, { input: { audience } });
    return {
      harness,
      register: impl.actors.register,
      verifyOtp: impl.actors.verifyOtp,
      resendOtp: impl.actors.resendOtp,
      actions: impl.actions,
    };
  }

  async function fill(harness: MachineHarness<typeof signUpMachine>, events = filledForm) {
    for (const event of events) await harness.send(event);
  }

  async function atOtp(audience: Audience = 'trainee') {
    const started = start(audience);
    await fill(started.harness);
    await started.harness.send(submit);
    await started.harness.resolve('register', registered('huda@example.com'));
    expectState(started.harness, 'otp');
    started.harness.takeActions();
    return started;
  }

  async function verifying(audience: Audience = 'trainee') {
    const started = await atOtp(audience);
    await started.harness.send(otpChange('1234567'));
    await started.harness.send(otpSubmit);
    expectState(started.harness, 'verifying');
    return started;
  }

  describe('registration form', () => {
    it('shows every message of an empty form and focuses the first', async () => {
      const { harness, register, actions } = start();
      await harness.send(submit);
      expectState(harness, 'form');
      expect(harness.context.errors).toEqual({
        full_name: 'Name is required',
        email: 'Email is required',
        govt_id_or_iqama_no: 'govt id or iqama no is required',
        password: 'Password is required',
        confirm_password: 'Confirm password is required',
      });
      expect(actions.focusFirstInvalid).toHaveBeenCalledTimes(1);
      expect(register.inputs).toEqual([]);
    });

    it('explains what is wrong with each value', async () => {
      const { harness } = start();
      await fill(harness, [
        change('full_name', 'Huda Saleh'),
        change('email', 'huda@example'),
        change('phone_number', '055-512'),
        change('govt_id_or_iqama_no', '12345'),
        change('password', 'Asdf@12345x'),
        change('confirm_password', 'Asdf@12345y'),
      ]);
      await harness.send(submit);
      expect(harness.context.errors).toEqual({
        email: 'Invalid email',
        phone_number: 'Phone number must contain only numbers',
        govt_id_or_iqama_no: 'govt id or iqama no must be at least 10 characters',
        password: 'Password must not contain 1234321, asdf or qwert',
        confirm_password: 'Passwords must match',
      });
    });

    it.each([
      ['Short@1a', 'Password must be at least 10 characters'],
      [
        'alllowercase1',
        'Password must meet be at least one (A-Z),(a-z),(0-9) and one special character (@, #, $, *, !, +)',
      ],
      ['Qwert@98765', 'Password must not contain 1234321, asdf or qwert'],
    ])('refuses the password %j with "%s"', async (password, message) => {
      const { harness } = start();
      await fill(harness, [...filledForm.slice(0, 4), change('password', password)]);
      await harness.send(submit);
      expect(harness.context.errors.password).toBe(message);
    });

    it('registers a trainee with trimmed values, the phone without spaces and no CV', async () => {
      const { harness, register } = start('trainee');
      await fill(harness);
      await harness.send({ type: 'cv.change', file: cvFile });
      await harness.send(submit);
      expectState(harness, 'registering');
      expect(register.inputs).toEqual([
        {
          full_name: 'Huda Saleh',
          email: 'huda@example.com',
          phone_number: '0555123456',
          govt_id_or_iqama_no: '1098765432',
          password: PASSWORD,
          confirm_password: PASSWORD,
          role: 'TRAINEE',
        },
      ]);
    });

    it('registers a trainer with the CV', async () => {
      const { harness, register } = start('trainer');
      await fill(harness);
      await harness.send({ type: 'cv.change', file: cvFile });
      await harness.send(submit);
      expect(register.inputs[0]?.role).toBe('TRAINER');
      expect(register.inputs[0]?.cv).toBe(cvFile);
      expect(register.inputs[0]?.phone_number).toBe('0555123456');
    });

    it('registers a trainer without a CV when none is attached, or it was removed', async () => {
      const { harness, register } = start('trainer');
      await fill(harness);
      await harness.send({ type: 'cv.change', file: cvFile });
      await harness.send({ type: 'cv.change', file: null });
      await harness.send(submit);
      expect(register.inputs[0]?.role).toBe('TRAINER');
      expect(register.inputs[0]).not.toHaveProperty('cv');
    });

    it('sends an empty phone number when none is given', async () => {
      const { harness, register } = start();
      await fill(
        harness,
        filledForm.filter((event) => event.type !== 'field.change' || event.name !== 'phone_number'),
      );
      await harness.send(submit);
      expect(register.inputs[0]?.phone_number).toBe('');
    });

    it("keeps every typed value and shows the server's message when registration is refused", async () => {
      const { harness, actions } = start('trainer');
      await fill(harness);
      await harness.send({ type: 'cv.change', file: cvFile });
      const typed = harness.context.values;
      await harness.send(submit);
      await harness.reject('register', httpFailure(400, 'A user with this email already exists'));
      expectState(harness, 'form');
      expect(harness.context.alert).toBe('A user with this email already exists');
      expect(harness.context.values).toEqual(typed);
      expect(harness.context.cv).toBe(cvFile);
      expect(harness.context.email).toBeNull();
      expect(actions.announceSignedUp).not.toHaveBeenCalled();
    });

    it('falls back to the spec sentence when the refusal has no message', async () => {
      const { harness } = start();
      await fill(harness);
      await harness.send(submit);
      await harness.reject('register', silentFailure(500));
      expect(harness.context.alert).toBe(FAILURES.register);
      expect(harness.context.alert).toBe('Could not Register at this time. Try again');
    });

    it('clears the alert when the form is sent again', async () => {
      const { harness, register } = start();
      await fill(harness);
      await harness.send(submit);
      await harness.reject('register', silentFailure(500));
      await harness.send(submit);
      expectState(harness, 'registering');
      expect(harness.context.alert).toBeNull();
      expect(register.inputs).toHaveLength(2);
    });
  });

  describe('one-time code', () => {
    it('remembers the email from the reply and announces the sign-up', async () => {
      const { harness, actions } = start();
      await fill(harness);
      await harness.send(submit);
      await harness.resolve('register', registered('huda.saleh@example.com'));
      expectState(harness, 'otp');
      expect(harness.context.email).toBe('huda.saleh@example.com');
      expect(harness.context.otp).toBe('');
      expect(harness.takeActions()).toEqual(['announceSignedUp']);
      expect(actions.announceSignedUp).toHaveBeenCalledTimes(1);
    });

    it.each([
      ['12 34-567', '1234567'],
      ['١٢٣٤٥٦٧', '1234567'],
      ['۱۲۳۴۵۶۷', '1234567'],
      ['12 34-567 89', '123456789'],
      ['ab12c', '12'],
      ['', ''],
    ])('keeps the digits of %j, written 0–9', async (typed, kept) => {
      const { harness } = await atOtp();
      await harness.send(otpChange(typed));
      expect(harness.context.otp).toBe(kept);
    });

    it('says a code with an eighth digit is too long and does not send it', async () => {
      const { harness, verifyOtp } = await atOtp();
      await harness.send(otpChange('12345678'));
      expect(connectSignUp(harness.snapshot)).toMatchObject({
        step: 'otp',
        code: '12345678',
        error: 'OTP have maximum 7 digit',
        complete: false,
      });
      await harness.send(otpSubmit);
      expectState(harness, 'otp');
      expect(verifyOtp.inputs).toEqual([]);
    });

    it('ignores a submit until the code has 7 digits', async () => {
      const { harness, verifyOtp } = await atOtp();
      await harness.send(otpChange('123456'));
      await harness.send(otpSubmit);
      expectState(harness, 'otp');
      expect(verifyOtp.inputs).toEqual([]);

      await harness.send(otpChange('1234567'));
      await harness.send(otpSubmit);
      expectState(harness, 'verifying');
      expect(verifyOtp.inputs).toEqual([{ email_or_phone: 'huda@example.com', otp_code: '1234567' }]);
    });

    it('signs a trainee in when the code comes back with tokens', async () => {
      const { harness, actions } = await verifying('trainee');
      await harness.resolve('verifyOtp', otpSignedIn);
      expectState(harness, 'registered');
      expect(harness.takeActions()).toEqual(['startSession', 'announceOtpVerified']);
      expect(actions.startSession.mock.calls[0]?.[1]).toEqual({ reply: otpSignedIn });
    });

    it.each<[string, OtpVerifyResponse]>([
      ['without tokens', otpAwaitingApproval],
      ['with tokens but no user', { success: true, access_token: 'a', refresh_token: 'r' }],
    ])('leaves a trainer awaiting approval when the code comes back %s', async (_, reply) => {
      const { harness, actions } = await verifying('trainer');
      await harness.resolve('verifyOtp', reply);
      expectState(harness, 'awaitingApproval');
      expect(harness.takeActions()).toEqual(['announceOtpVerified']);
      expect(actions.startSession).not.toHaveBeenCalled();
    });

    it.each([400, 401])('clears the code and says it is invalid when refused with %i', async (status) => {
      const { harness, actions } = await verifying();
      await harness.reject('verifyOtp', httpFailure(status, 'Invalid OTP Code'));
      expectState(harness, 'otp');
      expect(harness.context.otp).toBe('');
      expect(harness.context.alert).toBeNull();
      expect(harness.takeActions()).toEqual(['announceInvalidOtp']);
      expect(actions.announceInvalidOtp).toHaveBeenCalledTimes(1);
    });

    it('keeps the code and shows the fallback sentence after a failure without a message', async () => {
      const { harness, actions } = await verifying();
      await harness.reject('verifyOtp', silentFailure(500));
      expectState(harness, 'otp');
      expect(harness.context.otp).toBe('1234567');
      expect(harness.context.alert).toBe(FAILURES.verify);
      expect(harness.context.alert).toBe('Could not verify in at this time. Try again');
      expect(actions.announceInvalidOtp).not.toHaveBeenCalled();
    });

    it("shows the server's message after a failure that has one, and clears it when the code changes", async () => {
      const { harness } = await verifying();
      await harness.reject('verifyOtp', httpFailure(500, 'The code could not be checked'));
      expect(harness.context.alert).toBe('The code could not be checked');
      await harness.send(otpChange('7654321'));
      expect(harness.context.alert).toBeNull();
    });

    it('goes back to the form with every value kept', async () => {
      const { harness } = await atOtp();
      const typed = harness.context.values;
      await harness.send({ type: 'otp.back' });
      expectState(harness, 'form');
      expect(harness.context.values).toEqual(typed);
    });
  });

  describe('a new code, and the code step opened again', () => {
    it('sends a new code to the same address, clears what was typed and says so', async () => {
      const { harness, resendOtp } = start();
      await fill(harness);
      await harness.send(submit);
      await harness.resolve('register', registered('huda@example.com'));
      await harness.send(otpChange('12345'));
      await harness.send({ type: 'otp.resend' });
      expectState(harness, 'resending');
      expect(connectSignUp(harness.snapshot)).toMatchObject({ step: 'otp', resending: true, busy: false });
      expect(resendOtp.inputs).toEqual([{ email_or_phone: 'huda@example.com' }]);
      await harness.resolve('resendOtp', OTP_SENT);
      expectState(harness, 'otp');
      expect(harness.context.otp).toBe('');
      expect(harness.takeActions()).toContain('announceOtpSent');
    });

    it('keeps the code step and says why when no new code could be sent', async () => {
      const { harness } = start();
      await fill(harness);
      await harness.send(submit);
      await harness.resolve('register', registered('huda@example.com'));
      await harness.send({ type: 'otp.resend' });
      await harness.reject('resendOtp', httpFailure(429, 'Too many requests'));
      expectState(harness, 'otp');
      expect(connectSignUp(harness.snapshot)).toMatchObject({ step: 'otp', alert: 'Too many requests' });
      await harness.send({ type: 'otp.resend' });
      await harness.reject('resendOtp', silentFailure(500));
      expect(harness.context.alert).toBe(FAILURES.sendOtp);
    });

    it('puts each refused detail at its field, keeps what was typed, and says the CV in the alert', async () => {
      const { harness } = start('trainer');
      await fill(harness);
      await harness.send(submit);
      await harness.reject(
        'register',
        fieldRefusal(
          { field: 'govt_id_or_iqama_no', message: SERVER_MESSAGES.govtIdTaken },
          { field: 'cv', message: 'The CV must be a PDF or Word file' },
        ),
      );
      expectState(harness, 'form');
      expect(harness.context.errors).toEqual({ govt_id_or_iqama_no: SERVER_MESSAGES.govtIdTaken });
      expect(harness.context.alert).toBe('The CV must be a PDF or Word file');
      expect(harness.context.values.govt_id_or_iqama_no).toBe(' 1098765432 ');
      expect(harness.takeActions()).toContain('focusFirstInvalid');
      expect(connectSignUp(harness.snapshot)).toMatchObject({ step: 'form', codeSent: false });
    });

    it('opens the code step of an address that already has a code on its way', async () => {
      const { harness } = start();
      await fill(harness);
      await harness.send({ type: 'otp.open' });
      expectState(harness, 'form');
      await harness.send(submit);
      await harness.reject('register', CODE_SENT);
      expect(harness.context.errors).toEqual({ email: SERVER_MESSAGES.codeSentRecently });
      expect(connectSignUp(harness.snapshot)).toMatchObject({ step: 'form', codeSent: true });
      await harness.send({ type: 'otp.open' });
      expectState(harness, 'otp');
      expect(connectSignUp(harness.snapshot)).toMatchObject({
        destination: 'huda@example.com',
        back: 'form',
      });
    });

    it('forgets that a code is on its way once the address changes', async () => {
      const { harness } = start();
      await fill(harness);
      await harness.send(submit);
      await harness.reject('register', CODE_SENT);
      await harness.send(change('full_name', 'Huda S.'));
      expect(harness.context.codeSent).toBe(true);
      await harness.send(change('email', 'huda.saleh@example.com'));
      expect(harness.context.codeSent).toBe(false);
      await harness.send({ type: 'otp.open' });
      expectState(harness, 'form');
    });

    it('opens at the code step for an account a sign-in found waiting, and goes back to the sign-in', async () => {
      const impl = implementations();
      const harness = launch(impl, {
        input: { audience: 'trainer', email: 'omar@example.com', verify: true },
      });
      expectState(harness, 'otp');
      expect(connectSignUp(harness.snapshot)).toMatchObject({
        destination: 'omar@example.com',
        back: 'signIn',
      });
      await harness.send({ type: 'otp.back' });
      expectState(harness, 'closed');
      expect(harness.takeActions()).toEqual(['backToSignIn']);
    });
  });

  describe('what the dialogs show', () => {
    it('walks the form, the code and the success dialogs', async () => {
      const { harness } = start('trainer');
      expect(connectSignUp(harness.snapshot)).toMatchObject({ step: 'form', busy: false, cvName: null });
      await fill(harness);
      await harness.send(submit);
      expect(connectSignUp(harness.snapshot)).toMatchObject({ step: 'form', busy: true });
      await harness.resolve('register', registered('huda@example.com'));
      expect(connectSignUp(harness.snapshot)).toEqual({
        step: 'otp',
        destination: 'huda@example.com',
        code: '',
        error: null,
        complete: false,
        alert: null,
        busy: false,
        resending: false,
        back: 'form',
      });
      await harness.send({ type: 'otp.change', value: '1234567' });
      await harness.send({ type: 'otp.submit' });
      expect(connectSignUp(harness.snapshot)).toMatchObject({ step: 'otp', code: '1234567', busy: true });
      await harness.resolve('verifyOtp', otpAwaitingApproval);
      expect(connectSignUp(harness.snapshot)).toEqual({ step: 'success', outcome: 'awaitingApproval' });
    });

    it('closes from any step, through the machine', async () => {
      const { harness, actions } = await atOtp();
      await harness.send({ type: 'dialog.close' });
      expectState(harness, 'closed');
      expect(connectSignUp(harness.snapshot)).toEqual({ step: 'closed' });
      expect(actions.closeDialog).toHaveBeenCalledTimes(1);
      expect(actions.goToProfile).not.toHaveBeenCalled();
    });
  });

  describe('success', () => {
    it('closes to the profile for a signed-in trainee and ends', async () => {
      const { harness, actions } = await verifying('trainee');
      await harness.resolve('verifyOtp', otpSignedIn);
      harness.takeActions();
      await harness.send({ type: 'success.close' });
      expectState(harness, 'closed');
      expect(harness.snapshot.status).toBe('done');
      expect(harness.takeActions()).toEqual(['closeDialog', 'goToProfile']);
      expect(actions.goToProfile).toHaveBeenCalledTimes(1);
    });

    it('closes without going anywhere for a trainer awaiting approval', async () => {
      const { harness, actions } = await verifying('trainer');
      await harness.resolve('verifyOtp', otpAwaitingApproval);
      harness.takeActions();
      await harness.send({ type: 'success.close' });
      expectState(harness, 'closed');
      expect(harness.snapshot.status).toBe('done');
      expect(harness.takeActions()).toEqual(['closeDialog']);
      expect(actions.goToProfile).not.toHaveBeenCalled();
    });
  });

  it('starts with an empty form, no CV, no email and no code', () => {
    const { harness } = start('trainer');
    const context: SignUpContext = harness.context;
    expect(context).toEqual({
      audience: 'trainer',
      values: {
        full_name: '',
        email: '',
        phone_number: '',
        govt_id_or_iqama_no: '',
        password: '',
        confirm_password: '',
      },
      errors: {},
      alert: null,
      cv: null,
      email: null,
      otp: '',
      origin: 'form',
      codeSent: false,
    });
  });
});
