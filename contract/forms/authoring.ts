import { longerThan } from '@contract/forms/rules';
import { WEEKDAYS } from '@contract/wire/courses';
import * as z from 'zod/mini';

/**
 * Trainer authoring's forms (the calls: wire/authoring.ts): the course wizard's payload and the
 * class builder's, with their rules and sentences. The server checks the same schemas.
 */

// ── Rules and their messages ────────────────────────────────────────────────────────────────────

/** The wizard's and the builder forms' messages; the spec's own wording where it has one (section 5). */
export const AUTHORING_VALIDATION = {
  titleRequired: 'Course title is required',
  titleArRequired: 'Arabic course title is required',
  titleMax: 'The title must be at most 150 characters',
  subtitleMax: 'The subtitle must be at most 200 characters',
  descriptionRequired: 'Course description is required',
  descriptionMax: 'The description must be at most 5000 characters',
  categoryRequired: 'Choose a category',
  coverRequired: 'Add a cover picture',
  coverType: 'The cover picture must be a PNG or JPEG image',
  skillLevelRequired: 'Choose a skill level',
  languagesRequired: 'Choose at least one language',
  priceInvalid: 'Enter the price in riyals, for example 150 or 99.50',
  priceMax: 'The price must be at most 100000 riyals',
  weeksRequired: 'Add at least one week',
  weeksMax: 'A course has at most 52 weeks',
  weekTitleRequired: 'Week title is required',
  countInvalid: 'Enter a whole number from 0 to 50',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  endBeforeStart: 'The end date must be on or after the start date',
  routineRequired: 'Add at least one day to the class routine',
  routineDayTwice: 'Each day appears once in the class routine',
  timeInvalid: 'Enter a time such as 09:00',
  endTimeBeforeStart: 'The class must end after it starts',
  surveyInvalid: 'Choose one of the evaluation surveys',
  facilitatorsMax: 'A course has at most 5 facilitators',
  facilitatorInvalid: 'A facilitator must be an approved trainer other than you',
  classTitleRequired: 'Class title is required',
  classDescriptionRequired: 'Class description is required',
  classTitleMax: 'The title must be at most 150 characters',
  classDescriptionMax: 'The description must be at most 5000 characters',
  classFileType: "A class's file must be a video (MP4, WebM, Ogg or MOV) or a PDF",
  quizRequired: 'Quiz field is required',
  questionsMax: 'A quiz has at most 50 questions',
  optionsMin: 'A question needs at least two answers',
  optionsMax: 'A question has at most 6 answers',
  optionRequired: 'Answer text is required',
  correctRequired: 'Choose the correct answer',
  singleCorrect: 'A single-choice question has one correct answer',
  marksInvalid: 'Marks must be a number from 0.5 to 10',
  marksTotal: 'The marks must total at most 10',
  timeLimitInvalid: 'The time limit must be a whole number of minutes from 1 to 600',
  attemptsInvalid: 'Attempts allowed must be a whole number from 1 to 10',
  weekInvalid: 'Choose a week of the course',
  courseRequired: 'Choose a course',
  classTypeInvalid: 'Choose Class, Assignment or Quiz',
  fileUnknown: 'Upload the file first, then save',
} as const;
export type AuthoringValidationMessage = (typeof AUTHORING_VALIDATION)[keyof typeof AUTHORING_VALIDATION];

export const TITLE_MAX = 150;
export const SUBTITLE_MAX = 200;
export const LONG_TEXT_MAX = 5000;
export const WEEKS_MAX = 52;
export const WEEK_COUNT_MAX = 50;
export const FACILITATORS_MAX = 5;
/** 100 000 riyals, in halalas. */
export const PRICE_MAX_HALALAS = 10_000_000;
export const QUESTIONS_MAX = 50;
export const OPTIONS_MIN = 2;
export const OPTIONS_MAX = 6;
/** Spec section 5: a quiz's marks total at most 10 (the grade's maximum). */
export const QUIZ_MARKS_MAX = 10;
export const TIME_LIMIT_MINUTES_MAX = 600;
export const ATTEMPTS_MAX = 10;

export const SKILL_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
export const COURSE_LANGUAGES = ['Arabic', 'English'] as const;

/**
 * A rule as a superRefine check: the one refinement the public pages' code already carries, so the
 * authoring rules add nothing to a visitor's download.
 */
