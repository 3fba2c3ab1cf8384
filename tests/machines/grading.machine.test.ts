import { gradeStatistics } from '@contract/domain/grading';
import { GRADING_VALIDATION } from '@contract/forms/grading';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { GRADING_MESSAGES } from '@contract/messages/grading';
import type {
  GradedSubmission,
  GradeRequest,
  GradingCourse,
  GradingDecision,
  GradingItem,
  ReturnRequest,
} from '@contract/wire/grading';
import { describe, expect, it } from 'vitest';
import { connectGrading } from '../../machines/grading.connect.ts';
import { type GradingContext, gradingMachine, nextWaiting } from '../../machines/grading.machine.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
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

const ASSIGNMENT = 40;
const OTHER_ASSIGNMENT = 41;
const QUIZ = 42;
const FILE = { url: '/api/v1/files/x?expires=1&signature=s', name: 'answer.pdf', extension: 'pdf', size: 10 };

function submission(id: number, more: Partial<GradedSubmission> = {}): GradedSubmission {
  return {
    id,
    attempt: 1,
    status: 'Submitted',
    grade: null,
    feedback: null,
    file: FILE,
    feedback_file: null,
    submitted_at: '2026-11-20T09:00:00Z',
    reviewed_at: null,
    ...more,
  };
}

function item(lectureId: number, submissions: GradedSubmission[]): GradingItem {
  return {
    lecture_id: lectureId,
    course_id: 5,
    title: 'Compare IaaS, PaaS and SaaS',
    title_ar: '',
    kind: 'assignment',
    description: '',
    description_ar: '',
    statistics: gradeStatistics([]),
    trainees: submissions.map((each, index) => ({
      user_id: 100 + index,
      name: `Trainee ${index}`,
      email: `t${index}@example.com`,
      status: each.status,
      grade: each.grade,
      submissions: [each],
      attempts: [],
    })),
  };
}

function course(waiting: GradingCourse['waiting']): GradingCourse {
  const summary = (lectureId: number, kind: 'assignment' | 'quiz') => ({
    lecture_id: lectureId,
    title: 'Item',
    title_ar: '',
    kind,
    week: 1,
    counts: { not_submitted: 0, submitted: 1, reviewed: 0, returned: 0 },
    statistics: gradeStatistics([]),
  });
  return {
    course: { id: 5, title: 'Cloud', title_ar: 'السحابة' },
    trainees: 2,
    items: [
      summary(ASSIGNMENT, 'assignment'),
      summary(OTHER_ASSIGNMENT, 'assignment'),
      summary(QUIZ, 'quiz'),
    ],
    waiting,
  };
}

const COURSE = course([
  { submission_id: 7, lecture_id: ASSIGNMENT },
  { submission_id: 9, lecture_id: OTHER_ASSIGNMENT },
]);
const ITEM = item(ASSIGNMENT, [
  submission(7),
  submission(8, { status: 'Reviewed', grade: 6, feedback: 'Fine' }),
]);
const OTHER_ITEM = item(OTHER_ASSIGNMENT, [submission(9)]);
const AFTER = {
  course: course([{ submission_id: 9, lecture_id: OTHER_ASSIGNMENT }]),
  item: item(ASSIGNMENT, [submission(7, { status: 'Reviewed', grade: 8.5 })]),
};
const GRADED: GradingDecision = {
  message: GRADING_MESSAGES.graded,
  submission: submission(7, { status: 'Reviewed', grade: 8.5 }),
};
const RETURNED: GradingDecision = {
  message: GRADING_MESSAGES.returned,
  submission: submission(7, { status: 'Returned', feedback: 'Add a diagram' }),
};
const NOT_YOURS = httpFailure(403, AUTHORING_MESSAGES.notYourCourse);
const DOWN = silentFailure(503);
const TOO_HIGH = Object.assign(httpFailure(400, GRADING_VALIDATION.gradeOutOfRange), {
  body: { success: false, details: [{ field: 'grade', message: GRADING_VALIDATION.gradeOutOfRange }] },
});
const FEEDBACK_TOO_LONG = Object.assign(httpFailure(400, GRADING_VALIDATION.feedbackTooLong), {
  body: { success: false, details: [{ field: 'feedback', message: GRADING_VALIDATION.feedbackTooLong }] },
});
const NOT_GRADABLE = httpFailure(409, GRADING_MESSAGES.notGradable);

