import { t } from '@lingui/core/macro';
import {
  isCompleteSession,
  type SessionProfile,
  sessionMachine,
  type TokenPair,
} from '@machines/session.machine';
import { useSelector } from '@xstate/react';
import { navigate } from 'wouter/use-browser-location';
import { createActor, fromPromise } from 'xstate';
import { logout, refreshToken } from '@/api/auth';
import { api, connectAuth } from '@/api/http';
import { paths } from '@/routing/paths';
import { showToast } from '@/stores/toasts';
import { holdRenewals, renewTokens, tokenExpiry } from './refresh';
import { renewSession } from './renew';
import {
  clearStoredSession,
  persistSession,
  persistTokens,
  readStoredSession,
  readStoredTokens,
} from './storage';
import { followOtherTabs, openTabChannel, type TabChannel } from './tabs';

async function exchange(held: string): Promise<TokenPair> {
  const tokens = await refreshToken(api, held);
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
}

let otherTabs: TabChannel = { post() {} };

/** `navigator.locks`, where the browser has it (secure contexts). */
function webLocks(): LockManager | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.locks;
}

export const sessionActor = createActor(
  sessionMachine.provide({
    actors: {
      // One tab renews at a time; the others take the tokens it stored (src/session/refresh.ts).
      refreshTokens: fromPromise<TokenPair, { refreshToken: string }>(({ input }) =>
        renewTokens(input.refreshToken, {
          locks: webLocks(),
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
      shareProfile: () => otherTabs.post({ type: 'profileChanged' }),
      announceSignedOut: () => showToast(t`Successfully signed out`),
      goHome: () => navigate(paths.home(), { replace: true }),
    },
  }),
);

export function accessToken(): string | null {
  return sessionActor.getSnapshot().context.session?.accessToken ?? null;
}

export { type Renewal, renewSession } from './renew';

/** New tokens, or a rejection: a refused call is retried only with new tokens. */
export async function refreshTokens(): Promise<void> {
  if ((await renewSession(sessionActor)) !== 'renewed') throw new Error('The session could not be renewed');
}

connectAuth({ getAccessToken: accessToken, refresh: refreshTokens });

export function startSession(): void {
  sessionActor.start();
  sessionActor.send({ type: 'session.restore', stored: readStoredSession() });
  otherTabs = openTabChannel(
    followOtherTabs(readStoredSession, isCompleteSession, {
      signedOut: () => sessionActor.send({ type: 'session.signedOutElsewhere' }),
      signedIn: (stored) => sessionActor.send({ type: 'session.signedInElsewhere', stored }),
    }),
  );
}

export function signOut(): void {
  sessionActor.send({ type: 'session.logout' });
}

/** The profile changed on the server: the header of every tab shows it at once. */
export function shareProfile(profile: SessionProfile): void {
  sessionActor.send({
    type: 'session.profileChanged',
    profile: { full_name: profile.full_name, email: profile.email, image: profile.image },
  });
}

/** Renew first when the access token has less than this left: the change holds renewals back. */
const CHANGE_MARGIN_MS = 60_000;

/**
 * Sends a call that ends every session and answers with new tokens for this one (a password
 * change), then stores them. No renewal runs meanwhile (`holdRenewals`), so a socket closed by the
 * change reconnects with the new tokens rather than spending the revoked refresh token.
 */
export async function replaceTokens<T extends { access_token: string; refresh_token: string }>(
  change: () => Promise<T>,
): Promise<T> {
  const held = accessToken();
  const expiry = held ? tokenExpiry(held) : null;
  if (expiry !== null && expiry * 1000 - Date.now() < CHANGE_MARGIN_MS) await renewSession(sessionActor);
  return holdRenewals(async () => {
    const reply = await change();
    const tokens = { accessToken: reply.access_token, refreshToken: reply.refresh_token };
    persistTokens(tokens);
    sessionActor.send({ type: 'session.tokensReplaced', tokens });
    return reply;
  }, webLocks());
}

/** The account was closed: this tab and the others end their session without a sign-out call. */
export function endClosedAccount(): void {
  sessionActor.send({ type: 'session.accountClosed' });
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
