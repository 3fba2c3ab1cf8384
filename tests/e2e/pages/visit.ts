import type { Language } from '@/i18n/languages';
import type { Tab } from '../support/browser';
import { text } from '../support/text';
import { About } from './about';
import { AttendanceHistory, MakeAttendance } from './attendance';
import { Catalogue } from './catalogue';
import { Checkout } from './checkout';
import { ClassAttendance } from './class-attendance';
import { Contact } from './contact';
import { CourseDetails } from './course-details';
import { CompletedCourseDetails, CourseCompletion, CourseHistory } from './course-history';
import { CoursePlayer } from './course-player';
import { CourseReviews } from './course-reviews';
import { Dialog } from './dialog';
import { EnrolledCourses } from './enrolled-courses';
import { EventDetails } from './event-details';
import { Footer } from './footer';
import { Header } from './header';
import { Home } from './home';
import { InvitationPage, InviteDialog } from './invitations';
import { IssueList } from './issue-list';
import { Messages } from './messages';
import { MyCourses } from './my-courses';
import { Notifications } from './notifications';
import { OngoingCourses } from './ongoing-courses';
import { OtpDialog } from './otp';
import { PasswordResetDialog } from './password-reset';
import { ProfilePage } from './profile';
import { ReportIssue } from './report-issue';
import { Schedule } from './schedule';
import { Screen } from './screen';
import { SideMenu } from './side-menu';
import { SignInDialog } from './sign-in';
import { SignUpDialog } from './sign-up';
import { TraineeHistory, TraineeHistoryDetails } from './trainee-history';
import { TrainerCourse } from './trainer-course';
import { VerifyCertificate } from './verify-certificate';

/**
 * One tab on the product, with its pages and dialogs as the user meets them. Every member can be
 * destructured: `const { page, header, signIn, t } = await suite.open(…)`.
 */
export function visitOf(tab: Tab) {
  return {
    tab,
    page: tab.page,
    context: tab.context,
    /** Uncaught exceptions and console errors seen in the page. */
    problems: tab.problems,
    /** The language the product shows in this tab now. */
    get language(): Language {
      return tab.language;
    },
    /** A message of the catalogue in the language this tab shows. */
    t: (message: string, values?: Record<string, unknown>): string => text(message, tab.language, values),
    /** Loads an address of the product, from `paths`. */
    goto: async (path: string): Promise<void> => {
      await tab.page.goto(path);
    },
    screen: new Screen(tab),
    header: new Header(tab),
    sideMenu: new SideMenu(tab),
    footer: new Footer(tab),
    notifications: new Notifications(tab),
    /** The header's Messages link and the /messages screen. */
    messages: new Messages(tab),
    /** Whichever dialog is open. */
    dialog: new Dialog(tab),
    signIn: new SignInDialog(tab),
    signUp: new SignUpDialog(tab),
    otp: new OtpDialog(tab),
    passwordReset: new PasswordResetDialog(tab),
    home: new Home(tab),
    catalogue: new Catalogue(tab, 'Browse courses'),
    searchResults: new Catalogue(tab, 'Search results'),
    courseDetails: new CourseDetails(tab),
    courseReviews: new CourseReviews(tab),
    checkout: new Checkout(tab),
    enrolledCourses: new EnrolledCourses(tab),
    ongoingCourses: new OngoingCourses(tab),
    coursePlayer: new CoursePlayer(tab),
    eventDetails: new EventDetails(tab),
    about: new About(tab),
    contact: new Contact(tab),
    reportIssue: new ReportIssue(tab),
    issueList: new IssueList(tab),
    profile: new ProfilePage(tab),
    myCourses: new MyCourses(tab),
    trainerCourse: new TrainerCourse(tab),
    classAttendance: new ClassAttendance(tab),
    makeAttendance: new MakeAttendance(tab),
    attendanceHistory: new AttendanceHistory(tab),
    schedule: new Schedule(tab),
    courseHistory: new CourseHistory(tab),
    completedCourse: new CompletedCourseDetails(tab),
    courseCompletion: new CourseCompletion(tab),
    verifyCertificate: new VerifyCertificate(tab),
    invite: new InviteDialog(tab),
    invitation: new InvitationPage(tab),
    traineeHistory: new TraineeHistory(tab),
    traineeHistoryDetails: new TraineeHistoryDetails(tab),
  };
}

export type Visit = ReturnType<typeof visitOf>;