function implementations() {
  return {
    actors: {
      loadCourse: scriptedPromise<GradingCourse, { courseId: number }>(),
      loadItem: scriptedPromise<GradingItem, { lectureId: number }>(),
      grade: scriptedPromise<GradingDecision, { submissionId: number; body: GradeRequest }>(),
      returnWork: scriptedPromise<GradingDecision, { submissionId: number; body: ReturnRequest }>(),
      reload: scriptedPromise<
        { course: GradingCourse; item: GradingItem },
        { courseId: number; lectureId: number }
      >(),
    },
    actions: spyActions(gradingMachine, ['announce'] as const),
  };
}

function model() {
  return createPathModel(gradingMachine, {
    input: { courseId: 5 },
    events: [
      doneActor('loadCourse', COURSE),
      errorActor('loadCourse', NOT_YOURS),
      errorActor('loadCourse', DOWN),
      { type: 'retry' },
      { type: 'item.open', lectureId: ASSIGNMENT },
      { type: 'item.close' },
      doneActor('loadItem', ITEM),
      errorActor('loadItem', DOWN),
      { type: 'submission.open', submissionId: 7 },
      { type: 'submission.close' },
      { type: 'next' },
      { type: 'grade.change', value: '8.5' },
      { type: 'feedback.change', value: 'Add a diagram' },
      { type: 'file.change', address: '/api/v1/files/f' },
      { type: 'file.busy', busy: true },
      { type: 'save' },
      { type: 'return' },
      doneActor('grade', GRADED),
      errorActor('grade', TOO_HIGH),
      errorActor('grade', NOT_GRADABLE),
      doneActor('returnWork', RETURNED),
      errorActor('returnWork', DOWN),
      errorActor('returnWork', FEEDBACK_TOO_LONG),
      doneActor('reload', AFTER),
      errorActor('reload', DOWN),
    ],
    serializeState: serializeValueAnd((context: GradingContext) => [
      context.itemId,
      context.submissionId,
      context.form.grade !== '',
      context.form.feedback !== '',
      context.uploading,
      Object.keys(context.errors).sort(),
    ]),
    implementations,
  });
}

describe('grading machine: generated paths', () => {
  const models = [model()];
  for (const each of models) replayEveryPath(each);
  it('reaches every state and every transition', async () => {
    await expectJointCoverage(models);
  });
});

