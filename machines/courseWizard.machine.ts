import { AUTHORING_VALIDATION, type CourseInput, FACILITATORS_MAX } from '@contract/forms/authoring';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { DEFAULT_FAILURE } from '@contract/messages/errors';
import { FAILURES } from '@contract/messages/failures';
import { UPLOAD_MESSAGES } from '@contract/messages/learning';
import type { CourseRecord, CourseSaved, Facilitator, SurveyCategory } from '@contract/wire/authoring';
import type { Category, Weekday } from '@contract/wire/courses';
import { UPLOAD_MAX_BYTES, type UploadResponse } from '@contract/wire/learning';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  type CourseLanguage,
  courseOf,
  EMPTY_VALUES,
  EMPTY_WEEK,
  firstInvalidStep,
  formPathOf,
  STEPS,
  type Step,
  stepOfField,
  type TextFieldName,
  valuesOfRecord,
  type WeekFieldName,
  type WizardDraft,
  type WizardValues,
  wizardProblems,
} from './courseWizard.form';
import { alertOf, type Failure, failureOf } from './forms';
import { refusedFields } from './refusal';

/**
 * The course wizard (/add-new-course, and /edit-course/{id} over a saved course): basics → about →
 * syllabus → surveys (optional) → routine → facilitators → review. Next checks the step with the
 * contract's rules and stays, saying what is wrong next to each field; Back keeps every value; the
 * step list goes back freely and forward only through valid steps (else it stops at the first step
 * with a problem). The values are kept as a draft (the view stores it per user and mode) after
 * every change and offered again on the next visit; a course sent is Pending, its draft dropped. A
 * refusal keeps everything and takes the trainer to the step holding the fields the server named.
 * Beside the form: the cover's upload (progress, cancel, failure) and the facilitator search.
 */

/** Sentences of the wizard itself (the rules' are in AUTHORING_VALIDATION). */
export const WIZARD_MESSAGES = {
  emailRequired: 'Enter the e-mail address of an approved trainer',
  alreadyAdded: 'This trainer is already a facilitator of the course',
  coverTooLarge: UPLOAD_MESSAGES.uploadTooLarge,
  resubmitted: 'Your course has been sent again for approval',
} as const;

/** The cover's accepted types (spec section 5: pictures png, jpeg, jpg). */
export const COVER_EXTENSIONS = ['png', 'jpeg', 'jpg'] as const;
export const COVER_ACCEPT = 'image/png,image/jpeg,.png,.jpeg,.jpg';

export interface CourseWizardInput {
  /** The course edited, or null for a new one. */
  courseId: number | null;
}

/** What the wizard starts from. */
export interface References {
  categories: Category[];
  surveys: SurveyCategory[];
  /** The course edited (edit mode), else null. */
  record: CourseRecord | null;
  /** The signed-in trainer's address (not a facilitator of their own course; names the draft). */
  userEmail: string;
  /** The draft kept for this trainer and mode, if any. */
  draft: WizardDraft | null;
}

export interface CoverChoice {
  file: Blob;
  name: string;
  /** What the view made to show it (a small picture of it). */
  preview: string;
}

export interface CourseWizardContext {
  courseId: number | null;
  userEmail: string;
  draft: WizardDraft | null;
  categories: Category[];
  surveys: SurveyCategory[];
  record: CourseRecord | null;
  loadError: unknown;
  step: Step;
  values: WizardValues;
  /** Messages by field path ('title', 'weeks.0.lectures', 'routine.Monday.end_time'). */
  errors: Record<string, string>;
  alert: string | null;
  /** The cover being uploaded (or whose upload failed), with its progress. */
  coverChoice: CoverChoice | null;
  coverProgress: number;
  /** Why the chosen cover was refused or failed, or null. */
  coverAlert: string | null;
  facilitatorEmail: string;
  facilitatorMessage: string | null;
}

export type SaveOutcome = 'created' | 'saved' | 'resubmitted';

