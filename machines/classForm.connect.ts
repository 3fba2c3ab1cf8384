import {
  type BuilderClassType,
  OPTIONS_MAX,
  OPTIONS_MIN,
  QUESTIONS_MAX,
  QUIZ_MARKS_MAX,
} from '@contract/forms/authoring';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import type { AuthoringCourse } from '@contract/wire/authoring';
import type { FileLink } from '@contract/wire/learning';
import type { SnapshotFrom } from 'xstate';
import {
  type ClassFormEvent,
  type classFormMachine,
  marksTotal,
  type QuestionKind,
  type SettingsField,
  type TextField,
} from './classForm.machine';
import { connectLoader, type LoaderView } from './loader.connect';

type Snapshot = SnapshotFrom<typeof classFormMachine>;

export type ClassFormStep = 'choosingCourse' | 'loading' | 'failed' | 'missing' | 'closed' | 'form' | 'saved';

/** A field: its value, its message (English; the view translates it), and typing in it. */
export interface ClassFieldView {
  value: string;
  error: string | undefined;
  change: (value: string) => void;
}

export interface OptionView {
  text: string;
  correct: boolean;
  error: string | undefined;
  change: (value: string) => void;
  toggle: () => void;
  remove: () => void;
}

export interface QuestionView {
  key: number;
  /** 0-based position. */
  index: number;
  text: ClassFieldView;
  kind: QuestionKind;
  changeKind: (kind: QuestionKind) => void;
  options: OptionView[];
  /** The answers' own message ('A question needs at least two answers'…). */
  optionsError: string | undefined;
  correctError: string | undefined;
  marks: ClassFieldView;
  canAddOption: boolean;
  canRemoveOption: boolean;
  addOption: () => void;
  remove: () => void;
}

export interface CourseOption {
  id: number;
  title: string;
  title_ar: string;
}

export interface ClassFormView {
  step: ClassFormStep;
  mode: 'create' | 'edit';
  classType: BuilderClassType;
  /** No course in the address: the trainer's approved courses to choose from. */
  courseChoice: {
    status: 'loading' | 'ready' | 'failed';
    courses: CourseOption[];
    choose: (courseId: number) => void;
  };
  /** Why loading failed. */
  error: unknown;
  retry: () => void;
  course: AuthoringCourse | null;
  courseId: number | null;
  lectureId: number | null;
  weeks: { value: string; week: number; title: string; title_ar: string }[];
  title: ClassFieldView;
  /** Optional, beside the English: what Arabic learners see. */
  titleAr: ClassFieldView;
  description: ClassFieldView;
  descriptionAr: ClassFieldView;
  week: ClassFieldView;
  file: {
    /** The lecture's stored file (edit mode), for the widget to show. */
    existing: { address: string; link: FileLink } | null;
    error: string | undefined;
    change: (address: string | null) => void;
    busy: (busy: boolean) => void;
  };
  /** Edit mode: Class, Assignment or Quiz; fixed once trainees have handed in work. */
  type: {
    shown: boolean;
    enabled: boolean;
    /** Why it cannot change (English), or null. */
    reason: string | null;
    change: (classType: BuilderClassType) => void;
  };
  questions: QuestionView[];
  /** The quiz's own message: 'Quiz field is required', 'The marks must total at most 10'. */
  quizError: string | undefined;
  marks: { total: number; max: number; over: boolean };
  canAddQuestion: boolean;
  addQuestion: () => void;
  /** Trainees have taken the quiz: its questions can no longer change (the server says so too). */
  questionsLocked: boolean;
  settings: {
    timeLimit: ClassFieldView;
    attempts: ClassFieldView;
    showsAnswers: boolean;
    changeShowsAnswers: (value: boolean) => void;
  };
  alert: string | null;
  busy: boolean;
  submit: () => void;
}

function stepOf(snapshot: Snapshot, load: LoaderView): ClassFormStep {
  if (snapshot.matches('choosingCourse')) return 'choosingCourse';
  if (snapshot.matches('loading') && load.status !== 'loading') return load.status;
  if (snapshot.matches('closed')) return 'closed';
  if (snapshot.matches('form') || snapshot.matches('validating') || snapshot.matches('saving')) return 'form';
  if (snapshot.matches('saved')) return 'saved';
  return 'loading';
}

