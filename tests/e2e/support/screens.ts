import { mkdirSync } from 'node:fs';
import type { TrainerCourseList } from '@contract/wire/authoring';
import type { AboutPromotion, GetInTouchTitle, HeroSection } from '@contract/wire/cms';
import type { Paged } from '@contract/wire/common';
import type { CourseAbout, CourseCard } from '@contract/wire/courses';
import type { EventSummary } from '@contract/wire/events';
import type { HistoryDetails, TraineeHistory } from '@contract/wire/history';
import type { CourseLectures } from '@contract/wire/learning';
import type { Notification } from '@contract/wire/notifications';
import type { PaymentHistoryItem } from '@contract/wire/payments';
import type { CourseHistory } from '@contract/wire/records';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pick } from '@/i18n/pick';
import { paths } from '@/routing/paths';
import { DEMO_AUTHORING_COURSES } from '../../../server/authoring/course-seed';
import { DEMO_ACCOUNTS } from '../../../server/demo-accounts';
import { RECORD_COURSES } from '../../../server/records/seed';
import { LEARNING_COURSES, LEARNING_LECTURES } from '../../../server/seed-learning';
import type { Visit } from '../pages/visit';
import { expectNoAxeViolations, expectNoHorizontalScroll, VIEWPORTS, type Width } from './browser';
import { accessTokenOf, directConversationId } from './chat';
import { enrol } from './learning';
import { accessToken, signInWithTokens } from './session';
import { named, type Setting } from './settings';
import { productSuite } from './suite';
import { numberText } from './text';

/**
 * The screen matrix (tests/e2e/screens-*.e2e.test.ts, one file a setting, so the four run side by side): every screen and modal in English and Arabic, at 390 and 1366 px. Each shows
 * its document in the language's direction, needs no sideways scrolling, passes axe, has its
 * heading in the tab's language and logs no error. What a screen does is tested elsewhere, once.
 */