export type CourseWizardEvent =
  | { type: 'retry' }
  | { type: 'draft.keep' }
  | { type: 'draft.discard' }
  | { type: 'field.change'; name: TextFieldName; value: string }
  | { type: 'language.toggle'; list: 'languages' | 'captions'; language: CourseLanguage; on: boolean }
  | { type: 'femaleOnly.change'; value: boolean }
  | { type: 'week.add' }
  | { type: 'week.remove'; index: number }
  | { type: 'week.move'; index: number; by: -1 | 1 }
  | { type: 'week.change'; index: number; name: WeekFieldName; value: string }
  | { type: 'survey.change'; stage: 'pre' | 'post'; value: string }
  | { type: 'day.toggle'; day: Weekday; on: boolean }
  | { type: 'day.time'; day: Weekday; which: 'start' | 'end'; value: string }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'step.goto'; step: Step }
  | { type: 'submit' }
  | { type: 'cover.choose'; choice: CoverChoice }
  /** Sent by the upload the view provides, as the bytes go. */
  | { type: 'cover.progress'; share: number }
  | { type: 'cover.cancel' }
  | { type: 'cover.retry' }
  | { type: 'cover.remove' }
  | { type: 'facilitator.email'; value: string }
  | { type: 'facilitator.search' }
  | { type: 'facilitator.remove'; id: number };

export interface SaveInput {
  courseId: number | null;
  course: CourseInput;
}

/** The extension of a file name, lower case, without the dot. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** What is wrong with a chosen cover before it is sent, or null (the server checks the bytes again). */
export function coverProblem(choice: { name: string; file: { size: number } }): string | null {
  if (!(COVER_EXTENSIONS as readonly string[]).includes(extensionOf(choice.name)))
    return AUTHORING_VALIDATION.coverType;
  if (choice.file.size > UPLOAD_MAX_BYTES) return WIZARD_MESSAGES.coverTooLarge;
  if (choice.file.size === 0) return UPLOAD_MESSAGES.uploadRequired;
  return null;
}

const indexOf = (step: Step) => STEPS.indexOf(step);
const stepProblems = (values: WizardValues, step: Step) =>
  step === 'review' ? {} : wizardProblems(values, step);
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A new value for part of the form; the messages of the fields changed (and those within them) go. */
function changed(context: CourseWizardContext, values: WizardValues, ...paths: string[]) {
  const errors = Object.fromEntries(
    Object.entries(context.errors).filter(
      ([path]) => !paths.some((gone) => path === gone || path.startsWith(`${gone}.`)),
    ),
  );
  return { values, errors };
}

/** The draft of the wizard as it stands: what the view keeps for this user and mode. */
export function draftOf(context: Pick<CourseWizardContext, 'values' | 'step'>): WizardDraft {
  return { values: context.values, step: context.step };
}

/**
 * The draft worth keeping: null while the values are those the wizard opened with (nothing typed
 * in a new course, the course as saved in edit mode), so that looking through a course's steps
 * leaves nothing to offer on the next visit.
 */
export function unsentDraft(
  context: Pick<CourseWizardContext, 'values' | 'step' | 'record'>,
): WizardDraft | null {
  const opened = context.record ? valuesOfRecord(context.record) : EMPTY_VALUES;
  return JSON.stringify(context.values) === JSON.stringify(opened) ? null : draftOf(context);
}

const references = ({ event }: { event: { output: References } }) => ({ references: event.output });

