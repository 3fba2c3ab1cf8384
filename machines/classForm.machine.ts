import { toLatinDigits } from '@contract/domain/digits';
import {
  AUTHORING_VALIDATION,
  type BuilderClassType,
  type BuilderQuestion,
  CLASS_TYPE_IDS,
  type ClassInput,
  classProblems,
  OPTIONS_MAX,
  OPTIONS_MIN,
  QUESTIONS_MAX,
} from '@contract/forms/authoring';
import { lectureSavedMessage } from '@contract/messages/authoring';
import { DEFAULT_FAILURE } from '@contract/messages/errors';
import type {
  AuthoringCourse,
  ClassRecord,
  ClassSaved,
  ClassType,
  TrainerCourse,
} from '@contract/wire/authoring';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, failureOf, statusOf } from './forms';
import { createLoaderMachine } from './loader.machine';
import { refusedFieldErrors } from './refusal';

/**
 * The course builder's forms (spec sections 2, 3 and 5): a class, an assignment or a quiz, added
 * to an approved course (`/add-new-class/{id}`, `/add-new-assignment?course=`, `/add-new-quiz?course=`)
 * or edited (`/edit-lecture/{id}`, where the type can change while no trainee has handed in work).
 * Loading reads the class types, the course's sidebar (its weeks and whether classes may be added)
 * and, when editing, the lecture. Without a course in the address the trainer first chooses one of
 * their approved courses. Beside the English title and description, optional Arabic ones (always
 * sent, '' for none, so that clearing one clears it). Saving validates with the contract's rules (messages at their fields,
 * what was typed kept; blank questions dropped), then POSTs or PUTs; a refusal says why, at the
 * field the server names or in the alert.
 */

export type QuestionKind = BuilderQuestion['kind'];

/** A question as typed: marks as text (Arabic-Indic digits and decimals accepted). */
export interface QuestionDraft {
  /** Stable across edits, for the view's keys. */
  key: number;
  text: string;
  kind: QuestionKind;
  options: string[];
  correct: number[];
  marks: string;
}

/** Spec section 5: a true/false question's answers, sent as these words (the view translates them). */
export const TRUE_FALSE_OPTIONS = ['True', 'False'] as const;

export interface ClassFormValues {
  title: string;
  /** Optional: what Arabic learners see, '' for none (they then see the English). */
  title_ar: string;
  description: string;
  description_ar: string;
  /** The syllabus week, as the select's value. */
  week: string;
  /** The upload address of the form's file, or null. */
  file: string | null;
}

export interface QuizSettingsDraft {
  /** Minutes, '' for none. */
  timeLimit: string;
  attempts: string;
  showsAnswers: boolean;
}

export interface ClassFormInput {
  mode: 'create' | 'edit';
  /** Create: which form. Edit: replaced by the lecture's type once loaded. */
  classType: BuilderClassType;
  /** Create: the course from the address, or null to ask. */
  courseId: number | null;
  /** Edit: the lecture. */
  lectureId: number | null;
}

export interface ClassFormData {
  classTypes: ClassType[];
  course: AuthoringCourse;
  /** Edit: the lecture as its form edits it. */
  record: ClassRecord | null;
}

export interface ClassFormContext {
  mode: 'create' | 'edit';
  classType: BuilderClassType;
  courseId: number | null;
  lectureId: number | null;
  /** The trainer's courses, for the course select. */
  courses: TrainerCourse[];
  classTypes: ClassType[];
  course: AuthoringCourse | null;
  record: ClassRecord | null;
  values: ClassFormValues;
  questions: QuestionDraft[];
  nextKey: number;
  settings: QuizSettingsDraft;
  /** The upload widget is sending a file. */
  uploading: boolean;
  /** Messages (English) by field path ('detail_info.title', 'quiz_info.2.question.marks'…). */
  errors: Record<string, string>;
  alert: string | null;
  saved: ClassSaved | null;
}

