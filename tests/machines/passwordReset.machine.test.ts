import {
  type ForgotPasswordForm,
  forgotPasswordFormSchema,
  OTP_LENGTH,
  type ResetPasswordForm,
  resetPasswordFormSchema,
} from '@contract/forms/auth';
import { validate } from '@contract/forms/rules';
import { FAILURES } from '@contract/messages/failures';
import type { ConfirmationResponse, OtpVerifyResponse, SetPasswordRequest } from '@contract/wire/identity';
import { describe, expect, it } from 'vitest';
import { connectPasswordReset } from '../../machines/passwordReset.connect.ts';
import {
  type PasswordResetContext,
  type PasswordResetEvent,
  passwordResetMachine,
} from '../../machines/passwordReset.machine.ts';
import { firstInvalid, httpFailure, otpResetToken, silentFailure } from './support/fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectState,
  harnesses,
  replayEveryPathCoveringAll,
  scriptedPromise,
  spyActions,
} from './support/paths.ts';

const ACTION_NAMES = [
  'focusFirstInvalid',
  'announceOtpSent',
  'announceInvalidOtp',
  'announceOtpVerified',
  'announcePasswordReset',
  'openLogin',
] as const;

const PASSWORD = 'Str0ng@Pass!';

const requestChange = (value: string): PasswordResetEvent => ({ type: 'request.change', value });
const requestSubmit: PasswordResetEvent = { type: 'request.submit' };
const otpChange = (value: string): PasswordResetEvent => ({ type: 'otp.change', value });
const otpSubmit: PasswordResetEvent = { type: 'otp.submit' };
const change = (name: keyof ResetPasswordForm, value: string): PasswordResetEvent => ({
  type: 'field.change',
  name,
  value,
});
const submit: PasswordResetEvent = { type: 'form.submit' };

const otpSent: ConfirmationResponse = { success: true, message: 'OTP sent successfully' };
const passwordSet: ConfirmationResponse = { success: true, message: 'Password changed successfully' };
const verifiedWithoutToken: OtpVerifyResponse = { success: true };

function implementations() {
  return {
    actors: {
      requestReset: scriptedPromise<ConfirmationResponse, ForgotPasswordForm>(),
      verifyOtp: scriptedPromise<OtpVerifyResponse, { email_or_phone: string; otp_code: string }>(),
      setPassword: scriptedPromise<ConfirmationResponse, SetPasswordRequest>(),
    },
    actions: spyActions(passwordResetMachine, ACTION_NAMES),
  };
}

/** What each step's guard reads: the request's validity, the code's length, the new password's first message. */
function guardedContext(value: unknown, context: PasswordResetContext): unknown {
  if (value === 'request') return firstInvalid(validate(forgotPasswordFormSchema, context.request));
  if (value === 'otp') return context.otp.length === OTP_LENGTH;
  if (value === 'reset') return firstInvalid(validate(resetPasswordFormSchema, context.values));
  return null;
}

