import { GRADE_MAX } from '@contract/domain/grading';
import { VIDEO_EXTENSIONS } from '@contract/domain/learning';
import { SURVEY_TEXT_MAX } from '@contract/forms/learning';
import { enrolmentStatusSchema } from '@contract/wire/payments';
import * as z from 'zod/mini';

/**
 * Learning: the trainee's ongoing courses, the course player's lectures, assignments, quizzes,
 * surveys and grades (spec sections 2, 3, 5 and 7). The spec's calls are
 * `GET /course/individual-course-lecture-details/{id}/`, `GET /course/lecture-is-read/{id}/`,
 * `GET /course/trainee-view-grade-of-assignment-and-quiz/?course_id` and `POST /upload/`; the
 * others live under `/learning/` (the extensions pact).
 *
 * Only a trainee enrolled in the course (or whose withdrawal waits for the admin) may read or
 * submit; anyone else gets 403 with 'You are not enrolled in this course' or 'You have withdrawn
 * from this course'. A lecture's kind and when a video counts as read: domain/learning.ts; the
 * survey form: forms/learning.ts; the upload toasts: messages/learning.ts.
 */

// ── Lectures ────────────────────────────────────────────────────────────────────────────────────

/** The spec's class types as a lecture list names them (spec section 3, Lecture list item). */
export const classTypeNameSchema = z.enum(['Class', 'Assignment', 'Quiz', 'Survey', 'Grads of Assignment']);
export type ClassTypeName = z.infer<typeof classTypeNameSchema>;

/**
 * One lecture of the list (spec section 3): `duration` is a video's length in seconds (the sidebar
 * shows whole minutes), `file_extension` the lecture file's extension without the dot.
 */
export const lectureListItemSchema = z.object({
  id: z.int(),
  title: z.string(),
  title_ar: z.string(),
  class_type_name: classTypeNameSchema,
  file_extension: z.nullable(z.string()),
  is_read: z.boolean(),
  duration: z.nullable(z.number()),
});
export type LectureListItem = z.infer<typeof lectureListItemSchema>;

/** A week of the course and its lectures, in order. */
export const lectureWeekSchema = z.object({
  week: z.int(),
  title: z.string(),
  title_ar: z.string(),
  lectures: z.array(lectureListItemSchema),
});
export type LectureWeek = z.infer<typeof lectureWeekSchema>;

/** The course as the player's header and the ongoing-courses list show it. */
export const learningCourseSchema = z.object({
  id: z.int(),
  title: z.string(),
  title_ar: z.string(),
  cover_image: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});
export type LearningCourse = z.infer<typeof learningCourseSchema>;

/** Lectures read of all: the grades item does not count. */
export const progressSchema = z.object({
  read: z.int().check(z.nonnegative()),
  total: z.int().check(z.nonnegative()),
});
export type Progress = z.infer<typeof progressSchema>;

/**
 * GET /learning/courses/{courseId}/lectures/ (enrolled trainee): the course sidebar. The last week
 * ends with the course's grades ('Grads of Assignment'): not a lecture, it has the id 0, which no
 * lecture has, and the player opens the course's grades for it; progress does not count it.
 * `next_lecture_id` is the first unread lecture, or null when every lecture is read.
 */
export const courseLecturesSchema = z.object({
  course: learningCourseSchema,
  status: enrolmentStatusSchema,
  weeks: z.array(lectureWeekSchema),
  progress: progressSchema,
  next_lecture_id: z.nullable(z.int()),
});
export type CourseLectures = z.infer<typeof courseLecturesSchema>;

/** One course of GET /learning/courses/ (trainee): the ongoing courses, with progress and what is next. */
export const ongoingCourseSchema = z.object({
  course: learningCourseSchema,
  status: enrolmentStatusSchema,
  progress: progressSchema,
  next_lecture: z.nullable(z.object({ id: z.int(), title: z.string(), title_ar: z.string() })),
});
export type OngoingCourse = z.infer<typeof ongoingCourseSchema>;
export const ongoingCoursesSchema = z.object({ results: z.array(ongoingCourseSchema) });

// ── Files ───────────────────────────────────────────────────────────────────────────────────────

/**
 * A stored file as the app links it: `url` is a signed address that works without the bearer
 * token until it expires (a `<video>`, a caption `<track>` or a PDF frame cannot send headers).
 */
export const fileLinkSchema = z.object({
  url: z.string(),
  name: z.string(),
  extension: z.string(),
  size: z.int().check(z.nonnegative()),
});
export type FileLink = z.infer<typeof fileLinkSchema>;