export type TextField = 'title' | 'title_ar' | 'description' | 'description_ar' | 'week';
export type SettingsField = 'timeLimit' | 'attempts';

export type ClassFormEvent =
  | { type: 'course.choose'; courseId: number }
  | { type: 'field.change'; name: TextField; value: string }
  | { type: 'file.change'; address: string | null }
  | { type: 'upload.busy'; busy: boolean }
  | { type: 'type.change'; classType: BuilderClassType }
  | { type: 'question.add' }
  | { type: 'question.remove'; index: number }
  | { type: 'question.text'; index: number; value: string }
  | { type: 'question.kind'; index: number; kind: QuestionKind }
  | { type: 'option.add'; index: number }
  | { type: 'option.remove'; index: number; option: number }
  | { type: 'option.text'; index: number; option: number; value: string }
  | { type: 'correct.toggle'; index: number; option: number }
  | { type: 'marks.change'; index: number; value: string }
  | { type: 'settings.change'; name: SettingsField; value: string }
  | { type: 'settings.showsAnswers'; value: boolean }
  | { type: 'submit' };

export interface LoadInput {
  courseId: number | null;
  lectureId: number | null;
}

export interface SaveInput {
  lectureId: number | null;
  input: ClassInput;
}

// ── Pure helpers ────────────────────────────────────────────────────────────────────────────────

/** A number as typed: Arabic-Indic digits, and '٫' or ',' as the decimal mark; NaN when it is not one. */
export function typedNumber(value: string): number {
  const text = toLatinDigits(value).trim().replace(/[٫,]/g, '.');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(text)) return Number.NaN;
  return Number(text);
}

export function emptyQuestion(key: number, kind: QuestionKind = 'single'): QuestionDraft {
  return {
    key,
    text: '',
    kind,
    options: kind === 'true_false' ? [...TRUE_FALSE_OPTIONS] : ['', ''],
    correct: [],
    marks: '1',
  };
}

/** Spec section 5: a question with no text and no answer text is dropped on submit. */
export function isBlankQuestion(question: QuestionDraft): boolean {
  if (question.text.trim()) return false;
  return question.kind === 'true_false' || question.options.every((option) => !option.trim());
}

/** The sum of the marks typed so far, as the form shows them (what cannot be read counts as nothing). */
export function marksTotal(questions: readonly QuestionDraft[]): number {
  return questions.reduce((sum, question) => {
    const marks = typedNumber(question.marks);
    return Number.isNaN(marks) ? sum : sum + marks;
  }, 0);
}

function classTypeId(context: Pick<ClassFormContext, 'classTypes' | 'classType'>): number {
  return (
    context.classTypes.find((type) => type.name === context.classType)?.id ??
    CLASS_TYPE_IDS[context.classType]
  );
}

/**
 * The payload the form sends, and for each of its questions the index of the draft it came from
 * (blank questions are left out).
 */
export function payloadOf(context: ClassFormContext): { input: ClassInput; drafts: number[] } {
  const quiz = context.classType === 'Quiz';
  const drafts = quiz
    ? context.questions.flatMap((question, index) => (isBlankQuestion(question) ? [] : [index]))
    : [];
  const timeLimit = context.settings.timeLimit.trim();
  const input: ClassInput = {
    class_type: classTypeId(context),
    course: context.courseId ?? 0,
    week: typedNumber(context.values.week),
    detail_info: {
      title: context.values.title,
      title_ar: context.values.title_ar,
      description: context.values.description,
      description_ar: context.values.description_ar,
      file: context.values.file,
    },
    quiz_info: drafts.map((index) => {
      const question = context.questions[index] as QuestionDraft;
      return {
        question: {
          text: question.text,
          kind: question.kind,
          options: question.options,
          correct: [...question.correct].sort((a, b) => a - b),
          marks: typedNumber(question.marks),
        },
      };
    }),
    ...(quiz
      ? {
          quiz_settings: {
            time_limit_minutes: timeLimit ? typedNumber(timeLimit) : null,
            attempts_allowed: typedNumber(context.settings.attempts),
            shows_answers: context.settings.showsAnswers,
          },
        }
      : {}),
  };
  return { input, drafts };
}

