import type { Profile } from '@contract/wire/profile';
import { useLingui } from '@lingui/react/macro';
import { connectProfile, type EmailCodeView, type ProfileView } from '@machines/profile.connect';
import { type ProfileEvent, profileMachine } from '@machines/profile.machine';
import { useMachine } from '@xstate/react';
import { type RefObject, useState } from 'react';
import { fromPromise } from 'xstate';
import type { ApiClient } from '@/api/client';
import { api } from '@/api/http';
import { confirmEmailChange, getProfile, requestEmailChange, updateProfile } from '@/api/profile';
import { shareProfile } from '@/session';
import { showToast } from '@/stores/toasts';
import { focusFirstInvalid } from '@/ui/forms';

/** What the profile's details are wired to: the API, the session (the header's name and photo) and the page. */
export interface ProfileDeps {
  api: ApiClient;
  /** The profile as the server answered it, for the rest of the app (the header, the menu). */
  shareProfile(profile: Profile): void;
  focusFirstInvalid(): void;
  announceSaved(): void;
  announceOtpSent(): void;
  announceEmailChanged(): void;
}

/** The profile machine with its calls: the details saved, and a new address confirmed by its code. */
export function profileLive(deps: ProfileDeps) {
  return profileMachine.provide({
    actors: {
      loadProfile: fromPromise(() => getProfile(deps.api)),
      saveProfile: fromPromise(({ input }) => updateProfile(deps.api, input)),
      requestEmailChange: fromPromise(({ input }) => requestEmailChange(deps.api, input)),
      confirmEmailChange: fromPromise(({ input }) => confirmEmailChange(deps.api, input)),
    },
    actions: {
      focusFirstInvalid: () => deps.focusFirstInvalid(),
      shareProfile: (_, { profile }) => deps.shareProfile(profile),
      announceSaved: () => deps.announceSaved(),
      announceOtpSent: () => deps.announceOtpSent(),
      announceEmailChanged: () => deps.announceEmailChanged(),
    },
  });
}

/** The profile's details in this page: the view models of the card and of the new address's code. */
export function useProfileDetails(form: RefObject<HTMLFormElement | null>): {
  view: ProfileView;
  emailCode: EmailCodeView;
  send: (event: ProfileEvent) => void;
} {
  const { t } = useLingui();
  const [machine] = useState(() =>
    profileLive({
      api,
      shareProfile,
      focusFirstInvalid: () => focusFirstInvalid(form.current),
      announceSaved: () => showToast(t`Your profile has been saved`),
      announceOtpSent: () => showToast(t`OTP sent successfully`),
      announceEmailChanged: () => showToast(t`Your e-mail address has been changed`),
    }),
  );
  const [state, send] = useMachine(machine);
  return { ...connectProfile(state, send), send };
}
