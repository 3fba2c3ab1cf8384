import { type Notification, SOCKET_REFUSED, SOCKET_SUPERSEDED } from '@contract/wire/notifications';
import { describe, expect, it } from 'vitest';
import type { AnyActorRef, StateValue } from 'xstate';
import type { LiveSocketEvent } from '../../machines/liveConnection.machine.ts';
import {
  type NotificationsContext,
  notificationsMachine,
  unreadCount,
} from '../../machines/notifications.machine.ts';
import { silentFailure } from './support/fixtures.ts';
import { recordedConnection, stubConnection } from './support/live-fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectState,
  harnesses,
  type MachineHarness,
  replayEveryPathCoveringAll,
  scriptedPromise,
  serializeValueAnd,
  spyActions,
} from './support/paths.ts';

const approved: Notification = {
  id: 41,
  title: 'Your trainer account is approved',
  text: 'You can now create courses and submit them for approval.',
  seen: false,
  link: null,
};
const registered: Notification = {
  id: 42,
  title: 'Event registration confirmed',
  text: 'You are registered for Al-Ahsa Innovation Forum.',
  seen: false,
  link: '/event-details/3',
};

const domainActors = () => ({
  fetchNotifications: scriptedPromise<Notification[]>(),
  markSeen: scriptedPromise<Notification, { id: number }>(),
});
const spies = () => spyActions(notificationsMachine, ['followLink', 'logFailure']);

/** The machine alone: the connection is a stand-in, its reports are the path's events. */
function stubbed() {
  const connection = stubConnection();
  return {
    connection,
    actors: { ...domainActors(), liveConnection: connection.logic },
    actions: spies(),
  };
}

/** The machine with the real live connection on a recording socket. */
function implementations() {
  const connection = recordedConnection();
  return {
    socket: connection.socket,
    actors: { ...domainActors(), liveConnection: connection.logic },
    nested: connection.nested,
    actions: spies(),
  };
}

describe('notifications machine: generated paths', () => {
  const model = createPathModel(notificationsMachine, {
    events: [
      { type: 'session.changed', token: 'access-1' },
      { type: 'session.changed', token: 'access-2' },
      { type: 'session.changed', token: null },
      { type: 'connection.opened', afterDrop: false },
      { type: 'socket.message' },
      { type: 'page.resumed' },
      { type: 'notification.select', id: registered.id, link: registered.link ?? null },
      { type: 'notifications.refetch' },
      doneActor('fetchNotifications', [registered, approved]),
      errorActor('fetchNotifications', silentFailure(503)),
      doneActor('markSeen', { ...registered, seen: true }),
      errorActor('markSeen', silentFailure(404)),
    ],
    serializeState: serializeValueAnd((context: NotificationsContext) => ({
      token: context.token,
      selected: context.selected?.id ?? null,
    })),
    implementations: stubbed,
  });

  replayEveryPathCoveringAll(model);
});

