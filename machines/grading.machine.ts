import { toArabicIndicDigits } from '@contract/domain/digits';
import { gradeFormSchema, returnFormSchema } from '@contract/forms/grading';
import { validate } from '@contract/forms/rules';
import type {
  GradeRequest,
  GradingCourse,
  GradingDecision,
  GradingItem,
  ReturnRequest,
  WaitingSubmission,
} from '@contract/wire/grading';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { type Failure, failureOf, statusOf } from './forms';
import { refusedFieldErrors } from './refusal';

/**
 * Grading a course (spec sections 1, 3 and 5; /student-assignment/{courseId}): the course's
 * assignments and quizzes with their statistics; one item with every trainee's work; one
 * submission open in the grading form (a grade out of 10 as typed, feedback, a feedback file),
 * saved as a grade or returned for resubmission, after which the course and the item are read
 * again (their statistics change). "Next ungraded" opens the next submission waiting for a grade,
 * across items, from anywhere. Pure: the view provides `loadCourse`, `loadItem`, `grade`,
 * `returnWork` and `reload`, and `announce` (the server's sentence after a decision).
 */

export interface GradingForm {
  /** The grade as typed (Arabic-Indic digits and the Arabic decimal mark are read on sending). */
  grade: string;
  feedback: string;
  /** The address of the uploaded feedback file, or null. */
  feedbackFile: string | null;
}

export type GradingField = 'grade' | 'feedback' | 'feedback_file';
export type GradingErrors = Partial<Record<GradingField, string>>;

export interface GradingInput {
  courseId: number;
  /** Arabic pages write numbers in Arabic-Indic digits: a regrade's grade starts in them. */
  arabicDigits?: boolean;
}

export interface GradingContext {
  courseId: number;
  arabicDigits: boolean;
  course: GradingCourse | null;
  itemId: number | null;
  item: GradingItem | null;
  /** The submission open in the form (or to open once its item is read, after Next ungraded). */
  submissionId: number | null;
  form: GradingForm;
  errors: GradingErrors;
  /** Whether the feedback file is still uploading (nothing is sent meanwhile). */
  uploading: boolean;
  /** The last failure of a read or of a decision, for its sentence. */
  error: unknown;
}

export type GradingEvent =
  | { type: 'retry' }
  | { type: 'item.open'; lectureId: number }
  | { type: 'item.close' }
  | { type: 'submission.open'; submissionId: number }
  | { type: 'submission.close' }
  | { type: 'next' }
  | { type: 'grade.change'; value: string }
  | { type: 'feedback.change'; value: string }
  | { type: 'file.change'; address: string | null }
  | { type: 'file.busy'; busy: boolean }
  | { type: 'save' }
  | { type: 'return' };

const EMPTY_FORM: GradingForm = { grade: '', feedback: '', feedbackFile: null };

/** The next submission waiting for a grade after the open one (the first, when none is open). */
export function nextWaiting(
  waiting: readonly WaitingSubmission[],
  current: number | null,
): WaitingSubmission | undefined {
  const others = waiting.filter((entry) => entry.submission_id !== current);
  const at = waiting.findIndex((entry) => entry.submission_id === current);
  if (at < 0) return others[0];
  return waiting.slice(at + 1)[0] ?? others[0];
}

/** A grade as the field shows it: '8.5', or '٨٫٥' on an Arabic page. */
function gradeText(grade: number, arabicDigits: boolean): string {
  return arabicDigits ? toArabicIndicDigits(String(grade)).replace('.', '\u066B') : String(grade);
}

/** The form of a submission: its grade and feedback when reviewed (a regrade), else empty. */
function formOf(item: GradingItem | null, submissionId: number | null, arabicDigits: boolean): GradingForm {
  for (const trainee of item?.trainees ?? []) {
    const submission = trainee.submissions.find((each) => each.id === submissionId);
    if (submission) {
      return {
        grade:
          submission.status === 'Reviewed' && submission.grade !== null
            ? gradeText(submission.grade, arabicDigits)
            : '',
        feedback: submission.feedback ?? '',
        feedbackFile: null,
      };
    }
  }
  return EMPTY_FORM;
}

/** Whether the item holds the submission. */
function holds(item: GradingItem | null, submissionId: number | null): boolean {
  return (item?.trainees ?? []).some((trainee) =>
    trainee.submissions.some((each) => each.id === submissionId),
  );
}

const FIELDS: readonly GradingField[] = ['grade', 'feedback', 'feedback_file'];

/** A 400's details that name a field of the form. */
function refusalOf(error: unknown): GradingErrors {
  if (statusOf(error) !== 400) return {};
  return refusedFieldErrors(error, (field) => FIELDS.find((name) => name === field));
}

const UPLOADING_MESSAGE = 'Upload the feedback file first, then save';

function gradeProblems(context: GradingContext): GradingErrors {
  const errors: GradingErrors = validate(gradeFormSchema, {
    grade: context.form.grade,
    feedback: context.form.feedback,
  });
  if (context.uploading) errors.feedback_file = UPLOADING_MESSAGE;
  return errors;
}

