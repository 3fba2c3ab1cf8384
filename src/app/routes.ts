import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SessionRole } from '@machines/session.machine';
import type { StaffScreen } from '@/features/staff/screens';
import type { TrainerScreen } from '@/features/trainer/screens';
import { withCatalogue } from '@/i18n';
import { paths } from '@/routing/paths';
import { type LazyView, lazyView } from './lazy-view';

/**
 * Spec section 2. public: open to all; protected: signed in only (others go to /);
 * guest: signed out only (signed-in users go to /). The spec's table has no guest route today.
 */
export type Access = 'public' | 'protected' | 'guest';

/**
 * Who a protected screen is for, beyond the spec (whose role lists are empty): a signed-in user of
 * another role sees a page saying whom it is for, with a link to their own start page.
 */
export const TRAINEE_ONLY: readonly SessionRole[] = ['TRAINEE'];
export const TRAINER_ONLY: readonly SessionRole[] = ['TRAINER'];
export const STAFF_ONLY: readonly SessionRole[] = ['ADMIN'];
/** Chat: trainees and trainers talk about their courses; the centre's staff have no conversations. */
export const LEARNERS_AND_TRAINERS: readonly SessionRole[] = ['TRAINEE', 'TRAINER'];

export interface AppRoute {
  path: string;
  access: Access;
  /** Absent: every role. */
  roles?: readonly SessionRole[];
  title: MessageDescriptor;
  view: LazyView;
}

// Every view is lazy-loaded, so a visitor downloads only the screens they open.
const Checkout = lazyView(() => withCatalogue('account', import('@/features/checkout/CheckoutPage')));
const Receipt = lazyView(() => withCatalogue('account', import('@/features/checkout/ReceiptPage')));
const EnrolledCourses = lazyView(() =>
  withCatalogue('account', import('@/features/enrolments/EnrolledCoursesPage')),
);
const OngoingCourses = lazyView(() =>
  withCatalogue('account', import('@/features/learning/OngoingCoursesPage')),
);
const MakeAttendance = lazyView(() =>
  withCatalogue('account', import('@/features/learning/attendance/MakeAttendancePage')),
);
const AttendanceHistory = lazyView(() =>
  withCatalogue('account', import('@/features/learning/attendance/AttendanceHistoryPage')),
);
const CourseHistory = lazyView(() =>
  withCatalogue('account', import('@/features/learning/history/CourseHistoryPage')),
);
const CourseHistoryDetails = lazyView(() =>
  withCatalogue('account', import('@/features/learning/history/CourseHistoryDetailsPage')),
);
const CoursePlayer = lazyView(() => withCatalogue('account', import('@/features/learning/CoursePlayerPage')));
const Home = lazyView(() => withCatalogue('home', import('@/features/home/HomePage')));
const About = lazyView(() => withCatalogue('about', import('@/features/about/AboutPage')));
const Contact = lazyView(() => withCatalogue('contact', import('@/features/contact/ContactPage')));
const VerifyCertificate = lazyView(() =>
  withCatalogue('community', import('@/features/verify/VerifyCertificatePage')),
);
const Catalogue = lazyView(() => withCatalogue('catalogue', import('@/features/catalogue/CataloguePage')));
const CourseDetails = lazyView(() => withCatalogue('course', import('@/features/course/CourseDetailsPage')));
const EventDetails = lazyView(() => withCatalogue('events', import('@/features/events/EventDetailsPage')));
const InvitationPage = lazyView(() =>
  withCatalogue('account', import('@/features/invitations/InvitationPage')),
);
const ReportIssue = lazyView(() => withCatalogue('issues', import('@/features/issues/ReportIssuePage')));
const IssueList = lazyView(() => withCatalogue('issues', import('@/features/issues/IssueListPage')));
/** The trainer's screens: with the signed-in screens' messages (the preview shows lectures) and their own. */
const trainerView = (name: TrainerScreen) =>
  lazyView(() =>
    withCatalogue(
      ['account', 'trainer'],
      import('@/features/trainer/screens').then((module) => module.loadScreen(name)),
    ),
  );
