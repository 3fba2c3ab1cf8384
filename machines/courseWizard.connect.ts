import type { ApprovalStatus, SurveyCategory } from '@contract/wire/authoring';
import type { Category, Weekday } from '@contract/wire/courses';
import type { SnapshotFrom } from 'xstate';
import {
  type CourseLanguage,
  firstInvalidStep,
  halalasOf,
  STEPS,
  type Step,
  type TextFieldName,
  type WeekFieldName,
  type WizardValues,
} from './courseWizard.form';
import type { CourseWizardEvent, courseWizardMachine } from './courseWizard.machine';

type Snapshot = SnapshotFrom<typeof courseWizardMachine>;

/** An entry of the step list: where the trainer is, and whether it can be opened from there. */
export interface StepEntry {
  step: Step;
  current: boolean;
  /** Earlier steps, and later ones when every step before them is valid. */
  open: boolean;
}

export interface CoverView {
  phase: 'idle' | 'uploading' | 'failed';
  /** The picture shown: the one being uploaded, else the course's cover; null for none. */
  preview: string | null;
  /** The name of the picture being uploaded (or whose upload failed). */
  name: string | null;
  percent: number;
  /** Why the chosen picture was refused or could not be uploaded (English; the view translates it). */
  alert: string | null;
  choose: (file: Blob, name: string, preview: string) => void;
  progressed: (share: number) => void;
  cancel: () => void;
  retry: () => void;
  remove: () => void;
}

export interface FacilitatorSearchView {
  email: string;
  message: string | null;
  searching: boolean;
  changeEmail: (value: string) => void;
  search: () => void;
  remove: (id: number) => void;
}

/** Which words the submit button says. */
export type SubmitKind = 'submit' | 'save' | 'resend';

export interface WizardFormView {
  mode: 'add' | 'edit';
  /** Edit mode: the course's status and, when rejected, the admin's reason. */
  status: ApprovalStatus | null;
  /** Only the course's trainer changes its facilitators (a facilitator's edit keeps them). */
  ownsFacilitators: boolean;
  rejectionReason: string | null;
  step: Step;
  steps: StepEntry[];
  /** The number of the step shown, from 1, and how many there are. */
  position: number;
  total: number;
  values: WizardValues;
  errors: Record<string, string>;
  alert: string | null;
  categories: Category[];
  /** The evaluation surveys of each stage. */
  surveys: { pre: SurveyCategory[]; post: SurveyCategory[] };
  /** The price reads as 0: the course is free. */
  free: boolean;
  busy: boolean;
  submitKind: SubmitKind;
  cover: CoverView;
  facilitator: FacilitatorSearchView;
  change: (name: TextFieldName, value: string) => void;
  toggleLanguage: (list: 'languages' | 'captions', language: CourseLanguage, on: boolean) => void;
  changeFemaleOnly: (value: boolean) => void;
  addWeek: () => void;
  removeWeek: (index: number) => void;
  moveWeek: (index: number, by: -1 | 1) => void;
  changeWeek: (index: number, name: WeekFieldName, value: string) => void;
  changeSurvey: (stage: 'pre' | 'post', value: string) => void;
  toggleDay: (day: Weekday, on: boolean) => void;
  changeTime: (day: Weekday, which: 'start' | 'end', value: string) => void;
  next: () => void;
  back: () => void;
  goTo: (step: Step) => void;
  submit: () => void;
}

export type CourseWizardView =
  | { phase: 'loading' }
  | { phase: 'failed'; error: unknown; retry: () => void }
  | { phase: 'draftChoice'; status: ApprovalStatus | null; keep: () => void; discard: () => void }
  | ({ phase: 'editing' } & WizardFormView)
  | { phase: 'done' };

function stepEntries(values: WizardValues, current: Step): StepEntry[] {
  const blocked = firstInvalidStep(values);
  const blockedAt = blocked === null ? STEPS.length : STEPS.indexOf(blocked);
  const currentAt = STEPS.indexOf(current);
  return STEPS.map((step, index) => ({
    step,
    current: step === current,
    open: index <= currentAt || index <= blockedAt,
  }));
}

