import { describe, expect, it } from 'vitest';
import {
  type SessionContext,
  type SessionData,
  type SessionEvent,
  type StoredSession,
  sessionMachine,
  type TokenPair,
} from '../../machines/session.machine.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectState,
  harnesses,
  replayEveryPathCoveringAll,
  scriptedPromise,
  serializeValueAnd,
  spyActions,
} from './support/paths.ts';

const ACTION_NAMES = [
  'persistSession',
  'clearSession',
  'endServerSession',
  'shareSignIn',
  'shareSignOut',
  'shareProfile',
  'announceSignedOut',
  'goHome',
] as const;

const stored: SessionData = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  role: 'TRAINEE',
  profile: { full_name: 'Huda Saleh', email: 'huda@example.com', image: null },
};

const otherSession: SessionData = {
  accessToken: 'access-9',
  refreshToken: 'refresh-9',
  role: 'TRAINER',
  profile: { full_name: 'Omar Nasser', email: 'omar@example.com', image: '/media/omar.png' },
};

const refreshed: TokenPair = { accessToken: 'access-2', refreshToken: 'refresh-2' };
const replaced: TokenPair = { accessToken: 'access-5', refreshToken: 'refresh-5' };
const renamed = {
  full_name: 'Huda Al-Saleh',
  email: 'huda.new@example.com',
  image: '/api/v1/user/photos/a.png',
};

const restore = (session: StoredSession): SessionEvent => ({ type: 'session.restore', stored: session });
const signedInElsewhere = (session: StoredSession): SessionEvent => ({
  type: 'session.signedInElsewhere',
  stored: session,
});

function implementations() {
  return {
    actors: { refreshTokens: scriptedPromise<TokenPair, { refreshToken: string }>() },
    actions: spyActions(sessionMachine, ACTION_NAMES),
  };
}

