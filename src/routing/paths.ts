import { type CatalogueQuery, catalogueQueryString, EMPTY_QUERY } from './catalogue-query';

/**
 * One builder per route (spec section 2). The route table takes each builder's `pattern`; links,
 * navigation, menus and tests call the builder, so no address is written by hand twice.
 */
export interface PathBuilder<A extends unknown[]> {
  (...args: A): string;
  /** The route table's pattern (wouter syntax). */
  readonly pattern: string;
}

function route<A extends unknown[]>(pattern: string, build: (...args: A) => string): PathBuilder<A> {
  return Object.assign(build, { pattern });
}

/** A route without parameters: the builder returns the pattern. */
function fixed(pattern: string): PathBuilder<[]> {
  return route(pattern, () => pattern);
}

const id = (value: number | string) => encodeURIComponent(String(value));

/** The path with the given parameters, leaving out empty ones. */
function withQuery(path: string, params: Record<string, string | undefined>): string {
  const text = Object.entries(params)
    .filter(([, value]) => value)
    .map(([name, value = '']) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return text ? `${path}?${text}` : path;
}

export const paths = {
  home: fixed('/'),
  /** The request-a-course form on the home page. */
  requestCourse: route('/', () => '/#request-a-course'),
  about: fixed('/about-us'),
  contact: fixed('/contact-us'),
  checkout: route('/checkout', () => '/checkout'),
  checkoutCourse: route('/checkout/:id', (courseId: number) => `/checkout/${id(courseId)}`),
  catalogue: route('/browse-course-list', (query: Partial<CatalogueQuery> = {}) =>
    catalogueAddress('/browse-course-list', query),
  ),
  searchResults: route('/search-result', (query: Partial<CatalogueQuery> = {}) =>
    catalogueAddress('/search-result', query),
  ),
  profile: fixed('/profile'),
  ongoingCourses: fixed('/ongoing-courses'),
  /** A course in the player: a lecture, the course's grades ('grades'), or (none) the first unread lecture. */
  courseLectures: route(
    '/ongoing-courses/:courseId/:lectureId?',
    (courseId: number, lectureId?: number | 'grades') =>
      lectureId === undefined
        ? `/ongoing-courses/${id(courseId)}`
        : `/ongoing-courses/${id(courseId)}/${id(lectureId)}`,
  ),
  enrolledCourses: fixed('/enrolled-courses'),
  /** A payment's receipt: the simplified tax invoice, printable and as PDF (not in the spec's table). */
  receipt: route('/receipts/:id', (paymentId: string) => `/receipts/${id(paymentId)}`),
  /** The header search passes the title it showed (spec section 2). */
  courseDetails: route('/course-details/:id', (courseId: number, options: { title?: string } = {}) =>
    withQuery(`/course-details/${id(courseId)}`, { title: options.title }),
  ),
  courseHistory: fixed('/course-history'),
  courseHistoryDetails: route('/course-history/:id', (courseId: number) => `/course-history/${id(courseId)}`),
  /** The public check of a certificate: a form, or the answer for one code (the certificate's QR). */
  verifyCertificate: route('/verify/:code?', (code?: string) =>
    code === undefined ? '/verify' : `/verify/${id(code)}`,
  ),
  /** An invitation's page: the link of the invitation mail and notification. */
  invitation: route('/invitations/:token', (token: string) => `/invitations/${id(token)}`),
  reportIssue: fixed('/report-an-issue'),
  issueList: route('/issue-list', (options: { page?: number; issue?: number } = {}) =>
    withQuery('/issue-list', {
      page: options.page && options.page > 1 ? String(options.page) : undefined,
      issue: options.issue ? String(options.issue) : undefined,
    }),
  ),
  attendanceHistory: fixed('/attendance-history'),
  /** The chat; with a conversation's id, that conversation open. */
  messages: route('/messages', (conversation?: number) =>
    withQuery('/messages', { conversation: conversation === undefined ? undefined : String(conversation) }),
  ),
  /** The trainer's week holding `week` (a date), this week without one. */
  manageSchedule: route('/manage-schedule', (week?: string) => withQuery('/manage-schedule', { week })),
  manageCourses: fixed('/manage-courses'),
  /** The centre's staff: one queue of what waits for a decision, and the record of decisions. */
  staffApprovals: fixed('/staff/approvals'),
  staffAudit: fixed('/staff/audit'),
  /** The staff's search of people (by name, e-mail, phone or id number), and a person's page. */
  staffPeople: route('/staff/people', (query: { q?: string; role?: string; page?: number } = {}) =>
    withQuery('/staff/people', {
      q: query.q?.trim() || undefined,
      role: query.role || undefined,
      page: query.page && query.page > 1 ? String(query.page) : undefined,
    }),
  ),
  staffPerson: route('/staff/people/:id', (personId: number) => `/staff/people/${id(personId)}`),
  staffCertificates: fixed('/staff/certificates'),
  /** The centre's staff: every trainee's payment, its refund and its receipt. */
  staffPayments: fixed('/staff/payments'),
  /** The centre's staff: the course categories, their names and order, hidden or shown. */
  staffCategories: fixed('/staff/categories'),
  /** The centre's staff: the issue reports, resolved with a reply. */
  staffIssues: fixed('/staff/issues'),
  manageCourseLectures: route(
    '/manage-courses/:courseId/:lectureId?',
    (courseId: number, lectureId?: number) =>
      lectureId === undefined
        ? `/manage-courses/${id(courseId)}`
        : `/manage-courses/${id(courseId)}/${id(lectureId)}`,
  ),
  studentAssignments: route(
    '/student-assignment/:id',
    (courseId: number) => `/student-assignment/${id(courseId)}`,
  ),
  addNewClass: route('/add-new-class/:id', (courseId: number) => `/add-new-class/${id(courseId)}`),
  /** The course comes from `?course=`; without it the page asks which course. */
  addNewAssignment: route('/add-new-assignment', (courseId?: number) =>
    courseId === undefined ? '/add-new-assignment' : `/add-new-assignment?course=${id(courseId)}`,
  ),
  addNewQuiz: route('/add-new-quiz', (courseId?: number) =>
    courseId === undefined ? '/add-new-quiz' : `/add-new-quiz?course=${id(courseId)}`,
  ),
  manageClassAttendance: fixed('/manage-class-attendance'),
  trainerCourseHistory: fixed('/trainer-course-history'),
  /** One completed course of the trainer: the spec gives no id, so it comes from `?id=`. */
  completedCourseDetails: route('/completed-course-details-page', (courseId?: number) =>
    courseId === undefined
      ? '/completed-course-details-page'
      : `/completed-course-details-page?id=${id(courseId)}`,
  ),
  addNewCourse: fixed('/add-new-course'),
  editCourse: route('/edit-course/:id', (courseId: number) => `/edit-course/${id(courseId)}`),
  editLecture: route('/edit-lecture/:id', (lectureId: number) => `/edit-lecture/${id(lectureId)}`),
  eventDetails: route('/event-details/:id', (eventId: number) => `/event-details/${id(eventId)}`),
  makeAttendance: route(
    '/trainee/make-attendance/:id',
    (courseId: number | string) => `/trainee/make-attendance/${id(courseId)}`,
  ),
} as const;

function catalogueAddress(path: string, query: Partial<CatalogueQuery>): string {
  return `${path}${catalogueQueryString({ ...EMPTY_QUERY, ...query })}`;
}

/** The path of an address without its query, hash and trailing slash: '/browse-course-list/?a' → '/browse-course-list'. */
export function pathOf(address: string): string {
  const path = address.split(/[?#]/, 1)[0] ?? '';
  return path.replace(/\/+$/, '') || '/';
}

/** Whether a menu link's address is the page being shown (spec section 2: the paths are equal). */
export function isCurrent(location: string, link: string): boolean {
  return pathOf(location) === pathOf(link);
}