/** A payload path of a question ('quiz_info.1.question.marks') as the path of its draft. */
function toDraftPath(path: string, drafts: readonly number[]): string {
  const match = /^quiz_info\.(\d+)(\..*)?$/.exec(path);
  if (!match) return path;
  const draft = drafts[Number(match[1])];
  return draft === undefined ? 'quiz_info' : `quiz_info.${draft}${match[2] ?? ''}`;
}

/** Every message of the form, by the path of its field (question paths name drafts). */
export function formProblems(context: ClassFormContext): Record<string, string> {
  const { input, drafts } = payloadOf(context);
  const problems: Record<string, string> = {};
  for (const [path, message] of Object.entries(classProblems(input))) {
    const at = toDraftPath(path, drafts);
    if (!(at in problems)) problems[at] = message;
  }
  if (context.uploading && !problems['detail_info.file']) {
    problems['detail_info.file'] = AUTHORING_VALIDATION.fileUnknown;
  }
  return problems;
}

const FORM_PATHS =
  /^(detail_info\.(title|title_ar|description|description_ar|file)|week|quiz_info(\.\d+.*)?|quiz_settings(\..+)?)$/;

/** A 400's details that name a field of the form, by path; the rest is for the alert. */
function refusalOf(error: unknown, drafts: readonly number[]): Record<string, string> {
  if (statusOf(error) !== 400) return {};
  // Every key it holds has its sentence.
  return refusedFieldErrors(error, (field) =>
    FORM_PATHS.test(field) ? toDraftPath(field, drafts) : undefined,
  ) as Record<string, string>;
}

