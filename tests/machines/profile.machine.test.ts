import { VALIDATION } from '@contract/forms/auth';
import { type EmailChangeRequest, type ProfileRequest, profileEditFormSchema } from '@contract/forms/profile';
import { validate } from '@contract/forms/rules';
import { FAILURES } from '@contract/messages/failures';
import type { ConfirmationResponse } from '@contract/wire/identity';
import type { EmailConfirmRequest, Profile } from '@contract/wire/profile';
import { describe, expect, it } from 'vitest';
import { connectProfile } from '../../machines/profile.connect.ts';
import { type ProfileContext, type ProfileEvent, profileMachine } from '../../machines/profile.machine.ts';
import { firstInvalid, httpFailure, silentFailure } from './support/fixtures.ts';
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

const ACTIONS = [
  'focusFirstInvalid',
  'shareProfile',
  'announceSaved',
  'announceOtpSent',
  'announceEmailChanged',
] as const;

const profile: Profile = {
  id: 17,
  full_name: 'Huda Saleh',
  email: 'huda@example.com',
  phone_number: '0555123456',
  govt_id_or_iqama_no: '1098765432',
  user_type: null,
  role: 'TRAINEE',
  image: null,
};
const saved: Profile = { ...profile, user_type: 'Student' };
const moved: Profile = { ...saved, email: 'huda.new@example.com' };
const otpSent: ConfirmationResponse = { success: true, message: 'OTP sent successfully' };

const change = (name: keyof Profile & keyof ProfileContext['values'], value: string): ProfileEvent => ({
  type: 'field.change',
  name,
  value,
});

function implementations() {
  return {
    actors: {
      loadProfile: scriptedPromise<Profile>(),
      saveProfile: scriptedPromise<Profile, ProfileRequest>(),
      requestEmailChange: scriptedPromise<ConfirmationResponse, EmailChangeRequest>(),
      confirmEmailChange: scriptedPromise<Profile, EmailConfirmRequest>(),
    },
    actions: spyActions(profileMachine, ACTIONS),
  };
}

/** What the guards read: the form's first broken field, whether the address changed, the code's length. */
function guarded(context: ProfileContext): unknown {
  return [
    firstInvalid(validate(profileEditFormSchema, context.values)),
    context.values.email === context.profile?.email,
    context.otp.length,
  ];
}

describe('profile machine: generated paths', () => {
  const model = createPathModel(profileMachine, {
    events: [
      doneActor('loadProfile', profile),
      errorActor('loadProfile', silentFailure(500)),
      { type: 'profile.retry' },
      { type: 'profile.edit' },
      { type: 'profile.cancel' },
      change('user_type', 'Student'),
      change('email', 'huda.new@example.com'),
      { type: 'form.submit' },
      doneActor('saveProfile', saved),
      errorActor('saveProfile', httpFailure(400, 'A user with this govt id or iqama no already exists')),
      doneActor('requestEmailChange', otpSent),
      errorActor('requestEmailChange', httpFailure(400, 'A user with this email already exists')),
      { type: 'otp.change', value: '١٢٣ ٤٥٦٧' },
      { type: 'otp.submit' },
      { type: 'otp.back' },
      doneActor('confirmEmailChange', moved),
      errorActor('confirmEmailChange', httpFailure(400, 'Invalid OTP Code')),
      { type: 'profile.replaced', profile: { ...profile, image: '/api/v1/user/photos/a.png' } },
    ],
    serializeState: ({ value, context }) => JSON.stringify([value, guarded(context)]),
    implementations,
  });

  replayEveryPathCoveringAll(model);
});

