import type { Notification } from '@contract/wire/notifications';
import { describe, expect, it } from 'vitest';
import { connectNotifications, type NotificationsView } from '../../machines/notifications.connect.ts';
import { type NotificationsEvent, notificationsMachine } from '../../machines/notifications.machine.ts';
import { silentFailure } from './support/fixtures.ts';
import { stubConnection } from './support/live-fixtures.ts';
import { doneActor, errorActor, harnesses, type RuntimeEvent, scriptedPromise } from './support/paths.ts';

const approved: Notification = {
  id: 41,
  title: 'Your trainer account is approved',
  text: 'You can now create courses and submit them for approval.',
  seen: true,
  link: null,
};
const registered: Notification = {
  id: 42,
  title: 'Event registration confirmed',
  text: 'You are registered for Al-Ahsa Innovation Forum.',
  seen: false,
  link: '/event-details/3',
};
const unlinked: Notification = { id: 43, title: 'Welcome', text: 'Welcome aboard.', seen: false };

const unseen = (count: number): Notification[] =>
  Array.from({ length: count }, (_, index) => ({ ...unlinked, id: 100 + index }));

const signIn: NotificationsEvent = { type: 'session.changed', token: 'access-1' };

const launch = harnesses(notificationsMachine);

/** The view model after `events`, played on a real actor whose reads the events answer. */
async function view(events: ReadonlyArray<NotificationsEvent | RuntimeEvent>): Promise<{
  view: NotificationsView;
  sent: NotificationsEvent[];
}> {
  const harness = launch({
    actors: {
      liveConnection: stubConnection().logic,
      fetchNotifications: scriptedPromise<Notification[]>(),
      markSeen: scriptedPromise<Notification, { id: number }>(),
    },
  });
  for (const event of events) await harness.play(event);
  const sent: NotificationsEvent[] = [];
  return { view: connectNotifications(harness.snapshot, (event) => sent.push(event)), sent };
}

const read = (items: Notification[]) => doneActor('fetchNotifications', items);

describe('notifications connect', () => {
  it('shows nothing read while signed out', async () => {
    expect((await view([])).view).toMatchObject({
      loaded: false,
      unread: 0,
      badge: null,
      items: [],
      empty: false,
      failed: false,
    });
  });

  it('says loading until the list is first read', async () => {
    expect((await view([signIn])).view).toMatchObject({ loaded: false, empty: false, failed: false });
  });

  it('counts the unread for the bell and the heading', async () => {
    const { view: list } = await view([signIn, read([registered, approved, unlinked])]);
    expect(list).toMatchObject({ loaded: true, unread: 2, badge: '2', empty: false, failed: false });
    expect(list.items.map((item) => [item.id, item.seen, item.notification])).toEqual([
      [42, false, registered],
      [41, true, approved],
      [43, false, unlinked],
    ]);
  });

  it('caps the badge at 99+', async () => {
    expect((await view([signIn, read(unseen(99))])).view.badge).toBe('99');
    expect((await view([signIn, read(unseen(100))])).view).toMatchObject({ unread: 100, badge: '99+' });
    expect((await view([signIn, read([approved])])).view).toMatchObject({ unread: 0, badge: null });
  });

  it('says the list is empty once read with nothing in it', async () => {
    expect((await view([signIn, read([])])).view).toMatchObject({ loaded: true, empty: true, items: [] });
  });

  it('marks what leads to another page, and selects with the link', async () => {
    const { view: list, sent } = await view([
      signIn,
      read([registered, approved, { ...unlinked, link: '' }]),
    ]);
    expect(list.items.map((item) => item.leadsAway)).toEqual([true, false, false]);
    for (const item of list.items) item.select();
    expect(sent).toEqual([
      { type: 'notification.select', id: 42, link: '/event-details/3' },
      { type: 'notification.select', id: 41, link: null },
      { type: 'notification.select', id: 43, link: '' },
    ]);
    const withoutLink = await view([signIn, read([unlinked])]);
    withoutLink.view.items[0]?.select();
    expect(withoutLink.sent).toEqual([{ type: 'notification.select', id: 43, link: null }]);
  });

  it('offers a retry when the first read fails', async () => {
    const { view: list, sent } = await view([signIn, errorActor('fetchNotifications', silentFailure(503))]);
    expect(list).toMatchObject({ loaded: false, failed: true, empty: false });
    list.retry();
    expect(sent).toEqual([{ type: 'notifications.refetch' }]);
  });

  it('keeps showing the last list when a later read fails', async () => {
    const { view: list } = await view([
      signIn,
      read([registered]),
      { type: 'socket.message' },
      errorActor('fetchNotifications', silentFailure(503)),
    ]);
    expect(list).toMatchObject({ loaded: true, failed: false, unread: 1 });
  });
});
