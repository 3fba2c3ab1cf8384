import type { EventSummary } from '@contract/wire/events';
import { describe, expect, it } from 'vitest';
import { eventsInOrder } from '@/features/home/events';
import { formatDate, formatDateTimeRange } from '@/i18n/dates';

function event(id: number, start: string, end: string): EventSummary {
  const title = `Event ${id}`;
  return { id, image: '', date_range: { start, end }, title, title_ar: title, event_access: 'Public' };
}

describe("home's events carousel order", () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const longAgo = event(1, '2026-09-01T06:00:00Z', '2026-09-02T06:00:00Z');
  const lately = event(2, '2026-11-01T06:00:00Z', '2026-11-01T09:00:00Z');
  const ongoing = event(3, '2026-11-23T06:00:00Z', '2026-11-26T06:00:00Z');
  const soon = event(4, '2026-11-28T06:00:00Z', '2026-11-28T09:00:00Z');
  const later = event(5, '2026-12-20T06:00:00Z', '2026-12-20T14:00:00Z');

  it('puts events not over yet first, soonest first, then ended ones, latest first, in any order given', () => {
    const order = eventsInOrder([longAgo, later, lately, soon, ongoing], now);
    expect(order.map((item) => [item.event.id, item.ended])).toEqual([
      [3, false],
      [4, false],
      [5, false],
      [2, true],
      [1, true],
    ]);
  });

  it('counts an event as ended only once its end has passed', () => {
    const endsNow = event(6, '2026-11-23T09:00:00Z', '2026-11-23T12:00:00Z');
    expect(eventsInOrder([endsNow], now)[0]?.ended).toBe(false);
    expect(eventsInOrder([endsNow], now + 1)[0]?.ended).toBe(true);
  });
});

describe("dates and times in the centre's time zone", () => {
  it('shows an event at Riyadh time, three hours after UTC', () => {
    expect(formatDateTimeRange('2026-11-28T06:00:00Z', '2026-11-28T09:00:00Z', 'en')).toBe(
      '28 Nov 2026, 09:00–12:00',
    );
  });

  it('keeps a date-only value on its own day, and a late UTC time on the next Riyadh day', () => {
    expect(formatDate('2026-12-07', 'en')).toBe('7 Dec 2026');
    expect(formatDate('2026-12-06T22:30:00Z', 'en')).toBe('7 Dec 2026');
  });
});