/** The errors left once a field changes: its own go (and the totals of the quiz with a question). */
function without(errors: Record<string, string>, ...prefixes: string[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).filter(
      ([path]) => !prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}.`)),
    ),
  );
}

function withQuestion(
  context: ClassFormContext,
  index: number,
  change: (question: QuestionDraft) => QuestionDraft,
): Partial<ClassFormContext> {
  const question = context.questions[index];
  if (!question) return {};
  const questions = context.questions.map((item, at) => (at === index ? change(item) : item));
  return { questions, errors: without(context.errors, `quiz_info.${index}`, 'quiz_info') };
}

function changeKind(question: QuestionDraft, kind: QuestionKind): QuestionDraft {
  if (kind === question.kind) return question;
  if (kind === 'true_false') return { ...question, kind, options: [...TRUE_FALSE_OPTIONS], correct: [] };
  const options = question.kind === 'true_false' ? ['', ''] : question.options;
  const correct =
    question.kind === 'true_false' ? [] : question.correct.slice(0, kind === 'single' ? 1 : undefined);
  return { ...question, kind, options, correct };
}

function fromRecord(
  record: ClassRecord,
): Pick<ClassFormContext, 'values' | 'questions' | 'nextKey' | 'settings'> {
  const questions = record.quiz_info.map(({ question }, key) => ({
    key,
    text: question.text,
    kind: question.kind,
    options: [...question.options],
    correct: [...question.correct],
    marks: String(question.marks),
  }));
  return {
    values: {
      title: record.detail_info.title,
      title_ar: record.detail_info.title_ar ?? '',
      description: record.detail_info.description,
      description_ar: record.detail_info.description_ar ?? '',
      week: String(record.week),
      file: record.detail_info.file,
    },
    questions: questions.length > 0 ? questions : [emptyQuestion(0)],
    nextKey: Math.max(questions.length, 1),
    settings: record.quiz_settings
      ? {
          timeLimit:
            record.quiz_settings.time_limit_minutes === null
              ? ''
              : String(record.quiz_settings.time_limit_minutes),
          attempts: String(record.quiz_settings.attempts_allowed),
          showsAnswers: record.quiz_settings.shows_answers,
        }
      : DEFAULT_SETTINGS,
  };
}

const DEFAULT_SETTINGS: QuizSettingsDraft = { timeLimit: '', attempts: '1', showsAnswers: true };

const loaded = ({ event }: { event: { output: ClassFormData } }) => ({ data: event.output });

// ── The machine ─────────────────────────────────────────────────────────────────────────────────

export const classFormMachine = setup({
  types: {
    input: {} as ClassFormInput,
    context: {} as ClassFormContext,
    events: {} as ClassFormEvent,
    children: {} as { coursesLoader: 'coursesLoader'; loader: 'loader' },
  },
  actors: {
    /** The trainer's courses, to choose the one the class goes in. */
    coursesLoader: createLoaderMachine<TrainerCourse[]>(),
    /** The course, and the lecture to edit. */
    loader: createLoaderMachine<ClassFormData, LoadInput>(),
    save: fromPromise<ClassSaved, SaveInput>(async () => {
      throw new Error('save is supplied by the view');
    }),
  },
  guards: {
    needsCourse: ({ context }) => context.mode === 'create' && context.courseId === null,
    /** Classes are added to, and edited in, approved courses only (the server answers 403 otherwise). */
    courseClosed: ({ context }, { data }: { data: ClassFormData }) =>
      context.mode === 'create' ? !data.course.flags.can_add_class : !data.course.flags.can_take_action,
    valid: ({ context }) => Object.keys(formProblems(context)).length === 0,
    typeChangeable: ({ context }) => context.mode === 'edit' && context.record?.has_work === false,
  },
  actions: {
    keepCourses: assign({ courses: (_, { courses }: { courses: TrainerCourse[] }) => courses }),
    chooseCourse: assign(({ event }) => {
      assertEvent(event, 'course.choose');
      return { courseId: event.courseId };
    }),
    /** The view puts the chosen course in the address, so that a reload keeps it. */
    courseChosen: (_, _params: { courseId: number }) => {},
    fill: assign(({ context }, { data }: { data: ClassFormData }) => {
      const { record, course, classTypes } = data;
      const firstWeek = course.weeks[0]?.week;
      const base = {
        classTypes,
        course,
        record,
        courseId: course.course.id,
        errors: {},
        alert: null,
      };
      if (!record) {
        return {
          ...base,
          values: { ...context.values, week: firstWeek === undefined ? '' : String(firstWeek) },
        };
      }
      const classType = record.class_type_name;
      return { ...base, classType, ...fromRecord(record) };
    }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const path = event.name === 'week' ? 'week' : `detail_info.${event.name}`;
      return {
        values: { ...context.values, [event.name]: event.value },
        errors: without(context.errors, path),
      };
    }),
    changeFile: assign(({ context, event }) => {
      assertEvent(event, 'file.change');
      return {
        values: { ...context.values, file: event.address },
        errors: without(context.errors, 'detail_info.file'),
      };
    }),
    setUploading: assign(({ context, event }) => {
      assertEvent(event, 'upload.busy');
      return {
        uploading: event.busy,
        errors: event.busy ? context.errors : without(context.errors, 'detail_info.file'),
      };
    }),
    changeType: assign(({ event }) => {
      assertEvent(event, 'type.change');
      return { classType: event.classType, errors: {}, alert: null };
    }),
    addQuestion: assign(({ context }) => {
      if (context.questions.length >= QUESTIONS_MAX) return {};
      return {
        questions: [...context.questions, emptyQuestion(context.nextKey)],
        nextKey: context.nextKey + 1,
        errors: without(context.errors, 'quiz_info'),
      };
    }),
    removeQuestion: assign(({ context, event }) => {
      assertEvent(event, 'question.remove');
      const questions = context.questions.filter((_, index) => index !== event.index);
      // Paths name drafts by position: after a removal they would name the wrong ones.
      return { questions, errors: without(context.errors, 'quiz_info') };
    }),
    changeQuestionText: assign(({ context, event }) => {
      assertEvent(event, 'question.text');
      return withQuestion(context, event.index, (question) => ({ ...question, text: event.value }));
    }),
    changeQuestionKind: assign(({ context, event }) => {
      assertEvent(event, 'question.kind');
      return withQuestion(context, event.index, (question) => changeKind(question, event.kind));
    }),
    addOption: assign(({ context, event }) => {
      assertEvent(event, 'option.add');
      return withQuestion(context, event.index, (question) =>
        question.kind === 'true_false' || question.options.length >= OPTIONS_MAX
          ? question
          : { ...question, options: [...question.options, ''] },
      );
    }),
    removeOption: assign(({ context, event }) => {
      assertEvent(event, 'option.remove');
      const gone = event.option;
      return withQuestion(context, event.index, (question) =>
        question.kind === 'true_false' || question.options.length <= OPTIONS_MIN
          ? question
          : {
              ...question,
              options: question.options.filter((_, at) => at !== gone),
              correct: question.correct.filter((at) => at !== gone).map((at) => (at > gone ? at - 1 : at)),
            },
      );
    }),
    changeOption: assign(({ context, event }) => {
      assertEvent(event, 'option.text');
      return withQuestion(context, event.index, (question) =>
        question.kind === 'true_false'
          ? question
          : {
              ...question,
              options: question.options.map((text, at) => (at === event.option ? event.value : text)),
            },
      );
    }),
    toggleCorrect: assign(({ context, event }) => {
      assertEvent(event, 'correct.toggle');
      const { option } = event;
      return withQuestion(context, event.index, (question) => {
        if (option < 0 || option >= question.options.length) return question;
        if (question.kind !== 'multiple') return { ...question, correct: [option] };
        const correct = question.correct.includes(option)
          ? question.correct.filter((at) => at !== option)
          : [...question.correct, option];
        return { ...question, correct };
      });
    }),
    changeMarks: assign(({ context, event }) => {
      assertEvent(event, 'marks.change');
      return withQuestion(context, event.index, (question) => ({ ...question, marks: event.value }));
    }),
    changeSettings: assign(({ context, event }) => {
      assertEvent(event, 'settings.change');
      const path =
        event.name === 'timeLimit' ? 'quiz_settings.time_limit_minutes' : 'quiz_settings.attempts_allowed';
      return {
        settings: { ...context.settings, [event.name]: event.value },
        errors: without(context.errors, path, 'quiz_settings'),
      };
    }),
    changeShowsAnswers: assign(({ context, event }) => {
      assertEvent(event, 'settings.showsAnswers');
      return { settings: { ...context.settings, showsAnswers: event.value } };
    }),
    showProblems: assign({ errors: ({ context }) => formProblems(context), alert: null }),
    clearAlert: assign({ alert: null }),
    showRefusal: assign(({ context }, { error }: Failure) => {
      const fields = refusalOf(error, payloadOf(context).drafts);
      if (Object.keys(fields).length > 0) return { errors: fields, alert: null };
      return { errors: {}, alert: alertOf(error, DEFAULT_FAILURE) };
    }),
    keepSaved: assign({ saved: (_, { saved }: { saved: ClassSaved }) => saved }),
    focusFirstInvalid: () => {},
    /**
     * The toast, by what was saved and how: 'The quiz has been added', 'The assignment has been
     * updated' … (not the server's sentence, which another server may word for any kind).
     */
    announceSaved: (_, _params: { message: string }) => {},
    /** To the trainer's course view, on the saved lecture. */
    goToCourse: (_, _params: { courseId: number; lectureId: number }) => {},
  },
}).createMachine({
  id: 'classForm',
  context: ({ input }) => ({
    mode: input.mode,
    classType: input.classType,
    courseId: input.courseId,
    lectureId: input.lectureId,
    courses: [],
    classTypes: [],
    course: null,
    record: null,
    values: { title: '', title_ar: '', description: '', description_ar: '', week: '', file: null },
    questions: [emptyQuestion(0)],
    nextKey: 1,
    settings: DEFAULT_SETTINGS,
    uploading: false,
    errors: {},
    alert: null,
    saved: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'needsCourse', target: 'choosingCourse' }, { target: 'loading' }],
    },
    /** No course in the address: the trainer chooses one of their approved courses. */
    choosingCourse: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'coursesLoader',
            src: 'coursesLoader',
            input: { params: undefined },
            onDone: {
              target: 'ready',
              actions: { type: 'keepCourses', params: ({ event }) => ({ courses: event.output }) },
            },
          },
        },
        ready: {
          on: {
            'course.choose': {
              target: '#classForm.loading',
              actions: [
                'chooseCourse',
                { type: 'courseChosen', params: ({ event }) => ({ courseId: event.courseId }) },
              ],
            },
          },
        },
      },
    },
    loading: {
      invoke: {
        id: 'loader',
        src: 'loader',
        // No such course or lecture (or not one the trainer can edit): nothing to retry.
        input: ({ context }) => ({
          params: { courseId: context.courseId, lectureId: context.lectureId },
          missingWhen: 'notFound',
        }),
        onDone: [
          {
            guard: { type: 'courseClosed', params: loaded },
            target: 'closed',
            actions: { type: 'fill', params: loaded },
          },
          { target: 'form', actions: { type: 'fill', params: loaded } },
        ],
      },
    },
    /** The course is not approved: the form says so instead of letting the trainer fill it in. */
    closed: {},
    form: {
      initial: 'editing',
      on: {
        'field.change': { actions: 'changeField' },
        'file.change': { actions: 'changeFile' },
        'upload.busy': { actions: 'setUploading' },
        'type.change': { guard: 'typeChangeable', actions: 'changeType' },
        'question.add': { actions: 'addQuestion' },
        'question.remove': { actions: 'removeQuestion' },
        'question.text': { actions: 'changeQuestionText' },
        'question.kind': { actions: 'changeQuestionKind' },
        'option.add': { actions: 'addOption' },
        'option.remove': { actions: 'removeOption' },
        'option.text': { actions: 'changeOption' },
        'correct.toggle': { actions: 'toggleCorrect' },
        'marks.change': { actions: 'changeMarks' },
        'settings.change': { actions: 'changeSettings' },
        'settings.showsAnswers': { actions: 'changeShowsAnswers' },
        submit: { target: '#classForm.validating', actions: 'clearAlert' },
      },
      states: {
        editing: {},
        /** The server refused: why, at its field or in the alert; everything typed is kept. */
        refused: {},
      },
    },
    /** The contract's rules over what was typed (blank questions left out). */
    validating: {
      always: [
        { guard: 'valid', target: 'saving' },
        { target: 'form.editing', actions: ['showProblems', 'focusFirstInvalid'] },
      ],
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          lectureId: context.mode === 'edit' ? context.lectureId : null,
          input: payloadOf(context).input,
        }),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'keepSaved', params: ({ event }) => ({ saved: event.output }) },
            {
              type: 'announceSaved',
              params: ({ context }) => ({ message: lectureSavedMessage(context.classType, context.mode) }),
            },
            {
              type: 'goToCourse',
              params: ({ event }) => ({
                courseId: event.output.data.course,
                lectureId: event.output.data.id,
              }),
            },
          ],
        },
        onError: { target: 'form.refused', actions: { type: 'showRefusal', params: failureOf } },
      },
    },
    /** Saved: the view goes to the course. */
    saved: { type: 'final' },
  },
});
