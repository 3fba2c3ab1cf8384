import { describe, expect, it, vi } from 'vitest';
import { followOtherTabs, openTabChannel, readUntilComplete } from '@/session/tabs';

describe('reading what another tab stored', () => {
  it("reads again until the other tab's cookies have arrived", async () => {
    const readings = [{ token: undefined }, { token: undefined }, { token: 'fresh' }];
    const read = vi.fn(() => readings.shift() ?? { token: 'late' });
    const stored = await readUntilComplete(read, (value) => Boolean(value.token), 20, 1);
    expect(stored).toEqual({ token: 'fresh' });
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('gives up after its attempts with the last reading', async () => {
    const read = vi.fn(() => ({ token: undefined }));
    await expect(readUntilComplete(read, (value) => Boolean(value.token), 4, 1)).resolves.toEqual({
      token: undefined,
    });
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('reads once when everything is there', async () => {
    const read = vi.fn(() => ({ token: 'now' }));
    await readUntilComplete(read, (value) => Boolean(value.token));
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe('the tabs channel', () => {
  it('passes on only the messages it knows', () => {
    const listeners: ((event: MessageEvent<unknown>) => void)[] = [];
    class FakeChannel {
      addEventListener(_: string, listener: (event: MessageEvent<unknown>) => void) {
        listeners.push(listener);
      }
      postMessage() {}
    }
    const heard: unknown[] = [];
    openTabChannel((message) => heard.push(message), FakeChannel as unknown as typeof BroadcastChannel);
    for (const data of [{ type: 'signedIn' }, { type: 'other' }, null, { type: 'signedOut' }]) {
      for (const listener of listeners) listener({ data } as MessageEvent<unknown>);
    }
    expect(heard).toEqual([{ type: 'signedIn' }, { type: 'signedOut' }]);
  });
});

describe('following the other tabs', () => {
  function follower(readings: { token?: string }[]) {
    const events: string[] = [];
    const listen = followOtherTabs(
      () => readings.shift() ?? { token: undefined },
      (value) => Boolean(value.token),
      {
        signedOut: () => events.push('signed out'),
        signedIn: (stored) => events.push(`signed in ${stored.token}`),
      },
      5,
      1,
    );
    return { events, listen };
  }

  it('follows a sign-in once the session is read', async () => {
    const { events, listen } = follower([{}, { token: 'fresh' }]);
    listen({ type: 'signedIn' });
    await vi.waitFor(() => expect(events).toEqual(['signed in fresh']));
  });

  it('lets a sign-out win over a sign-in still being read', async () => {
    const { events, listen } = follower([{}, {}, {}, {}, {}]);
    listen({ type: 'signedIn' });
    listen({ type: 'signedOut' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(events).toEqual(['signed out']);
  });
});