describe('passwordReset machine: generated paths', () => {
  const model = createPathModel(passwordResetMachine, {
    input: { audience: 'trainee' },
    events: [
      requestChange('   '),
      requestChange(' huda@example.com '),
      requestSubmit,
      doneActor('requestReset', otpSent),
      errorActor('requestReset', httpFailure(400, 'No account uses this email or phone')),
      errorActor('requestReset', silentFailure(500)),
      otpChange('١٢ ٣٤-٥٦٧'),
      otpChange('123'),
      otpSubmit,
      { type: 'otp.back' },
      { type: 'otp.resend' },
      doneActor('resendReset', otpSent),
      errorActor('resendReset', httpFailure(429, 'Too many requests')),
      doneActor('verifyOtp', otpResetToken),
      doneActor('verifyOtp', verifiedWithoutToken),
      errorActor('verifyOtp', httpFailure(400, 'Invalid OTP Code')),
      errorActor('verifyOtp', httpFailure(401, 'Invalid OTP Code')),
      errorActor('verifyOtp', silentFailure(500)),
      change('new_password', 'Short@1a'),
      change('new_password', 'alllowercase1'),
      change('new_password', 'Asdf@12345x'),
      change('new_password', PASSWORD),
      change('confirm_password', 'Str0ng@Pass?'),
      change('confirm_password', PASSWORD),
      submit,
      doneActor('setPassword', passwordSet),
      errorActor('setPassword', httpFailure(400, 'The reset link has expired')),
      errorActor('setPassword', silentFailure(500)),
    ],
    serializeState: ({ value, context }) => JSON.stringify([value, guardedContext(value, context)]),
    implementations,
    compareContext: true,
  });

  it('generates paths through every kind of step', () => {
    const types = new Set(model.paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    expect([...types].sort()).toEqual([
      'field.change',
      'form.submit',
      'otp.back',
      'otp.change',
      'otp.resend',
      'otp.submit',
      'request.change',
      'request.submit',
      'xstate.done.actor.requestReset',
      'xstate.done.actor.resendReset',
      'xstate.done.actor.setPassword',
      'xstate.done.actor.verifyOtp',
      'xstate.error.actor.requestReset',
      'xstate.error.actor.resendReset',
      'xstate.error.actor.setPassword',
      'xstate.error.actor.verifyOtp',
      'xstate.init',
    ]);
  });

  replayEveryPathCoveringAll(model);
});

describe('passwordReset machine: behaviour', () => {
  const launch = harnesses(passwordResetMachine);

  function start() {
    const impl = implementations();
    const harness = launch(impl, { input: { audience: 'trainee' } });
    return { harness, ...impl.actors, actions: impl.actions };
  }

  async function atOtp() {
    const started = start();
    await started.harness.send(requestChange(' huda@example.com '));
    await started.harness.send(requestSubmit);
    await started.harness.resolve('requestReset', otpSent);
    expectState(started.harness, 'otp');
    started.harness.takeActions();
    return started;
  }

  async function verifying() {
    const started = await atOtp();
    await started.harness.send(otpChange('7654321'));
    await started.harness.send(otpSubmit);
    expectState(started.harness, 'verifying');
    return started;
  }

  async function atReset() {
    const started = await verifying();
    await started.harness.resolve('verifyOtp', otpResetToken);
    expectState(started.harness, 'reset');
    started.harness.takeActions();
    return started;
  }

  async function saving() {
    const started = await atReset();
    await started.harness.send(change('new_password', PASSWORD));
    await started.harness.send(change('confirm_password', PASSWORD));
    await started.harness.send(submit);
    expectState(started.harness, 'saving');
    return started;
  }

  describe('what the dialogs show', () => {
    it('the request, then the code sent to what was typed, then the new password', async () => {
      const { harness } = start();
      expect(connectPasswordReset(harness.snapshot)).toMatchObject({ step: 'request', busy: false });
      const { harness: coded } = await verifying();
      expect(connectPasswordReset(coded.snapshot)).toEqual({
        step: 'otp',
        destination: ' huda@example.com ',
        code: '7654321',
        error: null,
        complete: true,
        alert: null,
        busy: true,
        resending: false,
      });
      const { harness: saved } = await saving();
      expect(connectPasswordReset(saved.snapshot)).toMatchObject({ step: 'reset', busy: true });
    });
  });

  describe('request', () => {
    it('asks for the email or phone when none is given, and focuses it', async () => {
      const { harness, requestReset, actions } = start();
      await harness.send(requestSubmit);
      expectState(harness, 'request');
      expect(harness.context.requestErrors).toEqual({ email_or_phone: 'Email/phone is required' });
      expect(harness.takeActions()).toEqual(['focusFirstInvalid']);
      expect(actions.focusFirstInvalid).toHaveBeenCalledTimes(1);
      expect(requestReset.inputs).toEqual([]);
    });

    it('treats spaces as nothing, and drops the message once the user types', async () => {
      const { harness } = start();
      await harness.send(requestChange('   '));
      await harness.send(requestSubmit);
      expect(harness.context.requestErrors).toEqual({ email_or_phone: 'Email/phone is required' });
      await harness.send(requestChange('h'));
      expect(harness.context.requestErrors).toEqual({});
    });

    it('sends the trimmed email or phone', async () => {
      const { harness, requestReset } = start();
      await harness.send(requestChange(' 0555123456 '));
      await harness.send(requestSubmit);
      expectState(harness, 'sending');
      expect(requestReset.inputs).toEqual([{ email_or_phone: '0555123456' }]);
    });

    it('moves to the code step and says the code was sent', async () => {
      const { harness, actions } = start();
      await harness.send(requestChange('huda@example.com'));
      await harness.send(requestSubmit);
      await harness.resolve('requestReset', otpSent);
      expectState(harness, 'otp');
      expect(harness.context.otp).toBe('');
      expect(harness.takeActions()).toEqual(['announceOtpSent']);
      expect(actions.announceOtpSent).toHaveBeenCalledTimes(1);
    });

    it.each<[string, unknown, string]>([
      [
        "the server's message",
        httpFailure(400, 'No account uses this email or phone'),
        'No account uses this email or phone',
      ],
      ['the fallback sentence', silentFailure(500), FAILURES.sendOtp],
    ])('stays on the request with %s when sending fails', async (_, error, alert) => {
      const { harness, actions } = start();
      await harness.send(requestChange('huda@example.com'));
      await harness.send(requestSubmit);
      await harness.reject('requestReset', error);
      expectState(harness, 'request');
      expect(harness.context.alert).toBe(alert);
      expect(harness.context.request).toEqual({ email_or_phone: 'huda@example.com' });
      expect(FAILURES.sendOtp).toBe('Could not send otp in at this time. Try again');
      expect(actions.announceOtpSent).not.toHaveBeenCalled();
    });
  });

  describe('code', () => {
    it('keeps the digits (Arabic-Indic ones as 0–9), and sends only a code of exactly 7', async () => {
      const { harness, verifyOtp } = await atOtp();
      await harness.send(otpChange('12 34-5'));
      expect(harness.context.otp).toBe('12345');
      await harness.send(otpSubmit);
      expectState(harness, 'otp');
      expect(verifyOtp.inputs).toEqual([]);

      // One digit too many is kept and said, not cut off.
      await harness.send(otpChange('12 34-567 8'));
      expect(harness.context.otp).toBe('12345678');
      expect(connectPasswordReset(harness.snapshot)).toMatchObject({
        step: 'otp',
        error: 'OTP have maximum 7 digit',
        complete: false,
      });
      await harness.send(otpSubmit);
      expectState(harness, 'otp');
      expect(verifyOtp.inputs).toEqual([]);

      await harness.send(otpChange('١٢ ٣٤-٥٦٧'));
      expect(harness.context.otp).toBe('1234567');
      expect(connectPasswordReset(harness.snapshot)).toMatchObject({ error: null, complete: true });
      await harness.send(otpSubmit);
      expectState(harness, 'verifying');
      expect(verifyOtp.inputs).toEqual([{ email_or_phone: 'huda@example.com', otp_code: '1234567' }]);
    });

    it('keeps the reset token and moves to the new password', async () => {
      const { harness, actions } = await verifying();
      await harness.resolve('verifyOtp', otpResetToken);
      expectState(harness, 'reset');
      expect(harness.context.resetToken).toBe('reset-token-3f9a');
      expect(harness.context.alert).toBeNull();
      expect(harness.takeActions()).toEqual(['announceOtpVerified']);
      expect(actions.announceOtpVerified).toHaveBeenCalledTimes(1);
    });

    it('stays on the code with the verify sentence when the reply has no token', async () => {
      const { harness, actions } = await verifying();
      await harness.resolve('verifyOtp', verifiedWithoutToken);
      expectState(harness, 'otp');
      expect(harness.context.alert).toBe(FAILURES.verify);
      expect(harness.context.alert).toBe('Could not verify in at this time. Try again');
      expect(harness.context.resetToken).toBeNull();
      expect(harness.context.otp).toBe('7654321');
      expect(actions.announceOtpVerified).not.toHaveBeenCalled();
    });

    it.each([400, 401])('clears the code and says it is invalid when refused with %i', async (status) => {
      const { harness } = await verifying();
      await harness.reject('verifyOtp', httpFailure(status, 'Invalid OTP Code'));
      expectState(harness, 'otp');
      expect(harness.context.otp).toBe('');
      expect(harness.context.alert).toBeNull();
      expect(harness.takeActions()).toEqual(['announceInvalidOtp']);
    });

    it.each<[string, unknown, string]>([
      ['the fallback sentence', silentFailure(500), 'Could not verify in at this time. Try again'],
      ["the server's message", httpFailure(500, 'Verification is down'), 'Verification is down'],
    ])('keeps the code and shows %s after another failure', async (_, error, alert) => {
      const { harness, actions } = await verifying();
      await harness.reject('verifyOtp', error);
      expectState(harness, 'otp');
      expect(harness.context.alert).toBe(alert);
      expect(harness.context.otp).toBe('7654321');
      expect(actions.announceInvalidOtp).not.toHaveBeenCalled();
    });

    it('sends a new code to the same address, clears what was typed and says so', async () => {
      const { harness, requestReset } = await atOtp();
      await harness.send(otpChange('765'));
      await harness.send({ type: 'otp.resend' });
      expectState(harness, 'resending');
      expect(connectPasswordReset(harness.snapshot)).toMatchObject({ step: 'otp', resending: true });
      await harness.resolve('resendReset', otpSent);
      expectState(harness, 'otp');
      expect(harness.context.otp).toBe('');
      expect(requestReset.inputs.at(-1)).toEqual({ email_or_phone: 'huda@example.com' });
      expect(harness.takeActions()).toEqual(['announceOtpSent']);
    });

    it('stays on the code and says why when no new code could be sent', async () => {
      const { harness } = await atOtp();
      await harness.send({ type: 'otp.resend' });
      await harness.reject('resendReset', silentFailure(500));
      expectState(harness, 'otp');
      expect(harness.context.alert).toBe(FAILURES.sendOtp);
    });

    it('goes back to the request with the typed email kept', async () => {
      const { harness } = await atOtp();
      await harness.send({ type: 'otp.back' });
      expectState(harness, 'request');
      expect(harness.context.request).toEqual({ email_or_phone: ' huda@example.com ' });
    });
  });

  describe('new password', () => {
    it('asks for both passwords when none is given', async () => {
      const { harness, setPassword, actions } = await atReset();
      await harness.send(submit);
      expectState(harness, 'reset');
      expect(harness.context.errors).toEqual({
        new_password: 'Password is required',
        confirm_password: 'Confirm password is required',
      });
      expect(actions.focusFirstInvalid).toHaveBeenCalledTimes(1);
      expect(setPassword.inputs).toEqual([]);
    });

    it.each([
      ['Short@1a', 'Password must be at least 10 characters'],
      [
        'alllowercase1',
        'Password must meet be at least one (A-Z),(a-z),(0-9) and one special character (@, #, $, *, !, +)',
      ],
      ['Asdf@12345x', 'Password must not contain 1234321, asdf or qwert'],
      ['Ab@1234321xyz', 'Password must not contain 1234321, asdf or qwert'],
    ])('refuses %j with "%s"', async (password, message) => {
      const { harness } = await atReset();
      await harness.send(change('new_password', password));
      await harness.send(change('confirm_password', password));
      await harness.send(submit);
      expectState(harness, 'reset');
      expect(harness.context.errors).toEqual({ new_password: message });
    });

    it('says the passwords must match', async () => {
      const { harness } = await atReset();
      await harness.send(change('new_password', PASSWORD));
      await harness.send(change('confirm_password', 'Str0ng@Pass?'));
      await harness.send(submit);
      expectState(harness, 'reset');
      expect(harness.context.errors).toEqual({ confirm_password: 'Passwords must match' });
    });

    it('sets the password with the reset token', async () => {
      const { harness, setPassword } = await saving();
      expect(setPassword.inputs).toEqual([
        { new_password: PASSWORD, confirm_password: PASSWORD, token: 'reset-token-3f9a' },
      ]);
      expect(harness.context.alert).toBeNull();
    });

    it('forgets the reset data, announces the reset and opens the login', async () => {
      const { harness, actions } = await saving();
      await harness.resolve('setPassword', passwordSet);
      expectState(harness, 'done');
      expect(harness.snapshot.status).toBe('done');
      expect(harness.context.resetToken).toBeNull();
      expect(harness.context.otp).toBe('');
      expect(harness.context.values).toEqual({ new_password: '', confirm_password: '' });
      expect(harness.context.request).toEqual({ email_or_phone: '' });
      expect(harness.takeActions()).toEqual(['announcePasswordReset', 'openLogin']);
      expect(actions.openLogin).toHaveBeenCalledTimes(1);
    });

    it.each<[string, unknown, string]>([
      ["the server's message", httpFailure(400, 'The reset link has expired'), 'The reset link has expired'],
      ['the fallback sentence', silentFailure(500), FAILURES.resetPassword],
    ])('stays on the new password with %s when setting it fails', async (_, error, alert) => {
      const { harness, actions } = await saving();
      await harness.reject('setPassword', error);
      expectState(harness, 'reset');
      expect(harness.context.alert).toBe(alert);
      expect(harness.context.resetToken).toBe('reset-token-3f9a');
      expect(harness.context.values).toEqual({ new_password: PASSWORD, confirm_password: PASSWORD });
      expect(actions.openLogin).not.toHaveBeenCalled();
    });

    it('retries with the same token after a failure', async () => {
      const { harness, setPassword } = await saving();
      await harness.reject('setPassword', silentFailure(500));
      await harness.send(submit);
      expectState(harness, 'saving');
      expect(harness.context.alert).toBeNull();
      expect(setPassword.inputs.map((input) => input.token)).toEqual([
        'reset-token-3f9a',
        'reset-token-3f9a',
      ]);
    });
  });
});
