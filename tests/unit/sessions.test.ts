import {
  addDays,
  centreDate,
  centreInstant,
  centreTime,
  courseSessions,
  daysBetween,
  heldSessionCount,
  isIsoDate,
  type SessionCourse,
  sessionMinutes,
  sessionsOn,
  weekdayOf,
  weekStartOf,
} from '@contract/domain/sessions';
import type { SessionChange } from '@contract/wire/sessions';
import { describe, expect, it } from 'vitest';

// 2026-11-21 is a Saturday.
const course: SessionCourse = {
  start_date: '2026-11-22',
  end_date: '2026-12-06',
  routine: [
    { day: 'Sunday', start_time: '09:00', end_time: '11:00' },
    { day: 'Tuesday', start_time: '16:00', end_time: '18:00' },
  ],
};

describe('course sessions', () => {
  it('knows the centre week: Saturday to Friday', () => {
    expect(weekdayOf('2026-11-21')).toBe('Saturday');
    expect(weekdayOf('2026-11-27')).toBe('Friday');
    expect(weekStartOf('2026-11-27')).toBe('2026-11-21');
    expect(weekStartOf('2026-11-28')).toBe('2026-11-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-11-21', '2026-11-28')).toBe(7);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-02-28')).toBe(true);
  });

  it('reads the centre date and time in its zone, whatever the instant', () => {
    expect(centreDate(new Date('2026-11-23T21:30:00Z'), 'Asia/Riyadh')).toBe('2026-11-24');
    expect(centreTime(new Date('2026-11-23T21:30:00Z'), 'Asia/Riyadh')).toBe('00:30');
    expect(centreInstant('2026-11-24', '09:00', 'Asia/Riyadh').toISOString()).toBe(
      '2026-11-24T06:00:00.000Z',
    );
    expect(centreDate(new Date('2026-11-23T11:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-11-24');
    expect(centreDate(new Date('2026-11-24T11:00:00Z'), 'Etc/GMT+12')).toBe('2026-11-23');
    expect(centreTime(new Date('2026-11-24T11:00:00Z'), 'Etc/GMT+12')).toBe('23:00');
    expect(centreInstant('2026-11-24', '00:00', 'Pacific/Kiritimati').toISOString()).toBe(
      '2026-11-23T10:00:00.000Z',
    );
  });

  it('follows a zone across its daylight saving changes', () => {
    // Berlin: UTC+1 in winter, UTC+2 from 29 March 2026 02:00 to 25 October 2026 03:00.
    expect(centreInstant('2026-03-28', '09:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-28T08:00:00.000Z',
    );
    expect(centreInstant('2026-03-29', '09:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T07:00:00.000Z',
    );
    expect(centreInstant('2026-10-25', '09:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-10-25T08:00:00.000Z',
    );
    expect(centreTime(new Date('2026-03-29T00:59:00Z'), 'Europe/Berlin')).toBe('01:59');
    expect(centreTime(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe('03:00');
  });

  it('lists the routine days between the dates', () => {
    const sessions = courseSessions(course, [], '2026-11-01', '2026-12-31');
    expect(sessions.map((s) => s.date)).toEqual([
      '2026-11-22',
      '2026-11-24',
      '2026-11-29',
      '2026-12-01',
      '2026-12-06',
    ]);
    expect(sessions[1]).toMatchObject({ day: 'Tuesday', start_time: '16:00', status: 'scheduled' });
  });

  it('stops on the day the course was closed', () => {
    const closed = { ...course, closed_on: '2026-11-29' };
    expect(courseSessions(closed, [], '2026-11-01', '2026-12-31').map((s) => s.date)).toEqual([
      '2026-11-22',
      '2026-11-24',
      '2026-11-29',
    ]);
  });

  it('applies a cancellation and a move', () => {
    const changes: SessionChange[] = [
      {
        session_date: '2026-11-24',
        action: 'cancelled',
        new_date: null,
        start_time: null,
        end_time: null,
        reason: 'Holiday',
      },
      {
        session_date: '2026-11-29',
        action: 'moved',
        new_date: '2026-11-30',
        start_time: '10:00',
        end_time: '12:00',
        reason: '',
      },
    ];
    const sessions = courseSessions(course, changes, '2026-11-22', '2026-11-30');
    expect(sessions.map((s) => [s.date, s.status])).toEqual([
      ['2026-11-22', 'scheduled'],
      ['2026-11-24', 'cancelled'],
      ['2026-11-30', 'moved'],
    ]);
    expect(sessions[2]).toMatchObject({ original_date: '2026-11-29', day: 'Monday', start_time: '10:00' });
    expect(sessionsOn(course, changes, '2026-11-24')).toEqual([]);
    expect(sessionsOn(course, changes, '2026-11-29')).toEqual([]);
    expect(sessionsOn(course, changes, '2026-11-30')).toHaveLength(1);
    expect(heldSessionCount(course, changes, '2026-12-06')).toBe(4);
  });
});

describe('session minutes', () => {
  it('adds up how long the sessions last, moved ones at their new times, cancelled ones left out by the caller', () => {
    const changes: SessionChange[] = [
      {
        session_date: '2026-11-24',
        action: 'moved',
        new_date: '2026-11-25',
        start_time: '16:00',
        end_time: '19:30',
        reason: '',
      },
    ];
    const held = courseSessions(course, changes, course.start_date, '2026-11-29').filter(
      (session) => session.status !== 'cancelled',
    );
    // Sunday 22nd (2 h), Wednesday 25th moved (3.5 h), Sunday 29th (2 h).
    expect(sessionMinutes(held)).toBe(450);
    expect(sessionMinutes([])).toBe(0);
  });
});
