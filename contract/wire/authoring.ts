import {
  COURSE_LANGUAGES,
  quizItemSchema,
  quizSettingsSchema,
  SKILL_LEVELS,
  weekInputSchema,
} from '@contract/forms/authoring';
import { categorySchema, routineSlotSchema } from '@contract/wire/courses';
import { fileLinkSchema } from '@contract/wire/learning';
import * as z from 'zod/mini';

/**
 * Trainer authoring (spec sections 2, 3, 5, 6 and 7): the trainer's courses, the course wizard and
 * its approval lifecycle, classes, assignments and quizzes. The spec's calls are
 * `GET /course/course-list-of-a-trainer/`, `POST /course/course-create/`, `GET`/`PUT`/`DELETE
 * /course/course-create/{id}/`, `GET /course/class-type/`, `POST /course/class-create/`,
 * `GET`/`PUT /course/class-create/{id}/`, `GET /course/survey-category/` and `POST /upload/`; the
 * others (facilitator search, the trainer's view of a course) live under `/authoring/` (the
 * extensions pact).
 *
 * Who may do what: the course's trainer (its creator) everything; a facilitator named on the course
 * (an approved trainer) everything but deleting it; anyone else 403. Classes, assignments and quizzes
 * can be added only to an approved course.
 */

// ── The approval lifecycle ──────────────────────────────────────────────────────────────────────

/** What the admin decided: Pending until approved or rejected; a rejected course edited is Pending again. */
export const approvalStatusSchema = z.enum(['Pending', 'Approved', 'Rejected']);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

/**
 * A card of My courses (spec section 4: 'trainer cards may show ONGOING'): Pending, Rejected,
 * Approved (not started yet), ONGOING (approved, between its dates) or Completed (approved, ended).
 */
export const trainerCourseStatusSchema = z.enum(['Pending', 'Approved', 'Rejected', 'ONGOING', 'Completed']);
export type TrainerCourseStatus = z.infer<typeof trainerCourseStatusSchema>;

/** The signed-in trainer's part in a course. */
export const courseRoleSchema = z.enum(['trainer', 'facilitator']);
export type CourseRole = z.infer<typeof courseRoleSchema>;

/** What the signed-in trainer may do with a course (the screens show only what is allowed). */
export const courseFlagsSchema = z.object({
  /** The trainer or a facilitator, while the course is not Completed. */
  can_edit: z.boolean(),
  /** The trainer only, when no trainee is enrolled. */
  can_delete: z.boolean(),
  /** Approved (spec section 1), by the trainer or a facilitator: the sidebar's 'Add New Class'. */
  can_add_class: z.boolean(),
  /** The sidebar's 'Take Action' on a lecture: editing it (approved courses). */
  can_take_action: z.boolean(),
});
export type CourseFlags = z.infer<typeof courseFlagsSchema>;

/** One course of GET /course/course-list-of-a-trainer/: those the trainer created or facilitates. */
export const trainerCourseSchema = z.object({
  id: z.int(),
  title: z.string(),
  title_ar: z.string(),
  cover_image: z.string(),
  category: categorySchema,
  status: trainerCourseStatusSchema,
  /** The admin's reason, when Rejected. */
  rejection_reason: z.nullable(z.string()),
  start_date: z.string(),
  end_date: z.string(),
  enrolled_count: z.int().check(z.nonnegative()),
  lecture_count: z.int().check(z.nonnegative()),
  role: courseRoleSchema,
  flags: courseFlagsSchema,
  updated_at: z.string(),
});
export type TrainerCourse = z.infer<typeof trainerCourseSchema>;
/** Newest first. */
export const trainerCourseListSchema = z.object({ results: z.array(trainerCourseSchema) });
export type TrainerCourseList = z.infer<typeof trainerCourseListSchema>;

/**
 * The details of an approved course whose change waits for the staff's approval (a revision), by
 * the names of the course payload. Other fields of an edit are saved at once.
 */
