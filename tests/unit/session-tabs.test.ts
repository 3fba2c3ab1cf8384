import { describe, expect, it, vi } from 'vitest';
import { openTabChannel, readUntilComplete } from '@/session/tabs';

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
