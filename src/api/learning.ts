import { UPLOAD_FAILURE } from '@contract/messages/learning';
import { type Confirmation, confirmationSchema } from '@contract/wire/common';
import {
  type Attempt,
  type AttemptReview,
  attemptReviewSchema,
  attemptSchema,
  type CourseGrades,
  type CourseLectures,
  courseGradesSchema,
  courseLecturesSchema,
  type LectureDetails,
  type LectureRead,
  lectureDetailsSchema,
  lectureReadSchema,
  type OngoingCourse,
  ongoingCoursesSchema,
  type SaveAnswer,
  type SavedAnswerResponse,
  type Submission,
  type SurveyResponse,
  savedAnswerResponseSchema,
  submissionSchema,
  type UploadResponse,
  uploadResponseSchema,
  type VideoPositionResponse,
  videoPositionResponseSchema,
} from '@contract/wire/learning';
import type { ApiClient } from './client';

/** GET /learning/courses/ (trainee): the courses being studied, with progress and the next lecture. */
export async function listOngoingCourses(api: ApiClient): Promise<OngoingCourse[]> {
  return (await api.authed(ongoingCoursesSchema, '/learning/courses/')).results;
}

/** GET /learning/courses/{courseId}/lectures/ (enrolled trainee): the course sidebar by week. */
export function getCourseLectures(api: ApiClient, courseId: number): Promise<CourseLectures> {
  return api.authed(courseLecturesSchema, `/learning/courses/${courseId}/lectures/`);
}

/** GET /course/individual-course-lecture-details/{id}/ (enrolled trainee): one lecture. */
export function getLectureDetails(api: ApiClient, lectureId: number): Promise<LectureDetails> {
  return api.authed(lectureDetailsSchema, `/course/individual-course-lecture-details/${lectureId}/`);
}

/** GET /course/lecture-is-read/{id}/: marks a text or PDF lecture read; reports the others. */
export function markLectureRead(api: ApiClient, lectureId: number): Promise<LectureRead> {
  return api.authed(lectureReadSchema, `/course/lecture-is-read/${lectureId}/`);
}

/** PUT /learning/lectures/{id}/position/: where the trainee is in a video (read at 90 %). */
export function saveVideoPosition(
  api: ApiClient,
  lectureId: number,
  seconds: number,
): Promise<VideoPositionResponse> {
  return api.authed(videoPositionResponseSchema, `/learning/lectures/${lectureId}/position/`, {
    method: 'PUT',
    body: { seconds },
  });
}

/** POST /upload/ multipart (file) -> file, with the share sent reported as it goes. */
export function uploadFile(
  api: ApiClient,
  file: Blob,
  name: string,
  options: { onProgress?: (share: number) => void; signal?: AbortSignal } = {},
): Promise<UploadResponse> {
  const body = new FormData();
  body.append('file', file, name);
  return api.authedUpload(uploadResponseSchema, '/upload/', { body, fallback: UPLOAD_FAILURE, ...options });
}

/** POST /learning/lectures/{id}/submissions/ (enrolled trainee): hands in an uploaded file. */
export function submitAssignment(api: ApiClient, lectureId: number, file: string): Promise<Submission> {
  return api.authed(submissionSchema, `/learning/lectures/${lectureId}/submissions/`, {
    method: 'POST',
    body: { file },
  });
}

/** POST /learning/lectures/{id}/attempts/: starts an attempt, or resumes the one in progress. */
export function startAttempt(api: ApiClient, lectureId: number): Promise<Attempt> {
  return api.authed(attemptSchema, `/learning/lectures/${lectureId}/attempts/`, { method: 'POST', body: {} });
}

/** GET /learning/attempts/{id}/: an attempt with its questions and saved answers. */
export function getAttempt(api: ApiClient, attemptId: string): Promise<Attempt> {
  return api.authed(attemptSchema, `/learning/attempts/${encodeURIComponent(attemptId)}/`);
}

/** PUT /learning/attempts/{id}/answers/{questionId}/: saves one answer at its version. */
export function saveAnswer(
  api: ApiClient,
  attemptId: string,
  questionId: number,
  answer: SaveAnswer,
): Promise<SavedAnswerResponse> {
  return api.authed(
    savedAnswerResponseSchema,
    `/learning/attempts/${encodeURIComponent(attemptId)}/answers/${questionId}/`,
    { method: 'PUT', body: answer },
  );
}

/** POST /learning/attempts/{id}/submit/: submits once for a key; answers the review. */
export function submitAttempt(api: ApiClient, attemptId: string, key: string): Promise<AttemptReview> {
  return api.authed(attemptReviewSchema, `/learning/attempts/${encodeURIComponent(attemptId)}/submit/`, {
    method: 'POST',
    body: { key },
  });
}

/** GET /learning/attempts/{id}/review/: the score and, as the quiz allows, the correct answers. */
export function getAttemptReview(api: ApiClient, attemptId: string): Promise<AttemptReview> {
  return api.authed(attemptReviewSchema, `/learning/attempts/${encodeURIComponent(attemptId)}/review/`);
}

/** POST /learning/lectures/{id}/survey/ (enrolled trainee, once). */
export function answerSurvey(
  api: ApiClient,
  lectureId: number,
  response: SurveyResponse,
): Promise<Confirmation> {
  return api.authed(confirmationSchema, `/learning/lectures/${lectureId}/survey/`, {
    method: 'POST',
    body: response,
  });
}

/** GET /course/trainee-view-grade-of-assignment-and-quiz/?course_id (enrolled trainee). */
export function getCourseGrades(api: ApiClient, courseId: number): Promise<CourseGrades> {
  return api.authed(courseGradesSchema, '/course/trainee-view-grade-of-assignment-and-quiz/', {
    query: { course_id: courseId },
  });
}