function coverPhase(snapshot: Snapshot): CoverView['phase'] {
  if (snapshot.matches({ editing: { cover: 'uploading' } })) return 'uploading';
  if (snapshot.matches({ editing: { cover: 'failed' } })) return 'failed';
  return 'idle';
}

export function connectCourseWizard(
  snapshot: Snapshot,
  send: (event: CourseWizardEvent) => void,
): CourseWizardView {
  const context = snapshot.context;
  if (snapshot.matches('loading')) return { phase: 'loading' };
  if (snapshot.matches('failed'))
    return { phase: 'failed', error: context.loadError, retry: () => send({ type: 'retry' }) };
  if (snapshot.matches('draftChoice'))
    return {
      phase: 'draftChoice',
      status: context.record?.status ?? null,
      keep: () => send({ type: 'draft.keep' }),
      discard: () => send({ type: 'draft.discard' }),
    };
  if (snapshot.matches('done')) return { phase: 'done' };

  const { values, step, record, coverChoice } = context;
  const phase = coverPhase(snapshot);
  const status = record?.status ?? null;
  return {
    phase: 'editing',
    mode: context.courseId === null ? 'add' : 'edit',
    status,
    ownsFacilitators: record?.role !== 'facilitator',
    rejectionReason: status === 'Rejected' ? (record?.rejection_reason ?? null) : null,
    step,
    steps: stepEntries(values, step),
    position: STEPS.indexOf(step) + 1,
    total: STEPS.length,
    values,
    errors: context.errors,
    alert: context.alert,
    categories: context.categories,
    surveys: {
      pre: context.surveys.filter((survey) => survey.stage === 'pre'),
      post: context.surveys.filter((survey) => survey.stage === 'post'),
    },
    free: halalasOf(values.price) === 0,
    busy: snapshot.matches({ editing: { form: 'submitting' } }),
    submitKind: context.courseId === null ? 'submit' : status === 'Rejected' ? 'resend' : 'save',
    cover: {
      phase,
      preview: (phase === 'idle' ? null : coverChoice?.preview) || values.cover?.preview || null,
      name: phase === 'idle' ? null : (coverChoice?.name ?? null),
      percent: Math.round(context.coverProgress * 100),
      alert: context.coverAlert,
      choose: (file, name, preview) => send({ type: 'cover.choose', choice: { file, name, preview } }),
      progressed: (share) => send({ type: 'cover.progress', share }),
      cancel: () => send({ type: 'cover.cancel' }),
      retry: () => send({ type: 'cover.retry' }),
      remove: () => send({ type: 'cover.remove' }),
    },
    facilitator: {
      email: context.facilitatorEmail,
      message: context.facilitatorMessage,
      searching: snapshot.matches({ editing: { facilitator: 'searching' } }),
      changeEmail: (value) => send({ type: 'facilitator.email', value }),
      search: () => send({ type: 'facilitator.search' }),
      remove: (id) => send({ type: 'facilitator.remove', id }),
    },
    change: (name, value) => send({ type: 'field.change', name, value }),
    toggleLanguage: (list, language, on) => send({ type: 'language.toggle', list, language, on }),
    changeFemaleOnly: (value) => send({ type: 'femaleOnly.change', value }),
    addWeek: () => send({ type: 'week.add' }),
    removeWeek: (index) => send({ type: 'week.remove', index }),
    moveWeek: (index, by) => send({ type: 'week.move', index, by }),
    changeWeek: (index, name, value) => send({ type: 'week.change', index, name, value }),
    changeSurvey: (stage, value) => send({ type: 'survey.change', stage, value }),
    toggleDay: (day, on) => send({ type: 'day.toggle', day, on }),
    changeTime: (day, which, value) => send({ type: 'day.time', day, which, value }),
    next: () => send({ type: 'step.next' }),
    back: () => send({ type: 'step.back' }),
    goTo: (target) => send({ type: 'step.goto', step: target }),
    submit: () => send({ type: 'submit' }),
  };
}
