import { DEFAULT_FAILURE } from '@contract/messages/errors';
import type {
  GradedSubmission,
  GradingCourse,
  GradingItem,
  GradingItemSummary,
  TraineeWork,
} from '@contract/wire/grading';
import type { SnapshotFrom } from 'xstate';
import { alertOf } from './forms';
import { type GradingErrors, type GradingEvent, type GradingMachine, nextWaiting } from './grading.machine';

const FAILED = DEFAULT_FAILURE;

/** The form of the open submission. */
export interface GradingFormView {
  trainee: TraineeWork;
  submission: GradedSubmission;
  grade: string;
  feedback: string;
  errors: GradingErrors;
  /** A failure that names no field (the network, a 409): its sentence. */
  alert: string | null;
  busy: 'saving' | 'returning' | 'refreshing' | null;
  changeGrade(value: string): void;
  changeFeedback(value: string): void;
  changeFile(address: string | null): void;
  fileBusy(busy: boolean): void;
  save(): void;
  returnIt(): void;
  close(): void;
}

export type GradingItemView =
  | { status: 'loading'; summary: GradingItemSummary | null }
  | { status: 'failed'; summary: GradingItemSummary | null; error: unknown; retry(): void }
  | {
      status: 'ready';
      summary: GradingItemSummary | null;
      item: GradingItem;
      /** The submission open in the form, if any. */
      form: GradingFormView | null;
      open(submissionId: number): void;
    };

export type GradingView =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown; retry(): void }
  | { status: 'refused'; error: unknown }
  | {
      status: 'ready';
      course: GradingCourse;
      /** How many submissions wait for a grade, and whether "Next ungraded" has one to open. */
      waiting: number;
      canNext: boolean;
      next(): void;
      openItem(lectureId: number): void;
      closeItem(): void;
      /** The item shown, or null for the list of every item. */
      item: GradingItemView | null;
    };

function formView(
  snapshot: SnapshotFrom<GradingMachine>,
  item: GradingItem,
  send: (event: GradingEvent) => void,
): GradingFormView | null {
  const { context } = snapshot;
  if (!snapshot.matches({ ready: { item: 'grading' } })) return null;
  for (const trainee of item.trainees) {
    const submission = trainee.submissions.find((each) => each.id === context.submissionId);
    if (!submission) continue;
    const busy = snapshot.matches({ ready: { item: { grading: 'saving' } } })
      ? 'saving'
      : snapshot.matches({ ready: { item: { grading: 'returning' } } })
        ? 'returning'
        : snapshot.matches({ ready: { item: { grading: 'refreshing' } } })
          ? 'refreshing'
          : null;
    return {
      trainee,
      submission,
      grade: context.form.grade,
      feedback: context.form.feedback,
      errors: context.errors,
      alert: context.error ? alertOf(context.error, FAILED) : null,
      busy,
      changeGrade: (value) => send({ type: 'grade.change', value }),
      changeFeedback: (value) => send({ type: 'feedback.change', value }),
      changeFile: (address) => send({ type: 'file.change', address }),
      fileBusy: (value) => send({ type: 'file.busy', busy: value }),
      save: () => send({ type: 'save' }),
      returnIt: () => send({ type: 'return' }),
      close: () => send({ type: 'submission.close' }),
    };
  }
  return null;
}

/** What the grading page shows for a snapshot. */
export function connectGrading(
  snapshot: SnapshotFrom<GradingMachine>,
  send: (event: GradingEvent) => void,
): GradingView {
  const { context } = snapshot;
  if (snapshot.matches('failed')) {
    return { status: 'failed', error: context.error, retry: () => send({ type: 'retry' }) };
  }
  if (snapshot.matches('refused')) return { status: 'refused', error: context.error };
  const course = context.course;
  if (!snapshot.matches('ready') || !course) return { status: 'loading' };
  const summary = course.items.find((each) => each.lecture_id === context.itemId) ?? null;
  let item: GradingItemView | null = null;
  if (snapshot.matches({ ready: 'item' })) {
    if (snapshot.matches({ ready: { item: 'failed' } })) {
      item = { status: 'failed', summary, error: context.error, retry: () => send({ type: 'retry' }) };
    } else if (context.item && !snapshot.matches({ ready: { item: 'loading' } })) {
      const shown = context.item;
      item = {
        status: 'ready',
        summary,
        item: shown,
        form: formView(snapshot, shown, send),
        open: (submissionId) => send({ type: 'submission.open', submissionId }),
      };
    } else {
      item = { status: 'loading', summary };
    }
  }
  return {
    status: 'ready',
    course,
    waiting: course.waiting.length,
    canNext: nextWaiting(course.waiting, context.submissionId) !== undefined,
    next: () => send({ type: 'next' }),
    openItem: (lectureId) => send({ type: 'item.open', lectureId }),
    closeItem: () => send({ type: 'item.close' }),
    item,
  };
}