function returnProblems(context: GradingContext): GradingErrors {
  const errors: GradingErrors = validate(returnFormSchema, { feedback: context.form.feedback });
  if (context.uploading) errors.feedback_file = UPLOADING_MESSAGE;
  return errors;
}

const isRefusal = (_: unknown, { error }: Failure) => {
  const status = statusOf(error);
  return status === 403 || status === 404;
};

/** A grade or a return the server refused: back to the form, its fields' sentences beside them. */
const REFUSED_DECISION = [
  {
    guard: { type: 'isFieldRefusal', params: failureOf },
    target: 'editing',
    actions: { type: 'keepFieldErrors', params: failureOf },
  },
  { target: 'editing', actions: { type: 'keepError', params: failureOf } },
] as const;

export const gradingMachine = setup({
  types: {
    input: {} as GradingInput,
    context: {} as GradingContext,
    events: {} as GradingEvent,
  },
  actors: {
    loadCourse: fromPromise<GradingCourse, { courseId: number }>(async () => {
      throw new Error('loadCourse is supplied by the view');
    }),
    loadItem: fromPromise<GradingItem, { lectureId: number }>(async () => {
      throw new Error('loadItem is supplied by the view');
    }),
    grade: fromPromise<GradingDecision, { submissionId: number; body: GradeRequest }>(async () => {
      throw new Error('grade is supplied by the view');
    }),
    returnWork: fromPromise<GradingDecision, { submissionId: number; body: ReturnRequest }>(async () => {
      throw new Error('returnWork is supplied by the view');
    }),
    reload: fromPromise<
      { course: GradingCourse; item: GradingItem },
      { courseId: number; lectureId: number }
    >(async () => {
      throw new Error('reload is supplied by the view');
    }),
  },
  guards: {
    isRefusal,
    isFieldRefusal: (_, { error }: Failure) => Object.keys(refusalOf(error)).length > 0,
    hasNext: ({ context }) => nextWaiting(context.course?.waiting ?? [], context.submissionId) !== undefined,
    gradeInvalid: ({ context }) => Object.keys(gradeProblems(context)).length > 0,
    returnInvalid: ({ context }) => Object.keys(returnProblems(context)).length > 0,
    opensSubmission: ({ context }) => holds(context.item, context.submissionId),
  },
  actions: {
    keepCourse: assign((_, { course }: { course: GradingCourse }) => ({ course, error: null })),
    keepItem: assign((_, { item }: { item: GradingItem }) => ({ item, error: null })),
    keepBoth: assign((_, { course, item }: { course: GradingCourse; item: GradingItem }) => ({
      course,
      item,
    })),
    keepError: assign((_, { error }: Failure) => ({ error })),
    keepFieldErrors: assign((_, { error }: Failure) => ({ errors: refusalOf(error), error: null })),
    chooseItem: assign(({ event }) => {
      assertEvent(event, 'item.open');
      return { itemId: event.lectureId, item: null, submissionId: null, error: null };
    }),
    chooseNext: assign(({ context }) => {
      const next = nextWaiting(context.course?.waiting ?? [], context.submissionId);
      return next
        ? { itemId: next.lecture_id, submissionId: next.submission_id, item: null, error: null }
        : {};
    }),
    forgetItem: assign({ itemId: null, item: null, submissionId: null, error: null }),
    chooseSubmission: assign(({ event }) => {
      assertEvent(event, 'submission.open');
      return { submissionId: event.submissionId };
    }),
    forgetSubmission: assign({ submissionId: null }),
    fillForm: assign(({ context }) => ({
      form: formOf(context.item, context.submissionId, context.arabicDigits),
      errors: {},
      uploading: false,
      error: null,
    })),
    setGrade: assign(({ context, event }) => {
      assertEvent(event, 'grade.change');
      const { grade: _, ...errors } = context.errors;
      return { form: { ...context.form, grade: event.value }, errors };
    }),
    setFeedback: assign(({ context, event }) => {
      assertEvent(event, 'feedback.change');
      const { feedback: _, ...errors } = context.errors;
      return { form: { ...context.form, feedback: event.value }, errors };
    }),
    setFile: assign(({ context, event }) => {
      assertEvent(event, 'file.change');
      const { feedback_file: _, ...errors } = context.errors;
      return { form: { ...context.form, feedbackFile: event.address }, errors };
    }),
    setBusy: assign(({ event }) => {
      assertEvent(event, 'file.busy');
      return { uploading: event.busy };
    }),
    showGradeProblems: assign(({ context }) => ({ errors: gradeProblems(context), error: null })),
    showReturnProblems: assign(({ context }) => ({ errors: returnProblems(context), error: null })),
    clearProblems: assign({ errors: {}, error: null }),
    /** The server's sentence after a grade or a return (a toast). */
    announce: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'grading',
  context: ({ input }) => ({
    courseId: input.courseId,
    arabicDigits: input.arabicDigits ?? false,
    course: null,
    itemId: null,
    item: null,
    submissionId: null,
    form: EMPTY_FORM,
    errors: {},
    uploading: false,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCourse',
        src: 'loadCourse',
        input: ({ context }) => ({ courseId: context.courseId }),
        onDone: {
          target: 'ready',
          actions: { type: 'keepCourse', params: ({ event }) => ({ course: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isRefusal', params: failureOf },
            target: 'refused',
            actions: { type: 'keepError', params: failureOf },
          },
          { target: 'failed', actions: { type: 'keepError', params: failureOf } },
        ],
      },
    },
    /** The network or the server failed: Try again. */
    failed: { on: { retry: 'loading' } },
    /** Not a course the caller teaches, or none (403 / 404): the server's sentence. */
    refused: {},
    ready: {
      initial: 'overview',
      on: {
        next: { guard: 'hasNext', target: '.item', actions: 'chooseNext' },
      },
      states: {
        /** Every assignment and quiz with counts and statistics. */
        overview: {
          on: { 'item.open': { target: 'item', actions: 'chooseItem' } },
        },
        item: {
          initial: 'loading',
          on: {
            'item.close': { target: 'overview', actions: 'forgetItem' },
            'item.open': { target: 'item', reenter: true, actions: 'chooseItem' },
          },
          states: {
            loading: {
              invoke: {
                id: 'loadItem',
                src: 'loadItem',
                input: ({ context }) => ({ lectureId: context.itemId ?? 0 }),
                onDone: {
                  target: 'routing',
                  actions: { type: 'keepItem', params: ({ event }) => ({ item: event.output }) },
                },
                onError: { target: 'failed', actions: { type: 'keepError', params: failureOf } },
              },
            },
            /** After Next ungraded, straight to its submission's form. */
            routing: {
              always: [
                { guard: 'opensSubmission', target: 'grading', actions: 'fillForm' },
                { target: 'showing', actions: 'forgetSubmission' },
              ],
            },
            failed: { on: { retry: 'loading' } },
            /** The item's statistics and every trainee's work. */
            showing: {
              on: { 'submission.open': { target: 'grading', actions: ['chooseSubmission', 'fillForm'] } },
            },
            /** One submission open in the grading form. */
            grading: {
              initial: 'editing',
              on: { 'submission.close': { target: 'showing', actions: 'forgetSubmission' } },
              states: {
                editing: {
                  on: {
                    'submission.open': {
                      target: 'editing',
                      reenter: true,
                      actions: ['chooseSubmission', 'fillForm'],
                    },
                    'grade.change': { actions: 'setGrade' },
                    'feedback.change': { actions: 'setFeedback' },
                    'file.change': { actions: 'setFile' },
                    'file.busy': { actions: 'setBusy' },
                    save: [
                      { guard: 'gradeInvalid', actions: 'showGradeProblems' },
                      { target: 'saving', actions: 'clearProblems' },
                    ],
                    return: [
                      { guard: 'returnInvalid', actions: 'showReturnProblems' },
                      { target: 'returning', actions: 'clearProblems' },
                    ],
                  },
                },
                saving: {
                  invoke: {
                    id: 'grade',
                    src: 'grade',
                    input: ({ context }) => ({
                      submissionId: context.submissionId ?? 0,
                      body: {
                        grade: context.form.grade,
                        feedback: context.form.feedback,
                        feedback_file: context.form.feedbackFile,
                      },
                    }),
                    onDone: {
                      target: 'refreshing',
                      actions: {
                        type: 'announce',
                        params: ({ event }) => ({ message: event.output.message }),
                      },
                    },
                    onError: REFUSED_DECISION,
                  },
                },
                returning: {
                  invoke: {
                    id: 'returnWork',
                    src: 'returnWork',
                    input: ({ context }) => ({
                      submissionId: context.submissionId ?? 0,
                      body: { feedback: context.form.feedback, feedback_file: context.form.feedbackFile },
                    }),
                    onDone: {
                      target: 'refreshing',
                      actions: {
                        type: 'announce',
                        params: ({ event }) => ({ message: event.output.message }),
                      },
                    },
                    onError: REFUSED_DECISION,
                  },
                },
                /** Decided: the course and the item read again (statistics, who waits). */
                refreshing: {
                  invoke: {
                    id: 'reload',
                    src: 'reload',
                    input: ({ context }) => ({ courseId: context.courseId, lectureId: context.itemId ?? 0 }),
                    onDone: {
                      target: '#grading.ready.item.showing',
                      actions: [
                        {
                          type: 'keepBoth',
                          params: ({ event }) => ({ course: event.output.course, item: event.output.item }),
                        },
                        'forgetSubmission',
                      ],
                    },
                    // The decision is saved; what is shown is read again when the item reopens.
                    onError: {
                      target: '#grading.ready.item.failed',
                      actions: { type: 'keepError', params: failureOf },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

export type GradingMachine = typeof gradingMachine;
