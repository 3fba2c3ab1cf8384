import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { CourseLectures, LectureDetails } from '@contract/wire/learning';
import { describe, expect, it } from 'vitest';
import {
  type CoursePlayerContext,
  type CoursePlayerInput,
  coursePlayerMachine,
  firstTarget,
  type LectureTarget,
  targetOf,
} from '../../machines/coursePlayer.machine.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
import { ALL_READ, COURSE_LECTURES, lectureDetails, NO_LECTURES } from './support/learning-fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectJointCoverage,
  expectState,
  harnesses,
  replayEveryPath,
  scriptedPromise,
  serializeValueAnd,
  spyActions,
} from './support/paths.ts';

const WITHDRAWN = httpFailure(403, SERVER_MESSAGES.courseWithdrawn);
const NOT_ENROLLED = httpFailure(403, SERVER_MESSAGES.notEnrolled);
const UNKNOWN = httpFailure(404, 'Not found');
const DOWN = silentFailure(503);

function implementations() {
  return {
    actors: {
      loadCourse: scriptedPromise<CourseLectures, { courseId: number }>(),
      loadLecture: scriptedPromise<LectureDetails, { lectureId: number }>(),
      refresh: scriptedPromise<
        { course: CourseLectures; lecture: LectureDetails },
        { courseId: number; lectureId: number }
      >(),
    },
    actions: spyActions(coursePlayerMachine, ['replaceAddress'] as const),
  };
}

const open = (target: LectureTarget | null) => ({ type: 'lecture.open' as const, target });

function model(input: CoursePlayerInput) {
  return createPathModel(coursePlayerMachine, {
    input,
    events: [
      doneActor('loadCourse', COURSE_LECTURES),
      doneActor('loadCourse', NO_LECTURES),
      errorActor('loadCourse', WITHDRAWN),
      errorActor('loadCourse', UNKNOWN),
      errorActor('loadCourse', DOWN),
      doneActor('loadLecture', lectureDetails(22)),
      errorActor('loadLecture', NOT_ENROLLED),
      errorActor('loadLecture', UNKNOWN),
      errorActor('loadLecture', DOWN),
      doneActor('refresh', { course: ALL_READ, lecture: lectureDetails(22, { is_read: true }) }),
      errorActor('refresh', WITHDRAWN),
      errorActor('refresh', DOWN),
      open(23),
      open('grades'),
      open(26),
      open(99),
      open(null),
      { type: 'retry' },
      { type: 'lecture.changed' },
      { type: 'drawer.open' },
      { type: 'drawer.close' },
    ],
    serializeState: serializeValueAnd((context: CoursePlayerContext) => [
      context.target,
      context.course?.weeks.length ?? 0,
    ]),
    implementations,
  });
}

describe('course player machine: generated paths', () => {
  const fromCourse = model({ courseId: 12, target: null });
  const fromLecture = model({ courseId: 12, target: 23 });
  describe('opened without a lecture', () => replayEveryPath(fromCourse));
  describe('opened on a lecture', () => replayEveryPath(fromLecture));
  it('reaches every state and every transition', async () => {
    await expectJointCoverage([fromCourse, fromLecture]);
  });
});

