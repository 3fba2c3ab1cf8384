import { useSearch } from 'wouter';
import type { RouteView } from '@/routing/route-view';
import { AddClassFormPage, courseIdOf } from './AddClassFormPage';

/**
 * Add New Quiz (/add-new-quiz?course=): questions with their answers and marks, and the quiz's
 * settings. Without `?course=` the page first asks which of the trainer's approved courses.
 */
export default function AddQuizPage({ title }: RouteView) {
  const courseId = courseIdOf(new URLSearchParams(useSearch()).get('course'));
  return <AddClassFormPage key={courseId ?? 'none'} title={title} classType="Quiz" courseId={courseId} />;
}
