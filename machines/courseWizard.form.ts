import { toLatinDigits } from '@contract/domain/digits';
import {
  COURSE_LANGUAGES,
  type CourseInput,
  courseProblems,
  SKILL_LEVELS,
  STEP_FIELDS,
  WIZARD_STEPS,
  type WizardStep,
} from '@contract/forms/authoring';
import { type CourseRecord, type Facilitator, facilitatorSchema } from '@contract/wire/authoring';
import { WEEKDAYS, type Weekday } from '@contract/wire/courses';
import * as z from 'zod/mini';

/**
 * The course wizard's form as it is typed (numbers as text, Arabic-Indic digits included), turned
 * into the payload of POST and PUT /course/course-create/ by `courseInputOf` and checked with the
 * contract's rules (`courseProblems`), and the draft kept in the browser between visits.
 */

export type CourseLanguage = (typeof COURSE_LANGUAGES)[number];

/** The steps in order, the review last. */
export const STEPS = [...WIZARD_STEPS, 'review'] as const;
export type Step = (typeof STEPS)[number];

export interface WeekValues {
  syllabus_title: string;
  syllabus_title_ar: string;
  lectures: string;
  quizzes: string;
  assignments: string;
}

export interface DayValues {
  on: boolean;
  start: string;
  end: string;
}

/** The cover once uploaded: the address POST /upload/ answered and what the preview shows. */
export interface CoverValues {
  file: string;
  preview: string;
}

export interface WizardValues {
  title: string;
  title_ar: string;
  subtitle: string;
  subtitle_ar: string;
  description: string;
  description_ar: string;
  /** A category id, '' for none chosen. */
  category: string;
  cover: CoverValues | null;
  /** One of SKILL_LEVELS, '' for none chosen. */
  skill_level: string;
  languages: CourseLanguage[];
  captions: CourseLanguage[];
  female_only: boolean;
  /** Riyals as typed: '150', '99.50', '١٥٠'. */
  price: string;
  weeks: WeekValues[];
  /** Survey category ids, '' for None. */
  surveys: { pre: string; post: string };
  start_date: string;
  end_date: string;
  routine: Record<Weekday, DayValues>;
  facilitators: Facilitator[];
}

/** The text fields the view changes one by one. */
export type TextFieldName =
  | 'title'
  | 'title_ar'
  | 'subtitle'
  | 'subtitle_ar'
  | 'description'
  | 'description_ar'
  | 'category'
  | 'skill_level'
  | 'price'
  | 'start_date'
  | 'end_date';

export type WeekFieldName = keyof WeekValues;

export const EMPTY_WEEK: WeekValues = {
  syllabus_title: '',
  syllabus_title_ar: '',
  lectures: '0',
  quizzes: '0',
  assignments: '0',
};

const EMPTY_DAY: DayValues = { on: false, start: '', end: '' };

function emptyRoutine(): Record<Weekday, DayValues> {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, EMPTY_DAY])) as Record<Weekday, DayValues>;
}

export const EMPTY_VALUES: WizardValues = {
  title: '',
  title_ar: '',
  subtitle: '',
  subtitle_ar: '',
  description: '',
  description_ar: '',
  category: '',
  cover: null,
  skill_level: '',
  languages: [],
  captions: [],
  female_only: false,
  price: '0',
  weeks: [EMPTY_WEEK],
  surveys: { pre: '', post: '' },
  start_date: '',
  end_date: '',
  routine: emptyRoutine(),
  facilitators: [],
};

const WHOLE = /^\d+$/;
const RIYALS = /^\d+(\.\d{1,2})?$/;

/** A count as typed: a whole number written with any digits, else what was typed (the rules refuse it). */
function countOf(value: string): number | string {
  const latin = toLatinDigits(value.trim());
  return WHOLE.test(latin) ? Number(latin) : value;
}

/**
 * A price in riyals as typed ('150', '٩٩٫٥٠', '99.5') in whole halalas, or what was typed when it
 * is not a price (the rules refuse it). The Arabic decimal separator '٫' is read as a point.
 */
