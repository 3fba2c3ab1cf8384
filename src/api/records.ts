import {
  type CompletedCourse,
  type CompletionRuleInput,
  type CompletionSaved,
  type CompletionSettings,
  type CourseHistory,
  completedCourseSchema,
  completionSavedSchema,
  completionSettingsSchema,
  courseHistorySchema,
} from '@contract/wire/records';
import type { ApiClient } from './client';

/** GET /trainer/course-history/: the trainer's past courses, newest first. */
export function getCourseHistory(api: ApiClient): Promise<CourseHistory> {
  return api.authed(courseHistorySchema, '/trainer/course-history/');
}

/** GET /trainer/course-history/{id}/: a completed course's statistics, reviews and outcomes. */
export function getCompletedCourse(api: ApiClient, courseId: number): Promise<CompletedCourse> {
  return api.authed(completedCourseSchema, `/trainer/course-history/${courseId}/`);
}

/** GET /trainer/courses/{id}/completion/: the course's completion rule and whether it can close. */
export function getCompletionSettings(api: ApiClient, courseId: number): Promise<CompletionSettings> {
  return api.authed(completionSettingsSchema, `/trainer/courses/${courseId}/completion/`);
}

/** PUT /trainer/courses/{id}/completion-rule/: saves the rule as typed (either digit system). */
export function saveCompletionRule(
  api: ApiClient,
  courseId: number,
  input: CompletionRuleInput,
): Promise<CompletionSaved> {
  return api.authed(completionSavedSchema, `/trainer/courses/${courseId}/completion-rule/`, {
    method: 'PUT',
    body: input,
  });
}

/** POST /trainer/courses/{id}/close/: ends the course today. */
export function closeCourse(api: ApiClient, courseId: number): Promise<CompletionSaved> {
  return api.authed(completionSavedSchema, `/trainer/courses/${courseId}/close/`, { method: 'POST' });
}
