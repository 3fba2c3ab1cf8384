import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { type SessionData, sessionMachine, type TokenPair } from '../../machines/session.machine.ts';
import { renewSession } from '../../src/session/renew.ts';
import { type ScriptedPromise, scriptedPromise } from './support/paths.ts';

const stored: SessionData = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  role: 'TRAINEE',
  profile: null,
};

const running: Array<Actor<typeof sessionMachine>> = [];
afterEach(() => {
  for (const actor of running.splice(0)) actor.stop();
});

/** A session actor whose refresh call the test answers. */
function session(signedIn = true): {
  actor: Actor<typeof sessionMachine>;
  refreshTokens: ScriptedPromise<TokenPair, { refreshToken: string }>;
} {
  const refreshTokens = scriptedPromise<TokenPair, { refreshToken: string }>();
  const actor = createActor(sessionMachine.provide({ actors: { refreshTokens: refreshTokens.logic } }));
  running.push(actor);
  actor.start();
  actor.send({ type: 'session.restore', stored: signedIn ? stored : {} });
  return { actor, refreshTokens };
}

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('renewSession', () => {
  it('is renewed when the session gets new tokens', async () => {
    const { actor, refreshTokens } = session();
    const renewal = renewSession(actor);
    refreshTokens.resolve({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(await renewal).toBe('renewed');
    expect(actor.getSnapshot().context.session?.accessToken).toBe('access-2');
  });

  it('is unchanged when the refresh fails without ending the session', async () => {
    const { actor, refreshTokens } = session();
    const renewal = renewSession(actor);
    refreshTokens.reject({ status: 0 });
    expect(await renewal).toBe('unchanged');
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });

  it('is unchanged when the refresh hands back the tokens in use', async () => {
    const { actor, refreshTokens } = session();
    const renewal = renewSession(actor);
    refreshTokens.resolve({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(await renewal).toBe('unchanged');
  });

  it('ends signed out when the refresh is refused', async () => {
    const { actor, refreshTokens } = session();
    const renewal = renewSession(actor);
    refreshTokens.reject({ status: 401 });
    expect(await renewal).toBe('signedOut');
  });

  it('ends signed out at once, with no call, when nobody is signed in', async () => {
    const { actor, refreshTokens } = session(false);
    expect(await renewSession(actor)).toBe('signedOut');
    expect(refreshTokens.inputs).toEqual([]);
  });

  it('makes callers that ask together wait for one refresh', async () => {
    const { actor, refreshTokens } = session();
    const first = renewSession(actor);
    await settle();
    const second = renewSession(actor);
    refreshTokens.resolve({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(await Promise.all([first, second])).toEqual(['renewed', 'renewed']);
    expect(refreshTokens.inputs).toEqual([{ refreshToken: 'refresh-1' }]);
  });
});
