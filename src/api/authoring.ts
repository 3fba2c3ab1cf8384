import type { ClassInput, CourseInput } from '@contract/forms/authoring';
import {
  type AuthoringCourse,
  authoringCourseSchema,
  type ClassRecord,
  type ClassSaved,
  type ClassType,
  type CourseRecord,
  type CourseSaved,
  classRecordSchema,
  classSavedSchema,
  classTypeListSchema,
  courseRecordSchema,
  courseSavedSchema,
  type Facilitator,
  facilitatorSearchSchema,
  type SurveyCategory,
  surveyCategoryListSchema,
  type TrainerCourse,
  trainerCourseListSchema,
} from '@contract/wire/authoring';
import { type Confirmation, confirmationSchema } from '@contract/wire/common';
import type { ApiClient } from './client';

/** GET /course/course-list-of-a-trainer/: the courses the trainer created or facilitates, newest first. */
export async function listTrainerCourses(api: ApiClient): Promise<TrainerCourse[]> {
  return (await api.authed(trainerCourseListSchema, '/course/course-list-of-a-trainer/')).results;
}

/** POST /course/course-create/: sends a new course to the admin; it is Pending. */
export function createCourse(api: ApiClient, course: CourseInput): Promise<CourseSaved> {
  return api.authed(courseSavedSchema, '/course/course-create/', { method: 'POST', body: course });
}

/** GET /course/course-create/{id}/: the course as the wizard edits it. */
export function getCourse(api: ApiClient, courseId: number): Promise<CourseRecord> {
  return api.authed(courseRecordSchema, `/course/course-create/${courseId}/`);
}

/** PUT /course/course-create/{id}/: saves the course; a rejected one is Pending again. */
export function updateCourse(api: ApiClient, courseId: number, course: CourseInput): Promise<CourseSaved> {
  return api.authed(courseSavedSchema, `/course/course-create/${courseId}/`, { method: 'PUT', body: course });
}

/** DELETE /course/course-create/{id}/ (the course's trainer, no trainee enrolled). */
export function deleteCourse(api: ApiClient, courseId: number): Promise<Confirmation> {
  return api.authed(confirmationSchema, `/course/course-create/${courseId}/`, { method: 'DELETE' });
}

/** GET /course/survey-category/: the evaluation surveys a course may have. */
export function listSurveyCategories(api: ApiClient): Promise<SurveyCategory[]> {
  return api.public(surveyCategoryListSchema, '/course/survey-category/');
}

/** GET /authoring/facilitators/?email=: the approved trainer with exactly this address (404 when none). */
export function findFacilitator(api: ApiClient, email: string): Promise<Facilitator> {
  return api.authed(facilitatorSearchSchema, '/authoring/facilitators/', { query: { email: email.trim() } });
}

/** GET /course/class-type/: Class, Assignment and Quiz with their ids. */
export function listClassTypes(api: ApiClient): Promise<ClassType[]> {
  return api.authed(classTypeListSchema, '/course/class-type/');
}

/** POST /course/class-create/: adds a class, assignment or quiz to an approved course. */
export function createClass(api: ApiClient, input: ClassInput): Promise<ClassSaved> {
  return api.authed(classSavedSchema, '/course/class-create/', { method: 'POST', body: input });
}

/** GET /course/class-create/{id}/: a class, assignment or quiz as its form edits it. */
export function getClass(api: ApiClient, lectureId: number): Promise<ClassRecord> {
  return api.authed(classRecordSchema, `/course/class-create/${lectureId}/`);
}

/** PUT /course/class-create/{id}/: saves a class, assignment or quiz. */
export function updateClass(api: ApiClient, lectureId: number, input: ClassInput): Promise<ClassSaved> {
  return api.authed(classSavedSchema, `/course/class-create/${lectureId}/`, { method: 'PUT', body: input });
}

/** GET /authoring/courses/{id}/lectures/: the trainer's sidebar of a course, with what may be done. */
export function getAuthoringCourse(api: ApiClient, courseId: number): Promise<AuthoringCourse> {
  return api.authed(authoringCourseSchema, `/authoring/courses/${courseId}/lectures/`);
}
