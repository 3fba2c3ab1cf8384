import { msg } from '@lingui/core/macro';
import type { SessionRole } from '@machines/session.machine';
import { paths } from '@/routing/paths';
import type { MenuLink } from './menus';

/**
 * The signed-in user's menu, by role: read only by the profile menu and the side menu, which load
 * once someone is signed in, so no visitor downloads it.
 */
/** Spec section 2: learner and trainer profile menus; the centre's staff have their own. */
export const profileMenus: Record<SessionRole, readonly MenuLink[]> = {
  TRAINEE: [
    { path: paths.profile(), title: msg`Profile` },
    { path: paths.enrolledCourses(), title: msg`Enrolled Courses` },
    { path: paths.ongoingCourses(), title: msg`Ongoing Courses` },
    { path: paths.attendanceHistory(), title: msg`Attendance History` },
    { path: paths.courseHistory(), title: msg`Course History` },
    { path: paths.messages(), title: msg`Messages` },
  ],
  TRAINER: [
    { path: paths.profile(), title: msg`Profile` },
    { path: paths.manageCourses(), title: msg`Manage Courses` },
    { path: paths.trainerCourseHistory(), title: msg`Course History` },
    { path: paths.manageSchedule(), title: msg`Manage Schedule` },
    { path: paths.manageClassAttendance(), title: msg`Manage Class Attendance` },
    { path: paths.messages(), title: msg`Messages` },
  ],
  ADMIN: [
    { path: paths.staffApprovals(), title: msg`Approvals` },
    { path: paths.staffPeople(), title: msg`People` },
    { path: paths.staffPayments(), title: msg`Payments` },
    { path: paths.staffCertificates(), title: msg`Certificates` },
    { path: paths.staffCategories(), title: msg`Course categories` },
    { path: paths.staffIssues(), title: msg`Issue reports` },
    { path: paths.staffAudit(), title: msg`Audit log` },
    { path: paths.profile(), title: msg`Profile` },
  ],
};