export const REVISED_FIELDS = [
  'title',
  'title_ar',
  'subtitle',
  'subtitle_ar',
  'description',
  'description_ar',
  'price_halalas',
  'category',
  'start_date',
  'end_date',
] as const;
export const revisedFieldSchema = z.enum(REVISED_FIELDS);
export type RevisedField = z.infer<typeof revisedFieldSchema>;

/** The changed fields of a revision: texts and days as strings, the price in halalas, the category id. */
export const revisionProposalSchema = z.object({
  title: z.optional(z.string()),
  title_ar: z.optional(z.string()),
  subtitle: z.optional(z.string()),
  subtitle_ar: z.optional(z.string()),
  description: z.optional(z.string()),
  description_ar: z.optional(z.string()),
  price_halalas: z.optional(z.int()),
  category: z.optional(z.int()),
  start_date: z.optional(z.string()),
  end_date: z.optional(z.string()),
});
export type RevisionProposal = z.infer<typeof revisionProposalSchema>;

/**
 * The course's latest revision, as its trainer and facilitators see it: waiting (Pending), or the
 * staff's decision with the reason of a rejection. `category`: the proposed category's names, when
 * the category changes.
 */
export const courseRevisionSchema = z.object({
  status: z.enum(['Pending', 'Approved', 'Rejected']),
  submitted_at: z.string(),
  decided_at: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  proposed: revisionProposalSchema,
  category: z.nullable(categorySchema),
});
export type CourseRevision = z.infer<typeof courseRevisionSchema>;

/** A facilitator as the wizard shows one. */
export const facilitatorSchema = z.object({
  id: z.int(),
  full_name: z.string(),
  email: z.string(),
  image: z.string(),
});
export type Facilitator = z.infer<typeof facilitatorSchema>;

/**
 * GET /course/course-create/{id}/: the course as the wizard edits it (the payload's fields), with
 * the cover's public address, the facilitators found, the status and what may be done.
 */
export const courseRecordSchema = z.object({
  id: z.int(),
  title: z.string(),
  title_ar: z.string(),
  subtitle: z.string(),
  subtitle_ar: z.string(),
  description: z.string(),
  description_ar: z.string(),
  category: z.int(),
  /** The upload address the wizard sends back unchanged when the cover is kept. */
  cover_image: z.string(),
  /** Where the cover is shown from (public, like the catalogue's). */
  cover_image_url: z.string(),
  skill_level: z.enum(SKILL_LEVELS),
  languages: z.array(z.enum(COURSE_LANGUAGES)),
  captions: z.array(z.enum(COURSE_LANGUAGES)),
  female_only: z.boolean(),
  price_halalas: z.int().check(z.nonnegative()),
  weeks: z.array(weekInputSchema),
  surveys: z.object({ pre: z.nullable(z.int()), post: z.nullable(z.int()) }),
  start_date: z.string(),
  end_date: z.string(),
  routine: z.array(routineSlotSchema),
  facilitators: z.array(facilitatorSchema),
  status: approvalStatusSchema,
  rejection_reason: z.nullable(z.string()),
  role: courseRoleSchema,
  flags: courseFlagsSchema,
  enrolled_count: z.int().check(z.nonnegative()),
  /** The latest change of an approved course's details sent for approval (none: null). */
  revision: z.optional(z.nullable(courseRevisionSchema)),
});
export type CourseRecord = z.infer<typeof courseRecordSchema>;

/** The answer of POST and PUT /course/course-create/…: the course as saved, and a sentence to show. */
export const courseSavedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: courseRecordSchema,
});
export type CourseSaved = z.infer<typeof courseSavedSchema>;

/**
 * GET /authoring/facilitators/?email=: an approved trainer with exactly this address (never a
 * list, so that the search tells nothing of other accounts), or 404 'No approved trainer has this
 * e-mail address'.
 */
export const facilitatorSearchSchema = facilitatorSchema;

