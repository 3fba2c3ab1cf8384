import type { TrainerCourseStatus } from '@contract/wire/authoring';
import type { SnapshotFrom } from 'xstate';
import type { ApprovalFacts, CourseApprovalEvent, CourseApprovalMachine } from './courseApproval.machine';
import { connectLoader } from './loader.connect';

/** Where the lifecycle stands (the states of the design card). */
export type ApprovalStage = 'draft' | 'pending' | 'approved' | 'rejected' | 'edited';

/** The delete dialog: closed, asking, deleting, refused (the server's sentence) or failed (try again). */
export type DeletionStep = 'closed' | 'confirming' | 'deleting' | 'refused' | 'failed';

export interface CourseApprovalView<TCourse extends ApprovalFacts> {
  /** Reading the course the first time, a failure to (with retry), a refusal (403 / 404), or read. */
  phase: 'loading' | 'failed' | 'refused' | 'ready' | 'deleted';
  /** Null until read. */
  stage: ApprovalStage | null;
  course: TCourse | null;
  /** The badge: the course's status as the server says it (null for a draft). */
  status: TrainerCourseStatus | null;
  /** The admin's reason, while rejected (or being edited after a rejection). */
  rejectionReason: string | null;
  /** Read again after a live notice, with the course still shown. */
  refreshing: boolean;
  /** Why the first read failed or was refused, or why the delete did not happen. */
  error: unknown;
  retry: () => void;
  /** The flags allow the trainer to delete it (and the delete dialog is closed). */
  canDelete: boolean;
  deletion: DeletionStep;
  askDelete: () => void;
  confirmDelete: () => void;
  cancelDelete: () => void;
  /** A live notice arrived: read the course again. */
  noticeArrived: () => void;
  /** The course as read again elsewhere (My courses reads its list again). */
  loaded: (course: TCourse) => void;
  /** For the wizard: a new course sent (POST answered). */
  submitted: (course: TCourse) => void;
  /** For the wizard: a rejected course opened to be changed. */
  edit: () => void;
  /** For the wizard: left without sending. */
  cancelEdit: () => void;
  /** For the wizard: the edited course sent again (PUT answered). */
  resubmitted: (course: TCourse) => void;
}

const STAGES: readonly ApprovalStage[] = ['draft', 'pending', 'approved', 'rejected', 'edited'];
const STEPS: readonly Exclude<DeletionStep, 'closed'>[] = ['confirming', 'deleting', 'refused', 'failed'];

/** The view model of one course's lifecycle. */
export function connectCourseApproval<TCourse extends ApprovalFacts>(
  snapshot: SnapshotFrom<CourseApprovalMachine<TCourse>>,
  send: (event: CourseApprovalEvent<TCourse>) => void,
): CourseApprovalView<TCourse> {
  const { course, error } = snapshot.context;
  const tracking = snapshot.matches('tracking');
  const stage = tracking
    ? (STAGES.find((name) => snapshot.matches({ tracking: { lifecycle: name } })) ?? null)
    : null;
  const deletion: DeletionStep = tracking
    ? (STEPS.find((name) => snapshot.matches({ tracking: { removal: name } })) ?? 'closed')
    : 'closed';
  const load = connectLoader(snapshot.children.loader);
  let phase: CourseApprovalView<TCourse>['phase'] = 'loading';
  if (snapshot.matches('deleted')) phase = 'deleted';
  else if (load.status === 'failed') phase = 'failed';
  else if (load.status === 'missing') phase = 'refused';
  else if (tracking) phase = 'ready';
  const status = course?.status ?? null;
  return {
    phase,
    stage,
    course,
    status,
    rejectionReason:
      (stage === 'rejected' || stage === 'edited') && course?.rejection_reason
        ? course.rejection_reason
        : null,
    refreshing: snapshot.matches({ tracking: { sync: 'refreshing' } }),
    error:
      load.status !== 'loading' ? load.error : deletion === 'refused' || deletion === 'failed' ? error : null,
    retry: load.status === 'failed' ? load.retry : () => {},
    canDelete: deletion === 'closed' && phase === 'ready' && course?.flags.can_delete === true,
    deletion,
    askDelete: () => send({ type: 'course.delete' }),
    confirmDelete: () => send({ type: 'delete.confirm' }),
    cancelDelete: () => send({ type: 'delete.cancel' }),
    noticeArrived: () => send({ type: 'notice.arrived' }),
    loaded: (next) => send({ type: 'course.loaded', course: next }),
    submitted: (next) => send({ type: 'course.submitted', course: next }),
    edit: () => send({ type: 'course.edit' }),
    cancelEdit: () => send({ type: 'course.edit.cancel' }),
    resubmitted: (next) => send({ type: 'course.resubmitted', course: next }),
  };
}
