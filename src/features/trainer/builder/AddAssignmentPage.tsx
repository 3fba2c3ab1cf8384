import { useSearch } from 'wouter';
import type { RouteView } from '@/routing/route-view';
import { AddClassFormPage, courseIdOf } from './AddClassFormPage';

/**
 * Add New Assignment (/add-new-assignment?course=): title required, description optional, one
 * file. Without `?course=` the page first asks which of the trainer's approved courses.
 */
export default function AddAssignmentPage({ title }: RouteView) {
  const courseId = courseIdOf(new URLSearchParams(useSearch()).get('course'));
  return (
    <AddClassFormPage key={courseId ?? 'none'} title={title} classType="Assignment" courseId={courseId} />
  );
}