/** A WebVTT caption track of a video. */
export const captionTrackSchema = z.object({
  language: z.enum(['en', 'ar']),
  label: z.string(),
  url: z.string(),
});
export type CaptionTrack = z.infer<typeof captionTrackSchema>;

// ── Assignments ─────────────────────────────────────────────────────────────────────────────────

/**
 * Spec section 5: the accepted upload types (pdf, csv, audio, video, xlsx, xls, png, gif, jpeg,
 * jpg), one file per section, each checked by its content.
 */
export const UPLOAD_EXTENSIONS = [
  'pdf',
  'csv',
  'xlsx',
  'xls',
  'png',
  'gif',
  'jpeg',
  'jpg',
  'mp3',
  'm4a',
  'wav',
  'oga',
  'mp4',
  'webm',
  'ogg',
  'mov',
] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** The `accept` attribute of the upload input. */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** The largest file one upload may be, except a video. */
export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;

/**
 * The largest video by default: 2 GB, less the one byte that keeps the size a 32-bit integer (the
 * server's UPLOAD_MAX_VIDEO_BYTES may set less).
 */
export const UPLOAD_MAX_VIDEO_BYTES = 2 ** 31 - 1;

/** Whether a file of this extension is a video (a lecture recording may be far larger than other files). */
export function isVideoExtension(extension: string): boolean {
  return (VIDEO_EXTENSIONS as readonly string[]).includes(extension);
}

/** The largest file of this extension one upload may be. */
export function uploadLimitOf(extension: string, maxVideoBytes = UPLOAD_MAX_VIDEO_BYTES): number {
  return isVideoExtension(extension) ? maxVideoBytes : UPLOAD_MAX_BYTES;
}

/** Where resumable uploads are created (the tus protocol, https://tus.io/protocols/resumable-upload). */
export const RESUMABLE_UPLOADS_PATH = '/uploads/';

