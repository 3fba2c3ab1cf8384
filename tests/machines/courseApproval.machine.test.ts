import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import type { TrainerCourseStatus } from '@contract/wire/authoring';
import type { Confirmation } from '@contract/wire/common';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { connectCourseApproval } from '../../machines/courseApproval.connect.ts';
import {
  type ApprovalFacts,
  type CourseApprovalContext,
  type CourseApprovalInput,
  courseApprovalMachine,
} from '../../machines/courseApproval.machine.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
import { expectTryAgain, scriptedLoader } from './support/loader.ts';
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

function course(status: TrainerCourseStatus, overrides: Partial<ApprovalFacts> = {}): ApprovalFacts {
  return {
    id: 5,
    status,
    rejection_reason: status === 'Rejected' ? 'Add the week titles in Arabic' : null,
    flags: {
      can_edit: true,
      can_delete: true,
      can_add_class: status !== 'Pending' && status !== 'Rejected',
      can_take_action: status !== 'Pending' && status !== 'Rejected',
    },
    ...overrides,
  };
}

const PENDING = course('Pending');
const APPROVED = course('Approved');
const ONGOING = course('ONGOING');
const REJECTED = course('Rejected');
const DELETED: Confirmation = { success: true, message: AUTHORING_MESSAGES.courseDeleted };
const HAS_TRAINEES = httpFailure(409, AUTHORING_MESSAGES.courseHasTrainees);
const NOT_YOURS = httpFailure(403, AUTHORING_MESSAGES.notYourCourse);
const GONE = httpFailure(404, 'Not found');
const DOWN = silentFailure(503);

function implementations() {
  return {
    actors: {
      loader: scriptedLoader<ApprovalFacts, { courseId: number }>(),
      load: scriptedPromise<ApprovalFacts, { courseId: number }>(),
      deleteCourse: scriptedPromise<Confirmation, { courseId: number }>(),
    },
    actions: spyActions(courseApprovalMachine, ['announceDeleted'] as const),
  };
}

function model(input: CourseApprovalInput) {
  return createPathModel(courseApprovalMachine, {
    input,
    events: [
      doneActor('loader', PENDING),
      doneActor('loader', REJECTED),
      doneActor('loader', ONGOING),
      { type: 'notice.arrived' },
      doneActor('refresh', APPROVED),
      doneActor('refresh', REJECTED),
      doneActor('refresh', PENDING),
      errorActor('refresh', GONE),
      errorActor('refresh', DOWN),
      { type: 'course.loaded', course: APPROVED },
      { type: 'course.loaded', course: REJECTED },
      { type: 'course.loaded', course: PENDING },
      { type: 'course.submitted', course: PENDING },
      { type: 'course.edit' },
      { type: 'course.edit.cancel' },
      { type: 'course.resubmitted', course: PENDING },
      { type: 'course.delete' },
      { type: 'delete.cancel' },
      { type: 'delete.confirm' },
      doneActor('deleteCourse', DELETED),
      errorActor('deleteCourse', HAS_TRAINEES),
      errorActor('deleteCourse', DOWN),
    ],
    serializeState: serializeValueAnd((context: CourseApprovalContext) => [
      context.courseId,
      context.course?.status ?? null,
    ]),
    implementations,
  });
}

describe('course approval machine: generated paths', () => {
  const models = [model({ courseId: null }), model({ courseId: 5, course: PENDING }), model({ courseId: 5 })];
  for (const each of models) replayEveryPath(each);
  it('reaches every state and every transition', async () => {
    await expectJointCoverage(models);
  });
});

