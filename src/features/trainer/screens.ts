import type { ComponentType } from 'react';
import type { RouteView } from '@/routing/route-view';

/**
 * The trainer's screens by name, each loaded when first opened. The route table imports this one
 * module for all of them, so the trainer's routes add one entry to every visitor's download instead
 * of one per screen.
 */
const screens = {
  myCourses: () => import('@/features/trainer/courses/MyCoursesPage'),
  course: () => import('@/features/trainer/course/TrainerCoursePage'),
  wizard: () => import('@/features/trainer/wizard/CourseWizardPage'),
  addClass: () => import('@/features/trainer/builder/AddClassPage'),
  addAssignment: () => import('@/features/trainer/builder/AddAssignmentPage'),
  addQuiz: () => import('@/features/trainer/builder/AddQuizPage'),
  editLecture: () => import('@/features/trainer/builder/EditLecturePage'),
  grading: () => import('@/features/trainer/grading/GradingPage'),
  schedule: () => import('@/features/trainer/schedule/SchedulePage'),
  history: () => import('@/features/trainer/history/CourseHistoryPage'),
  completedCourse: () => import('@/features/trainer/history/CompletedCourseDetailsPage'),
  attendance: () => import('@/features/trainer/attendance/ClassAttendancePage'),
} satisfies Record<string, () => Promise<{ default: ComponentType<RouteView> }>>;

export type TrainerScreen = keyof typeof screens;

export function loadScreen(name: TrainerScreen): Promise<{ default: ComponentType<RouteView> }> {
  return screens[name]();
}
