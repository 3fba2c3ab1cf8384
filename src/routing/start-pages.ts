import type { SessionRole } from '@machines/session.machine';
import { paths } from './paths';

/** Where each role starts: the first screen of its own profile menu after the profile. */
export function startPageOf(role: SessionRole): string {
  if (role === 'ADMIN') return paths.staffApprovals();
  return role === 'TRAINER' ? paths.manageCourses() : paths.enrolledCourses();
}