describe('course approval machine: behaviour', () => {
  const launch = harnesses(courseApprovalMachine);
  const view = (harness: ReturnType<typeof launch>) =>
    connectCourseApproval(harness.snapshot, (event) => harness.actor.send(event));

  it('follows a live approval: pending, a notice, the course read again, approved', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { courseId: 5 } });
    expect(view(harness).phase).toBe('loading');
    await harness.resolve('loader', PENDING);
    expect(view(harness)).toMatchObject({ phase: 'ready', stage: 'pending', status: 'Pending' });
    await harness.send({ type: 'notice.arrived' });
    expect(view(harness)).toMatchObject({ stage: 'pending', refreshing: true });
    await harness.resolve('refresh', ONGOING);
    expect(view(harness)).toMatchObject({ stage: 'approved', status: 'ONGOING', refreshing: false });
    expect(impl.actors.loader.read.inputs).toEqual([{ params: { courseId: 5 } }]);
    expect(impl.actors.load.inputs).toEqual([{ courseId: 5 }]);
  });

  it('shows the reason of a rejection, and goes rejected → edited → pending with the wizard', async () => {
    const harness = launch(implementations(), { input: { courseId: 5, course: PENDING } });
    await harness.send({ type: 'course.loaded', course: REJECTED });
    expect(view(harness)).toMatchObject({
      stage: 'rejected',
      rejectionReason: 'Add the week titles in Arabic',
    });
    view(harness).edit();
    // Still rejected on the server while the trainer edits: the machine stays in edited.
    await harness.send({ type: 'course.loaded', course: REJECTED });
    expect(view(harness).stage).toBe('edited');
    view(harness).resubmitted(PENDING);
    expect(view(harness)).toMatchObject({ stage: 'pending', rejectionReason: null, status: 'Pending' });
  });

  it('a new course is a draft until the wizard sends it', async () => {
    const harness = launch(implementations(), { input: { courseId: null } });
    expect(view(harness)).toMatchObject({ phase: 'ready', stage: 'draft', status: null, canDelete: false });
    await harness.send({ type: 'notice.arrived' });
    expect(view(harness).refreshing).toBe(false);
    view(harness).submitted(course('Pending', { id: 12 }));
    expect(harness.context.courseId).toBe(12);
    expect(view(harness).stage).toBe('pending');
  });

  it('asks before deleting, then deletes and announces it', async () => {
    const impl = implementations();
    const harness = launch(impl, { input: { courseId: 5, course: APPROVED } });
    expect(view(harness).canDelete).toBe(true);
    view(harness).askDelete();
    expect(view(harness).deletion).toBe('confirming');
    expect(impl.actors.deleteCourse.inputs).toEqual([]);
    view(harness).confirmDelete();
    expect(view(harness).deletion).toBe('deleting');
    await harness.resolve('deleteCourse', DELETED);
    expect(view(harness).phase).toBe('deleted');
    expect(impl.actions.announceDeleted).toHaveBeenCalledTimes(1);
    expect(impl.actions.announceDeleted.mock.calls[0]?.[1]).toEqual({
      message: AUTHORING_MESSAGES.courseDeleted,
    });
  });

  it('says the refusal when trainees are enrolled, and keeps the course', async () => {
    const harness = launch(implementations(), { input: { courseId: 5, course: APPROVED } });
    await harness.send({ type: 'course.delete' });
    await harness.send({ type: 'delete.confirm' });
    await harness.reject('deleteCourse', HAS_TRAINEES);
    expect(view(harness)).toMatchObject({ deletion: 'refused', error: HAS_TRAINEES, stage: 'approved' });
    await harness.send({ type: 'delete.confirm' });
    expect(view(harness).deletion).toBe('refused');
    await harness.send({ type: 'delete.cancel' });
    expect(view(harness)).toMatchObject({ deletion: 'closed', canDelete: true, error: null });
  });

  it('does not offer delete when the flags forbid it', async () => {
    const harness = launch(implementations(), {
      input: { courseId: 5, course: course('ONGOING', { flags: { ...APPROVED.flags, can_delete: false } }) },
    });
    expect(view(harness).canDelete).toBe(false);
    await harness.send({ type: 'course.delete' });
    expectState(harness, { tracking: { lifecycle: 'approved', sync: 'idle', removal: 'idle' } });
  });

  it('a refused first read says so without retry; another failure can be retried', async () => {
    const refusedImpl = implementations();
    const refused = launch(refusedImpl, { input: { courseId: 5 } });
    await refused.reject('loader', NOT_YOURS);
    expectState(refused, 'loading');
    expect(view(refused)).toMatchObject({ phase: 'refused', error: NOT_YOURS });
    view(refused).retry();
    expect(refusedImpl.actors.loader.read.inputs).toEqual([{ params: { courseId: 5 } }]);
    const impl = implementations();
    const failed = launch(impl, { input: { courseId: 6 } });
    const shown = await expectTryAgain(failed, impl.actors.loader, {
      failure: DOWN,
      view: () => ({ ...view(failed), status: view(failed).phase }),
    });
    expect(shown.error).toBe(DOWN);
    expect(view(failed)).toMatchObject({ phase: 'loading', error: null });
    await failed.resolve('loader', PENDING);
    expect(view(failed)).toMatchObject({ phase: 'ready', stage: 'pending' });
  });

  it('a course deleted elsewhere (404 when read again) is gone', async () => {
    const harness = launch(implementations(), { input: { courseId: 5, course: PENDING } });
    await harness.send({ type: 'notice.arrived' });
    await harness.reject('refresh', GONE);
    expect(view(harness).phase).toBe('deleted');
  });

  it('the connect only sends', () => {
    const actor = createActor(courseApprovalMachine, { input: { courseId: 5, course: REJECTED } }).start();
    const model = connectCourseApproval(actor.getSnapshot(), actor.send);
    model.edit();
    expect(actor.getSnapshot().matches({ tracking: { lifecycle: 'edited' } })).toBe(true);
    model.cancelEdit();
    expect(actor.getSnapshot().matches({ tracking: { lifecycle: 'rejected' } })).toBe(true);
    actor.stop();
  });
});
