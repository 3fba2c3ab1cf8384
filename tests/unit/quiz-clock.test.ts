import { describe, expect, it } from 'vitest';
import { formatCountdown, scoreParts } from '@/features/learning/quiz/format';
import { warningOf } from '../../machines/quizAttempt.connect.ts';
import { clockOffset, RETRY_MAX_MS, retryDelay, timeLeft } from '../../machines/quizAttempt.machine.ts';

describe('the quiz countdown', () => {
  it('measures the device clock offset at the middle of the round trip', () => {
    const server = '2026-11-23T10:00:00.000Z';
    const serverMs = Date.parse(server);
    // The device is 90 s fast; the request took 400 ms each way round.
    expect(clockOffset(server, serverMs + 90_000 - 200, serverMs + 90_000 + 200)).toBe(-90_000);
    // The device is 2 min slow.
    expect(clockOffset(server, serverMs - 120_000 - 50, serverMs - 120_000 + 50)).toBe(120_000);
    // A device clock that went backwards during the call counts the send time only.
    expect(clockOffset(server, serverMs, serverMs - 5000)).toBe(0);
    expect(clockOffset('not a date', 1, 2)).toBe(0);
  });

  it('counts down to the server deadline on the corrected clock, never below zero', () => {
    const deadline = Date.parse('2026-11-23T10:10:00.000Z');
    const offset = 120_000; // the device is 2 minutes slow
    const deviceNow = Date.parse('2026-11-23T10:00:00.000Z') - offset;
    expect(timeLeft(deadline, deviceNow, offset)).toBe(600_000);
    expect(timeLeft(deadline, deviceNow + 600_000, offset)).toBe(0);
    expect(timeLeft(deadline, deviceNow + 900_000, offset)).toBe(0);
    expect(timeLeft(null, deviceNow, offset)).toBeNull();
  });

  it('warns once at 5 minutes and once at 1 minute left', () => {
    expect(warningOf(null)).toBeNull();
    expect(warningOf(5 * 60_000 + 1)).toBeNull();
    expect(warningOf(5 * 60_000)).toBe(5);
    expect(warningOf(60_001)).toBe(5);
    expect(warningOf(60_000)).toBe(1);
    expect(warningOf(0)).toBe(1);
  });

  it('backs off failed saves: 2 s, 4 s, 8 s … at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([
      2000,
      4000,
      8000,
      16_000,
      RETRY_MAX_MS,
      RETRY_MAX_MS,
    ]);
  });

  it('shows the time left in each language’s digits', () => {
    expect(formatCountdown(65_400, 'en')).toBe('01:06');
    expect(formatCountdown(3_600_000 + 5000, 'en')).toBe('1:00:05');
    expect(formatCountdown(-5, 'en')).toBe('00:00');
    expect(formatCountdown(65_000, 'ar')).toBe('٠١:٠٥');
    expect(scoreParts(7.5, 'en')).toEqual({ score: '7.5', max: '10' });
    expect(scoreParts(7.5, 'ar')).toEqual({ score: '٧٫٥', max: '١٠' });
  });
});