export function connectClassForm(snapshot: Snapshot, send: (event: ClassFormEvent) => void): ClassFormView {
  const { context } = snapshot;
  const { errors, values, settings, record } = context;
  const field = (name: TextField, path: string): ClassFieldView => ({
    value: values[name] ?? '',
    error: errors[path],
    change: (value) => send({ type: 'field.change', name, value }),
  });
  const setting = (name: SettingsField, path: string): ClassFieldView => ({
    value: settings[name],
    error: errors[path] ?? (name === 'attempts' ? errors.quiz_settings : undefined),
    change: (value) => send({ type: 'settings.change', name, value }),
  });
  const total = marksTotal(context.questions);
  const hasWork = record?.has_work === true;
  const questions = context.questions.map((question, index): QuestionView => {
    const at = `quiz_info.${index}.question`;
    const fixed = question.kind === 'true_false';
    return {
      key: question.key,
      index,
      text: {
        value: question.text,
        error: errors[`${at}.text`],
        change: (value) => send({ type: 'question.text', index, value }),
      },
      kind: question.kind,
      changeKind: (kind) => send({ type: 'question.kind', index, kind }),
      options: question.options.map((text, option) => ({
        text,
        correct: question.correct.includes(option),
        error: errors[`${at}.options.${option}`],
        change: (value) => send({ type: 'option.text', index, option, value }),
        toggle: () => send({ type: 'correct.toggle', index, option }),
        remove: () => send({ type: 'option.remove', index, option }),
      })),
      optionsError: errors[`${at}.options`],
      correctError: errors[`${at}.correct`],
      marks: {
        value: question.marks,
        error: errors[`${at}.marks`],
        change: (value) => send({ type: 'marks.change', index, value }),
      },
      canAddOption: !fixed && question.options.length < OPTIONS_MAX,
      canRemoveOption: !fixed && question.options.length > OPTIONS_MIN,
      addOption: () => send({ type: 'option.add', index }),
      remove: () => send({ type: 'question.remove', index }),
    };
  });
  const load = connectLoader(snapshot.children.coursesLoader ?? snapshot.children.loader);
  const status = snapshot.matches({ choosingCourse: 'ready' })
    ? 'ready'
    : load.status === 'failed'
      ? 'failed'
      : 'loading';
  return {
    step: stepOf(snapshot, load),
    mode: context.mode,
    classType: context.classType,
    courseChoice: {
      status,
      courses: context.courses
        .filter((course) => course.flags.can_add_class)
        .map(({ id, title, title_ar }) => ({ id, title, title_ar })),
      choose: (courseId) => send({ type: 'course.choose', courseId }),
    },
    error: load.status === 'loading' ? null : load.error,
    retry: load.status === 'failed' ? load.retry : () => {},
    course: context.course,
    courseId: context.courseId,
    lectureId: context.lectureId,
    weeks: (context.course?.weeks ?? []).map(({ week, title, title_ar }) => ({
      value: String(week),
      week,
      title,
      title_ar,
    })),
    title: field('title', 'detail_info.title'),
    titleAr: field('title_ar', 'detail_info.title_ar'),
    description: field('description', 'detail_info.description'),
    descriptionAr: field('description_ar', 'detail_info.description_ar'),
    week: field('week', 'week'),
    file: {
      existing:
        record?.detail_info.file && record.file
          ? { address: record.detail_info.file, link: record.file }
          : null,
      error: errors['detail_info.file'],
      change: (address) => send({ type: 'file.change', address }),
      busy: (busy) => send({ type: 'upload.busy', busy }),
    },
    type: {
      shown: context.mode === 'edit',
      enabled: context.mode === 'edit' && !hasWork,
      reason: hasWork ? AUTHORING_MESSAGES.typeHasWork : null,
      change: (classType) => send({ type: 'type.change', classType }),
    },
    questions,
    quizError: errors.quiz_info,
    marks: { total, max: QUIZ_MARKS_MAX, over: total > QUIZ_MARKS_MAX },
    canAddQuestion: context.questions.length < QUESTIONS_MAX,
    addQuestion: () => send({ type: 'question.add' }),
    questionsLocked: hasWork && record?.class_type_name === 'Quiz' && context.classType === 'Quiz',
    settings: {
      timeLimit: setting('timeLimit', 'quiz_settings.time_limit_minutes'),
      attempts: setting('attempts', 'quiz_settings.attempts_allowed'),
      showsAnswers: settings.showsAnswers,
      changeShowsAnswers: (value) => send({ type: 'settings.showsAnswers', value }),
    },
    alert: context.alert,
    busy: snapshot.matches('saving') || snapshot.matches('saved'),
    submit: () => send({ type: 'submit' }),
  };
}
