import { assign, fromPromise, setup } from 'xstate';
import { statusOf } from './forms';

/**
 * The signed-in user's session: tokens, role and profile; token refresh; sign-out.
 * Pure: storage, navigation, toasts, the refresh and sign-out calls and the messages to the
 * browser's other tabs are supplied with `provide`.
 *
 * Every tab of the browser runs this machine on the same cookies: a sign-in or sign-out in one tab
 * is told to the others (`session.signedInElsewhere`, `session.signedOutElsewhere`), which follow
 * without telling anyone again.
 */

export type SessionRole = 'TRAINEE' | 'TRAINER' | 'ADMIN';

export interface SessionProfile {
  full_name: string;
  email: string;
  image: string | null;
}

export interface SessionData {
  accessToken: string;
  refreshToken: string;
  role: SessionRole;
  profile: SessionProfile | null;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/** What start-up found in cookies and local storage; any part may be missing. */
export type StoredSession = Partial<SessionData>;

export type SessionEvent =
  | { type: 'session.restore'; stored: StoredSession }
  | { type: 'session.signIn'; session: SessionData }
  | { type: 'session.refresh' }
  | { type: 'session.logout' }
  /** Another tab signed in: what it stored. */
  | { type: 'session.signedInElsewhere'; stored: StoredSession }
  /** Another tab signed out (the user did, or its session was refused). */
  | { type: 'session.signedOutElsewhere' }
  /** The profile changed (name, e-mail address, photo): the header shows it at once, in every tab. */
  | { type: 'session.profileChanged'; profile: SessionProfile }
  /** The password changed: the server ended the other sessions and gave this one new tokens. */
  | { type: 'session.tokensReplaced'; tokens: TokenPair }
  /** The account was closed: the server ended every session; nothing is left to sign out of. */
  | { type: 'session.accountClosed' };

export interface SessionContext {
  session: SessionData | null;
}

/** A refresh refused with one of these statuses ends the session (spec section 7). */
export const REFRESH_REFUSED_STATUSES = [400, 401, 403] as const;

/** Signed in means a token AND a role (spec section 4). */
export function isCompleteSession(stored: StoredSession): stored is SessionData {
  return Boolean(stored.accessToken && stored.refreshToken && stored.role);
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    refreshTokens: fromPromise<TokenPair, { refreshToken: string }>(async () => {
      throw new Error('refreshTokens is supplied by the application');
    }),
  },
  guards: {
    storedSessionComplete: ({ event }) =>
      (event.type === 'session.restore' || event.type === 'session.signedInElsewhere') &&
      isCompleteSession(event.stored),
    refreshRefused: (_, params: { error: unknown }) =>
      (REFRESH_REFUSED_STATUSES as readonly number[]).includes(statusOf(params.error) ?? 0),
  },
  actions: {
    restoreSession: assign({
      session: ({ event }) =>
        (event.type === 'session.restore' || event.type === 'session.signedInElsewhere') &&
        isCompleteSession(event.stored)
          ? { ...event.stored, profile: event.stored.profile ?? null }
          : null,
    }),
    storeSession: assign({
      session: ({ context, event }) => (event.type === 'session.signIn' ? event.session : context.session),
    }),
    storeTokens: assign({
      session: ({ context }, tokens: TokenPair) =>
        context.session ? { ...context.session, ...tokens } : null,
    }),
    storeProfile: assign({
      session: ({ context }, profile: SessionProfile) =>
        context.session ? { ...context.session, profile } : null,
    }),
    forgetSession: assign({ session: null }),
    /** Writes tokens and role to cookies, profile and role to local storage. */
    persistSession: (_: { context: SessionContext }) => {},
    /** Clears local storage except the language, and the token and role cookies. */
    clearSession: () => {},
    /**
     * Asks the server to end the session of this refresh token, best effort: signing out does not
     * wait for the answer, and succeeds locally whatever it is.
     */
    endServerSession: (_: unknown, _params: { refreshToken: string | null }) => {},
    /** Tells the browser's other tabs that this tab signed in. */
    shareSignIn: () => {},
    /** Tells the browser's other tabs that this tab signed out. */
    shareSignOut: () => {},
    /** Tells the browser's other tabs that the stored profile changed. */
    shareProfile: () => {},
    /** The toast 'Successfully signed out'. */
    announceSignedOut: () => {},
    /** Goes to / replacing the history entry. */
    goHome: () => {},
  },
}).createMachine({
  id: 'session',
  context: { session: null },
  initial: 'restoring',
  states: {
    restoring: {
      on: {
        'session.restore': [
          { guard: 'storedSessionComplete', target: 'signedIn', actions: 'restoreSession' },
          { target: 'signedOut' },
        ],
      },
    },
    signedOut: {
      on: {
        'session.signIn': {
          target: 'signedIn',
          actions: ['storeSession', 'persistSession', 'shareSignIn'],
        },
        'session.signedInElsewhere': {
          guard: 'storedSessionComplete',
          target: 'signedIn',
          actions: 'restoreSession',
        },
      },
    },
    signedIn: {
      initial: 'active',
      on: {
        'session.signIn': {
          target: '.active',
          actions: ['storeSession', 'persistSession', 'shareSignIn'],
        },
        'session.signedInElsewhere': {
          guard: 'storedSessionComplete',
          target: '.active',
          actions: 'restoreSession',
        },
        'session.logout': {
          target: 'signedOut',
          actions: [
            {
              type: 'endServerSession',
              params: ({ context }) => ({ refreshToken: context.session?.refreshToken ?? null }),
            },
            'forgetSession',
            'clearSession',
            'shareSignOut',
            'announceSignedOut',
            'goHome',
          ],
        },
        // The cookies are already cleared by the tab that signed out.
        'session.signedOutElsewhere': {
          target: 'signedOut',
          actions: ['forgetSession', 'goHome'],
        },
        'session.profileChanged': {
          actions: [
            { type: 'storeProfile', params: ({ event }) => event.profile },
            'persistSession',
            'shareProfile',
          ],
        },
        // Stored at once: a renewal that waited for the change (src/session) takes these tokens.
        'session.tokensReplaced': {
          actions: [{ type: 'storeTokens', params: ({ event }) => event.tokens }, 'persistSession'],
        },
        // The server has ended the sessions already: no sign-out call, and the screen says why.
        'session.accountClosed': {
          target: 'signedOut',
          actions: ['forgetSession', 'clearSession', 'shareSignOut', 'goHome'],
        },
      },
      states: {
        active: {
          on: { 'session.refresh': 'refreshing' },
        },
        refreshing: {
          invoke: {
            id: 'refreshTokens',
            src: 'refreshTokens',
            input: ({ context }) => ({ refreshToken: context.session?.refreshToken ?? '' }),
            onDone: {
              target: 'active',
              actions: [{ type: 'storeTokens', params: ({ event }) => event.output }, 'persistSession'],
            },
            onError: [
              {
                guard: { type: 'refreshRefused', params: ({ event }) => ({ error: event.error }) },
                target: '#session.signedOut',
                actions: ['forgetSession', 'clearSession', 'shareSignOut', 'goHome'],
              },
              { target: 'active' },
            ],
          },
        },
      },
    },
  },
});
