import { SOCKET_REFUSED, SOCKET_SUPERSEDED } from '@contract/wire/notifications';
import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromCallback, type StateValue } from 'xstate';
import {
  type LiveConnectionInput,
  type LiveMessage,
  liveConnectionMachine,
} from '../../machines/liveConnection.machine.ts';
import { silentFailure } from './support/fixtures.ts';
import { connectionParts } from './support/live-fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  harnesses,
  type MachineHarness,
  replayEveryPathCoveringAll,
  serializeValueAnd,
} from './support/paths.ts';

/** An owner that keeps what the connection tells it. */
function recordingOwner() {
  const received: AnyEventObject[] = [];
  const ref = createActor(
    fromCallback(({ receive }) => {
      receive((event) => received.push(event));
    }),
  ).start();
  return {
    ref,
    received,
    /** Forgets what was received so far, and returns it. */
    take: () => received.splice(0, received.length),
  };
}

const implementations = connectionParts;

const typing: LiveMessage = { type: 'chat_typing' };
const selected: LiveMessage = { type: 'notification_selected' };

describe('live connection machine: behaviour', () => {
  const launch = harnesses(liveConnectionMachine);

  function start() {
    const owner = recordingOwner();
    const impl = implementations();
    const harness = launch(impl, { input: { token: 'access-1', owner: owner.ref } });
    return { harness, impl, owner };
  }

  const live = (state: string): StateValue => ({ live: state });
  const expectState = (harness: MachineHarness<typeof liveConnectionMachine>, value: StateValue) =>
    expect(harness.value, 'state').toEqual(value);

  it('connects with the token it was given and tells its owner how the socket stands', async () => {
    const { harness, impl, owner } = start();
    expectState(harness, live('connecting'));
    expect(impl.socket.tokens).toEqual(['access-1']);
    await harness.send({ type: 'socket.opened' });
    expectState(harness, live('open'));
    await harness.send({ type: 'socket.closed', code: 1006 });
    expectState(harness, live('reconnecting'));
    // partysocket reconnects by itself: the same socket, no new one.
    await harness.send({ type: 'socket.opened' });
    expect(impl.socket.tokens).toEqual(['access-1']);
    expect(owner.take()).toEqual([
      { type: 'connection.status', status: 'connecting' },
      { type: 'connection.opened', afterDrop: false },
      { type: 'connection.status', status: 'reconnecting' },
      { type: 'connection.opened', afterDrop: true },
    ]);
  });

  it('passes the server’s frames on to its owner', async () => {
    const { harness, owner } = start();
    await harness.send({ type: 'socket.opened' });
    owner.take();
    const frame: AnyEventObject = { type: 'server.typing', typing: 3 };
    await harness.send({ type: 'socket.received', event: frame });
    expect(owner.take()).toEqual([{ type: 'server.typing', typing: 3 }]);
  });

  it('sends `connection.send` only through an open socket, `connection.queue` through any running one', async () => {
    const { harness, impl } = start();
    await harness.send({ type: 'connection.send', message: typing });
    await harness.send({ type: 'connection.queue', message: selected });
    expect(impl.socket.take()).toEqual([selected]);
    await harness.send({ type: 'socket.opened' });
    await harness.send({ type: 'connection.send', message: typing });
    expect(impl.socket.take()).toEqual([typing]);
    await harness.send({ type: 'socket.closed', code: 1006 });
    await harness.send({ type: 'connection.send', message: typing });
    await harness.send({ type: 'connection.queue', message: selected });
    expect(impl.socket.take()).toEqual([selected]);
    await harness.send({ type: 'socket.closed', code: SOCKET_SUPERSEDED });
    await harness.send({ type: 'connection.queue', message: selected });
    expect(impl.socket.take()).toEqual([]);
  });

  it('renews a refused token, and connects again with the one its owner then gives', async () => {
    const { harness, impl, owner } = start();
    await harness.send({ type: 'socket.opened' });
    await harness.send({ type: 'socket.closed', code: SOCKET_REFUSED });
    expectState(harness, 'renewing');
    expect(impl.socket.running()).toBe(0);
    await harness.send({ type: 'connection.token', token: 'access-2' });
    expectState(harness, live('connecting'));
    expect(impl.socket.tokens).toEqual(['access-1', 'access-2']);
    expect(impl.socket.running()).toBe(1);
    expect(impl.actors.renewSession.pendingIds()).toEqual([]);
    expect(owner.take().at(-2)).toEqual({ type: 'connection.status', status: 'renewing' });
  });

  it('connects again with the same token when another tab renewed the session first', async () => {
    const { harness, impl } = start();
    await harness.send({ type: 'socket.closed', code: SOCKET_REFUSED });
    await harness.resolve('renewSession', undefined);
    expectState(harness, live('connecting'));
    expect(impl.socket.tokens).toEqual(['access-1', 'access-1']);
  });

  it('starts its socket again with a token renewed while it runs', async () => {
    const { harness, impl } = start();
    await harness.send({ type: 'socket.opened' });
    await harness.send({ type: 'connection.token', token: 'access-2' });
    expectState(harness, live('connecting'));
    expect(impl.socket.tokens).toEqual(['access-1', 'access-2']);
    expect(impl.socket.running()).toBe(1);
  });

  it('waits offline, and logs it, when the session cannot be renewed', async () => {
    const { harness, impl, owner } = start();
    await harness.send({ type: 'socket.closed', code: SOCKET_REFUSED });
    await harness.reject('renewSession', silentFailure(401));
    expectState(harness, 'offline');
    expect(impl.socket.running()).toBe(0);
    expect(impl.actions.logFailure).toHaveBeenCalledWith(expect.anything(), {
      what: 'renew the session',
      error: silentFailure(401),
    });
    expect(owner.take().at(-1)).toEqual({ type: 'connection.status', status: 'offline' });
    // The page coming back does not connect; a new token does.
    await harness.send({ type: 'page.resumed' });
    expectState(harness, 'offline');
    await harness.send({ type: 'connection.token', token: 'access-2' });
    expect(impl.socket.tokens).toEqual(['access-1', 'access-2']);
  });

  it('waits for the page to come back when a newer tab took its socket, then connects again', async () => {
    const { harness, impl, owner } = start();
    // Closed before it ever opened, as when other tabs already hold every socket the server allows.
    await harness.send({ type: 'socket.closed', code: SOCKET_SUPERSEDED });
    expect(owner.take().at(-1)).toEqual({ type: 'connection.status', status: 'superseded' });
    expectState(harness, 'superseded');
    expect(impl.socket.running()).toBe(0);
    await harness.send({ type: 'network.online' });
    expectState(harness, 'superseded');
    await harness.send({ type: 'page.resumed' });
    expectState(harness, live('connecting'));
    expect(impl.socket.tokens).toEqual(['access-1', 'access-1']);
  });

  it('ignores the page coming back while its socket runs', async () => {
    const { harness, impl } = start();
    await harness.send({ type: 'socket.opened' });
    await harness.send({ type: 'page.resumed' });
    expectState(harness, live('open'));
    expect(impl.socket.tokens).toEqual(['access-1']);
  });

  it('stops its socket while the browser is offline and connects again once it is back online', async () => {
    const { harness, impl } = start();
    await harness.send({ type: 'socket.opened' });
    await harness.send({ type: 'network.offline' });
    expectState(harness, 'offline');
    expect(impl.socket.running()).toBe(0);
    await harness.send({ type: 'network.online' });
    expectState(harness, live('connecting'));
    expect(impl.socket.running()).toBe(1);
  });
});

describe('live connection machine: generated paths', () => {
  const owner = recordingOwner();
  const model = createPathModel(liveConnectionMachine, {
    input: { token: 'access-1', owner: owner.ref },
    events: [
      { type: 'socket.opened' },
      { type: 'socket.closed', code: 1006 },
      { type: 'socket.closed', code: SOCKET_REFUSED },
      { type: 'socket.closed', code: SOCKET_SUPERSEDED },
      doneActor('renewSession', undefined),
      errorActor('renewSession', silentFailure(401)),
      { type: 'page.resumed' },
      { type: 'network.offline' },
      { type: 'network.online' },
      { type: 'socket.received', event: { type: 'socket.message' } },
      { type: 'connection.token', token: 'access-2' },
      { type: 'connection.send', message: typing },
      { type: 'connection.queue', message: selected },
    ],
    serializeState: serializeValueAnd((context: LiveConnectionInput) => context.token),
    implementations,
  });

  replayEveryPathCoveringAll(model);
});