describe('notifications machine: behaviour', () => {
  const launch = harnesses(notificationsMachine);

  function start() {
    const impl = implementations();
    const harness = launch(impl);
    /** The socket reports `event`, as partysocket would. */
    const fromSocket = (event: LiveSocketEvent) => harness.after(() => impl.socket.report(event));
    return { harness, impl, fromSocket };
  }

  /** The machine's state, and its connection's. */
  function expectSignedIn(
    harness: MachineHarness<typeof notificationsMachine>,
    connection: StateValue,
    list: string,
    selection = 'idle',
  ) {
    expectState(harness, { signedIn: { list, selection } });
    const child: AnyActorRef | undefined = harness.snapshot.children.connection;
    expect(child?.getSnapshot().value, 'connection').toEqual(connection);
  }

  it('connects only while signed in, with the session token, and reads the list', async () => {
    const { harness, impl } = start();
    expectState(harness, 'signedOut');
    expect(impl.socket.running()).toBe(0);
    await harness.send({ type: 'session.changed', token: 'access-1' });
    expect(impl.socket.tokens).toEqual(['access-1']);
    expectSignedIn(harness, { live: 'connecting' }, 'loading');
    await harness.resolve('fetchNotifications', [registered, approved]);
    expect(unreadCount(harness.context.items)).toBe(2);
    expect(harness.context.loaded).toBe(true);

    await harness.send({ type: 'session.changed', token: null });
    expectState(harness, 'signedOut');
    expect(impl.socket.running()).toBe(0);
    expect(harness.context.items).toEqual([]);
  });

  it('reads the list again on every server message and after every reconnection', async () => {
    const { harness, impl, fromSocket } = start();
    await harness.send({ type: 'session.changed', token: 'access-1' });
    await harness.resolve('fetchNotifications', [approved]);
    await fromSocket({ type: 'socket.opened' });
    expectSignedIn(harness, { live: 'open' }, 'loading');
    await harness.resolve('fetchNotifications', [approved]);
    await fromSocket({ type: 'socket.received', event: { type: 'socket.message' } });
    await harness.resolve('fetchNotifications', [registered, approved]);
    expect(harness.context.items.map((item) => item.id)).toEqual([42, 41]);

    // The network drops; partysocket reconnects by itself; what came meanwhile is read.
    await fromSocket({ type: 'socket.closed', code: 1006 });
    expectSignedIn(harness, { live: 'reconnecting' }, 'ready');
    await fromSocket({ type: 'socket.opened' });
    expectSignedIn(harness, { live: 'open' }, 'loading');
    expect(impl.socket.tokens).toEqual(['access-1']);
  });

  it('keeps the last list when a read fails, and logs it', async () => {
    const { harness, impl, fromSocket } = start();
    await harness.send({ type: 'session.changed', token: 'access-1' });
    await harness.resolve('fetchNotifications', [approved]);
    await fromSocket({ type: 'socket.received', event: { type: 'socket.message' } });
    await harness.reject('fetchNotifications', silentFailure(503));
    expectSignedIn(harness, { live: 'connecting' }, 'failed');
    expect(harness.context.items).toEqual([approved]);
    expect(impl.actions.logFailure).toHaveBeenCalledTimes(1);
  });

  it('renews a refused token and reconnects with the new one', async () => {
    const { harness, impl, fromSocket } = start();
    await harness.send({ type: 'session.changed', token: 'access-1' });
    await fromSocket({ type: 'socket.closed', code: SOCKET_REFUSED });
    expectSignedIn(harness, 'renewing', 'loading');
    expect(impl.socket.running()).toBe(0);
    await harness.resolve('renewSession', undefined);
    await harness.send({ type: 'session.changed', token: 'access-2' });
    expect(impl.socket.tokens).toEqual(['access-1', 'access-1', 'access-2']);
    expect(impl.socket.running()).toBe(1);
    expectSignedIn(harness, { live: 'connecting' }, 'loading');
  });

  it('waits for the page to come back when a newer tab took its socket, then connects again', async () => {
    const { harness, impl, fromSocket } = start();
    await harness.send({ type: 'session.changed', token: 'access-1' });
    await harness.resolve('fetchNotifications', [approved]);
    await fromSocket({ type: 'socket.opened' });
    await harness.resolve('fetchNotifications', [approved]);
    // Reconnecting at once would close another tab's socket, which would reconnect in turn.
    await fromSocket({ type: 'socket.closed', code: SOCKET_SUPERSEDED });
    expectSignedIn(harness, 'superseded', 'ready');
    expect(impl.socket.running()).toBe(0);
    // The list can still be read by hand meanwhile.
    await harness.send({ type: 'notifications.refetch' });
    await harness.resolve('fetchNotifications', [registered, approved]);
    expectSignedIn(harness, 'superseded', 'ready');
    await harness.send({ type: 'page.resumed' });
    expectSignedIn(harness, { live: 'connecting' }, 'ready');
    expect(impl.socket.tokens).toEqual(['access-1', 'access-1']);
    expect(impl.socket.running()).toBe(1);
    await fromSocket({ type: 'socket.opened' });
    expectSignedIn(harness, { live: 'open' }, 'loading');
  });

  it('ignores the page coming back while its socket is live', async () => {
    const { harness, impl, fromSocket } = start();
    await harness.send({ type: 'session.changed', token: 'access-1' });
    await fromSocket({ type: 'socket.opened' });
    await harness.send({ type: 'page.resumed' });
    expectSignedIn(harness, { live: 'open' }, 'loading');
    expect(impl.socket.tokens).toEqual(['access-1']);
  });

  it('stays offline when the session cannot be renewed, until the session changes', async () => {
    const { harness, fromSocket } = start();
    await harness.send({ type: 'session.changed', token: 'access-1' });
    await fromSocket({ type: 'socket.closed', code: SOCKET_REFUSED });
    await harness.reject('renewSession', silentFailure(401));
    expectSignedIn(harness, 'offline', 'loading');
    await harness.send({ type: 'session.changed', token: null });
    expectState(harness, 'signedOut');
  });

  it('marks a clicked notification seen, tells the socket, reads again and follows the link', async () => {
    const { harness, impl, fromSocket } = start();
    await harness.send({ type: 'session.changed', token: 'access-1' });
    await harness.resolve('fetchNotifications', [registered, approved]);
    await fromSocket({ type: 'socket.opened' });
    await harness.resolve('fetchNotifications', [registered, approved]);
    await harness.send({ type: 'notification.select', id: 42, link: '/event-details/3' });
    expectSignedIn(harness, { live: 'open' }, 'ready', 'marking');
    await harness.resolve('markSeen', { ...registered, seen: true });
    expect(unreadCount(harness.context.items)).toBe(1);
    expect(impl.socket.sent).toEqual([{ type: 'notification_selected', id: 42 }]);
    expectSignedIn(harness, { live: 'open' }, 'loading');
    expect(impl.actions.followLink).toHaveBeenCalledWith(expect.anything(), { link: '/event-details/3' });
  });

  it('tells no socket when the mark-as-seen ends while the session is renewed, but reads again and follows the link', async () => {
    const { harness, impl, fromSocket } = start();
    await harness.send({ type: 'session.changed', token: 'access-1' });
    await harness.resolve('fetchNotifications', [registered, approved]);
    await harness.send({ type: 'notification.select', id: 42, link: '/event-details/3' });
    await fromSocket({ type: 'socket.closed', code: SOCKET_REFUSED });
    expectSignedIn(harness, 'renewing', 'ready', 'marking');
    await harness.resolve('markSeen', { ...registered, seen: true });
    expectSignedIn(harness, 'renewing', 'loading');
    expect(impl.socket.sent).toEqual([]);
    expect(unreadCount(harness.context.items)).toBe(1);
    expect(impl.actions.followLink).toHaveBeenCalledWith(expect.anything(), { link: '/event-details/3' });
    expect(harness.context.selected).toBeNull();
  });

  it('gives the seen notification to a socket not open yet, which sends it once open', async () => {
    const { harness, impl } = start();
    await harness.send({ type: 'session.changed', token: 'access-1' });
    await harness.resolve('fetchNotifications', [registered]);
    await harness.send({ type: 'notification.select', id: 42, link: null });
    await harness.resolve('markSeen', { ...registered, seen: true });
    expectSignedIn(harness, { live: 'connecting' }, 'loading');
    expect(impl.socket.sent).toEqual([{ type: 'notification_selected', id: 42 }]);
  });

  it('tells its connection when the page comes back, and which notification was seen', async () => {
    const impl = stubbed();
    const harness = launch(impl);
    await harness.send({ type: 'page.resumed' });
    expect(impl.connection.commands).toEqual([]);
    await harness.send({ type: 'session.changed', token: 'access-1' });
    await harness.send({ type: 'page.resumed' });
    await harness.send({ type: 'notification.select', id: 42, link: null });
    await harness.resolve('markSeen', { ...registered, seen: true });
    expect(impl.connection.commands).toEqual([
      { type: 'page.resumed' },
      { type: 'connection.queue', message: { type: 'notification_selected', id: 42 } },
    ]);
  });

  it('only logs a failed mark-as-seen', async () => {
    const { harness, impl } = start();
    await harness.send({ type: 'session.changed', token: 'access-1' });
    await harness.resolve('fetchNotifications', [registered]);
    await harness.send({ type: 'notification.select', id: 42, link: null });
    await harness.reject('markSeen', silentFailure(404));
    expectSignedIn(harness, { live: 'connecting' }, 'ready');
    expect(unreadCount(harness.context.items)).toBe(1);
    expect(impl.socket.sent).toEqual([]);
    expect(impl.actions.followLink).not.toHaveBeenCalled();
    expect(impl.actions.logFailure).toHaveBeenCalledTimes(1);
  });
});