describe('session machine: generated paths', () => {
  const model = createPathModel(sessionMachine, {
    events: [
      restore(stored),
      restore({ accessToken: 'access-1', refreshToken: 'refresh-1' }),
      restore({ role: 'TRAINER' }),
      { type: 'session.signIn', session: otherSession },
      { type: 'session.refresh' },
      { type: 'session.logout' },
      signedInElsewhere(otherSession),
      signedInElsewhere({ role: 'TRAINEE' }),
      { type: 'session.signedOutElsewhere' },
      { type: 'session.profileChanged', profile: renamed },
      { type: 'session.tokensReplaced', tokens: replaced },
      { type: 'session.accountClosed' },
      doneActor('refreshTokens', refreshed),
      errorActor('refreshTokens', { status: 400 }),
      errorActor('refreshTokens', { status: 401 }),
      errorActor('refreshTokens', { status: 403 }),
      errorActor('refreshTokens', { status: 0 }),
    ],
    // The profile's name and the access token tell the changes that keep the state apart.
    serializeState: serializeValueAnd<SessionContext>(({ session }) => [
      session?.profile?.full_name ?? null,
      session?.accessToken ?? null,
    ]),
    implementations,
    compareContext: true,
  });

  it('generates paths through every kind of step', () => {
    const eventTypes = new Set(model.paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    expect([...eventTypes].sort()).toEqual([
      'session.accountClosed',
      'session.logout',
      'session.profileChanged',
      'session.refresh',
      'session.restore',
      'session.signIn',
      'session.signedInElsewhere',
      'session.signedOutElsewhere',
      'session.tokensReplaced',
      'xstate.done.actor.refreshTokens',
      'xstate.error.actor.refreshTokens',
      'xstate.init',
    ]);
  });

  replayEveryPathCoveringAll(model);
});

describe('session machine: behaviour', () => {
  const launch = harnesses(sessionMachine);

  function start() {
    const impl = implementations();
    const harness = launch(impl);
    return { harness, refreshTokens: impl.actors.refreshTokens, actions: impl.actions };
  }

  async function signedIn() {
    const started = start();
    await started.harness.send(restore(stored));
    expectState(started.harness, 'signedIn.active');
    started.harness.takeActions();
    return started;
  }

  it('stores a changed profile, keeps it and tells the other tabs', async () => {
    const { harness, actions } = await signedIn();
    await harness.send({ type: 'session.profileChanged', profile: renamed });
    expectState(harness, 'signedIn.active');
    expect(harness.context.session).toEqual({ ...stored, profile: renamed });
    expect(harness.takeActions()).toEqual(['persistSession', 'shareProfile']);
    expect(actions.persistSession.mock.calls[0]?.[0].context.session?.profile).toEqual(renamed);
  });

  it('goes on with the tokens a password change answered, stored at once', async () => {
    const { harness, actions } = await signedIn();
    await harness.send({ type: 'session.tokensReplaced', tokens: replaced });
    expect(harness.context.session).toEqual({ ...stored, ...replaced });
    expect(harness.takeActions()).toEqual(['persistSession']);
    expect(actions.endServerSession).not.toHaveBeenCalled();
  });

  it('ends a closed account without a sign-out call or its toast, and tells the other tabs', async () => {
    const { harness, actions } = await signedIn();
    await harness.send({ type: 'session.accountClosed' });
    expectState(harness, 'signedOut');
    expect(harness.context.session).toBeNull();
    expect(harness.takeActions()).toEqual(['clearSession', 'shareSignOut', 'goHome']);
    expect(actions.endServerSession).not.toHaveBeenCalled();
    expect(actions.announceSignedOut).not.toHaveBeenCalled();
  });

  it('waits in restoring until start-up reports what it found', () => {
    const { harness } = start();
    expectState(harness, 'restoring');
    expect(harness.context.session).toBeNull();
  });

  it('restores a stored token and role as signed in', async () => {
    const { harness, actions } = start();
    await harness.send(restore(stored));
    expectState(harness, 'signedIn.active');
    expect(harness.context.session).toEqual(stored);
    expect(actions.persistSession).not.toHaveBeenCalled();
  });

  it('restores a session stored without a profile with profile null', async () => {
    const { harness } = start();
    await harness.send(restore({ accessToken: 'a', refreshToken: 'r', role: 'TRAINER' }));
    expectState(harness, 'signedIn.active');
    expect(harness.context.session).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      role: 'TRAINER',
      profile: null,
    });
  });

  it.each<[string, StoredSession]>([
    ['the role', { accessToken: 'access-1', refreshToken: 'refresh-1', profile: stored.profile }],
    ['the access token', { refreshToken: 'refresh-1', role: 'TRAINEE' }],
    ['the refresh token', { accessToken: 'access-1', role: 'TRAINEE' }],
    ['everything', {}],
  ])('restores as signed out when %s is missing', async (_, partial) => {
    const { harness, actions } = start();
    await harness.send(restore(partial));
    expectState(harness, 'signedOut');
    expect(harness.context.session).toBeNull();
    expect(actions.persistSession).not.toHaveBeenCalled();
  });

  it('refreshes with the stored refresh token, then stores and persists the new tokens', async () => {
    const { harness, refreshTokens, actions } = await signedIn();
    await harness.send({ type: 'session.refresh' });
    expectState(harness, 'signedIn.refreshing');
    expect(refreshTokens.inputs).toEqual([{ refreshToken: 'refresh-1' }]);

    await harness.resolve('refreshTokens', refreshed);
    expectState(harness, 'signedIn.active');
    expect(harness.context.session).toEqual({ ...stored, ...refreshed });
    expect(actions.persistSession).toHaveBeenCalledTimes(1);
    expect(actions.persistSession.mock.calls[0]?.[0].context.session).toEqual({ ...stored, ...refreshed });
    expect(harness.takeActions()).toEqual(['persistSession']);
  });

  it('starts one refresh however many are asked for while refreshing', async () => {
    const { harness, refreshTokens } = await signedIn();
    await harness.send({ type: 'session.refresh' });
    await harness.send({ type: 'session.refresh' });
    await harness.send({ type: 'session.refresh' });
    expect(refreshTokens.inputs).toHaveLength(1);
    expect(refreshTokens.pendingIds()).toEqual(['refreshTokens']);
  });

  it.each([400, 401, 403])(
    'signs out without the toast, and tells the other tabs, when the refresh is refused with %i',
    async (status) => {
      const { harness, actions } = await signedIn();
      await harness.send({ type: 'session.refresh' });
      await harness.reject('refreshTokens', { status });
      expectState(harness, 'signedOut');
      expect(harness.context.session).toBeNull();
      expect(harness.takeActions()).toEqual(['clearSession', 'shareSignOut', 'goHome']);
      expect(actions.endServerSession).not.toHaveBeenCalled();
      expect(actions.clearSession).toHaveBeenCalledTimes(1);
      expect(actions.goHome).toHaveBeenCalledTimes(1);
      expect(actions.announceSignedOut).not.toHaveBeenCalled();
      expect(actions.persistSession).not.toHaveBeenCalled();
    },
  );

  it.each<[string, unknown]>([
    ['a network error (status 0)', { status: 0 }],
    ['a server error (status 500)', { status: 500 }],
    ['an error without a status', new TypeError('Failed to fetch')],
  ])('stays signed in with the old tokens after %s', async (_, error) => {
    const { harness, actions } = await signedIn();
    await harness.send({ type: 'session.refresh' });
    await harness.reject('refreshTokens', error);
    expectState(harness, 'signedIn.active');
    expect(harness.context.session).toEqual(stored);
    expect(harness.takeActions()).toEqual([]);
    expect(actions.clearSession).not.toHaveBeenCalled();
  });

  it('logs out: ends the server session, clears the session, tells the other tabs, announces it, then goes home, in that order', async () => {
    const { harness, actions } = await signedIn();
    await harness.send({ type: 'session.logout' });
    expectState(harness, 'signedOut');
    expect(harness.context.session).toBeNull();
    expect(harness.takeActions()).toEqual([
      'endServerSession',
      'clearSession',
      'shareSignOut',
      'announceSignedOut',
      'goHome',
    ]);
    const order = [
      actions.endServerSession,
      actions.clearSession,
      actions.shareSignOut,
      actions.announceSignedOut,
      actions.goHome,
    ].map((spy) => spy.mock.invocationCallOrder[0]);
    expect(order.every((n) => typeof n === 'number')).toBe(true);
    expect([...order].sort((a = 0, b = 0) => a - b)).toEqual(order);
  });

  it('logs out while refreshing and drops the pending refresh', async () => {
    const { harness, refreshTokens } = await signedIn();
    await harness.send({ type: 'session.refresh' });
    await harness.send({ type: 'session.logout' });
    expectState(harness, 'signedOut');
    expect(refreshTokens.pendingIds()).toEqual([]);
    expect(harness.takeActions()).toEqual([
      'endServerSession',
      'clearSession',
      'shareSignOut',
      'announceSignedOut',
      'goHome',
    ]);
  });

  it('hands the refresh token in use to the sign-out call, the renewed one after a refresh', async () => {
    const { harness, actions } = await signedIn();
    await harness.send({ type: 'session.refresh' });
    await harness.resolve('refreshTokens', refreshed);
    await harness.send({ type: 'session.logout' });
    expect(actions.endServerSession).toHaveBeenCalledTimes(1);
    expect(actions.endServerSession.mock.calls[0]?.[1]).toEqual({ refreshToken: 'refresh-2' });
  });

  it('follows a sign-out in another tab: no call, no clearing, no toast, no message back', async () => {
    const { harness, actions } = await signedIn();
    await harness.send({ type: 'session.refresh' });
    await harness.send({ type: 'session.signedOutElsewhere' });
    expectState(harness, 'signedOut');
    expect(harness.context.session).toBeNull();
    expect(harness.takeActions()).toEqual(['goHome']);
    expect(actions.endServerSession).not.toHaveBeenCalled();
  });

  it('ignores a sign-out in another tab while signed out', async () => {
    const { harness } = start();
    await harness.send(restore({}));
    await harness.send({ type: 'session.signedOutElsewhere' });
    expectState(harness, 'signedOut');
    expect(harness.takeActions()).toEqual([]);
  });

  it('takes over the session another tab signed in with, without storing or telling it again', async () => {
    const { harness } = start();
    await harness.send(restore({}));
    await harness.send(signedInElsewhere(otherSession));
    expectState(harness, 'signedIn.active');
    expect(harness.context.session).toEqual(otherSession);
    expect(harness.takeActions()).toEqual([]);
  });

  it("replaces its session with another tab's sign-in, cancelling a refresh", async () => {
    const { harness, refreshTokens } = await signedIn();
    await harness.send({ type: 'session.refresh' });
    await harness.send(signedInElsewhere({ ...otherSession, profile: undefined }));
    expectState(harness, 'signedIn.active');
    expect(refreshTokens.pendingIds()).toEqual([]);
    expect(harness.context.session).toEqual({ ...otherSession, profile: null });
    expect(harness.takeActions()).toEqual([]);
  });

  it('ignores a sign-in elsewhere when the stored session is incomplete', async () => {
    const { harness } = start();
    await harness.send(restore({}));
    await harness.send(signedInElsewhere({ accessToken: 'a', role: 'TRAINEE' }));
    expectState(harness, 'signedOut');
    const signed = await signedIn();
    await signed.harness.send(signedInElsewhere({}));
    expectState(signed.harness, 'signedIn.active');
    expect(signed.harness.context.session).toEqual(stored);
  });

  it('signs in from signed out, storing and persisting the session', async () => {
    const { harness, actions } = start();
    await harness.send(restore({}));
    await harness.send({ type: 'session.signIn', session: otherSession });
    expectState(harness, 'signedIn.active');
    expect(harness.context.session).toEqual(otherSession);
    expect(actions.persistSession.mock.calls[0]?.[0].context.session).toEqual(otherSession);
    expect(harness.takeActions()).toEqual(['persistSession', 'shareSignIn']);
  });

  it('replaces the session when signing in while signed in', async () => {
    const { harness, actions } = await signedIn();
    await harness.send({ type: 'session.signIn', session: otherSession });
    expectState(harness, 'signedIn.active');
    expect(harness.context.session).toEqual(otherSession);
    expect(harness.takeActions()).toEqual(['persistSession', 'shareSignIn']);
    expect(actions.persistSession.mock.calls[0]?.[0].context.session).toEqual(otherSession);
  });

  it('replaces the session when signing in during a refresh, and the stale refresh is cancelled', async () => {
    const { harness, refreshTokens } = await signedIn();
    await harness.send({ type: 'session.refresh' });
    await harness.send({ type: 'session.signIn', session: otherSession });
    expectState(harness, 'signedIn.active');
    expect(refreshTokens.pendingIds()).toEqual([]);
    expect(harness.context.session).toEqual(otherSession);
  });

  it('ignores a second restore once restored', async () => {
    const { harness } = await signedIn();
    await harness.send(restore({}));
    expectState(harness, 'signedIn.active');
    expect(harness.context.session).toEqual(stored);
  });
});