export function halalasOf(price: string): number | string {
  const latin = toLatinDigits(price.trim()).replace('٫', '.');
  if (!RIYALS.test(latin)) return price;
  const [whole = '0', fraction = ''] = latin.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Halalas as the price field shows them: '150', '99.50'. */
export function priceText(halalas: number): string {
  const whole = Math.floor(halalas / 100);
  const cents = halalas % 100;
  return cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, '0')}`;
}

const idOf = (value: string) => (value === '' ? undefined : Number(value));

/** The days of the routine that are ticked, Saturday to Friday. */
export function routineDays(values: WizardValues): Weekday[] {
  return WEEKDAYS.filter((day) => values.routine[day].on);
}

/** The payload as the rules read it; fields that are not typed right stay as typed, so that they are refused. */
export function courseInputOf(values: WizardValues): unknown {
  return {
    title: values.title.trim(),
    title_ar: values.title_ar.trim(),
    subtitle: values.subtitle.trim(),
    subtitle_ar: values.subtitle_ar.trim(),
    description: values.description.trim(),
    description_ar: values.description_ar.trim(),
    category: idOf(values.category),
    cover_image: values.cover?.file,
    skill_level: values.skill_level === '' ? undefined : values.skill_level,
    languages: values.languages,
    captions: values.captions,
    female_only: values.female_only,
    price_halalas: halalasOf(values.price),
    weeks: values.weeks.map((week) => ({
      syllabus_title: week.syllabus_title.trim(),
      syllabus_title_ar: week.syllabus_title_ar.trim(),
      lectures: countOf(week.lectures),
      quizzes: countOf(week.quizzes),
      assignments: countOf(week.assignments),
    })),
    surveys: { pre: idOf(values.surveys.pre) ?? null, post: idOf(values.surveys.post) ?? null },
    start_date: values.start_date,
    end_date: values.end_date,
    routine: routineDays(values).map((day) => ({
      day,
      start_time: values.routine[day].start,
      end_time: values.routine[day].end,
    })),
    facilitators: values.facilitators.map((facilitator) => facilitator.id),
  };
}

/** The payload of a form without problems. */
export function courseOf(values: WizardValues): CourseInput {
  return courseInputOf(values) as CourseInput;
}

/**
 * A field path of the payload as the form names it: the routine's slots by their day
 * ('routine.1.end_time' → 'routine.Monday.end_time'), the price and cover by their fields
 * ('price', 'cover'), the rest as they are.
 */
export function formPathOf(path: string, values: WizardValues): string {
  if (path === 'price_halalas') return 'price';
  if (path === 'cover_image') return 'cover';
  const match = /^routine\.(\d+)(\..*)?$/.exec(path);
  if (!match) return path;
  const day = routineDays(values)[Number(match[1])];
  return day ? `routine.${day}${match[2] ?? ''}` : 'routine';
}

/** The messages of the form by field path (see formPathOf), of one step or of all. */
export function wizardProblems(values: WizardValues, step?: WizardStep): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [path, message] of Object.entries(courseProblems(courseInputOf(values), step))) {
    const field = formPathOf(path, values);
    if (!(field in problems)) problems[field] = message;
  }
  return problems;
}

/** The step whose fields hold a field path ('weeks.0.lectures' → syllabus); null for none. */
export function stepOfField(path: string): WizardStep | null {
  const top = path.split('.')[0] ?? '';
  if (top === 'cover') return 'basics';
  if (top === 'price') return 'basics';
  return WIZARD_STEPS.find((step) => (STEP_FIELDS[step] as readonly string[]).includes(top)) ?? null;
}

/** The first step with a problem, in order; null when the course can be sent. */
export function firstInvalidStep(values: WizardValues): WizardStep | null {
  return WIZARD_STEPS.find((step) => Object.keys(wizardProblems(values, step)).length > 0) ?? null;
}

/** The form of a saved course (edit mode). */
export function valuesOfRecord(record: CourseRecord): WizardValues {
  const routine = emptyRoutine();
  for (const slot of record.routine) {
    routine[slot.day] = { on: true, start: slot.start_time.slice(0, 5), end: slot.end_time.slice(0, 5) };
  }
  return {
    title: record.title,
    title_ar: record.title_ar,
    subtitle: record.subtitle,
    subtitle_ar: record.subtitle_ar,
    description: record.description,
    description_ar: record.description_ar,
    category: String(record.category),
    cover: record.cover_image ? { file: record.cover_image, preview: record.cover_image_url } : null,
    skill_level: record.skill_level,
    languages: [...record.languages],
    captions: [...record.captions],
    female_only: record.female_only,
    price: priceText(record.price_halalas),
    weeks: record.weeks.map((week) => ({
      syllabus_title: week.syllabus_title,
      syllabus_title_ar: week.syllabus_title_ar,
      lectures: String(week.lectures),
      quizzes: String(week.quizzes),
      assignments: String(week.assignments),
    })),
    surveys: {
      pre: record.surveys.pre === null ? '' : String(record.surveys.pre),
      post: record.surveys.post === null ? '' : String(record.surveys.post),
    },
    start_date: record.start_date.slice(0, 10),
    end_date: record.end_date.slice(0, 10),
    routine,
    facilitators: [...record.facilitators],
  };
}

// ── The draft kept in the browser ───────────────────────────────────────────────────────────────

/** What is kept of an unsent wizard: the values as typed and the step it was on. */
export interface WizardDraft {
  values: WizardValues;
  step: Step;
}

const language = z.enum(COURSE_LANGUAGES);
const dayValues = z.object({ on: z.boolean(), start: z.string(), end: z.string() });
const draftSchema = z.object({
  step: z.enum(STEPS),
  values: z.object({
    title: z.string(),
    title_ar: z.string(),
    subtitle: z.string(),
    subtitle_ar: z.string(),
    description: z.string(),
    description_ar: z.string(),
    category: z.string(),
    cover: z.nullable(z.object({ file: z.string(), preview: z.string() })),
    skill_level: z.union([z.enum(SKILL_LEVELS), z.literal('')]),
    languages: z.array(language),
    captions: z.array(language),
    female_only: z.boolean(),
    price: z.string(),
    weeks: z.array(
      z.object({
        syllabus_title: z.string(),
        syllabus_title_ar: z.string(),
        lectures: z.string(),
        quizzes: z.string(),
        assignments: z.string(),
      }),
    ),
    surveys: z.object({ pre: z.string(), post: z.string() }),
    start_date: z.string(),
    end_date: z.string(),
    routine: z.object(
      Object.fromEntries(WEEKDAYS.map((day) => [day, dayValues])) as Record<Weekday, typeof dayValues>,
    ),
    facilitators: z.array(facilitatorSchema),
  }),
});

/** Where a user's draft is kept: one per user (by address) and mode ('add', or 'edit:{id}' for a course). */
export function draftKey(email: string, courseId: number | null): string {
  return `kfu.courseWizard.${email.trim().toLowerCase()}.${courseId === null ? 'add' : `edit:${courseId}`}`;
}

/** The draft as stored text. */
export function draftText(draft: WizardDraft): string {
  return JSON.stringify(draft);
}

/** A stored draft, or null when there is none or it cannot be read (an older shape, a broken text). */
export function readDraft(text: string | null): WizardDraft | null {
  if (!text) return null;
  try {
    const parsed = draftSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