describe('profile machine: behaviour', () => {
  const launch = harnesses(profileMachine);

  async function editing() {
    const impl = implementations();
    const harness = launch(impl);
    await harness.resolve('loadProfile', profile);
    expectState(harness, 'viewing');
    await harness.send({ type: 'profile.edit' });
    expectState(harness, 'editing');
    harness.takeActions();
    return { harness, ...impl.actors, actions: impl.actions };
  }

  it('shows a failed read with a retry', async () => {
    const impl = implementations();
    const harness = launch(impl);
    await harness.reject('loadProfile', silentFailure(500));
    const { view } = connectProfile(harness.snapshot, () => {});
    expect(view.step).toBe('failed');
  });

  it('opens the form with the details, and keeps what was typed with the messages of the sign-up rules', async () => {
    const { harness, saveProfile, actions } = await editing();
    expect(harness.context.values).toEqual({
      full_name: 'Huda Saleh',
      email: 'huda@example.com',
      phone_number: '0555123456',
      govt_id_or_iqama_no: '1098765432',
      user_type: '',
    });
    await harness.send(change('phone_number', '12a'));
    await harness.send(change('govt_id_or_iqama_no', '123'));
    await harness.send({ type: 'form.submit' });
    expectState(harness, 'editing');
    expect(harness.context.errors).toEqual({
      phone_number: VALIDATION.phoneDigits,
      govt_id_or_iqama_no: VALIDATION.govtIdMin,
      user_type: 'User type is required',
    });
    expect(actions.focusFirstInvalid).toHaveBeenCalledTimes(1);
    expect(saveProfile.inputs).toEqual([]);
    expect(harness.context.values.phone_number).toBe('12a');
  });

  it('sends the details with digits written 0–9, keeps the values on a refusal, then saves', async () => {
    const { harness, saveProfile, actions } = await editing();
    await harness.send(change('phone_number', '٠٥٥ ٩٨٧ ٦٥٤٣'));
    await harness.send(change('user_type', 'Student'));
    await harness.send({ type: 'form.submit' });
    expect(saveProfile.inputs).toEqual([
      {
        full_name: 'Huda Saleh',
        phone_number: '0559876543',
        govt_id_or_iqama_no: '1098765432',
        user_type: 'Student',
      },
    ]);
    await harness.reject('saveProfile', httpFailure(400, 'A user with this phone number already exists'));
    expectState(harness, 'editing');
    expect(harness.context.alert).toBe('A user with this phone number already exists');
    expect(harness.context.values.phone_number).toBe('٠٥٥ ٩٨٧ ٦٥٤٣');
    await harness.send({ type: 'form.submit' });
    await harness.resolve('saveProfile', saved);
    expectState(harness, 'viewing');
    expect(harness.context.profile).toEqual(saved);
    expect(harness.takeActions()).toEqual(['shareProfile', 'announceSaved']);
    expect(actions.shareProfile.mock.calls.at(-1)?.[1]).toEqual({ profile: saved });
  });

  it('saves the rest, then confirms a new address with the code sent to it', async () => {
    const { harness, requestEmailChange, confirmEmailChange } = await editing();
    await harness.send(change('user_type', 'Student'));
    await harness.send(change('email', ' Huda.New@example.com '));
    await harness.send({ type: 'form.submit' });
    await harness.resolve('saveProfile', saved);
    expectState(harness, 'sendingCode');
    expect(requestEmailChange.inputs).toEqual([{ email: 'Huda.New@example.com' }]);
    await harness.resolve('requestEmailChange', otpSent);
    expectState(harness, 'emailCode');
    let { emailCode } = connectProfile(harness.snapshot, () => {});
    expect(emailCode?.destination).toBe('huda.new@example.com');
    expect(emailCode?.complete).toBe(false);

    await harness.send({ type: 'otp.change', value: '١٢٣٤٥٦٧' });
    await harness.send({ type: 'otp.submit' });
    expect(confirmEmailChange.inputs).toEqual([{ otp_code: '1234567' }]);
    await harness.reject('confirmEmailChange', httpFailure(400, 'Invalid OTP Code'));
    expectState(harness, 'emailCode');
    ({ emailCode } = connectProfile(harness.snapshot, () => {}));
    expect(emailCode?.alert).toBe('Invalid OTP Code');
    expect(emailCode?.code).toBe('');

    await harness.send({ type: 'otp.change', value: '7654321' });
    await harness.send({ type: 'otp.submit' });
    await harness.resolve('confirmEmailChange', moved);
    expectState(harness, 'viewing');
    expect(harness.context.profile?.email).toBe('huda.new@example.com');
    expect(harness.context.pendingEmail).toBeNull();
  });

  it('goes back to the form with every value when the new address is refused', async () => {
    const { harness } = await editing();
    await harness.send(change('user_type', 'Others'));
    await harness.send(change('email', 'trainer@example.com'));
    await harness.send({ type: 'form.submit' });
    await harness.resolve('saveProfile', saved);
    await harness.reject('requestEmailChange', silentFailure(500));
    expectState(harness, 'editing');
    expect(harness.context.alert).toBe(FAILURES.sendOtp);
    expect(harness.context.values.email).toBe('trainer@example.com');
  });
});