export const courseWizardMachine = setup({
  types: {
    input: {} as CourseWizardInput,
    context: {} as CourseWizardContext,
    events: {} as CourseWizardEvent,
  },
  actors: {
    loadReferences: fromPromise<References, { courseId: number | null }>(async () => {
      throw new Error('loadReferences is supplied by the view');
    }),
    uploadCover: fromPromise<UploadResponse, { file: Blob; name: string }>(async () => {
      throw new Error('uploadCover is supplied by the view');
    }),
    findFacilitator: fromPromise<Facilitator, { email: string }>(async () => {
      throw new Error('findFacilitator is supplied by the view');
    }),
    saveCourse: fromPromise<CourseSaved, SaveInput>(async () => {
      throw new Error('saveCourse is supplied by the view');
    }),
  },
  guards: {
    offersDraft: (_, { references }: { references: References }) =>
      references.record !== null && references.draft !== null,
    stepValid: ({ context }) => Object.keys(stepProblems(context.values, context.step)).length === 0,
    canGoTo: ({ context, event }) => {
      assertEvent(event, 'step.goto');
      if (indexOf(event.step) <= indexOf(context.step)) return true;
      const blocked = firstInvalidStep(context.values);
      return blocked === null || indexOf(blocked) >= indexOf(event.step);
    },
    courseValid: ({ context }) => firstInvalidStep(context.values) === null,
    coverAcceptable: ({ event }) => {
      assertEvent(event, 'cover.choose');
      return coverProblem(event.choice) === null;
    },
    emailBlank: ({ context }) => context.facilitatorEmail.trim() === '',
    facilitatorsFull: ({ context }) => context.values.facilitators.length >= FACILITATORS_MAX,
    emailIsMine: ({ context }) => sameEmail(context.facilitatorEmail, context.userEmail),
    emailAdded: ({ context }) =>
      context.values.facilitators.some((facilitator) =>
        sameEmail(facilitator.email, context.facilitatorEmail),
      ),
    foundMe: ({ context }, { found }: { found: Facilitator }) => sameEmail(found.email, context.userEmail),
    foundAdded: ({ context }, { found }: { found: Facilitator }) =>
      context.values.facilitators.some((facilitator) => facilitator.id === found.id),
  },
  actions: {
    keepReferences: assign((_, { references }: { references: References }) => ({
      categories: references.categories,
      surveys: references.surveys,
      record: references.record,
      userEmail: references.userEmail,
      draft: references.draft,
    })),
    keepLoadError: assign((_, { error }: Failure) => ({ loadError: error })),
    /** The form as it opens: a new course's draft, else the course as saved, else empty. */
    startForm: assign(({ context }) => {
      if (context.draft && context.courseId === null)
        return { values: context.draft.values, step: context.draft.step };
      return {
        values: context.record ? valuesOfRecord(context.record) : EMPTY_VALUES,
        step: 'basics' as const,
      };
    }),
    restoreDraft: assign(({ context }) => ({
      values: context.draft?.values ?? EMPTY_VALUES,
      step: context.draft?.step ?? 'basics',
    })),
    useRecord: assign(({ context }) => ({
      values: context.record ? valuesOfRecord(context.record) : EMPTY_VALUES,
      step: 'basics' as const,
      draft: null,
    })),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return changed(context, { ...context.values, [event.name]: event.value }, event.name);
    }),
    toggleLanguage: assign(({ context, event }) => {
      assertEvent(event, 'language.toggle');
      const without = context.values[event.list].filter((language) => language !== event.language);
      const list = event.on ? [...without, event.language] : without;
      // Kept in the order of COURSE_LANGUAGES.
      list.sort();
      return changed(context, { ...context.values, [event.list]: list }, event.list);
    }),
    changeFemaleOnly: assign(({ context, event }) => {
      assertEvent(event, 'femaleOnly.change');
      return changed(context, { ...context.values, female_only: event.value }, 'female_only');
    }),
    addWeek: assign(({ context }) =>
      changed(context, { ...context.values, weeks: [...context.values.weeks, EMPTY_WEEK] }, 'weeks'),
    ),
    removeWeek: assign(({ context, event }) => {
      assertEvent(event, 'week.remove');
      const weeks = context.values.weeks.filter((_, index) => index !== event.index);
      return changed(context, { ...context.values, weeks }, 'weeks');
    }),
    moveWeek: assign(({ context, event }) => {
      assertEvent(event, 'week.move');
      const weeks = [...context.values.weeks];
      const to = event.index + event.by;
      const moving = weeks[event.index];
      const other = weeks[to];
      if (!moving || !other) return {};
      weeks[to] = moving;
      weeks[event.index] = other;
      return changed(context, { ...context.values, weeks }, 'weeks');
    }),
    changeWeek: assign(({ context, event }) => {
      assertEvent(event, 'week.change');
      const weeks = context.values.weeks.map((week, index) =>
        index === event.index ? { ...week, [event.name]: event.value } : week,
      );
      return changed(context, { ...context.values, weeks }, `weeks.${event.index}.${event.name}`);
    }),
    changeSurvey: assign(({ context, event }) => {
      assertEvent(event, 'survey.change');
      const surveys = { ...context.values.surveys, [event.stage]: event.value };
      return changed(context, { ...context.values, surveys }, 'surveys');
    }),
    toggleDay: assign(({ context, event }) => {
      assertEvent(event, 'day.toggle');
      const routine = {
        ...context.values.routine,
        [event.day]: { ...context.values.routine[event.day], on: event.on },
      };
      return changed(context, { ...context.values, routine }, 'routine');
    }),
    changeTime: assign(({ context, event }) => {
      assertEvent(event, 'day.time');
      const day = { ...context.values.routine[event.day], [event.which]: event.value };
      const routine = { ...context.values.routine, [event.day]: day };
      return changed(context, { ...context.values, routine }, `routine.${event.day}`);
    }),
    advance: assign(({ context }) => ({
      step: STEPS[Math.min(indexOf(context.step) + 1, STEPS.length - 1)] ?? context.step,
      errors: {},
      alert: null,
    })),
    goBack: assign(({ context }) => ({
      step: STEPS[Math.max(indexOf(context.step) - 1, 0)] ?? context.step,
      errors: {},
      alert: null,
    })),
    goTo: assign(({ event }) => {
      assertEvent(event, 'step.goto');
      return { step: event.step, errors: {}, alert: null };
    }),
    goToFirstInvalid: assign(({ context }) => ({ step: firstInvalidStep(context.values) ?? context.step })),
    showStepProblems: assign(({ context }) => ({ errors: stepProblems(context.values, context.step) })),
    clearAlert: assign({ alert: null }),
    /** A refusal: the fields it names, on the step that holds the first; else the alert. */
    showRefusal: assign(({ context }, { error }: Failure) => {
      const details = refusedFields(error);
      const step = details.map((detail) => stepOfField(detail.field)).find((found) => found !== null);
      if (!step) return { alert: alertOf(error, DEFAULT_FAILURE), errors: {} };
      const errors: Record<string, string> = {};
      for (const { field, message } of details) {
        if (stepOfField(field) !== step) continue;
        const path = formPathOf(field, context.values);
        if (!(path in errors)) errors[path] = message;
      }
      return { step, errors, alert: null };
    }),
    keepCoverChoice: assign(({ event }) => {
      assertEvent(event, 'cover.choose');
      return { coverChoice: event.choice, coverProgress: 0, coverAlert: null };
    }),
    refuseCover: assign(({ event }) => {
      assertEvent(event, 'cover.choose');
      return { coverChoice: null, coverProgress: 0, coverAlert: coverProblem(event.choice) };
    }),
    setCoverProgress: assign(({ event }) => {
      assertEvent(event, 'cover.progress');
      return { coverProgress: Math.min(1, Math.max(0, event.share)) };
    }),
    resetCoverProgress: assign({ coverProgress: 0, coverAlert: null }),
    forgetCoverChoice: assign({ coverChoice: null, coverProgress: 0 }),
    keepCover: assign(({ context }, { uploaded }: { uploaded: UploadResponse }) => {
      const cover = { file: uploaded.file, preview: context.coverChoice?.preview ?? '' };
      return {
        ...changed(context, { ...context.values, cover }, 'cover'),
        coverChoice: null,
        coverProgress: 1,
      };
    }),
    showCoverFailure: assign({ coverAlert: (_, { error }: Failure) => alertOf(error, FAILURES.upload) }),
    removeCover: assign(({ context }) => ({
      ...changed(context, { ...context.values, cover: null }, 'cover'),
      coverChoice: null,
      coverAlert: null,
      coverProgress: 0,
    })),
    changeEmail: assign(({ event }) => {
      assertEvent(event, 'facilitator.email');
      return { facilitatorEmail: event.value, facilitatorMessage: null };
    }),
    sayFacilitator: assign((_, { message }: { message: string }) => ({ facilitatorMessage: message })),
    sayNotFound: assign({
      facilitatorMessage: (_, { error }: Failure) => alertOf(error, AUTHORING_MESSAGES.facilitatorNotFound),
    }),
    addFacilitator: assign(({ context }, { found }: { found: Facilitator }) => ({
      ...changed(
        context,
        { ...context.values, facilitators: [...context.values.facilitators, found] },
        'facilitators',
      ),
      facilitatorEmail: '',
      facilitatorMessage: null,
    })),
    removeFacilitator: assign(({ context, event }) => {
      assertEvent(event, 'facilitator.remove');
      const facilitators = context.values.facilitators.filter((facilitator) => facilitator.id !== event.id);
      return changed(context, { ...context.values, facilitators }, 'facilitators');
    }),
    /** Keeps the values and step (unsentDraft) as the draft of this user and mode, or forgets it. */
    persistDraft: () => {},
    /** Forgets the draft of this user and mode (sent, or discarded for the saved course). */
    dropDraft: () => {},
    /** After a refused Next or submit: focus goes to the first field with a message. */
    focusFirstInvalid: () => {},
    /** After moving to another step: focus goes to its heading. */
    focusStep: () => {},
    /** The toast 'File has been uploaded successfully'. */
    announceUploaded: () => {},
    /** The toast 'Error uploading file'. */
    announceUploadFailed: () => {},
    /** The course is saved: the toast with the outcome's sentence, then the course's page. */
    finish: (_, _params: { outcome: SaveOutcome; saved: CourseSaved }) => {},
  },
}).createMachine({
  id: 'courseWizard',
  context: ({ input }) => ({
    courseId: input.courseId,
    userEmail: '',
    draft: null,
    categories: [],
    surveys: [],
    record: null,
    loadError: null,
    step: 'basics',
    values: EMPTY_VALUES,
    errors: {},
    alert: null,
    coverChoice: null,
    coverProgress: 0,
    coverAlert: null,
    facilitatorEmail: '',
    facilitatorMessage: null,
  }),
  initial: 'loading',
  states: {
    /** The categories, the evaluation surveys and (edit mode) the course. */
    loading: {
      invoke: {
        id: 'loadReferences',
        src: 'loadReferences',
        input: ({ context }) => ({ courseId: context.courseId }),
        onDone: [
          {
            guard: { type: 'offersDraft', params: references },
            target: 'draftChoice',
            actions: { type: 'keepReferences', params: references },
          },
          { target: 'editing', actions: [{ type: 'keepReferences', params: references }, 'startForm'] },
        ],
        onError: { target: 'failed', actions: { type: 'keepLoadError', params: failureOf } },
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    /** Edit mode with changes never sent: keep them, or discard them for the course as saved. */
    draftChoice: {
      on: {
        'draft.keep': { target: 'editing', actions: 'restoreDraft' },
        'draft.discard': { target: 'editing', actions: ['useRecord', 'dropDraft'] },
      },
    },
    editing: {
      type: 'parallel',
      states: {
        form: {
          initial: 'filling',
          states: {
            filling: {
              on: {
                'field.change': { actions: ['changeField', 'persistDraft'] },
                'language.toggle': { actions: ['toggleLanguage', 'persistDraft'] },
                'femaleOnly.change': { actions: ['changeFemaleOnly', 'persistDraft'] },
                'week.add': { actions: ['addWeek', 'persistDraft'] },
                'week.remove': { actions: ['removeWeek', 'persistDraft'] },
                'week.move': { actions: ['moveWeek', 'persistDraft'] },
                'week.change': { actions: ['changeWeek', 'persistDraft'] },
                'survey.change': { actions: ['changeSurvey', 'persistDraft'] },
                'day.toggle': { actions: ['toggleDay', 'persistDraft'] },
                'day.time': { actions: ['changeTime', 'persistDraft'] },
                'step.next': [
                  { guard: 'stepValid', actions: ['advance', 'persistDraft', 'focusStep'] },
                  { actions: ['showStepProblems', 'focusFirstInvalid'] },
                ],
                'step.back': { actions: ['goBack', 'persistDraft', 'focusStep'] },
                'step.goto': [
                  { guard: 'canGoTo', actions: ['goTo', 'persistDraft', 'focusStep'] },
                  { actions: ['goToFirstInvalid', 'showStepProblems', 'persistDraft', 'focusFirstInvalid'] },
                ],
                submit: [
                  { guard: 'courseValid', target: 'submitting', actions: 'clearAlert' },
                  { actions: ['goToFirstInvalid', 'showStepProblems', 'persistDraft', 'focusFirstInvalid'] },
                ],
              },
            },
            submitting: {
              invoke: {
                id: 'saveCourse',
                src: 'saveCourse',
                input: ({ context }) => ({ courseId: context.courseId, course: courseOf(context.values) }),
                onDone: {
                  target: '#courseWizard.done',
                  actions: [
                    'dropDraft',
                    {
                      type: 'finish',
                      params: ({ context, event }) => ({
                        outcome:
                          context.courseId === null
                            ? 'created'
                            : context.record?.status === 'Rejected'
                              ? 'resubmitted'
                              : 'saved',
                        saved: event.output,
                      }),
                    },
                  ],
                },
                onError: {
                  target: 'filling',
                  actions: [{ type: 'showRefusal', params: failureOf }, 'persistDraft', 'focusFirstInvalid'],
                },
              },
            },
          },
        },
        cover: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'cover.choose': [
                  { guard: 'coverAcceptable', target: 'uploading', actions: 'keepCoverChoice' },
                  { actions: 'refuseCover' },
                ],
                'cover.remove': { actions: ['removeCover', 'persistDraft'] },
              },
            },
            /** Leaving this state (Cancel) aborts the request; the cover shown before stays. */
            uploading: {
              entry: 'resetCoverProgress',
              invoke: {
                id: 'uploadCover',
                src: 'uploadCover',
                input: ({ context }) => ({
                  file: context.coverChoice?.file ?? new Blob(),
                  name: context.coverChoice?.name ?? '',
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'keepCover', params: ({ event }) => ({ uploaded: event.output }) },
                    'persistDraft',
                    'announceUploaded',
                  ],
                },
                onError: {
                  target: 'failed',
                  actions: [{ type: 'showCoverFailure', params: failureOf }, 'announceUploadFailed'],
                },
              },
              on: {
                'cover.progress': { actions: 'setCoverProgress' },
                'cover.cancel': { target: 'idle', actions: 'forgetCoverChoice' },
              },
            },
            /** The upload failed: try again, choose another picture, or keep the one shown. */
            failed: {
              on: {
                'cover.retry': 'uploading',
                'cover.choose': [
                  { guard: 'coverAcceptable', target: 'uploading', actions: 'keepCoverChoice' },
                  { target: 'idle', actions: 'refuseCover' },
                ],
                'cover.cancel': { target: 'idle', actions: ['forgetCoverChoice', 'resetCoverProgress'] },
              },
            },
          },
        },
        facilitator: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'facilitator.email': { actions: 'changeEmail' },
                'facilitator.search': [
                  {
                    guard: 'emailBlank',
                    actions: { type: 'sayFacilitator', params: { message: WIZARD_MESSAGES.emailRequired } },
                  },
                  {
                    guard: 'facilitatorsFull',
                    actions: {
                      type: 'sayFacilitator',
                      params: { message: AUTHORING_VALIDATION.facilitatorsMax },
                    },
                  },
                  {
                    guard: 'emailIsMine',
                    actions: {
                      type: 'sayFacilitator',
                      params: { message: AUTHORING_VALIDATION.facilitatorInvalid },
                    },
                  },
                  {
                    guard: 'emailAdded',
                    actions: { type: 'sayFacilitator', params: { message: WIZARD_MESSAGES.alreadyAdded } },
                  },
                  { target: 'searching' },
                ],
                'facilitator.remove': { actions: ['removeFacilitator', 'persistDraft'] },
              },
            },
            searching: {
              invoke: {
                id: 'findFacilitator',
                src: 'findFacilitator',
                input: ({ context }) => ({ email: context.facilitatorEmail.trim() }),
                onDone: [
                  {
                    guard: { type: 'foundMe', params: ({ event }) => ({ found: event.output }) },
                    target: 'idle',
                    actions: {
                      type: 'sayFacilitator',
                      params: { message: AUTHORING_VALIDATION.facilitatorInvalid },
                    },
                  },
                  {
                    guard: { type: 'foundAdded', params: ({ event }) => ({ found: event.output }) },
                    target: 'idle',
                    actions: { type: 'sayFacilitator', params: { message: WIZARD_MESSAGES.alreadyAdded } },
                  },
                  {
                    target: 'idle',
                    actions: [
                      { type: 'addFacilitator', params: ({ event }) => ({ found: event.output }) },
                      'persistDraft',
                    ],
                  },
                ],
                onError: { target: 'idle', actions: { type: 'sayNotFound', params: failureOf } },
              },
            },
          },
        },
      },
    },
    /** Sent: the view shows the sentence and leaves for the course. */
    done: { type: 'final' },
  },
});