export function screenMatrix(setting: Setting): void {
  const suite = productSuite();

  type Bilingual = { title: string; title_ar: string };

  /** What the screens show, found through the API once the product runs. */
  const seed = {} as {
    hero: HeroSection;
    about: AboutPromotion;
    contact: GetInTouchTitle;
    event: EventSummary;
    cloud: CourseCard;
    lectures: Record<LectureKind, Bilingual & { id: number }>;
    completed: Bilingual & { id: number };
    certificate: string;
    conversation: number;
    rejectedCourse: number;
    checkoutCourse: number;
    receipt: string;
    issue: { id: number; subject: string };
    /** The demo trainee's account id (her page in the staff's people screens). */
    traineeId: number;
  };

  /** The kinds of lecture the seed has, each by a lecture of the cloud course. */
  const LECTURES = {
    text: LEARNING_LECTURES.cloudWelcome,
    video: LEARNING_LECTURES.cloudVideo,
    pdf: LEARNING_LECTURES.cloudNotes,
    assignment: LEARNING_LECTURES.cloudCompare,
    quiz: LEARNING_LECTURES.cloudQuizModels,
    survey: LEARNING_LECTURES.cloudPreSurvey,
  } as const;
  type LectureKind = keyof typeof LECTURES;

  beforeAll(async () => {
    const [trainee, trainer] = await Promise.all([
      accessTokenOf(suite.app, DEMO_ACCOUNTS.trainee),
      accessTokenOf(suite.app, DEMO_ACCOUNTS.trainer),
    ]);
    const catalogue = await suite.read<Paged<CourseCard>>('/course/browse-course-list/?page=1&limit=100');
    const cloud = catalogue.results.find((course) => course.title === LEARNING_COURSES.cloud.title);
    const event = (await suite.read<Paged<EventSummary>>('/event/?page=1&limit=1')).results[0];
    if (!cloud || !event) throw new Error('the seed has no cloud course or no event');
    Object.assign(seed, {
      cloud,
      event,
      traineeId: (await suite.read<{ id: number }>('/user/profile/', { token: trainee })).id,
      hero: await suite.read<HeroSection>('/cms/hero-section/'),
      about: await suite.read<AboutPromotion>('/cms/about-page-promotion/'),
      contact: await suite.read<GetInTouchTitle>('/cms/get-in-touch-title/'),
      conversation: await directConversationId(
        suite.app,
        DEMO_ACCOUNTS.trainee,
        DEMO_ACCOUNTS.trainer.full_name,
      ),
    });

    const player = await suite.read<CourseLectures>(`/learning/courses/${cloud.id}/lectures/`, {
      token: trainee,
    });
    const all = player.weeks.flatMap((week) => week.lectures);
    seed.lectures = {} as typeof seed.lectures;
    for (const [kind, { title }] of Object.entries(LECTURES) as [LectureKind, { title: string }][]) {
      const lecture = all.find((item) => item.title === title);
      if (!lecture) throw new Error(`the cloud course has no lecture “${title}”`);
      seed.lectures[kind] = lecture;
    }

    // The demo trainee's completed course, with its certificate; the demo trainer taught it.
    const history = await suite.read<TraineeHistory>('/course/history/', { token: trainee });
    const completed = history.results.find((entry) => entry.title === RECORD_COURSES.completed.title);
    if (!completed) throw new Error('the demo trainee has no completed course');
    seed.completed = { id: completed.course_id, title: completed.title, title_ar: completed.title_ar };
    const details = await suite.read<HistoryDetails>(`/course/history/${completed.course_id}/`, {
      token: trainee,
    });
    if (!details.certificate) throw new Error('the demo trainee has no certificate');
    seed.certificate = details.certificate.code;
    const trainerHistory = await suite.read<CourseHistory>('/trainer/course-history/', { token: trainer });
    if (!trainerHistory.results.some((course) => course.id === completed.course_id)) {
      throw new Error("the completed course is not in the demo trainer's history");
    }

    const courses = await suite.read<TrainerCourseList>('/course/course-list-of-a-trainer/', {
      token: trainer,
    });
    const rejected = courses.results.find((course) => course.title === DEMO_AUTHORING_COURSES.rejected.title);
    if (!rejected) throw new Error('the demo trainer has no rejected course');
    seed.rejectedCourse = rejected.id;

    // Two priced courses the demo trainee never had: one to check out, one bought for a receipt
    // (the seed gives her only a cash payment waiting, which has none yet).
    const had = new Set(history.results.map((entry) => entry.course_id));
    const priced: CourseAbout[] = [];
    for (const card of catalogue.results) {
      if (had.has(card.id)) continue;
      const course = await suite.read<CourseAbout>(`/course/about/${card.id}/`);
      if (course.price_halalas > 0) priced.push(course);
      if (priced.length === 2) break;
    }
    const [checkout, bought] = priced;
    if (!checkout || !bought) throw new Error('the seed has too few priced courses');
    seed.checkoutCourse = checkout.id;
    const payments = async () =>
      (await suite.read<Paged<PaymentHistoryItem>>('/payments/?page=1&limit=25', { token: trainee })).results;
    let receipt = (await payments()).find((payment) => payment.receipt_number !== null);
    if (!receipt) {
      await enrol(suite, trainee, bought);
      receipt = (await payments()).find((payment) => payment.receipt_number !== null);
    }
    if (!receipt) throw new Error('the demo trainee has no payment with a receipt');
    seed.receipt = receipt.id;

    // A report of the demo trainee's, for her issue list and its dialog.
    const subject = 'The certificate will not download';
    const reported = await suite.call('/cms/report-an-issues/', {
      token: trainee,
      body: { name: DEMO_ACCOUNTS.trainee.full_name, subject, description: 'The button shows an error.' },
    });
    expect(reported.status).toBe(201);
    seed.issue = { id: ((await reported.json()) as { id: number }).id, subject };
  }, 120_000);

  interface ScreenCase {
    name: string;
    /** Who looks at it: a visitor, or the demo trainee, trainer or member of staff signed in. */
    who: 'visitor' | 'trainee' | 'trainer' | 'staff';
    path: () => string;
    /** What its heading says in the tab's language (the catalogue's message, or the data's). */
    heading: (visit: Visit) => string | Promise<string>;
    /** A modal: opens it on the page; its heading is the dialog's then, unless `headingOf` says. */
    open?: (visit: Visit) => Promise<void>;
    headingOf?: (visit: Visit) => Locator;
    /** What shows once the screen has its content (a loading screen has no `aria-busy` to wait on). */
    ready?: (visit: Visit) => Locator;
    /** Where only one width has it (the side menu is a phone's). */
    width?: Width;
  }

  const dialogHeading = ({ page }: Visit) => page.getByRole('dialog').getByRole('heading').first();

  async function openLogIn({ tab, header, sideMenu }: Visit): Promise<void> {
    if (tab.width === 'phone') {
      await sideMenu.open();
      await sideMenu.logIn();
    } else await header.logIn();
  }

  function lectureScreen(kind: LectureKind): ScreenCase {
    return {
      name: `course player, ${kind} lecture`,
      who: 'trainee',
      path: () => paths.courseLectures(seed.cloud.id, seed.lectures[kind].id),
      heading: ({ language }) => pick(seed.cloud, 'title', language),
      ready: ({ screen, language }) =>
        screen.main.getByRole('heading', {
          level: 2,
          name: pick(seed.lectures[kind], 'title', language),
          exact: true,
        }),
    };
  }

  const SCREENS: readonly ScreenCase[] = [
    // Public
    {
      name: 'home',
      who: 'visitor',
      path: paths.home,
      heading: ({ language }) => pick(seed.hero, 'slogan', language),
    },
    {
      name: 'catalogue',
      who: 'visitor',
      path: () => paths.catalogue(),
      heading: ({ t }) => t('Browse courses'),
    },
    {
      name: 'search results',
      who: 'visitor',
      path: () => paths.searchResults({ search: 'data' }),
      heading: ({ t }) => `${t('Search results')}: “data”`,
    },
    {
      name: 'course details',
      who: 'visitor',
      path: () => paths.courseDetails(seed.cloud.id),
      heading: ({ language }) => pick(seed.cloud, 'title', language),
    },
    {
      name: 'event details',
      who: 'visitor',
      path: () => paths.eventDetails(seed.event.id),
      heading: ({ language }) => pick(seed.event, 'title', language),
    },
    {
      name: 'about',
      who: 'visitor',
      path: paths.about,
      heading: ({ language }) => pick(seed.about, 'title', language),
    },
    {
      name: 'contact',
      who: 'visitor',
      path: paths.contact,
      heading: ({ language }) =>
        `${pick(seed.contact, 'get_in_touch_title1', language)} ${pick(seed.contact, 'get_in_touch_title2', language)}`,
    },
    {
      name: 'verify certificate, form',
      who: 'visitor',
      path: () => paths.verifyCertificate(),
      heading: ({ t }) => t('Verify a certificate'),
    },
    {
      name: 'verify certificate, a valid one',
      who: 'visitor',
      path: () => paths.verifyCertificate(seed.certificate),
      heading: ({ t }) => t('Verify a certificate'),
      ready: ({ verifyCertificate }) => verifyCertificate.answer('valid'),
    },
    {
      name: 'not found',
      who: 'visitor',
      path: () => '/no-such-page',
      heading: ({ t }) => t('Page not found'),
    },
    // Modals
    {
      name: 'sign in',
      who: 'visitor',
      path: paths.home,
      open: openLogIn,
      heading: ({ t }) => t('Log In'),
    },
    {
      name: 'sign up',
      who: 'visitor',
      path: paths.home,
      open: async ({ tab, header, sideMenu }) => {
        if (tab.width === 'phone') {
          await sideMenu.open();
          await sideMenu.signUpButton.click();
        } else await header.signUp();
      },
      heading: ({ t }) => t('Sign Up'),
    },
    {
      name: 'forgot password',
      who: 'visitor',
      path: paths.home,
      open: async (visit) => {
        await openLogIn(visit);
        await visit.signIn.forgotPassword();
      },
      heading: ({ t }) => t('Forgot password'),
    },
    {
      name: 'trainer log in',
      who: 'visitor',
      path: paths.home,
      open: ({ footer }) => footer.trainerLogIn(),
      heading: ({ t }) => t('Trainer Login'),
    },
    {
      name: 'become a trainer',
      who: 'visitor',
      path: paths.home,
      open: ({ home }) => home.becomeTrainer(),
      heading: ({ t }) => t('Become a Trainer'),
    },
    {
      name: 'side menu',
      who: 'visitor',
      width: 'phone',
      path: paths.home,
      open: ({ sideMenu }) => sideMenu.open(),
      heading: ({ t }) => t('Menu'),
    },
    {
      name: 'side menu, signed in',
      who: 'trainee',
      width: 'phone',
      path: paths.home,
      open: ({ sideMenu }) => sideMenu.open(),
      heading: ({ t }) => t('Menu'),
      ready: ({ sideMenu, t }) => sideMenu.menu.getByText(t('My account')),
    },
    {
      name: 'notifications panel',
      who: 'trainee',
      path: paths.home,
      open: ({ notifications }) => notifications.openPanel(),
      headingOf: ({ page }) => page.getByRole('banner').getByRole('heading', { level: 2 }),
      heading: async ({ t, language, context }) => {
        const list = await suite.read<Notification[]>('/notification/', {
          token: await accessToken(context),
        });
        const unread = list.filter((notification) => !notification.seen).length;
        return t('Notifications ({0})', { 0: numberText(unread, language) });
      },
    },
    {
      name: 'invite friends',
      who: 'trainee',
      path: () => paths.courseDetails(seed.cloud.id),
      open: ({ invite }) => invite.openButton.click(),
      heading: ({ t }) => t('Invite friends'),
    },
    {
      name: 'reported issue',
      who: 'trainee',
      path: () => paths.issueList({ issue: seed.issue.id }),
      headingOf: dialogHeading,
      heading: () => seed.issue.subject,
    },
    {
      name: 'change password',
      who: 'trainee',
      path: paths.profile,
      open: ({ profile }) => profile.openChangePassword(),
      heading: ({ t }) => t('Change password'),
    },
    {
      name: 'close account',
      who: 'trainee',
      path: paths.profile,
      open: ({ profile }) => profile.openCloseAccount(),
      heading: ({ t }) => t('Close account'),
    },
    {
      name: 'new message',
      who: 'trainee',
      path: () => paths.messages(),
      open: ({ messages }) => messages.newMessageButton.click(),
      heading: ({ t }) => t('New message'),
    },
    {
      name: 'course content drawer',
      who: 'trainee',
      width: 'phone',
      path: () => paths.courseLectures(seed.cloud.id, seed.lectures.text.id),
      open: ({ coursePlayer }) => coursePlayer.openDrawer(),
      heading: ({ t }) => t('Course content'),
    },
    {
      name: 'delete course',
      who: 'trainer',
      path: paths.manageCourses,
      open: ({ myCourses, language }) =>
        myCourses.askDelete(pick(DEMO_AUTHORING_COURSES.pending, 'title', language)),
      heading: ({ t }) => t('Delete this course?'),
    },
    // The trainee's
    {
      name: 'report an issue',
      who: 'trainee',
      path: paths.reportIssue,
      heading: ({ t }) => t('Report an Issue'),
    },
    {
      name: 'profile',
      who: 'trainee',
      path: paths.profile,
      heading: ({ t }) => t('Profile'),
      ready: ({ page, t }) => page.getByRole('region', { name: t('Payment history') }).getByRole('table'),
    },
    {
      name: 'enrolled courses',
      who: 'trainee',
      path: paths.enrolledCourses,
      heading: ({ t }) => t('Enrolled Courses'),
    },
    {
      name: 'ongoing courses',
      who: 'trainee',
      path: paths.ongoingCourses,
      heading: ({ t }) => t('Ongoing Courses'),
    },
    ...(Object.keys(LECTURES) as LectureKind[]).map(lectureScreen),
    {
      name: 'course grades',
      who: 'trainee',
      path: () => paths.courseLectures(seed.cloud.id, 'grades'),
      heading: ({ language }) => pick(seed.cloud, 'title', language),
      ready: ({ coursePlayer }) => coursePlayer.grades,
    },
    {
      name: 'course history',
      who: 'trainee',
      path: paths.courseHistory,
      heading: ({ t }) => t('Course History'),
      ready: ({ traineeHistory, language }) => traineeHistory.card(pick(seed.completed, 'title', language)),
    },
    {
      name: 'course history details',
      who: 'trainee',
      path: () => paths.courseHistoryDetails(seed.completed.id),
      heading: ({ t }) => t('Course History'),
      ready: ({ page, language }) =>
        page.getByRole('heading', { name: pick(seed.completed, 'title', language) }),
    },
    {
      name: 'attendance history',
      who: 'trainee',
      path: paths.attendanceHistory,
      heading: ({ t }) => t('Attendance History'),
    },
    {
      name: 'messages',
      who: 'trainee',
      path: () => paths.messages(),
      heading: ({ t }) => t('Messages'),
      ready: ({ messages }) => messages.conversation(DEMO_ACCOUNTS.trainer.full_name),
    },
    {
      name: 'a conversation',
      who: 'trainee',
      path: () => paths.messages(seed.conversation),
      heading: ({ t }) => t('Messages'),
      ready: ({ messages }) => messages.messages,
    },
    {
      name: 'issue list',
      who: 'trainee',
      path: () => paths.issueList(),
      heading: ({ t }) => t('My reported issues'),
      ready: ({ issueList }) => issueList.issue(seed.issue.subject),
    },
    {
      name: 'checkout',
      who: 'trainee',
      path: () => paths.checkoutCourse(seed.checkoutCourse),
      heading: ({ t }) => t('Checkout'),
      ready: ({ checkout }) => checkout.payButton,
    },
    {
      name: 'receipt',
      who: 'trainee',
      path: () => paths.receipt(seed.receipt),
      heading: ({ t }) => t('Receipt'),
      ready: ({ page, t }) => page.getByRole('article', { name: t('Simplified tax invoice') }),
    },
    {
      name: 'payment result',
      who: 'trainee',
      path: () => `${paths.checkout()}?payment=${seed.receipt}`,
      heading: ({ t }) => t('Checkout'),
      ready: ({ checkout }) => checkout.heading('Payment Success'),
    },
    {
      name: 'make attendance',
      who: 'trainee',
      path: () => paths.makeAttendance(seed.cloud.id),
      heading: ({ t }) => t('Make attendance'),
    },
    // The trainer's
    {
      name: 'manage courses',
      who: 'trainer',
      path: paths.manageCourses,
      heading: ({ t }) => t('Manage Courses'),
    },
    {
      name: 'course builder',
      who: 'trainer',
      path: () => paths.manageCourseLectures(seed.cloud.id),
      heading: ({ language }) => pick(seed.cloud, 'title', language),
    },
    {
      name: 'edit lecture',
      who: 'trainer',
      path: () => paths.editLecture(seed.lectures.video.id),
      heading: ({ t }) => t('Edit lecture'),
    },
    {
      name: 'add new course',
      who: 'trainer',
      path: paths.addNewCourse,
      heading: ({ t }) => t('Add New Course'),
    },
    {
      name: 'edit course',
      who: 'trainer',
      path: () => paths.editCourse(seed.rejectedCourse),
      heading: ({ t }) => t('Edit course'),
    },
    {
      name: 'add new class',
      who: 'trainer',
      path: () => paths.addNewClass(seed.cloud.id),
      heading: ({ t }) => t('Add New Class'),
    },
    {
      name: 'add new assignment',
      who: 'trainer',
      path: () => paths.addNewAssignment(seed.cloud.id),
      heading: ({ t }) => t('Add New Assignment'),
    },
    {
      name: 'add new quiz',
      who: 'trainer',
      path: () => paths.addNewQuiz(seed.cloud.id),
      heading: ({ t }) => t('Add New Quiz'),
    },
    {
      name: 'student assignments',
      who: 'trainer',
      path: () => paths.studentAssignments(seed.cloud.id),
      heading: ({ t }) => t('Student assignments'),
    },
    {
      name: 'manage class attendance',
      who: 'trainer',
      path: () => `${paths.manageClassAttendance()}?course=${seed.cloud.id}`,
      heading: ({ t }) => t('Manage Class Attendance'),
      ready: ({ classAttendance }) => classAttendance.courseField,
    },
    {
      name: 'manage schedule',
      who: 'trainer',
      path: () => paths.manageSchedule(),
      heading: ({ t }) => t('Manage Schedule'),
      ready: ({ schedule }) => schedule.day('Saturday'),
    },
    {
      name: 'trainer course history',
      who: 'trainer',
      path: paths.trainerCourseHistory,
      heading: ({ t }) => t('Course History'),
      ready: ({ courseHistory, language }) => courseHistory.entry(pick(seed.completed, 'title', language)),
    },
    {
      name: 'completed course details',
      who: 'trainer',
      path: () => paths.completedCourseDetails(seed.completed.id),
      heading: ({ language }) => pick(seed.completed, 'title', language),
      ready: ({ completedCourse }) => completedCourse.section('Statistics'),
    },
    // The centre's staff
    {
      name: 'approvals',
      who: 'staff',
      path: paths.staffApprovals,
      heading: ({ t }) => t('Approvals'),
      ready: ({ screen, t }) => screen.main.getByRole('button', { name: t('Review') }),
    },
    {
      name: 'approvals, deciding an item',
      who: 'staff',
      path: () => `${paths.staffApprovals()}?kind=course`,
      open: async ({ screen, t }) => {
        await screen.main
          .getByRole('button', { name: t('Review') })
          .first()
          .click();
      },
      heading: ({ t }) => t('New course'),
      ready: ({ page, t }) =>
        page.getByRole('dialog').getByRole('button', { name: t('Approve'), exact: true }),
    },
    {
      name: 'audit log',
      who: 'staff',
      path: paths.staffAudit,
      heading: ({ t }) => t('Audit log'),
    },
    {
      name: 'people',
      who: 'staff',
      path: paths.staffPeople,
      heading: ({ t }) => t('People'),
      ready: ({ screen }) => screen.main.getByRole('listitem').first(),
    },
    {
      name: "a person's page",
      who: 'staff',
      path: () => paths.staffPerson(seed.traineeId),
      heading: () => DEMO_ACCOUNTS.trainee.full_name,
      ready: ({ screen, t }) => screen.main.getByRole('heading', { name: t('Recent sign-ins') }),
    },
    {
      name: 'certificates',
      who: 'staff',
      path: paths.staffCertificates,
      heading: ({ t }) => t('Certificates'),
      ready: ({ screen }) => screen.main.getByRole('listitem').first(),
    },
    {
      name: 'payments',
      who: 'staff',
      path: paths.staffPayments,
      heading: ({ t }) => t('Payments'),
      ready: ({ screen, t }) => screen.main.getByRole('heading', { name: t('Totals by month (paid)') }),
    },
    {
      name: 'payments, refunding one',
      who: 'staff',
      path: paths.staffPayments,
      open: async ({ screen, t }) => {
        await screen.main
          .getByRole('button', { name: t('Refund'), exact: true })
          .first()
          .click();
      },
      heading: ({ t }) => t('Refund this payment?'),
      ready: ({ page, t }) => page.getByRole('dialog').getByRole('button', { name: t('Cancel') }),
    },
    {
      name: 'course categories',
      who: 'staff',
      path: paths.staffCategories,
      heading: ({ t }) => t('Course categories'),
      ready: ({ screen }) => screen.main.getByRole('listitem').first(),
    },
    {
      name: 'issue reports',
      who: 'staff',
      path: paths.staffIssues,
      heading: ({ t }) => t('Issue reports'),
      ready: ({ screen, t }) => screen.main.getByRole('button', { name: t('All'), exact: true }),
    },
    {
      name: 'course categories, renaming one',
      who: 'staff',
      path: paths.staffCategories,
      open: async ({ screen, t }) => {
        await screen.main
          .getByRole('button', { name: new RegExp(`^${t('Rename')}`) })
          .first()
          .click();
      },
      heading: ({ t }) => t('Rename the category'),
      ready: ({ page, t }) => page.getByRole('dialog').getByRole('button', { name: t('Save the names') }),
    },
  ];

  /** The outermost elements reaching past the window's edges: what makes a page scroll sideways. */
  function overflowing(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const outside = (element: Element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1);
      };
      return [...document.body.querySelectorAll('*')]
        .filter((element) => outside(element) && !(element.parentElement && outside(element.parentElement)))
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
    });
  }

  /** Runs every check of the screen, and fails with all that failed (and a screenshot of it). */
  async function checkScreen(visit: Visit, screen: ScreenCase, name: string): Promise<void> {
    const { page } = visit;
    const failures: string[] = [];
    const check = async (what: string, run: () => Promise<unknown>) => {
      try {
        await run();
      } catch (error) {
        const { message, actual } = error as Error & { actual?: unknown };
        failures.push(
          `${what}: ${message}${actual === undefined ? '' : ` ${JSON.stringify(actual, null, 1)}`}`,
        );
      }
    };
    const heading =
      screen.headingOf?.(visit) ??
      (screen.open ? dialogHeading(visit) : page.getByRole('heading', { level: 1 }));
    const expected = await screen.heading(visit);
    await check('translated heading', () => expect.poll(() => heading.textContent()).toBe(expected));
    const ready = screen.ready?.(visit);
    if (ready) await check('content', () => ready.first().waitFor());
    await check('loaded', async () => {
      await expect.poll(() => page.locator('[aria-busy="true"], [data-transition]').count()).toBe(0);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
    });
    await check('lang and dir', async () => {
      expect(await visit.screen.language(), 'lang').toBe(visit.language);
      expect(await visit.screen.direction(), 'dir').toBe(visit.language === 'ar' ? 'rtl' : 'ltr');
    });
    await check('no horizontal scroll', async () => {
      try {
        await expectNoHorizontalScroll(page);
      } catch (error) {
        throw new Error(
          `${(error as Error).message}; past the edge: ${(await overflowing(page)).join(', ')}`,
        );
      }
    });
    await check('axe', () => expectNoAxeViolations(page));
    await check('console', async () => expect(visit.problems).toEqual([]));
    if (failures.length === 0) return;
    mkdirSync('.tmp/screens', { recursive: true });
    const screenshot = `.tmp/screens/${name.replace(/[^\w]+/g, '-').replace(/-$/, '')}.png`;
    await page.screenshot({ path: screenshot, fullPage: true });
    expect(failures, `screenshot: ${screenshot}`).toEqual([]);
  }

  /**
   * One tab for each person, kept from screen to screen: every screen is a new document (goto), in
   * the browser's cache as a returning user has it, and what a screen logged is its own.
   */
  const visits = new Map<ScreenCase['who'], Visit>();
  async function visitAs(who: ScreenCase['who']): Promise<Visit> {
    let visit = visits.get(who);
    if (!visit) {
      visit = await suite.openKept(setting);
      if (who !== 'visitor') await signInWithTokens(suite.app, visit.context, DEMO_ACCOUNTS[who]);
      visits.set(who, visit);
    }
    visit.problems.splice(0);
    return visit;
  }

  describe(`every screen in ${setting.language} at ${VIEWPORTS[setting.width].width} px`, () => {
    for (const screen of SCREENS) {
      if (screen.width && screen.width !== setting.width) continue;
      const name = `${screen.name} ${named(setting)}`;
      it(name, async () => {
        const visit = await visitAs(screen.who);
        await visit.goto(screen.path());
        await screen.open?.(visit);
        await checkScreen(visit, screen, name);
      });
    }
  });
}
