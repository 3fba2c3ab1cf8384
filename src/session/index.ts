import { t } from '@lingui/core/macro';
import { sessionMachine, type TokenPair } from '@machines/session.machine';
import { useSelector } from '@xstate/react';
import { navigate } from 'wouter/use-browser-location';
import { createActor, fromPromise, waitFor } from 'xstate';
import { refreshToken } from '@/api/auth';
import { api, connectAuth } from '@/api/http';
import { showToast } from '@/stores/toasts';
import { clearStoredSession, persistSession, readStoredSession } from './storage';

export const sessionActor = createActor(
  sessionMachine.provide({
    actors: {
      refreshTokens: fromPromise<TokenPair, { refreshToken: string }>(async ({ input }) => {
        const tokens = await refreshToken(api, input.refreshToken);
        return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
      }),
    },
    actions: {
      persistSession: ({ context }) => persistSession(context.session),
      clearSession: () => clearStoredSession(),
      announceSignedOut: () => showToast(t`Successfully signed out`),
      goHome: () => navigate('/', { replace: true }),
    },
  }),
);

function accessToken(): string | null {
  return sessionActor.getSnapshot().context.session?.accessToken ?? null;
}

connectAuth({
  getAccessToken: accessToken,
  async refresh() {
    const before = accessToken();
    sessionActor.send({ type: 'session.refresh' });
    const settled = await waitFor(sessionActor, (state) => !state.matches({ signedIn: 'refreshing' }));
    const after = settled.context.session?.accessToken ?? null;
    if (!settled.matches('signedIn') || after === null || after === before) {
      throw new Error('The session could not be renewed');
    }
  },
});

export function startSession(): void {
  sessionActor.start();
  sessionActor.send({ type: 'session.restore', stored: readStoredSession() });
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
