import { type Notification, SOCKET_REFUSED, SOCKET_SUPERSEDED } from '@contract/wire/notifications';
import { describe, expect, it } from 'vitest';
import { fromCallback, type StateValue } from 'xstate';
import {
  type NotificationsContext,
  notificationsMachine,
  type SocketCommand,
  unreadCount,
} from '../../machines/notifications.machine.ts';
import { silentFailure } from './support/fixtures.ts';
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

/** A socket actor that records what the machine asks it to send, and whether it is running. */
function recordingSocket() {
  const sent: SocketCommand[] = [];
  const tokens: string[] = [];
  let running = 0;
  const logic = fromCallback<SocketCommand, { token: string }>(({ input, receive }) => {
    tokens.push(input.token);
    running += 1;
    receive((command) => sent.push(command));
    return () => {
      running -= 1;
    };
  });
  return { logic, sent, tokens, running: () => running };
}

function implementations() {
  const socket = recordingSocket();
  return {
    socket,
    actors: {
      socket: socket.logic,
      fetchNotifications: scriptedPromise<Notification[]>(),
      markSeen: scriptedPromise<Notification, { id: number }>(),
      renewSession: scriptedPromise<void>(),
    },
    actions: spyActions(notificationsMachine, ['followLink', 'logFailure']),
  };
}

describe('notifications machine: generated paths', () => {
  const model = createPathModel(notificationsMachine, {
    events: [
      { type: 'session.changed', token: 'access-1' },
      { type: 'session.changed', token: 'access-2' },
      { type: 'session.changed', token: null },
      { type: 'socket.opened' },
      { type: 'socket.message' },
      { type: 'socket.closed', code: 1006 },
      { type: 'socket.closed', code: SOCKET_REFUSED },
      { type: 'socket.closed', code: SOCKET_SUPERSEDED },
      { type: 'page.resumed' },
      { type: 'notification.select', id: registered.id, link: registered.link ?? null },
      { type: 'notifications.refetch' },
      doneActor('fetchNotifications', [registered, approved]),
      errorActor('fetchNotifications', silentFailure(503)),
      doneActor('markSeen', { ...registered, seen: true }),
      errorActor('markSeen', silentFailure(404)),
      doneActor('renewSession', undefined),
      errorActor('renewSession', silentFailure(401)),
    ],
    serializeState: serializeValueAnd((context: NotificationsContext) => ({
      token: context.token,
      selected: context.selected?.id ?? null,
    })),
    implementations,
  });

  replayEveryPathCoveringAll(model);
});