const MyCourses = trainerView('myCourses');
const TrainerCourse = trainerView('course');
const TrainerCourseHistory = trainerView('history');
const CompletedCourse = trainerView('completedCourse');
const CourseWizard = trainerView('wizard');
const AddClass = trainerView('addClass');
const AddAssignment = trainerView('addAssignment');
const AddQuiz = trainerView('addQuiz');
const EditLecture = trainerView('editLecture');
const Grading = trainerView('grading');
const Schedule = trainerView('schedule');
const ClassAttendance = trainerView('attendance');
/** The back office's screens: with the signed-in screens' messages and their own. */
const staffView = (name: StaffScreen) =>
  lazyView(() =>
    withCatalogue(
      ['account', 'staff'],
      import('@/features/staff/screens').then((module) => module.loadScreen(name)),
    ),
  );
const StaffApprovals = staffView('approvals');
const StaffAudit = staffView('audit');
const StaffPeople = staffView('people');
const StaffPerson = staffView('person');
const StaffCertificates = staffView('certificates');
const StaffPayments = staffView('payments');
const StaffCategories = staffView('categories');
const StaffIssues = staffView('issues');
// Chat: the /messages screen (both roles).
const Messages = lazyView(() => withCatalogue('account', import('@/features/messages/screen/MessagesPage')));
const Profile = lazyView(() => withCatalogue('account', import('@/features/profile/ProfilePage')));

