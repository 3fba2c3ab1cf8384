import { t } from '@lingui/core/macro';
import { sessionMachine, type TokenPair } from '@machines/session.machine';
import { useSelector } from '@xstate/react';
import { navigate } from 'wouter/use-browser-location';
import { createActor, fromPromise } from 'xstate';
import { logout, refreshToken } from '@/api/auth';
import { api, connectAuth } from '@/api/http';
import { paths } from '@/routing/paths';
import { showToast } from '@/stores/toasts';
import { renewTokens } from './refresh';
import { renewSession } from './renew';
import {
  clearStoredSession,
  persistSession,
  persistTokens,
  readStoredSession,
  readStoredTokens,
} from './storage';
import { openTabChannel, type TabChannel } from './tabs';

async function exchange(held: string): Promise<TokenPair> {
  const tokens = await refreshToken(api, held);
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
}

let otherTabs: TabChannel = { post() {} };

export const sessionActor = createActor(
  sessionMachine.provide({
    actors: {
      // One tab renews at a time; the others take the tokens it stored (src/session/refresh.ts).
      refreshTokens: fromPromise<TokenPair, { refreshToken: string }>(({ input }) =>
        renewTokens(input.refreshToken, {
          locks: typeof navigator === 'undefined' ? undefined : navigator.locks,
          readTokens: readStoredTokens,
          writeTokens: persistTokens,
          exchange,
        }),
      ),
    },
    actions: {
      persistSession: ({ context }) => persistSession(context.session),
      clearSession: () => clearStoredSession(),
      endServerSession: (_, { refreshToken: held }) => {
        // Best effort: signed out here whatever the server answers, or if it does not.
        if (held) logout(api, held).catch(() => {});
      },
      shareSignIn: () => otherTabs.post({ type: 'signedIn' }),
      shareSignOut: () => otherTabs.post({ type: 'signedOut' }),
      announceSignedOut: () => showToast(t`Successfully signed out`),
      goHome: () => navigate(paths.home(), { replace: true }),
    },
  }),
);

function accessToken(): string | null {
  return sessionActor.getSnapshot().context.session?.accessToken ?? null;
}

export { type Renewal, renewSession } from './renew';

connectAuth({
  getAccessToken: accessToken,
  async refresh() {
    // The refused call is retried only with new tokens.
    if ((await renewSession(sessionActor)) !== 'renewed') throw new Error('The session could not be renewed');
  },
});

export function startSession(): void {
  sessionActor.start();
  sessionActor.send({ type: 'session.restore', stored: readStoredSession() });
  otherTabs = openTabChannel((message) => {
    if (message.type === 'signedOut') sessionActor.send({ type: 'session.signedOutElsewhere' });
    else sessionActor.send({ type: 'session.signedInElsewhere', stored: readStoredSession() });
  });
}

export function signOut(): void {
  sessionActor.send({ type: 'session.logout' });
}

export function useSignedIn(): boolean {
  return useSelector(sessionActor, (state) => state.matches('signedIn'));
}

export function useSessionRole() {
  return useSelector(sessionActor, (state) => state.context.session?.role ?? null);
}

export function useProfile() {
  return useSelector(sessionActor, (state) => state.context.session?.profile ?? null);
}
