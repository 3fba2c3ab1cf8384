import type { ProfileEditForm } from '@contract/forms/profile';
import type { Profile } from '@contract/wire/profile';
import type { SnapshotFrom } from 'xstate';
import { type OtpStepView, otpStepView } from './forms';
import type { ProfileEvent, profileMachine } from './profile.machine';

type Snapshot = SnapshotFrom<typeof profileMachine>;
type Context = Snapshot['context'];

/** What the profile screen shows, and what its controls send. */
export type ProfileView =
  | { step: 'loading' }
  | { step: 'failed'; error: unknown; retry: () => void }
  | { step: 'viewing'; profile: Profile; edit: () => void }
  | {
      step: 'editing';
      profile: Profile;
      values: ProfileEditForm;
      errors: Context['errors'];
      alert: string | null;
      /** Saving, or asking for the e-mail code: the buttons wait (the code dialog has its own). */
      busy: boolean;
      change: (name: keyof ProfileEditForm, value: string) => void;
      submit: () => void;
      cancel: () => void;
    };

/** The e-mail change's code dialog over the form, when it is open. */
export type EmailCodeView =
  | (OtpStepView & { change: (value: string) => void; submit: () => void; back: () => void })
  | null;

export function connectProfile(
  snapshot: Snapshot,
  send: (event: ProfileEvent) => void,
): { view: ProfileView; emailCode: EmailCodeView } {
  const { profile, values, errors, alert, otp, pendingEmail, loadError } = snapshot.context;
  const codeOpen = snapshot.matches('emailCode') || snapshot.matches('confirmingEmail');
  const emailCode: EmailCodeView = codeOpen
    ? {
        ...otpStepView(otp, pendingEmail ?? '', {
          alert,
          busy: snapshot.matches('confirmingEmail'),
          resending: false,
        }),
        change: (value) => send({ type: 'otp.change', value }),
        submit: () => send({ type: 'otp.submit' }),
        back: () => send({ type: 'otp.back' }),
      }
    : null;
  if (snapshot.matches('loading') || !profile) {
    return snapshot.matches('failed')
      ? {
          view: { step: 'failed', error: loadError, retry: () => send({ type: 'profile.retry' }) },
          emailCode,
        }
      : { view: { step: 'loading' }, emailCode };
  }
  if (snapshot.matches('viewing')) {
    return { view: { step: 'viewing', profile, edit: () => send({ type: 'profile.edit' }) }, emailCode };
  }
  return {
    view: {
      step: 'editing',
      profile,
      values,
      errors,
      // The code dialog shows its own alert.
      alert: codeOpen ? null : alert,
      busy: snapshot.matches('saving') || snapshot.matches('sendingCode'),
      change: (name, value) => send({ type: 'field.change', name, value }),
      submit: () => send({ type: 'form.submit' }),
      cancel: () => send({ type: 'profile.cancel' }),
    },
    emailCode,
  };
}
