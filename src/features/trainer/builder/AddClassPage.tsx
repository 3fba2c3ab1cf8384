import { useParams } from 'wouter';
import type { RouteView } from '@/routing/route-view';
import { AddClassFormPage, courseIdOf } from './AddClassFormPage';

/** Add New Class (/add-new-class/{courseId}): title and description required, one file. */
export default function AddClassPage({ title }: RouteView) {
  const { id } = useParams<{ id: string }>();
  const courseId = courseIdOf(id);
  return <AddClassFormPage key={courseId ?? 'none'} title={title} classType="Class" courseId={courseId} />;
}