function rule<T>(
  holds: (value: T) => boolean,
  message: AuthoringValidationMessage,
  options: {
    path?: (string | number)[];
    when?: NonNullable<Parameters<typeof z.superRefine>[1]>['when'];
  } = {},
) {
  return z.superRefine<T>(
    (value, ctx) => {
      if (holds(value)) return;
      // A fresh path each time: zod prefixes an issue's path in place as it goes up.
      if (options.path) ctx.issues.push({ code: 'custom', message, input: value, path: [...options.path] });
      else ctx.issues.push({ code: 'custom', message, input: value });
    },
    options.when ? { when: options.when } : undefined,
  );
}

const text = (
  max: number,
  tooLong: AuthoringValidationMessage,
  requiredMessage?: AuthoringValidationMessage,
) =>
  z.string({ error: requiredMessage ?? tooLong }).check(
    z.superRefine((value, ctx) => {
      if (requiredMessage && !value.trim())
        ctx.issues.push({ code: 'custom', message: requiredMessage, input: value });
      else if (longerThan(value.trim(), max))
        ctx.issues.push({ code: 'custom', message: tooLong, input: value });
    }),
  );

const count = () =>
  z
    .int({ error: AUTHORING_VALIDATION.countInvalid })
    .check(
      z.gte(0, AUTHORING_VALIDATION.countInvalid),
      z.lte(WEEK_COUNT_MAX, AUTHORING_VALIDATION.countInvalid),
    );

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const date = (message: AuthoringValidationMessage) =>
  z
    .string({ error: message })
    .check(rule((value: string) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)), message));

// ── The course (the wizard's payload) ───────────────────────────────────────────────────────────

/** A week of the syllabus: its title and the planned counts of lectures, quizzes and assignments. */
export const weekInputSchema = z.object({
  syllabus_title: text(TITLE_MAX, AUTHORING_VALIDATION.titleMax, AUTHORING_VALIDATION.weekTitleRequired),
  syllabus_title_ar: text(TITLE_MAX, AUTHORING_VALIDATION.titleMax),
  lectures: count(),
  quizzes: count(),
  assignments: count(),
});
export type WeekInput = z.infer<typeof weekInputSchema>;

/** A day of the class routine (Saturday to Friday) with its times, 24-hour 'HH:MM'. */
export const routineInputSchema = z
  .object({
    day: z.enum(WEEKDAYS, { error: AUTHORING_VALIDATION.routineRequired }),
    start_time: z.string().check(rule((value: string) => TIME.test(value), AUTHORING_VALIDATION.timeInvalid)),
    end_time: z.string().check(rule((value: string) => TIME.test(value), AUTHORING_VALIDATION.timeInvalid)),
  })
  .check(
    rule(
      (slot: { start_time: string; end_time: string }) =>
        !TIME.test(slot.start_time) || !TIME.test(slot.end_time) || slot.end_time > slot.start_time,
      AUTHORING_VALIDATION.endTimeBeforeStart,
      { path: ['end_time'] },
    ),
  );
export type RoutineInput = z.infer<typeof routineInputSchema>;

/**
 * POST /course/course-create/ and PUT /course/course-create/{id}/: the course as the wizard sends
 * it. `cover_image` is the address POST /upload/ answered for a PNG or JPEG (the server makes it the
 * course's public cover); `surveys` the survey categories (GET /course/survey-category/) of the
 * optional pre- and post-course evaluations; `facilitators` user ids that the facilitator search
 * found. Every rule reports the message the wizard shows, at the path of its field.
 */