describe('course player machine: behaviour', () => {
  const launch = harnesses(coursePlayerMachine);

  it('opens the first unread lecture when the address names none, replacing the address', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { courseId: 12, target: null } });
    expect(impl.actors.loadCourse.inputs).toEqual([{ courseId: 12 }]);
    await harness.resolve('loadCourse', COURSE_LECTURES);
    expectState(harness, { content: 'loadingLecture', drawer: 'closed' });
    expect(impl.actors.loadLecture.inputs).toEqual([{ lectureId: 22 }]);
    expect(impl.actions.replaceAddress).toHaveBeenCalledTimes(1);
    expect(impl.actions.replaceAddress.mock.calls[0]?.[1]).toEqual({ target: 22 });
    await harness.resolve('loadLecture', lectureDetails(22));
    expectState(harness, { content: { showing: 'idle' }, drawer: 'closed' });
    // The address now names lecture 22: the player is already there.
    await harness.send(open(22));
    expect(impl.actors.loadLecture.inputs).toHaveLength(1);
  });

  it('opens the first lecture when every lecture is read', async () => {
    expect(firstTarget(ALL_READ)).toBe(21);
    expect(firstTarget(COURSE_LECTURES)).toBe(22);
    expect(firstTarget(NO_LECTURES)).toBeNull();
  });

  it('knows the grades item by its class type, and gives it the grades address', async () => {
    expect(targetOf(COURSE_LECTURES, 26)).toBe('grades');
    expect(targetOf(COURSE_LECTURES, 24)).toBe(24);
    const impl = implementations();
    const harness = launch(impl, { input: { courseId: 12, target: 26 } });
    await harness.resolve('loadCourse', COURSE_LECTURES);
    expectState(harness, { content: 'showingGrades', drawer: 'closed' });
    expect(harness.context.target).toBe('grades');
    expect(impl.actions.replaceAddress.mock.calls[0]?.[1]).toEqual({ target: 'grades' });
    expect(impl.actors.loadLecture.inputs).toEqual([]);
  });

  it('moves to another lecture when the address changes, and closes the drawer', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { courseId: 12, target: 22 } });
    await harness.resolve('loadCourse', COURSE_LECTURES);
    await harness.resolve('loadLecture', lectureDetails(22));
    await harness.send({ type: 'drawer.open' });
    expectState(harness, { content: { showing: 'idle' }, drawer: 'open' });
    await harness.send(open(23));
    expectState(harness, { content: 'loadingLecture', drawer: 'closed' });
    expect(harness.context.lecture).toBeNull();
    expect(impl.actors.loadLecture.inputs).toEqual([{ lectureId: 22 }, { lectureId: 23 }]);
    expect(impl.actions.replaceAddress).not.toHaveBeenCalled();
  });

  it('says a lecture of another course is not part of this one, without reading it', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { courseId: 12, target: 99 } });
    await harness.resolve('loadCourse', COURSE_LECTURES);
    expectState(harness, { content: 'missing', drawer: 'closed' });
    expect(impl.actors.loadLecture.inputs).toEqual([]);
  });

  it('says a refusal once and does not retry it', async () => {
    const harness = launch(implementations(), { input: { courseId: 12, target: null } });
    await harness.reject('loadCourse', WITHDRAWN);
    expectState(harness, { content: 'refused', drawer: 'closed' });
    expect(harness.context.error).toBe(WITHDRAWN);
    await harness.send({ type: 'retry' });
    await harness.send(open(23));
    expectState(harness, { content: 'refused', drawer: 'closed' });
  });

  it('retries a failed read, going to the lecture asked for meanwhile', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { courseId: 12, target: 22 } });
    await harness.reject('loadCourse', DOWN);
    expectState(harness, { content: 'courseFailed', drawer: 'closed' });
    await harness.send(open(24));
    await harness.send({ type: 'retry' });
    await harness.resolve('loadCourse', COURSE_LECTURES);
    expect(impl.actors.loadLecture.inputs).toEqual([{ lectureId: 24 }]);
    await harness.reject('loadLecture', DOWN);
    expectState(harness, { content: 'lectureFailed', drawer: 'closed' });
    await harness.send({ type: 'retry' });
    expect(impl.actors.loadLecture.inputs).toEqual([{ lectureId: 24 }, { lectureId: 24 }]);
  });

  it('keeps the lecture on screen while it and the sidebar are read again', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { courseId: 12, target: 22 } });
    await harness.resolve('loadCourse', COURSE_LECTURES);
    await harness.resolve('loadLecture', lectureDetails(22));
    await harness.send({ type: 'lecture.changed' });
    expectState(harness, { content: { showing: 'refreshing' }, drawer: 'closed' });
    expect(harness.context.lecture?.id).toBe(22);
    expect(impl.actors.refresh.inputs).toEqual([{ courseId: 12, lectureId: 22 }]);
    await harness.resolve('refresh', { course: ALL_READ, lecture: lectureDetails(22, { is_read: true }) });
    expectState(harness, { content: { showing: 'idle' }, drawer: 'closed' });
    expect(harness.context.course).toBe(ALL_READ);
    expect(harness.context.lecture?.is_read).toBe(true);
    // A failed re-read leaves what is shown.
    await harness.send({ type: 'lecture.changed' });
    await harness.reject('refresh', DOWN);
    expectState(harness, { content: { showing: 'idle' }, drawer: 'closed' });
    expect(harness.context.course).toBe(ALL_READ);
  });
});
