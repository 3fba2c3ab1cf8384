import { gradeStatistics } from '@contract/domain/grading';
import { GRADING_MESSAGES } from '@contract/messages/grading';
import type { GradedSubmission, GradingCourse, GradingItem } from '@contract/wire/grading';
import { connectGrading } from '@machines/grading.connect';
import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, createActor, waitFor } from 'xstate';
import { gradingLive } from '@/features/trainer/grading/grading.live';
import { type FakeAnswer, type FakeRequest, fakeApi } from './support/fake-api';

const COURSE_ID = 12;
const ESSAY = 60;
const REPORT = 61;

/**
 * The grading endpoints of one course with two assignments: the essay has Sara's work waiting and
 * Omar's graded 6, the report Huda's work waiting. A grade or a return changes the work, the
 * statistics and what waits, as the API does; `refuse` makes the course answer 403.
 */
function gradingServer() {
  const work = new Map<number, { lectureId: number; trainee: string; submission: GradedSubmission }>();
  const handIn = (id: number, lectureId: number, trainee: string, more: Partial<GradedSubmission> = {}) =>
    work.set(id, {
      lectureId,
      trainee,
      submission: {
        id,
        attempt: 1,
        status: 'Submitted',
        grade: null,
        feedback: null,
        file: { url: `/api/v1/files/${id}`, name: `work-${id}.pdf`, extension: 'pdf', size: 2048 },
        feedback_file: null,
        submitted_at: '2026-10-02T08:30:00Z',
        reviewed_at: null,
        ...more,
      },
    });
  handIn(31, ESSAY, 'Sara');
  handIn(32, ESSAY, 'Omar', { status: 'Reviewed', grade: 6, feedback: 'Good start' });
  handIn(33, REPORT, 'Huda');
  const state = { refuse: false };

  const of = (lectureId: number) => [...work.values()].filter((each) => each.lectureId === lectureId);
  const grades = (lectureId: number) =>
    of(lectureId).flatMap(({ submission }) => (submission.grade === null ? [] : [submission.grade]));
  const item = (lectureId: number): GradingItem => ({
    lecture_id: lectureId,
    course_id: COURSE_ID,
    title: lectureId === ESSAY ? 'Essay' : 'Report',
    title_ar: '',
    kind: 'assignment',
    description: '',
    description_ar: '',
    statistics: gradeStatistics(grades(lectureId)),
    trainees: of(lectureId).map(({ trainee, submission }, index) => ({
      user_id: 200 + index,
      name: trainee,
      email: `${trainee.toLowerCase()}@example.com`,
      status: submission.status,
      grade: submission.grade,
      submissions: [submission],
      attempts: [],
    })),
  });
  const course = (): GradingCourse => ({
    course: { id: COURSE_ID, title: 'Academic Writing', title_ar: 'الكتابة الأكاديمية' },
    trainees: 3,
    items: [ESSAY, REPORT].map((lectureId) => {
      const count = (status: GradedSubmission['status']) =>
        of(lectureId).filter(({ submission }) => submission.status === status).length;
      return {
        lecture_id: lectureId,
        title: item(lectureId).title,
        title_ar: '',
        kind: 'assignment' as const,
        week: 1,
        counts: {
          not_submitted: 0,
          submitted: count('Submitted'),
          reviewed: count('Reviewed'),
          returned: count('Returned'),
        },
        statistics: gradeStatistics(grades(lectureId)),
      };
    }),
    waiting: [...work.values()]
      .filter(({ submission }) => submission.status === 'Submitted')
      .map(({ lectureId, submission }) => ({ submission_id: submission.id, lecture_id: lectureId })),
  });

  const answer = (request: FakeRequest): FakeAnswer => {
    if (request.method === 'GET' && request.path === `/grading/courses/${COURSE_ID}/`)
      return state.refuse
        ? { status: 403, body: { detail: 'You do not teach this course' } }
        : { status: 200, body: course() };
    const read = request.path.match(/^\/grading\/items\/(\d+)\/$/);
    if (request.method === 'GET' && read) return { status: 200, body: item(Number(read[1])) };
    const decided = request.path.match(/^\/grading\/submissions\/(\d+)\/(grade|return)\/$/);
    const kept = decided && work.get(Number(decided[1]));
    if (request.method === 'POST' && decided && kept) {
      const body = request.body as { grade?: string; feedback: string };
      const graded = decided[2] === 'grade';
      kept.submission = {
        ...kept.submission,
        status: graded ? 'Reviewed' : 'Returned',
        grade: graded ? Number(body.grade) : null,
        feedback: body.feedback,
        reviewed_at: '2026-10-03T10:00:00Z',
      };
      const message = graded ? GRADING_MESSAGES.graded : GRADING_MESSAGES.returned;
      return { status: 200, body: { message, submission: kept.submission } };
    }
    return { status: 404, body: { detail: 'Not found' } };
  };
  return { state, ...fakeApi(answer) };
}