describe('grading machine: behaviour', () => {
  const launch = harnesses(gradingMachine);
  const view = (harness: ReturnType<typeof launch>) =>
    connectGrading(harness.snapshot, (event) => harness.actor.send(event));

  it('picks the next waiting submission after the open one, across items', () => {
    const waiting = COURSE.waiting;
    expect(nextWaiting(waiting, null)).toEqual({ submission_id: 7, lecture_id: ASSIGNMENT });
    expect(nextWaiting(waiting, 7)).toEqual({ submission_id: 9, lecture_id: OTHER_ASSIGNMENT });
    expect(nextWaiting(waiting, 9)).toEqual({ submission_id: 7, lecture_id: ASSIGNMENT });
    expect(nextWaiting([{ submission_id: 7, lecture_id: ASSIGNMENT }], 7)).toBeUndefined();
    expect(nextWaiting([], null)).toBeUndefined();
  });

  it('grades a submission, announces it, and reads the course and the item again', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { courseId: 5 } });
    expect(view(harness).status).toBe('loading');
    await harness.resolve('loadCourse', COURSE);
    const ready = view(harness);
    if (ready.status !== 'ready') throw new Error('not ready');
    expect(ready.waiting).toBe(2);
    ready.openItem(ASSIGNMENT);
    await harness.resolve('loadItem', ITEM);
    const shown = view(harness);
    if (shown.status !== 'ready' || shown.item?.status !== 'ready') throw new Error('no item');
    shown.item.open(7);
    const opened = view(harness);
    if (opened.status !== 'ready' || opened.item?.status !== 'ready' || !opened.item.form)
      throw new Error('no form');
    opened.item.form.changeGrade('١١');
    opened.item.form.save();
    // Refused before sending, with the rule's sentence; what was typed is kept.
    expect(impl.actors.grade.inputs).toEqual([]);
    expect(harness.context.errors).toEqual({ grade: GRADING_VALIDATION.gradeOutOfRange });
    expect(harness.context.form.grade).toBe('١١');
    await harness.send({ type: 'grade.change', value: '٨٫٥' });
    expect(harness.context.errors).toEqual({});
    await harness.send({ type: 'feedback.change', value: 'Clear' });
    await harness.send({ type: 'save' });
    expect(impl.actors.grade.inputs).toEqual([
      { submissionId: 7, body: { grade: '٨٫٥', feedback: 'Clear', feedback_file: null } },
    ]);
    await harness.resolve('grade', GRADED);
    expect(impl.actions.announce.mock.calls[0]?.[1]).toEqual({ message: GRADING_MESSAGES.graded });
    expect(impl.actors.reload.inputs).toEqual([{ courseId: 5, lectureId: ASSIGNMENT }]);
    await harness.resolve('reload', AFTER);
    expectState(harness, { ready: { item: 'showing' } });
    const after = view(harness);
    if (after.status !== 'ready') throw new Error('not ready');
    expect(after.waiting).toBe(1);
  });

  it('shows a server refusal at its field, and a conflict in the alert', async () => {
    const harness = launch(implementations(), { input: { courseId: 5 } });
    await harness.resolve('loadCourse', COURSE);
    await harness.send({ type: 'item.open', lectureId: ASSIGNMENT });
    await harness.resolve('loadItem', ITEM);
    await harness.send({ type: 'submission.open', submissionId: 7 });
    await harness.send({ type: 'grade.change', value: '9' });
    await harness.send({ type: 'save' });
    await harness.reject('grade', TOO_HIGH);
    expect(harness.context.errors).toEqual({ grade: GRADING_VALIDATION.gradeOutOfRange });
    await harness.send({ type: 'save' });
    await harness.reject('grade', NOT_GRADABLE);
    const shown = view(harness);
    if (shown.status !== 'ready' || shown.item?.status !== 'ready') throw new Error('no item');
    expect(shown.item.form?.alert).toBe(GRADING_MESSAGES.notGradable);
  });

  it('returns only with feedback, and not while the feedback file uploads', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { courseId: 5 } });
    await harness.resolve('loadCourse', COURSE);
    await harness.send({ type: 'item.open', lectureId: ASSIGNMENT });
    await harness.resolve('loadItem', ITEM);
    await harness.send({ type: 'submission.open', submissionId: 7 });
    await harness.send({ type: 'return' });
    expect(harness.context.errors).toEqual({ feedback: GRADING_VALIDATION.returnFeedbackRequired });
    await harness.send({ type: 'feedback.change', value: 'Add a diagram' });
    await harness.send({ type: 'file.busy', busy: true });
    await harness.send({ type: 'return' });
    expect(harness.context.errors).toEqual({ feedback_file: GRADING_VALIDATION.feedbackFileUnknown });
    await harness.send({ type: 'file.busy', busy: false });
    await harness.send({ type: 'file.change', address: '/api/v1/files/f' });
    await harness.send({ type: 'return' });
    expect(impl.actors.returnWork.inputs).toEqual([
      { submissionId: 7, body: { feedback: 'Add a diagram', feedback_file: '/api/v1/files/f' } },
    ]);
  });

  it('opens a reviewed submission with its grade for a regrade', async () => {
    const harness = launch(implementations(), { input: { courseId: 5 } });
    await harness.resolve('loadCourse', COURSE);
    await harness.send({ type: 'item.open', lectureId: ASSIGNMENT });
    await harness.resolve('loadItem', ITEM);
    await harness.send({ type: 'submission.open', submissionId: 8 });
    expect(harness.context.form).toEqual({ grade: '6', feedback: 'Fine', feedbackFile: null });
  });

  it('on an Arabic page, a regrade starts in Arabic-Indic digits', async () => {
    const harness = launch(implementations(), { input: { courseId: 5, arabicDigits: true } });
    await harness.resolve('loadCourse', COURSE);
    await harness.send({ type: 'item.open', lectureId: ASSIGNMENT });
    await harness.resolve('loadItem', ITEM);
    await harness.send({ type: 'submission.open', submissionId: 8 });
    expect(harness.context.form.grade).toBe('٦');
  });

  it('Next ungraded opens the next waiting submission in another item', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { courseId: 5 } });
    await harness.resolve('loadCourse', COURSE);
    await harness.send({ type: 'item.open', lectureId: ASSIGNMENT });
    await harness.resolve('loadItem', ITEM);
    await harness.send({ type: 'submission.open', submissionId: 7 });
    await harness.send({ type: 'next' });
    expect(impl.actors.loadItem.inputs.at(-1)).toEqual({ lectureId: OTHER_ASSIGNMENT });
    await harness.resolve('loadItem', OTHER_ITEM);
    expectState(harness, { ready: { item: { grading: 'editing' } } });
    expect(harness.context.submissionId).toBe(9);
  });

  it('says a refusal without retry, and offers Try again after another failure', async () => {
    const refused = launch(implementations(), { input: { courseId: 5 } });
    await refused.reject('loadCourse', NOT_YOURS);
    expect(view(refused)).toMatchObject({ status: 'refused', error: NOT_YOURS });
    const failed = launch(implementations(), { input: { courseId: 5 } });
    await failed.reject('loadCourse', DOWN);
    const shown = view(failed);
    if (shown.status !== 'failed') throw new Error('not failed');
    shown.retry();
    expectState(failed, 'loading');
  });
});