export const courseInputSchema = z
  .object({
    title: text(TITLE_MAX, AUTHORING_VALIDATION.titleMax, AUTHORING_VALIDATION.titleRequired),
    title_ar: text(TITLE_MAX, AUTHORING_VALIDATION.titleMax, AUTHORING_VALIDATION.titleArRequired),
    subtitle: text(SUBTITLE_MAX, AUTHORING_VALIDATION.subtitleMax),
    subtitle_ar: text(SUBTITLE_MAX, AUTHORING_VALIDATION.subtitleMax),
    description: text(
      LONG_TEXT_MAX,
      AUTHORING_VALIDATION.descriptionMax,
      AUTHORING_VALIDATION.descriptionRequired,
    ),
    description_ar: text(LONG_TEXT_MAX, AUTHORING_VALIDATION.descriptionMax),
    category: z
      .int({ error: AUTHORING_VALIDATION.categoryRequired })
      .check(z.positive(AUTHORING_VALIDATION.categoryRequired)),
    cover_image: z
      .string({ error: AUTHORING_VALIDATION.coverRequired })
      .check(
        z.minLength(1, AUTHORING_VALIDATION.coverRequired),
        z.maxLength(300, AUTHORING_VALIDATION.coverRequired),
      ),
    skill_level: z.enum(SKILL_LEVELS, { error: AUTHORING_VALIDATION.skillLevelRequired }),
    languages: z
      .array(z.enum(COURSE_LANGUAGES, { error: AUTHORING_VALIDATION.languagesRequired }), {
        error: AUTHORING_VALIDATION.languagesRequired,
      })
      .check(z.minLength(1, AUTHORING_VALIDATION.languagesRequired), z.maxLength(COURSE_LANGUAGES.length)),
    captions: z
      .array(z.enum(COURSE_LANGUAGES), { error: AUTHORING_VALIDATION.languagesRequired })
      .check(z.maxLength(COURSE_LANGUAGES.length)),
    female_only: z.boolean({ error: AUTHORING_VALIDATION.skillLevelRequired }),
    price_halalas: z
      .int({ error: AUTHORING_VALIDATION.priceInvalid })
      .check(
        z.gte(0, AUTHORING_VALIDATION.priceInvalid),
        z.lte(PRICE_MAX_HALALAS, AUTHORING_VALIDATION.priceMax),
      ),
    weeks: z
      .array(weekInputSchema, { error: AUTHORING_VALIDATION.weeksRequired })
      .check(
        z.minLength(1, AUTHORING_VALIDATION.weeksRequired),
        z.maxLength(WEEKS_MAX, AUTHORING_VALIDATION.weeksMax),
      ),
    surveys: z.object(
      {
        pre: z.nullable(
          z
            .int({ error: AUTHORING_VALIDATION.surveyInvalid })
            .check(z.positive(AUTHORING_VALIDATION.surveyInvalid)),
        ),
        post: z.nullable(
          z
            .int({ error: AUTHORING_VALIDATION.surveyInvalid })
            .check(z.positive(AUTHORING_VALIDATION.surveyInvalid)),
        ),
      },
      { error: AUTHORING_VALIDATION.surveyInvalid },
    ),
    start_date: date(AUTHORING_VALIDATION.startDateRequired),
    end_date: date(AUTHORING_VALIDATION.endDateRequired),
    routine: z.array(routineInputSchema, { error: AUTHORING_VALIDATION.routineRequired }).check(
      z.minLength(1, AUTHORING_VALIDATION.routineRequired),
      z.maxLength(WEEKDAYS.length, AUTHORING_VALIDATION.routineDayTwice),
      rule(
        (slots: { day: string }[]) => new Set(slots.map((slot) => slot.day)).size === slots.length,
        AUTHORING_VALIDATION.routineDayTwice,
      ),
    ),
    facilitators: z
      .array(
        z
          .int({ error: AUTHORING_VALIDATION.facilitatorInvalid })
          .check(z.positive(AUTHORING_VALIDATION.facilitatorInvalid)),
        {
          error: AUTHORING_VALIDATION.facilitatorInvalid,
        },
      )
      .check(
        z.maxLength(FACILITATORS_MAX, AUTHORING_VALIDATION.facilitatorsMax),
        rule((ids: number[]) => new Set(ids).size === ids.length, AUTHORING_VALIDATION.facilitatorInvalid),
      ),
  })
  .check(
    rule(
      (course: { start_date: string; end_date: string }) =>
        !ISO_DATE.test(course.start_date) ||
        !ISO_DATE.test(course.end_date) ||
        course.end_date >= course.start_date,
      AUTHORING_VALIDATION.endBeforeStart,
      {
        path: ['end_date'],
        // Said even while other fields are wrong, when both dates are there.
        when: ({ value }) => {
          const course = value as { start_date?: unknown; end_date?: unknown };
          return typeof course.start_date === 'string' && typeof course.end_date === 'string';
        },
      },
    ),
  );
export type CourseInput = z.infer<typeof courseInputSchema>;

/** The wizard's steps and the payload fields each one fills (its messages are shown on that step). */
export const WIZARD_STEPS = ['basics', 'about', 'syllabus', 'surveys', 'routine', 'facilitators'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
export const STEP_FIELDS: Record<WizardStep, readonly (keyof CourseInput)[]> = {
  basics: [
    'title',
    'title_ar',
    'subtitle',
    'subtitle_ar',
    'category',
    'cover_image',
    'skill_level',
    'languages',
    'captions',
    'female_only',
    'price_halalas',
  ],
  about: ['description', 'description_ar'],
  syllabus: ['weeks'],
  surveys: ['surveys'],
  routine: ['start_date', 'end_date', 'routine'],
  facilitators: ['facilitators'],
};

/**
 * The messages of a (possibly partial) course by the path of their field, joined with dots
 * ('weeks.0.syllabus_title', 'routine.1.end_time'), first message per path; `step` keeps those of
 * one wizard step.
 */
export function courseProblems(course: unknown, step?: WizardStep): Record<string, string> {
  const result = courseInputSchema.safeParse(course);
  if (result.success) return {};
  const fields = step ? new Set<string>(STEP_FIELDS[step]) : undefined;
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    const top = String(issue.path[0] ?? '');
    if (fields && !fields.has(top)) continue;
    if (!(path in problems)) problems[path] = issue.message;
  }
  return problems;
}

