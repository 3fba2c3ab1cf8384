import type { CourseLectures } from '@contract/wire/learning';
import type { LectureTarget } from '@machines/coursePlayer.machine';
import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, createActor, waitFor } from 'xstate';
import { coursePlayerLive } from '@/features/learning/coursePlayer.live';
import { COURSE_LECTURES, lectureDetails } from '../machines/support/learning-fixtures';
import { type FakeAnswer, type FakeRequest, fakeApi } from './support/fake-api';

const COURSE_ID = COURSE_LECTURES.course.id;
const LECTURES = `/learning/courses/${COURSE_ID}/lectures/`;
const details = (lectureId: number) => `/course/individual-course-lecture-details/${lectureId}/`;

/** The enrolled trainee's course (lectures 21–26, 22 next) and its lectures; `course` may change. */
function learningServer() {
  const state = { course: COURSE_LECTURES as CourseLectures };
  const answer = (request: FakeRequest): FakeAnswer => {
    if (request.method === 'GET' && request.path === LECTURES) return { status: 200, body: state.course };
    const read = request.path.match(/^\/course\/individual-course-lecture-details\/(\d+)\/$/);
    if (request.method === 'GET' && read) return { status: 200, body: lectureDetails(Number(read[1])) };
    return { status: 404, body: { detail: 'Not found' } };
  };
  return { state, ...fakeApi(answer) };
}

const pages: Actor<ReturnType<typeof coursePlayerLive>>[] = [];

afterEach(() => {
  for (const page of pages.splice(0)) page.stop();
});

/** The player at an address (a lecture, the grades, or none), and the addresses it put in place. */
function open(server: ReturnType<typeof learningServer>, target: LectureTarget | null) {
  const replaced: string[] = [];
  const machine = coursePlayerLive({ api: server.api, replaceAddress: (path) => replaced.push(path) });
  const actor = createActor(machine, { input: { courseId: COURSE_ID, target } }).start();
  pages.push(actor);
  return { actor, replaced };
}

type Page = ReturnType<typeof open>;
const showing = (page: Page) =>
  waitFor(page.actor, (state) => state.matches({ content: { showing: 'idle' } }));
const gets = (requests: FakeRequest[]) => requests.map((request) => `${request.method} ${request.path}`);

describe('the course player, wired to the API and the address', () => {
  it('opens the next unread lecture of a course opened without one, and puts it in the address', async () => {
    const server = learningServer();
    const page = open(server, null);
    await showing(page);
    expect(gets(server.requests)).toEqual([`GET ${LECTURES}`, `GET ${details(22)}`]);
    expect(page.replaced).toEqual([`/ongoing-courses/${COURSE_ID}/22`]);
  });

  it('opens the lecture the address names without replacing it, and reads it and the sidebar again together', async () => {
    const server = learningServer();
    const page = open(server, 23);
    await showing(page);
    expect(page.replaced).toEqual([]);
    expect(gets(server.requests)).toEqual([`GET ${LECTURES}`, `GET ${details(23)}`]);

    server.state.course = { ...COURSE_LECTURES, progress: { read: 2, total: 5 } };
    page.actor.send({ type: 'lecture.changed' });
    await showing(page);
    expect(gets(server.requests).slice(2).sort()).toEqual([`GET ${LECTURES}`, `GET ${details(23)}`].sort());
    expect(page.actor.getSnapshot().context.course?.progress).toEqual({ read: 2, total: 5 });
  });

  it('names the grades in the address when the lecture opened is the grades item', async () => {
    const server = learningServer();
    const page = open(server, 26);
    await waitFor(page.actor, () => page.replaced.length > 0);
    expect(page.replaced).toEqual([`/ongoing-courses/${COURSE_ID}/grades`]);
  });
});