export const routes: readonly AppRoute[] = [
  {
    path: paths.staffApprovals.pattern,
    access: 'protected',
    roles: STAFF_ONLY,
    title: msg`Approvals`,
    view: StaffApprovals,
  },
  {
    path: paths.staffAudit.pattern,
    access: 'protected',
    roles: STAFF_ONLY,
    title: msg`Audit log`,
    view: StaffAudit,
  },
  {
    path: paths.staffPeople.pattern,
    access: 'protected',
    roles: STAFF_ONLY,
    title: msg`People`,
    view: StaffPeople,
  },
  {
    path: paths.staffPerson.pattern,
    access: 'protected',
    roles: STAFF_ONLY,
    title: msg`Person`,
    view: StaffPerson,
  },
  {
    path: paths.staffCertificates.pattern,
    access: 'protected',
    roles: STAFF_ONLY,
    title: msg`Certificates`,
    view: StaffCertificates,
  },
  {
    path: paths.staffPayments.pattern,
    access: 'protected',
    roles: STAFF_ONLY,
    title: msg`Payments`,
    view: StaffPayments,
  },
  {
    path: paths.staffCategories.pattern,
    access: 'protected',
    roles: STAFF_ONLY,
    title: msg`Course categories`,
    view: StaffCategories,
  },
  {
    path: paths.staffIssues.pattern,
    access: 'protected',
    roles: STAFF_ONLY,
    title: msg`Issue reports`,
    view: StaffIssues,
  },
  { path: paths.home.pattern, access: 'public', title: msg`Home`, view: Home },
  { path: paths.about.pattern, access: 'public', title: msg`About us`, view: About },
  { path: paths.contact.pattern, access: 'public', title: msg`Contact us`, view: Contact },
  {
    path: paths.checkout.pattern,
    access: 'protected',
    roles: TRAINEE_ONLY,
    title: msg`Checkout`,
    view: Checkout,
  },
  {
    path: paths.checkoutCourse.pattern,
    access: 'protected',
    roles: TRAINEE_ONLY,
    title: msg`Checkout`,
    view: Checkout,
  },
  {
    path: paths.receipt.pattern,
    access: 'protected',
    roles: TRAINEE_ONLY,
    title: msg`Receipt`,
    view: Receipt,
  },
  { path: paths.catalogue.pattern, access: 'public', title: msg`Browse courses`, view: Catalogue },
  { path: paths.searchResults.pattern, access: 'public', title: msg`Search results`, view: Catalogue },
  { path: paths.profile.pattern, access: 'protected', title: msg`Profile`, view: Profile },
  {
    path: paths.ongoingCourses.pattern,
    access: 'protected',
    roles: TRAINEE_ONLY,
    title: msg`Ongoing Courses`,
    view: OngoingCourses,
  },
  {
    path: paths.courseLectures.pattern,
    access: 'protected',
    roles: TRAINEE_ONLY,
    title: msg`Course lectures`,
    view: CoursePlayer,
  },
  {
    path: paths.enrolledCourses.pattern,
    access: 'protected',
    roles: TRAINEE_ONLY,
    title: msg`Enrolled Courses`,
    view: EnrolledCourses,
  },
  { path: paths.courseDetails.pattern, access: 'public', title: msg`Course details`, view: CourseDetails },
  {
    path: paths.courseHistory.pattern,
    access: 'protected',
    roles: TRAINEE_ONLY,
    title: msg`Course History`,
    view: CourseHistory,
  },
  {
    path: paths.courseHistoryDetails.pattern,
    access: 'protected',
    roles: TRAINEE_ONLY,
    title: msg`Course History`,
    view: CourseHistoryDetails,
  },
  {
    path: paths.verifyCertificate.pattern,
    access: 'public',
    title: msg`Verify a certificate`,
    view: VerifyCertificate,
  },
  { path: paths.invitation.pattern, access: 'public', title: msg`Invitation`, view: InvitationPage },
  { path: paths.reportIssue.pattern, access: 'public', title: msg`Report an Issue`, view: ReportIssue },
  { path: paths.issueList.pattern, access: 'protected', title: msg`My reported issues`, view: IssueList },
  {
    path: paths.attendanceHistory.pattern,
    access: 'protected',
    roles: TRAINEE_ONLY,
    title: msg`Attendance History`,
    view: AttendanceHistory,
  },
  {
    path: paths.messages.pattern,
    access: 'protected',
    roles: LEARNERS_AND_TRAINERS,
    title: msg`Messages`,
    view: Messages,
  },
  {
    path: paths.manageSchedule.pattern,
    access: 'protected',
    roles: TRAINER_ONLY,
    title: msg`Manage Schedule`,
    view: Schedule,
  },
  {
    path: paths.manageCourses.pattern,
    access: 'protected',
    roles: TRAINER_ONLY,
    title: msg`Manage Courses`,
    view: MyCourses,
  },
  {
    path: paths.manageCourseLectures.pattern,
    access: 'protected',
    roles: TRAINER_ONLY,
    title: msg`Manage course lectures`,
    view: TrainerCourse,
  },
  {
    path: paths.studentAssignments.pattern,
    access: 'protected',
    roles: TRAINER_ONLY,
    title: msg`Student assignments`,
    view: Grading,
  },
  {
    path: paths.addNewClass.pattern,
    access: 'protected',
    roles: TRAINER_ONLY,
    title: msg`Add New Class`,
    view: AddClass,
  },
  {
    path: paths.addNewAssignment.pattern,
    access: 'protected',
    roles: TRAINER_ONLY,
    title: msg`Add New Assignment`,
    view: AddAssignment,
  },
  {
    path: paths.addNewQuiz.pattern,
    access: 'protected',
    roles: TRAINER_ONLY,
    title: msg`Add New Quiz`,
    view: AddQuiz,
  },
  {
    path: paths.manageClassAttendance.pattern,
    access: 'protected',
    roles: TRAINER_ONLY,
    title: msg`Manage Class Attendance`,
    view: ClassAttendance,
  },
  {
    path: paths.trainerCourseHistory.pattern,
    access: 'protected',
    roles: TRAINER_ONLY,
    title: msg`Course History`,
    view: TrainerCourseHistory,
  },
  {
    path: paths.completedCourseDetails.pattern,
    access: 'protected',
    roles: TRAINER_ONLY,
    title: msg`Completed course details`,
    view: CompletedCourse,
  },
  {
    path: paths.addNewCourse.pattern,
    access: 'protected',
    roles: TRAINER_ONLY,
    title: msg`Add New Course`,
    view: CourseWizard,
  },
  {
    path: paths.editCourse.pattern,
    access: 'protected',
    roles: TRAINER_ONLY,
    title: msg`Edit course`,
    view: CourseWizard,
  },
  {
    path: paths.editLecture.pattern,
    access: 'protected',
    roles: TRAINER_ONLY,
    title: msg`Edit lecture`,
    view: EditLecture,
  },
  { path: paths.eventDetails.pattern, access: 'public', title: msg`Event details`, view: EventDetails },
  { path: paths.makeAttendance.pattern, access: 'public', title: msg`Make attendance`, view: MakeAttendance },
];
