import {
  notificationSelectedMessage,
  notificationSelectedMessageSchema,
  SOCKET_PATHS,
} from '@contract/wire/notifications';
import { describe, expect, it } from 'vitest';
import { socketUrl, touchesNotifications } from '../../src/api/notifications';

describe('socketUrl', () => {
  it('uses the page host with ws: under http and wss: under https when the API base is a path', () => {
    expect(socketUrl(SOCKET_PATHS.notifications, 'a.b.c', '/api/v1', 'http://localhost:3000')).toBe(
      'ws://localhost:3000/ws/notifications?token=a.b.c',
    );
    expect(socketUrl(SOCKET_PATHS.notifications, 'a.b.c', '/api/v1', 'https://training.kfu.edu.sa')).toBe(
      'wss://training.kfu.edu.sa/ws/notifications?token=a.b.c',
    );
  });

  it("uses the API's own host when the API base is an address, and encodes the token", () => {
    expect(
      socketUrl(SOCKET_PATHS.chat, 'x+y/z=', 'https://api.example.org/api/v1?x=1#y', 'http://localhost:5173'),
    ).toBe('wss://api.example.org/ws/chat?token=x%2By%2Fz%3D');
  });
});

describe('notification_selected', () => {
  it('is the message the server expects', () => {
    expect(notificationSelectedMessageSchema.parse(notificationSelectedMessage(42))).toEqual({
      type: 'notification_selected',
      id: 42,
    });
  });
});

describe('touchesNotifications', () => {
  it('reads the list again for notifications, not for the live attendance count', () => {
    expect(touchesNotifications({ type: 'new_notification', id: 3 })).toBe(true);
    expect(touchesNotifications({ type: 'notification_seen', id: 3 })).toBe(true);
    expect(touchesNotifications({ type: 'something_new' })).toBe(true);
    expect(
      touchesNotifications({ type: 'attendance_marked', course_id: 4, date: '2026-11-24', present: 12 }),
    ).toBe(false);
  });
});