/** POST /upload/ multipart (file) -> file: the stored file's address, for a submission or a class. */
export const uploadResponseSchema = z.object({
  file: z.string(),
  name: z.string(),
  size: z.int(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** Spec section 4: Submitted until graded, then Reviewed (grade out of 10) or Returned (resubmit). */
export const submissionStatusSchema = z.enum(['Submitted', 'Reviewed', 'Returned']);
export type SubmissionStatus = z.infer<typeof submissionStatusSchema>;

/** One attempt at an assignment: earlier attempts stay visible after a return. */
export const submissionSchema = z.object({
  id: z.int(),
  attempt: z.int().check(z.positive()),
  file: fileLinkSchema,
  status: submissionStatusSchema,
  grade: z.nullable(z.number().check(z.gte(0), z.lte(GRADE_MAX))),
  feedback: z.nullable(z.string()),
  /** The trainer's file with the feedback, if any. */
  feedback_file: z.nullable(fileLinkSchema),
  submitted_at: z.string(),
  reviewed_at: z.nullable(z.string()),
});
export type Submission = z.infer<typeof submissionSchema>;

/** The assignment part of a lecture's details: attempts newest first. */
export const assignmentStateSchema = z.object({
  submissions: z.array(submissionSchema),
  /** No submission yet, or the last one was returned. */
  can_submit: z.boolean(),
});
export type AssignmentState = z.infer<typeof assignmentStateSchema>;

/** POST /learning/lectures/{id}/submissions/ (enrolled trainee): hands in an uploaded file. */
export const submitAssignmentSchema = z.object({ file: z.string().check(z.minLength(1)) });
export type SubmitAssignment = z.infer<typeof submitAssignmentSchema>;

// ── Quizzes ─────────────────────────────────────────────────────────────────────────────────────

export const questionKindSchema = z.enum(['single', 'multiple', 'true_false']);
export type QuestionKind = z.infer<typeof questionKindSchema>;

export const questionOptionSchema = z.object({ id: z.int(), text: z.string(), text_ar: z.string() });
export type QuestionOption = z.infer<typeof questionOptionSchema>;

/** A question as the attempt shows it: never its correct answer. */
export const quizQuestionSchema = z.object({
  id: z.int(),
  kind: questionKindSchema,
  text: z.string(),
  text_ar: z.string(),
  options: z.array(questionOptionSchema),
});
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

export const attemptStateSchema = z.enum(['in_progress', 'submitted']);

/** An attempt as the quiz details list it. */
export const attemptSummarySchema = z.object({
  id: z.string(),
  number: z.int().check(z.positive()),
  state: attemptStateSchema,
  started_at: z.string(),
  submitted_at: z.nullable(z.string()),
  /** Out of 10, once submitted. */
  score: z.nullable(z.number()),
});
export type AttemptSummary = z.infer<typeof attemptSummarySchema>;

/** The quiz part of a lecture's details (the quiz details modal of spec section 2). */
export const quizInfoSchema = z.object({
  question_count: z.int().check(z.nonnegative()),
  /** Null when the quiz has no time limit. */
  time_limit_seconds: z.nullable(z.int().check(z.positive())),
  attempts_allowed: z.int().check(z.positive()),
  /** After this time no attempt can start and running ones end. */
  closes_at: z.nullable(z.string()),
  /** Whether the review after submitting shows the correct answers. */
  shows_answers: z.boolean(),
  attempts: z.array(attemptSummarySchema),
  /** The best score so far, out of 10: the quiz's grade. */
  best_score: z.nullable(z.number()),
});
export type QuizInfo = z.infer<typeof quizInfoSchema>;

/** A saved answer: the chosen option ids and the version the client gave it. */
export const savedAnswerSchema = z.object({
  question_id: z.int(),
  choice: z.array(z.int()),
  version: z.int().check(z.nonnegative()),
});
export type SavedAnswer = z.infer<typeof savedAnswerSchema>;

/**
 * POST /learning/lectures/{id}/attempts/ (start, or resume the attempt in progress) and GET
 * /learning/attempts/{id}/. `deadline` is the earlier of start + time limit and the quiz's close
 * time (null when neither applies); `server_now` lets the client correct its clock's offset.
 */
export const attemptSchema = z.object({
  id: z.string(),
  lecture_id: z.int(),
  course_id: z.int(),
  number: z.int().check(z.positive()),
  state: attemptStateSchema,
  started_at: z.string(),
  deadline: z.nullable(z.string()),
  server_now: z.string(),
  questions: z.array(quizQuestionSchema),
  answers: z.array(savedAnswerSchema),
});
export type Attempt = z.infer<typeof attemptSchema>;

/**
 * PUT /learning/attempts/{id}/answers/{questionId}/: the answer and its version (a counter the
 * client raises with each change). The server keeps the highest version; an older one changes
 * nothing and is answered with what is kept.
 */
export const saveAnswerSchema = z.object({
  choice: z.array(z.int()),
  version: z.int().check(z.positive()),
});
export type SaveAnswer = z.infer<typeof saveAnswerSchema>;
export const savedAnswerResponseSchema = z.object({
  question_id: z.int(),
  version: z.int(),
  saved_at: z.string(),
});
export type SavedAnswerResponse = z.infer<typeof savedAnswerResponseSchema>;

/**
 * POST /learning/attempts/{id}/submit/ {key}: the key (a UUID made once per submit) makes a
 * retried or doubled request one submission. Submitting an attempt that is already submitted
 * (by the trainee or by the time running out) answers its review.
 */
export const submitAttemptSchema = z.object({ key: z.string().check(z.minLength(8), z.maxLength(64)) });
export type SubmitAttempt = z.infer<typeof submitAttemptSchema>;

/** One question of the review: `correct` is null when the quiz does not show the answers. */
export const reviewedQuestionSchema = z.object({
  ...quizQuestionSchema.shape,
  choice: z.array(z.int()),
  correct: z.nullable(z.array(z.int())),
  is_correct: z.boolean(),
});
export type ReviewedQuestion = z.infer<typeof reviewedQuestionSchema>;

/** GET /learning/attempts/{id}/review/ and the submit's answer. */
export const attemptReviewSchema = z.object({
  id: z.string(),
  lecture_id: z.int(),
  course_id: z.int(),
  number: z.int(),
  /** Out of 10 (spec section 5), to two decimals. */
  score: z.number().check(z.gte(0), z.lte(GRADE_MAX)),
  correct_count: z.int(),
  question_count: z.int(),
  submitted_at: z.string(),
  /** `timeout`: the server submitted it when the time ran out. */
  submitted_by: z.enum(['trainee', 'timeout']),
  questions: z.array(reviewedQuestionSchema),
});
export type AttemptReview = z.infer<typeof attemptReviewSchema>;

// ── Surveys ─────────────────────────────────────────────────────────────────────────────────────

export const surveyQuestionSchema = z.object({
  id: z.int(),
  /** `rating`: 1 to 5; `choice`: one of the options; `text`: free text. */
  kind: z.enum(['rating', 'choice', 'text']),
  text: z.string(),
  text_ar: z.string(),
  required: z.boolean(),
  options: z.array(questionOptionSchema),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

/** The survey part of a lecture's details: the pre- or post-course evaluation, answered once. */
export const surveyInfoSchema = z.object({
  stage: z.enum(['pre', 'post']),
  questions: z.array(surveyQuestionSchema),
  answered_at: z.nullable(z.string()),
});
export type SurveyInfo = z.infer<typeof surveyInfoSchema>;

/** One answer: `rating` 1–5, `option` an option id, or `text`. */
export const surveyAnswerSchema = z.object({
  question_id: z.int(),
  rating: z.optional(z.int().check(z.gte(1), z.lte(5))),
  option: z.optional(z.int()),
  text: z.optional(z.string().check(z.maxLength(SURVEY_TEXT_MAX))),
});
export type SurveyAnswer = z.infer<typeof surveyAnswerSchema>;

/** POST /learning/lectures/{id}/survey/ (enrolled trainee, once). */
export const surveyResponseSchema = z.object({
  answers: z.array(surveyAnswerSchema).check(z.maxLength(100)),
});
export type SurveyResponse = z.infer<typeof surveyResponseSchema>;

// ── A lecture ───────────────────────────────────────────────────────────────────────────────────

/**
 * GET /course/individual-course-lecture-details/{id}/ (enrolled trainee): one lecture, with what
 * its kind needs. `body` is plain text (paragraphs split by blank lines), never HTML.
 */
export const lectureDetailsSchema = z.object({
  ...lectureListItemSchema.shape,
  course_id: z.int(),
  week: z.int(),
  description: z.string(),
  description_ar: z.string(),
  body: z.string(),
  body_ar: z.string(),
  /** The trainer's file: the video, the PDF, or the assignment's brief. */
  file: z.nullable(fileLinkSchema),
  /**
   * A video's poster frame, made from the file once it was stored: a signed address like the file's,
   * null until it is made (absent from older answers).
   */
  poster: z.optional(z.nullable(z.string())),
  captions: z.array(captionTrackSchema),
  /** Where the trainee stopped the video, in seconds. */
  position: z.nullable(z.number()),
  previous_id: z.nullable(z.int()),
  next_id: z.nullable(z.int()),
  assignment: z.nullable(assignmentStateSchema),
  quiz: z.nullable(quizInfoSchema),
  survey: z.nullable(surveyInfoSchema),
});
export type LectureDetails = z.infer<typeof lectureDetailsSchema>;

/**
 * GET /course/lecture-is-read/{id}/: marks a lecture to read or a PDF read when it is opened and
 * answers its read state. A video is read once watched to 90 % (saved with its position), an
 * assignment once submitted, a quiz once an attempt is submitted, a survey once answered: for
 * those the call only reports.
 */
export const lectureReadSchema = z.object({ id: z.int(), is_read: z.boolean() });
export type LectureRead = z.infer<typeof lectureReadSchema>;

/** PUT /learning/lectures/{id}/position/ {seconds}: where the trainee is in the video. */
export const videoPositionSchema = z.object({ seconds: z.number().check(z.gte(0), z.lte(24 * 3600)) });
export type VideoPosition = z.infer<typeof videoPositionSchema>;
export const videoPositionResponseSchema = z.object({ seconds: z.number(), is_read: z.boolean() });
export type VideoPositionResponse = z.infer<typeof videoPositionResponseSchema>;

// ── Grades ──────────────────────────────────────────────────────────────────────────────────────

/** A graded item's status: not handed in yet, or a submission's status. */
export const gradeStatusSchema = z.enum(['Not submitted', 'Submitted', 'Reviewed', 'Returned']);
export type GradeStatus = z.infer<typeof gradeStatusSchema>;

export const gradeItemSchema = z.object({
  lecture_id: z.int(),
  title: z.string(),
  title_ar: z.string(),
  kind: z.enum(['assignment', 'quiz']),
  status: gradeStatusSchema,
  /** Out of 10: the reviewed submission's grade, or a quiz's best score. */
  grade: z.nullable(z.number()),
  feedback: z.nullable(z.string()),
  graded_at: z.nullable(z.string()),
});
export type GradeItem = z.infer<typeof gradeItemSchema>;

/**
 * GET /course/trainee-view-grade-of-assignment-and-quiz/?course_id (enrolled trainee): every
 * assignment and quiz of the course in order. `total` is the sum of the grades given, out of
 * `possible` (10 for each item); `average` the mean of the grades given, out of 10.
 */
export const courseGradesSchema = z.object({
  course_id: z.int(),
  items: z.array(gradeItemSchema),
  total: z.number(),
  possible: z.number(),
  average: z.nullable(z.number()),
});
export type CourseGrades = z.infer<typeof courseGradesSchema>;