const pages: Actor<ReturnType<typeof gradingLive>>[] = [];

afterEach(() => {
  for (const page of pages.splice(0)) page.stop();
});

/** The grading page of the course, in English or Arabic, and the sentences it announced. */
function open(server: ReturnType<typeof gradingServer>, arabicDigits = false) {
  const announced: string[] = [];
  const machine = gradingLive({ api: server.api, announce: (message) => announced.push(message) });
  const actor = createActor(machine, { input: { courseId: COURSE_ID, arabicDigits } }).start();
  pages.push(actor);
  const view = () => connectGrading(actor.getSnapshot(), actor.send);
  const ready = () => {
    const shown = view();
    if (shown.status !== 'ready') throw new Error(`The page is ${shown.status}`);
    return shown;
  };
  const form = () => {
    const item = ready().item;
    const shown = item?.status === 'ready' ? item.form : null;
    if (!shown) throw new Error('No grading form is open');
    return shown;
  };
  return { actor, view, ready, form, announced };
}

type Page = ReturnType<typeof open>;
/** Nothing is read or sent any more. */
const settled = (page: Page) =>
  waitFor(page.actor, () => {
    const shown = page.view();
    if (shown.status === 'loading') return false;
    if (shown.status !== 'ready' || !shown.item) return true;
    return shown.item.status !== 'loading' && (shown.item.status !== 'ready' || !shown.item.form?.busy);
  });
const calls = (requests: FakeRequest[]) => requests.map((request) => `${request.method} ${request.path}`);

describe('grading, wired to the API', () => {
  it('saves a grade typed with the Arabic decimal mark in 0–9, says so, and reads the course and the item again', async () => {
    const server = gradingServer();
    const page = open(server);
    await settled(page);
    expect(page.ready().waiting).toBe(2);

    page.ready().openItem(ESSAY);
    await settled(page);
    page.actor.send({ type: 'submission.open', submissionId: 31 });
    page.form().changeGrade('٨٫٥');
    page.form().changeFeedback('A clear argument');
    const before = server.requests.length;
    page.form().save();
    await settled(page);

    expect(server.requests.slice(before)).toEqual([
      {
        method: 'POST',
        path: '/grading/submissions/31/grade/',
        body: { grade: '8.5', feedback: 'A clear argument', feedback_file: null },
      },
      { method: 'GET', path: `/grading/courses/${COURSE_ID}/`, body: undefined },
      { method: 'GET', path: `/grading/items/${ESSAY}/`, body: undefined },
    ]);
    expect(page.announced).toEqual([GRADING_MESSAGES.graded]);
    expect(page.ready().waiting).toBe(1);
    const essay = page.ready().item;
    expect(essay?.status === 'ready' && essay.item.statistics).toMatchObject({
      count: 2,
      highest: 8.5,
      lowest: 6,
    });
  });

  it('regrades on an Arabic page: the grade shown in Arabic-Indic digits is sent in 0–9', async () => {
    const server = gradingServer();
    const page = open(server, true);
    await settled(page);
    page.ready().openItem(ESSAY);
    await settled(page);
    page.actor.send({ type: 'submission.open', submissionId: 32 });
    expect(page.form().grade).toBe('٦');
    page.form().save();
    await settled(page);
    expect(
      server.requests.find((request) => request.path === '/grading/submissions/32/grade/')?.body,
    ).toEqual({
      grade: '6',
      feedback: 'Good start',
      feedback_file: null,
    });
  });

  it('returns a submission, then Next ungraded reads the other item and opens its work', async () => {
    const server = gradingServer();
    const page = open(server);
    await settled(page);
    page.ready().next();
    await settled(page);
    expect(page.form().submission.id).toBe(31);
    page.form().changeFeedback('Cite your sources');
    page.form().returnIt();
    await settled(page);
    expect(
      server.requests.find((request) => request.path === '/grading/submissions/31/return/')?.body,
    ).toEqual({
      feedback: 'Cite your sources',
      feedback_file: null,
    });
    expect(page.announced).toEqual([GRADING_MESSAGES.returned]);

    page.ready().next();
    await settled(page);
    expect(page.form().submission.id).toBe(33);
    expect(calls(server.requests).at(-1)).toBe(`GET /grading/items/${REPORT}/`);
  });

  it('says the course is not the trainer’s when the API refuses it', async () => {
    const server = gradingServer();
    server.state.refuse = true;
    const page = open(server);
    await waitFor(page.actor, () => page.view().status === 'refused');
    expect(calls(server.requests)).toEqual([`GET /grading/courses/${COURSE_ID}/`]);
  });
});
