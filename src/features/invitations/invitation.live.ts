import { DEFAULT_FAILURE } from '@contract/messages/errors';
import { useLingui } from '@lingui/react/macro';
import { connectInvitation, type InvitationPageView } from '@machines/invitation.connect';
import { invitationMachine } from '@machines/invitation.machine';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { fromPromise } from 'xstate';
import type { ApiClient } from '@/api/client';
import { api } from '@/api/http';
import { acceptInvitation, getInvitation } from '@/api/invitations';
import { translateMessage } from '@/i18n/api-messages';
import { paths } from '@/routing/paths';
import { useSignedIn } from '@/session';
import { useSignInDismissed } from '@/session/sign-in';
import { openDialog } from '@/stores/dialogs';
import { showToast } from '@/stores/toasts';

/** This tab's store (sessionStorage): the registration form reads the invited address from it. */
export type TabStore = Pick<Storage, 'setItem'>;

/**
 * The key the sign-up form takes the address from, once (INVITED_EMAIL_KEY in
 * src/features/auth/signUp.live.ts).
 */
const INVITED_EMAIL_KEY = 'invited-email';

/** What the invitation page is wired to: the API, this tab, the identity dialogs and the page. */
export interface InvitationDeps {
  api: ApiClient;
  tab: TabStore;
  /** The page's address, where the identity dialogs come back to. */
  here(): string;
  openDialog(name: 'login' | 'registration', options: { returnTo: string }): void;
  /** The server's sentence once the invitation is accepted, as it came (the page translates it). */
  announce(message: string): void;
  navigate(path: string): void;
}

/**
 * The invitation machine with its calls: signing up starts the form with the invited address and
 * comes back to this page; once accepted, the course opens (or the catalogue, for an invitation to
 * the site).
 */
export function invitationLive(deps: InvitationDeps) {
  return invitationMachine.provide({
    actors: {
      load: fromPromise(({ input }) => getInvitation(deps.api, input)),
      accept: fromPromise(({ input }) => acceptInvitation(deps.api, input)),
    },
    actions: {
      openSignIn: ({ context }, { choice }) => {
        const returnTo = deps.here();
        if (choice === 'signUp') {
          deps.tab.setItem(INVITED_EMAIL_KEY, context.invitation?.email ?? '');
          deps.openDialog('registration', { returnTo });
        } else {
          deps.openDialog('login', { returnTo });
        }
      },
      goOn: (_, { output }) => {
        deps.announce(output.message);
        deps.navigate(
          output.data.course_id === null ? paths.catalogue() : paths.courseDetails(output.data.course_id),
        );
      },
    },
  });
}

/** The invitation of `token` in this page: its view model; the session's changes reach the machine. */
export function useInvitation(token: string): InvitationPageView {
  const { i18n } = useLingui();
  const signedIn = useSignedIn();
  const [machine] = useState(() =>
    invitationLive({
      api,
      tab: { setItem: (key, value) => sessionStorage.setItem(key, value) },
      here: () => window.location.pathname,
      openDialog,
      announce: (message) => showToast(translateMessage(message, i18n)),
      navigate: (path) => navigate(path),
    }),
  );
  const [state, send] = useMachine(machine, { input: { token, signedIn, fallback: DEFAULT_FAILURE } });
  useEffect(() => send({ type: 'session.change', signedIn }), [send, signedIn]);
  useSignInDismissed(() => send({ type: 'signIn.dismissed' }));
  return connectInvitation(state, send);
}
