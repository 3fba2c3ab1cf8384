import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { CourseLectures, LectureDetails } from '@contract/wire/learning';
import { describe, expect, it } from 'vitest';
import { connectCoursePlayer } from '../../machines/coursePlayer.connect.ts';
import {
  type CoursePlayerEvent,
  type CoursePlayerInput,
  coursePlayerMachine,
} from '../../machines/coursePlayer.machine.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
import { COURSE_LECTURES, lectureDetails } from './support/learning-fixtures.ts';
import { doneActor, errorActor, harnesses, type RuntimeEvent, scriptedPromise } from './support/paths.ts';

const launch = harnesses(coursePlayerMachine);

/** The view model after `events`, played on a real actor whose reads the events answer. */
async function view(input: CoursePlayerInput, events: ReadonlyArray<CoursePlayerEvent | RuntimeEvent>) {
  const started = launch(
    {
      actors: {
        loadCourse: scriptedPromise<CourseLectures>(),
        loadLecture: scriptedPromise<LectureDetails>(),
        refresh: scriptedPromise<{ course: CourseLectures; lecture: LectureDetails }>(),
      },
    },
    { input },
  );
  for (const event of events) await started.play(event);
  const sent: CoursePlayerEvent[] = [];
  return { view: connectCoursePlayer(started.snapshot, (event) => sent.push(event)), sent };
}

const course = doneActor('loadCourse', COURSE_LECTURES);

describe('course player connect', () => {
  it('shows a placeholder and no sidebar while the course is read', async () => {
    const { view: loading } = await view({ courseId: 12, target: 22 }, []);
    expect(loading).toMatchObject({ sidebar: null, main: { status: 'loading' }, previous: null, next: null });
  });

  it('lists the lectures by week with their kinds, read marks and the current one', async () => {
    const { view: shown } = await view({ courseId: 12, target: 22 }, [
      course,
      doneActor('loadLecture', lectureDetails(22, { file_extension: 'webm' })),
    ]);
    expect(shown.sidebar?.progress).toEqual({ read: 1, total: 5 });
    expect(shown.sidebar?.weeks.map((week) => week.title)).toEqual([
      'Week 1: Foundations',
      'Week 2: Practice',
    ]);
    const items = shown.sidebar?.weeks.flatMap((week) => week.items) ?? [];
    expect(items.map((item) => [item.id, item.kind, item.isRead, item.current, item.target])).toEqual([
      [21, 'read', true, false, 21],
      [22, 'video', false, true, 22],
      [23, 'pdf', false, false, 23],
      [24, 'assignment', false, false, 24],
      [25, 'quiz', false, false, 25],
      [26, 'grades', false, false, 'grades'],
    ]);
    expect(items[1]?.duration).toBe(125);
    expect(shown.main).toMatchObject({ status: 'lecture', kind: 'video', refreshing: false });
    expect([shown.previous, shown.next]).toEqual([21, 23]);
  });

  it("takes Previous and Next from the lecture, the grades item's as the grades address", async () => {
    const { view: last } = await view({ courseId: 12, target: 25 }, [
      course,
      doneActor('loadLecture', lectureDetails(25)),
    ]);
    expect([last.previous, last.next]).toEqual([24, 'grades']);
  });

  it('takes Previous and Next from the list on the grades page and while a lecture loads', async () => {
    const { view: grades } = await view({ courseId: 12, target: 'grades' }, [course]);
    expect(grades.main).toEqual({ status: 'grades' });
    expect(grades.sidebar?.weeks[1]?.items[2]?.current).toBe(true);
    expect([grades.previous, grades.next]).toEqual([25, null]);
    const { view: loading } = await view({ courseId: 12, target: 21 }, [course]);
    expect(loading.main).toEqual({ status: 'loading' });
    expect([loading.previous, loading.next]).toEqual([null, 22]);
  });

  it('says a refusal without a retry, and offers a retry after another failure', async () => {
    const withdrawn = httpFailure(403, SERVER_MESSAGES.courseWithdrawn);
    const { view: refused } = await view({ courseId: 12, target: null }, [
      errorActor('loadCourse', withdrawn),
    ]);
    expect(refused.main).toEqual({ status: 'refused', error: withdrawn });
    expect(refused.sidebar).toBeNull();
    const down = silentFailure(503);
    const { view: failed, sent } = await view({ courseId: 12, target: 22 }, [
      course,
      errorActor('loadLecture', down),
    ]);
    expect(failed.main).toMatchObject({ status: 'failed', error: down });
    if (failed.main.status !== 'failed') throw new Error('expected a failure');
    failed.main.retry();
    expect(sent).toEqual([{ type: 'retry' }]);
    expect(failed.sidebar).not.toBeNull();
  });

  it('tells a missing course from a lecture that is not part of it, and an empty course', async () => {
    const unknown = httpFailure(404, 'Not found');
    expect(
      (await view({ courseId: 12, target: null }, [errorActor('loadCourse', unknown)])).view.main,
    ).toEqual({
      status: 'missing',
      what: 'course',
    });
    expect((await view({ courseId: 12, target: 99 }, [course])).view.main).toEqual({
      status: 'missing',
      what: 'lecture',
    });
    const empty = { ...COURSE_LECTURES, weeks: [] };
    expect((await view({ courseId: 12, target: null }, [doneActor('loadCourse', empty)])).view.main).toEqual({
      status: 'empty',
    });
  });

  it('opens and closes the drawer, and reads again when the lecture changed', async () => {
    const { view: closed, sent } = await view({ courseId: 12, target: 22 }, [course]);
    expect(closed.drawerOpen).toBe(false);
    closed.openDrawer();
    closed.closeDrawer();
    closed.changed();
    expect(sent).toEqual([{ type: 'drawer.open' }, { type: 'drawer.close' }, { type: 'lecture.changed' }]);
    const { view: open } = await view({ courseId: 12, target: 22 }, [course, { type: 'drawer.open' }]);
    expect(open.drawerOpen).toBe(true);
    const { view: refreshing } = await view({ courseId: 12, target: 22 }, [
      course,
      doneActor('loadLecture', lectureDetails(22)),
      { type: 'lecture.changed' },
    ]);
    expect(refreshing.main).toMatchObject({ status: 'lecture', refreshing: true });
  });
});