describe('notifications machine: behaviour', () => {
  const launch = harnesses(notificationsMachine);

  function start() {
    const impl = implementations();
    return { harness: launch(impl), impl };
  }

  const signedInState = (connection: StateValue, list: string, selection = 'idle'): StateValue => ({
    signedIn: { connection, list, selection },
  });

  it('connects only while signed in, with the session token, and reads the list', async () => {
    const { harness, impl } = start();
    expectState(harness, 'signedOut');
    expect(impl.socket.running()).toBe(0);
    await harness.send({ type: 'session.changed', token: 'access-1' });
    expect(impl.socket.tokens).toEqual(['access-1']);
    expectState(harness, signedInState({ live: 'connecting' }, 'loading'));
    await harness.resolve('fetchNotifications', [registered, approved]);
    expect(unreadCount(harness.context.items)).toBe(2);
    expect(harness.context.loaded).toBe(true);

    await harness.send({ type: 'session.changed', token: null });
    expectState(harness, 'signedOut');
    expect(impl.socket.running()).toBe(0);
    expect(harness.context.items).toEqual([]);
  });

  it('reads the list again on every server message and after every reconnection', async () => {
    const { harness, impl } = start();
    await harness.send({ type: 'session.changed', token: 'access-1' });
    await harness.resolve('fetchNotifications', [approved]);
    await harness.send({ type: 'socket.opened' });
    expectState(harness, signedInState({ live: 'open' }, 'loading'));
    await harness.resolve('fetchNotifications', [approved]);
    await harness.send({ type: 'socket.message' });
    await harness.resolve('fetchNotifications', [registered, approved]);
    expect(harness.context.items.map((item) => item.id)).toEqual([42, 41]);

    // The network drops; partysocket reconnects by itself; what came meanwhile is read.
    await harness.send({ type: 'socket.closed', code: 1006 });
    expectState(harness, signedInState({ live: 'reconnecting' }, 'ready'));
    await harness.send({ type: 'socket.opened' });
    expectState(harness, signedInState({ live: 'open' }, 'loading'));
    expect(impl.socket.tokens).toEqual(['access-1']);
  });

  it('keeps the last list when a read fails, and logs it', async () => {
    const { harness, impl } = start();
    await harness.send({ type: 'session.changed', token: 'access-1' });
    await harness.resolve('fetchNotifications', [approved]);
    await harness.send({ type: 'socket.message' });
    await harness.reject('fetchNotifications', silentFailure(503));
    expectState(harness, signedInState({ live: 'connecting' }, 'failed'));
    expect(harness.context.items).toEqual([approved]);
    expect(impl.actions.logFailure).toHaveBeenCalledTimes(1);
  });

  it('renews a refused token and reconnects with the new one', async () => {
    const { harness, impl } = start();
    await harness.send({ type: 'session.changed', token: 'access-1' });
    await harness.send({ type: 'socket.closed', code: SOCKET_REFUSED });
    expectState(harness, signedInState('renewing', 'loading'));
    expect(impl.socket.running()).toBe(0);
    await harness.resolve('renewSession', undefined);
    await harness.send({ type: 'session.changed', token: 'access-2' });
    expect(impl.socket.tokens).toEqual(['access-1', 'access-1', 'access-2']);
    expect(impl.socket.running()).toBe(1);
    expectState(harness, signedInState({ live: 'connecting' }, 'loading'));
  });

  it('waits for the page to come back when a newer tab took its socket, then connects again', async () => {
    const { harness, impl } = start();
    await harness.send({ type: 'session.changed', token: 'access-1' });
    await harness.resolve('fetchNotifications', [approved]);
    await harness.send({ type: 'socket.opened' });
    await harness.resolve('fetchNotifications', [approved]);
    // Reconnecting at once would close another tab's socket, which would reconnect in turn.
    await harness.send({ type: 'socket.closed', code: SOCKET_SUPERSEDED });
    expectState(harness, signedInState('superseded', 'ready'));
    expect(impl.socket.running()).toBe(0);
    // The list can still be read by hand meanwhile.
    await harness.send({ type: 'notifications.refetch' });
    await harness.resolve('fetchNotifications', [registered, approved]);
    expectState(harness, signedInState('superseded', 'ready'));
    await harness.send({ type: 'page.resumed' });
    expectState(harness, signedInState({ live: 'connecting' }, 'ready'));
    expect(impl.socket.tokens).toEqual(['access-1', 'access-1']);
    expect(impl.socket.running()).toBe(1);
    await harness.send({ type: 'socket.opened' });
    expectState(harness, signedInState({ live: 'open' }, 'loading'));
  });

  it('ignores the page coming back while its socket is live', async () => {
    const { harness, impl } = start();
    await harness.send({ type: 'session.changed', token: 'access-1' });
    await harness.send({ type: 'socket.opened' });
    await harness.send({ type: 'page.resumed' });
    expectState(harness, signedInState({ live: 'open' }, 'loading'));
    expect(impl.socket.tokens).toEqual(['access-1']);
  });

  it('stays offline when the session cannot be renewed, until the session changes', async () => {
    const { harness } = start();
    await harness.send({ type: 'session.changed', token: 'access-1' });
    await harness.send({ type: 'socket.closed', code: SOCKET_REFUSED });
    await harness.reject('renewSession', silentFailure(401));
    expectState(harness, signedInState('offline', 'loading'));
    await harness.send({ type: 'session.changed', token: null });
    expectState(harness, 'signedOut');
  });

  it('marks a clicked notification seen, tells the socket, reads again and follows the link', async () => {
    const { harness, impl } = start();
    await harness.send({ type: 'session.changed', token: 'access-1' });
    await harness.resolve('fetchNotifications', [registered, approved]);
    await harness.send({ type: 'socket.opened' });
    await harness.resolve('fetchNotifications', [registered, approved]);
    await harness.send({ type: 'notification.select', id: 42, link: '/event-details/3' });
    expectState(harness, signedInState({ live: 'open' }, 'ready', 'marking'));
    await harness.resolve('markSeen', { ...registered, seen: true });
    expect(unreadCount(harness.context.items)).toBe(1);
    expect(impl.socket.sent).toEqual([
      { type: 'socket.send', message: { type: 'notification_selected', id: 42 } },
    ]);
    expectState(harness, signedInState({ live: 'open' }, 'loading'));
    expect(impl.actions.followLink).toHaveBeenCalledWith(expect.anything(), { link: '/event-details/3' });
  });

  it('tells no socket when the mark-as-seen ends while the session is renewed, but reads again and follows the link', async () => {
    const { harness, impl } = start();
    await harness.send({ type: 'session.changed', token: 'access-1' });
    await harness.resolve('fetchNotifications', [registered, approved]);
    await harness.send({ type: 'notification.select', id: 42, link: '/event-details/3' });
    await harness.send({ type: 'socket.closed', code: SOCKET_REFUSED });
    expectState(harness, signedInState('renewing', 'ready', 'marking'));
    await harness.resolve('markSeen', { ...registered, seen: true });
    expectState(harness, signedInState('renewing', 'loading'));
    expect(impl.socket.sent).toEqual([]);
    expect(unreadCount(harness.context.items)).toBe(1);
    expect(impl.actions.followLink).toHaveBeenCalledWith(expect.anything(), { link: '/event-details/3' });
    expect(harness.context.selected).toBeNull();
  });

  it('only logs a failed mark-as-seen', async () => {
    const { harness, impl } = start();
    await harness.send({ type: 'session.changed', token: 'access-1' });
    await harness.resolve('fetchNotifications', [registered]);
    await harness.send({ type: 'notification.select', id: 42, link: null });
    await harness.reject('markSeen', silentFailure(404));
    expectState(harness, signedInState({ live: 'connecting' }, 'ready'));
    expect(unreadCount(harness.context.items)).toBe(1);
    expect(impl.socket.sent).toEqual([]);
    expect(impl.actions.followLink).not.toHaveBeenCalled();
    expect(impl.actions.logFailure).toHaveBeenCalledTimes(1);
  });
});
