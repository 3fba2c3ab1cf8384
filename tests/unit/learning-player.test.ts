import { describe, expect, it } from 'vitest';
import { gradeText, minutesOf, paragraphsOf, targetOfParam } from '@/features/learning/learning-text';
import {
  nextPosition,
  type PlayerMoment,
  type PositionState,
  SAVE_EVERY_SECONDS,
  startPosition,
  withDuration,
} from '@/features/learning/lectures/video-position';

/** Plays moments through the saving rules; returns what was sent. */
function play(state: PositionState, moments: PlayerMoment[]): { saves: number[]; state: PositionState } {
  const saves: number[] = [];
  let current = state;
  for (const moment of moments) {
    const step = nextPosition(current, moment);
    current = step.state;
    if (step.save !== null) saves.push(step.save);
  }
  return { saves, state: current };
}

const progress = (seconds: number): PlayerMoment => ({ type: 'progress', seconds });

describe('video position saving', () => {
  it('saves every ten seconds of the video played, not every time update', () => {
    const moments = Array.from({ length: 100 }, (_, index) => progress(index * 0.25));
    expect(play(startPosition(null, 600), moments).saves).toEqual([10, 20]);
    expect(SAVE_EVERY_SECONDS).toBe(10);
  });

  it('counts from where the lecture started', () => {
    expect(play(startPosition(42, 600), [progress(42.2), progress(51.9), progress(52)]).saves).toEqual([52]);
  });

  it('saves on pause, after a seek and at the end, unless nothing moved', () => {
    const state = startPosition(30, 600);
    expect(play(state, [{ type: 'pause', seconds: 30.2 }]).saves).toEqual([]);
    expect(play(state, [{ type: 'pause', seconds: 33.46 }]).saves).toEqual([33.5]);
    expect(
      play(state, [
        { type: 'seeked', seconds: 300 },
        { type: 'seeked', seconds: 12 },
      ]).saves,
    ).toEqual([300, 12]);
    expect(play(state, [{ type: 'ended', seconds: 600 }]).saves).toEqual([600]);
  });

  it('saves when the page is left, best-effort, once', () => {
    const state = startPosition(0, 600);
    expect(
      play(state, [progress(4), { type: 'leave', seconds: 4 }, { type: 'leave', seconds: 4 }]).saves,
    ).toEqual([4]);
  });

  it('saves as playing crosses 90 % of the length, so the video counts as watched', () => {
    const state = withDuration(startPosition(85, 0), 100);
    expect(play(state, [progress(88), progress(90), progress(91)]).saves).toEqual([90]);
    // Unknown length: only the regular saves.
    expect(play(startPosition(85, Number.NaN), [progress(90), progress(95)]).saves).toEqual([95]);
  });

  it('never saves a negative place', () => {
    expect(play(startPosition(5, 60), [{ type: 'seeked', seconds: -1 }]).saves).toEqual([0]);
  });
});

describe('lecture text', () => {
  it('splits a body into paragraphs on blank lines, as text', () => {
    expect(paragraphsOf('One\nline two\n\n  \n<b>Two</b>\r\n\r\nThree  ')).toEqual([
      'One\nline two',
      '<b>Two</b>',
      'Three',
    ]);
    expect(paragraphsOf('   ')).toEqual([]);
  });

  it('gives a video whole minutes, rounded up', () => {
    expect([minutesOf(0), minutesOf(59), minutesOf(60), minutesOf(61), minutesOf(125)]).toEqual([
      1, 1, 1, 2, 3,
    ]);
  });

  it('writes grades in the digits of the language', () => {
    expect(gradeText(8.5, 10, 'en')).toBe('8.5 / 10');
    expect(gradeText(8.5, 10, 'ar')).toBe('٨٫٥ / ١٠');
  });

  it("reads the address's lecture part", () => {
    expect(targetOfParam(undefined)).toBeNull();
    expect(targetOfParam('grades')).toBe('grades');
    expect(targetOfParam('42')).toBe(42);
    for (const wrong of ['0', '-3', '4.5', 'abc', '١٢', '99999999999'])
      expect(targetOfParam(wrong)).toBeUndefined();
  });
});