/** GET /course/survey-category/: the evaluation surveys a course may have (spec section 7). */
export const surveyCategorySchema = z.object({
  id: z.int(),
  name: z.string(),
  name_ar: z.string(),
  /** 'pre' or 'post': which evaluation it is meant for. */
  stage: z.enum(['pre', 'post']),
  question_count: z.int().check(z.nonnegative()),
});
export type SurveyCategory = z.infer<typeof surveyCategorySchema>;
export const surveyCategoryListSchema = z.array(surveyCategorySchema);

// ── Classes, assignments and quizzes ────────────────────────────────────────────────────────────

/**
 * GET /course/class-type/ (spec section 3): Class 1, Assignment 2, Quiz 3 (CLASS_TYPE_IDS in
 * forms/authoring.ts).
 */
export const classTypeSchema = z.object({ id: z.int(), name: z.enum(['Class', 'Assignment', 'Quiz']) });
export type ClassType = z.infer<typeof classTypeSchema>;
export const classTypeListSchema = z.array(classTypeSchema);

/**
 * GET /course/class-create/{id}/: a class, assignment or quiz as its form edits it. `file` is the
 * stored file (its address to send back unchanged, and a link to show it); `has_work` says trainees
 * have submitted or taken it (its type, and a quiz's questions, can no longer change).
 */
export const classRecordSchema = z.object({
  id: z.int(),
  class_type: z.int(),
  class_type_name: z.enum(['Class', 'Assignment', 'Quiz']),
  course: z.int(),
  week: z.int(),
  detail_info: z.object({
    title: z.string(),
    /** The product's Arabic title and description ('' for none); the spec's record has neither. */
    title_ar: z.optional(z.string()),
    description: z.string(),
    description_ar: z.optional(z.string()),
    file: z.nullable(z.string()),
  }),
  file: z.nullable(fileLinkSchema),
  quiz_info: z.array(quizItemSchema),
  quiz_settings: z.nullable(quizSettingsSchema),
  has_work: z.boolean(),
});
export type ClassRecord = z.infer<typeof classRecordSchema>;

/** The answer of POST and PUT /course/class-create/…. */
export const classSavedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: classRecordSchema,
});
export type ClassSaved = z.infer<typeof classSavedSchema>;

// ── The trainer's view of a course ──────────────────────────────────────────────────────────────

/** A lecture of the trainer's sidebar: the trainee's fields but the read mark, and whether it can be edited. */
export const authoringLectureSchema = z.object({
  id: z.int(),
  title: z.string(),
  title_ar: z.string(),
  class_type_name: z.enum(['Class', 'Assignment', 'Quiz', 'Survey']),
  file_extension: z.nullable(z.string()),
  duration: z.nullable(z.number()),
  /** Class, Assignment and Quiz lectures are edited at /edit-lecture/{id}; surveys are not. */
  editable: z.boolean(),
});
export type AuthoringLecture = z.infer<typeof authoringLectureSchema>;

/**
 * GET /authoring/courses/{id}/lectures/ (the course's trainer or a facilitator): the course
 * sidebar by week, every syllabus week listed even without lectures, and what may be done.
 */
export const authoringCourseSchema = z.object({
  course: z.object({
    id: z.int(),
    title: z.string(),
    title_ar: z.string(),
    cover_image: z.string(),
    status: approvalStatusSchema,
    /** The status as the trainer's course list shows it: ONGOING or Completed once approved and under way or ended. */
    display_status: trainerCourseStatusSchema,
    rejection_reason: z.nullable(z.string()),
    start_date: z.string(),
    end_date: z.string(),
  }),
  role: courseRoleSchema,
  flags: courseFlagsSchema,
  /** The latest change of the course's details sent for approval (none: null). */
  revision: z.optional(z.nullable(courseRevisionSchema)),
  weeks: z.array(
    z.object({
      week: z.int(),
      title: z.string(),
      title_ar: z.string(),
      lectures: z.array(authoringLectureSchema),
    }),
  ),
});
export type AuthoringCourse = z.infer<typeof authoringCourseSchema>;