// ── Classes, assignments and quizzes ────────────────────────────────────────────────────────────

/** The class builder's types and their ids in GET /course/class-type/ (spec section 3). */
export const CLASS_TYPE_IDS = { Class: 1, Assignment: 2, Quiz: 3 } as const;
export type BuilderClassType = keyof typeof CLASS_TYPE_IDS;

/**
 * `detail_info` (spec section 3): title and description (both required for a Class; the description
 * optional for an Assignment and a Quiz) and at most one file (an address POST /upload/ answered;
 * null for none). A Class without a file is text to read: its description. The product adds the
 * optional Arabic title and description (`title_ar`, `description_ar`, '' for none; the same
 * limits): left out, as the spec's payload leaves them, the server keeps the stored Arabic while the
 * English stays the same.
 */
export const detailInfoSchema = z.object({
  title: text(TITLE_MAX, AUTHORING_VALIDATION.classTitleMax, AUTHORING_VALIDATION.classTitleRequired),
  title_ar: z.optional(text(TITLE_MAX, AUTHORING_VALIDATION.classTitleMax)),
  description: text(LONG_TEXT_MAX, AUTHORING_VALIDATION.classDescriptionMax),
  description_ar: z.optional(text(LONG_TEXT_MAX, AUTHORING_VALIDATION.classDescriptionMax)),
  file: z.nullable(
    z
      .string()
      .check(
        z.minLength(1, AUTHORING_VALIDATION.fileUnknown),
        z.maxLength(300, AUTHORING_VALIDATION.fileUnknown),
      ),
  ),
});
export type DetailInfo = z.infer<typeof detailInfoSchema>;

export const builderQuestionKindSchema = z.enum(['single', 'multiple', 'true_false']);

/**
 * A question of `quiz_info` (spec section 3: 'a list of items each holding a question'): its text,
 * kind, answers (a true/false question's are 'True' and 'False'), the indexes of the correct ones
 * and its marks. The quiz's score out of 10 weighs each question by its marks.
 */
export const builderQuestionSchema = z.object({
  text: text(1000, AUTHORING_VALIDATION.quizRequired, AUTHORING_VALIDATION.quizRequired),
  kind: builderQuestionKindSchema,
  options: z
    .array(text(300, AUTHORING_VALIDATION.optionRequired, AUTHORING_VALIDATION.optionRequired))
    .check(
      z.minLength(OPTIONS_MIN, AUTHORING_VALIDATION.optionsMin),
      z.maxLength(OPTIONS_MAX, AUTHORING_VALIDATION.optionsMax),
    ),
  correct: z
    .array(z.int().check(z.nonnegative()))
    .check(
      z.minLength(1, AUTHORING_VALIDATION.correctRequired),
      z.maxLength(OPTIONS_MAX, AUTHORING_VALIDATION.correctRequired),
    ),
  marks: z.number({ error: AUTHORING_VALIDATION.marksInvalid }).check(
    z.gte(0.5, AUTHORING_VALIDATION.marksInvalid),
    z.lte(QUIZ_MARKS_MAX, AUTHORING_VALIDATION.marksInvalid),
    rule((marks: number) => Number.isInteger(marks * 2), AUTHORING_VALIDATION.marksInvalid),
  ),
});
export type BuilderQuestion = z.infer<typeof builderQuestionSchema>;

/** One item of `quiz_info`. */
export const quizItemSchema = z.object({ question: builderQuestionSchema });
export type QuizItem = z.infer<typeof quizItemSchema>;

/** A quiz's settings: the time limit (null: none), attempts allowed and whether the review shows the answers. */
export const quizSettingsSchema = z.object({
  time_limit_minutes: z.nullable(
    z
      .int({ error: AUTHORING_VALIDATION.timeLimitInvalid })
      .check(
        z.gte(1, AUTHORING_VALIDATION.timeLimitInvalid),
        z.lte(TIME_LIMIT_MINUTES_MAX, AUTHORING_VALIDATION.timeLimitInvalid),
      ),
  ),
  attempts_allowed: z
    .int({ error: AUTHORING_VALIDATION.attemptsInvalid })
    .check(
      z.gte(1, AUTHORING_VALIDATION.attemptsInvalid),
      z.lte(ATTEMPTS_MAX, AUTHORING_VALIDATION.attemptsInvalid),
    ),
  shows_answers: z.boolean(),
});
export type QuizSettings = z.infer<typeof quizSettingsSchema>;

/** Whether a question's correct answers fit its kind and answers. */
function correctFits(question: BuilderQuestion): boolean {
  if (question.correct.some((index) => index >= question.options.length)) return false;
  if (new Set(question.correct).size !== question.correct.length) return false;
  return question.kind === 'multiple' || question.correct.length === 1;
}

/**
 * Whether a class form has the shape its cross-field checks read (they are said even while a
 * field is wrong, so that a quiz's marks are checked before its title is typed).
 */
function classShapeHolds(value: unknown): boolean {
  const input = value as {
    class_type?: unknown;
    detail_info?: { description?: unknown };
    quiz_info?: unknown;
  };
  if (typeof input?.class_type !== 'number' || typeof input.detail_info?.description !== 'string')
    return false;
  if (!Array.isArray(input.quiz_info)) return false;
  return input.quiz_info.every((item: { question?: BuilderQuestion }) => {
    const question = item?.question;
    return (
      typeof question?.marks === 'number' &&
      Array.isArray(question.options) &&
      Array.isArray(question.correct) &&
      question.correct.every((index) => typeof index === 'number')
    );
  });
}

/**
 * POST /course/class-create/ and PUT /course/class-create/{id}/ (spec section 3): `class_type` an
 * id of GET /course/class-type/, `course` the course's id, `week` the syllabus week it goes in (1
 * to the course's weeks). A Quiz carries `quiz_info` (at least one question; the form drops blank
 * ones before sending) and `quiz_settings`; the others send an empty `quiz_info` and no settings.
 */
export const classInputSchema = z
  .object({
    class_type: z
      .int({ error: AUTHORING_VALIDATION.classTypeInvalid })
      .check(
        z.gte(1, AUTHORING_VALIDATION.classTypeInvalid),
        z.lte(3, AUTHORING_VALIDATION.classTypeInvalid),
      ),
    course: z
      .int({ error: AUTHORING_VALIDATION.courseRequired })
      .check(z.positive(AUTHORING_VALIDATION.courseRequired)),
    week: z
      .int({ error: AUTHORING_VALIDATION.weekInvalid })
      .check(z.gte(1, AUTHORING_VALIDATION.weekInvalid), z.lte(WEEKS_MAX, AUTHORING_VALIDATION.weekInvalid)),
    detail_info: detailInfoSchema,
    quiz_info: z.array(quizItemSchema).check(z.maxLength(QUESTIONS_MAX, AUTHORING_VALIDATION.questionsMax)),
    quiz_settings: z.optional(quizSettingsSchema),
  })
  .check(
    z.superRefine(
      (input, ctx) => {
        const issue = (message: AuthoringValidationMessage, path: (string | number)[]) =>
          ctx.issues.push({ code: 'custom', message, input, path });
        if (input.class_type === CLASS_TYPE_IDS.Class && !input.detail_info.description.trim())
          issue(AUTHORING_VALIDATION.classDescriptionRequired, ['detail_info', 'description']);
        if (input.class_type !== CLASS_TYPE_IDS.Quiz) return;
        if (input.quiz_info.length === 0) issue(AUTHORING_VALIDATION.quizRequired, ['quiz_info']);
        if (!input.quiz_settings) issue(AUTHORING_VALIDATION.attemptsInvalid, ['quiz_settings']);
        input.quiz_info.forEach(({ question }, index) => {
          if (!correctFits(question))
            issue(AUTHORING_VALIDATION.singleCorrect, ['quiz_info', index, 'question', 'correct']);
        });
        const total = input.quiz_info.reduce((sum, { question }) => sum + question.marks, 0);
        if (total > QUIZ_MARKS_MAX) issue(AUTHORING_VALIDATION.marksTotal, ['quiz_info']);
      },
      { when: ({ value }) => classShapeHolds(value) },
    ),
  );
export type ClassInput = z.infer<typeof classInputSchema>;

/** The messages of a class form by the path of their field (see courseProblems). */
export function classProblems(input: unknown): Record<string, string> {
  const result = classInputSchema.safeParse(input);
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in problems)) problems[path] = issue.message;
  }
  return problems;
}
