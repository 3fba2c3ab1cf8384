import { parse as parser } from 'regexparam';
import { describe, expect, it } from 'vitest';
import { matchRoute } from 'wouter';
import { decideAccess } from '@/app/guard';
import { routes } from '@/app/routes';
import { isCurrent, pathOf, paths } from '@/routing/paths';
import { startPageOf } from '@/routing/start-pages';

// Spec section 2, every route with its access.
const SPEC_ROUTES: Record<string, 'public' | 'protected'> = {
  '/': 'public',
  '/about-us': 'public',
  '/contact-us': 'public',
  '/checkout': 'protected',
  '/checkout/:id': 'protected',
  '/browse-course-list': 'public',
  '/search-result': 'public',
  '/profile': 'protected',
  '/ongoing-courses': 'protected',
  '/ongoing-courses/:courseId/:lectureId?': 'protected',
  '/enrolled-courses': 'protected',
  '/course-details/:id': 'public',
  '/course-history': 'protected',
  '/course-history/:id': 'protected',
  '/report-an-issue': 'public',
  '/issue-list': 'protected',
  '/attendance-history': 'protected',
  '/messages': 'protected',
  '/manage-schedule': 'protected',
  '/manage-courses': 'protected',
  '/manage-courses/:courseId/:lectureId?': 'protected',
  '/student-assignment/:id': 'protected',
  '/add-new-class/:id': 'protected',
  '/add-new-assignment': 'protected',
  '/add-new-quiz': 'protected',
  '/manage-class-attendance': 'protected',
  '/trainer-course-history': 'protected',
  '/completed-course-details-page': 'protected',
  '/add-new-course': 'protected',
  '/edit-course/:id': 'protected',
  '/edit-lecture/:id': 'protected',
  '/event-details/:id': 'public',
  '/trainee/make-attendance/:id': 'public',
};

// Beyond the spec's table: a payment's receipt (the spec names receipts only in payment history), the
// public check of a certificate, and an invitation's page (the link its mail carries).
const EXTRA_ROUTES: Record<string, 'public' | 'protected'> = {
  '/receipts/:id': 'protected',
  '/verify/:code?': 'public',
  '/invitations/:token': 'public',
  // The back office (docs/back-office.md): the centre's staff only.
  '/staff/approvals': 'protected',
  '/staff/audit': 'protected',
  '/staff/people': 'protected',
  '/staff/people/:id': 'protected',
  '/staff/payments': 'protected',
  '/staff/certificates': 'protected',
  '/staff/categories': 'protected',
  '/staff/issues': 'protected',
};

describe('route table', () => {
  it('holds exactly the routes of the spec with their access, and the few the product adds', () => {
    const table = Object.fromEntries(routes.map((route) => [route.path, route.access]));
    expect(table).toEqual({ ...SPEC_ROUTES, ...EXTRA_ROUTES });
  });
  it('lists no path twice', () => {
    expect(new Set(routes.map((route) => route.path)).size).toBe(routes.length);
  });
});

describe('route guard', () => {
  for (const route of routes) {
    it(`${route.path} (${route.access})`, () => {
      const signedOut = decideAccess(route, { signedIn: false, role: null });
      const signedIn = decideAccess(route, { signedIn: true, role: route.roles?.[0] ?? 'TRAINEE' });
      expect(signedIn).toEqual({ kind: 'render' });
      if (route.access === 'protected') expect(signedOut).toEqual({ kind: 'redirect', to: '/' });
      else expect(signedOut).toEqual({ kind: 'render' });
    });
  }
  it('sends a signed-in user away from a signed-out-only route', () => {
    expect(decideAccess({ access: 'guest' }, { signedIn: true, role: 'TRAINEE' })).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(decideAccess({ access: 'guest' }, { signedIn: false, role: null })).toEqual({ kind: 'render' });
  });
});

// Beyond the spec: who each protected screen is for (its roles, joined with commas). Absent: every
// signed-in role.
const ROLES: Record<string, string> = {
  '/staff/approvals': 'ADMIN',
  '/staff/audit': 'ADMIN',
  '/staff/people': 'ADMIN',
  '/staff/people/:id': 'ADMIN',
  '/staff/payments': 'ADMIN',
  '/staff/certificates': 'ADMIN',
  '/staff/categories': 'ADMIN',
  '/staff/issues': 'ADMIN',
  '/checkout': 'TRAINEE',
  '/checkout/:id': 'TRAINEE',
  '/receipts/:id': 'TRAINEE',
  // Chat: trainees and trainers; the centre's staff have no conversations.
  '/messages': 'TRAINEE,TRAINER',
  '/ongoing-courses': 'TRAINEE',
  '/ongoing-courses/:courseId/:lectureId?': 'TRAINEE',
  '/enrolled-courses': 'TRAINEE',
  '/course-history': 'TRAINEE',
  '/course-history/:id': 'TRAINEE',
  '/attendance-history': 'TRAINEE',
  '/manage-schedule': 'TRAINER',
  '/manage-courses': 'TRAINER',
  '/manage-courses/:courseId/:lectureId?': 'TRAINER',
  '/student-assignment/:id': 'TRAINER',
  '/add-new-class/:id': 'TRAINER',
  '/add-new-assignment': 'TRAINER',
  '/add-new-quiz': 'TRAINER',
  '/manage-class-attendance': 'TRAINER',
  '/trainer-course-history': 'TRAINER',
  '/completed-course-details-page': 'TRAINER',
  '/add-new-course': 'TRAINER',
  '/edit-course/:id': 'TRAINER',
  '/edit-lecture/:id': 'TRAINER',
};

describe('route roles', () => {
  it('names the role of every role-specific screen, and no public screen has one', () => {
    const table = Object.fromEntries(
      routes.filter((route) => route.roles).map((route) => [route.path, route.roles?.join()]),
    );
    expect(table).toEqual(ROLES);
    expect(routes.filter((route) => route.access !== 'protected' && route.roles)).toEqual([]);
  });
  for (const route of routes.filter((item) => item.roles)) {
    const own = route.roles ?? [];
    const other = (['TRAINEE', 'TRAINER', 'ADMIN'] as const).find((role) => !own.includes(role)) ?? 'ADMIN';
    it(`${route.path} tells a ${other.toLowerCase()} whom it is for`, () => {
      expect(decideAccess(route, { signedIn: true, role: other })).toEqual({ kind: 'wrongRole', roles: own });
      for (const role of own)
        expect(decideAccess(route, { signedIn: true, role })).toEqual({ kind: 'render' });
    });
  }
  it('opens screens for both roles to both', () => {
    for (const path of ['/profile', '/messages', '/issue-list']) {
      const route = routes.find((item) => item.path === path);
      expect(route).toBeDefined();
      if (!route) continue;
      expect(decideAccess(route, { signedIn: true, role: 'TRAINER' })).toEqual({ kind: 'render' });
      expect(decideAccess(route, { signedIn: true, role: 'TRAINEE' })).toEqual({ kind: 'render' });
    }
  });
  it('starts each role on a screen of its own', () => {
    for (const role of ['TRAINEE', 'TRAINER', 'ADMIN'] as const) {
      const route = routes.find((item) => matchRoute(parser, item.path, startPageOf(role))[0]);
      expect(route?.roles).toEqual([role]);
    }
  });
});

describe('typed paths', () => {
  const builds: [string, string][] = [
    [paths.home(), '/'],
    [paths.catalogue({ search: 'data  science ' }), '/browse-course-list?search=data++science'],
    [paths.catalogue({ category: [1, 3], page: 2 }), '/browse-course-list?category=1,3&page=2'],
    [paths.searchResults({ search: 'ذكاء' }), '/search-result?search=%D8%B0%D9%83%D8%A7%D8%A1'],
    [paths.courseDetails(7), '/course-details/7'],
    [paths.courseDetails(7, { title: 'Data & AI' }), '/course-details/7?title=Data%20%26%20AI'],
    [paths.courseLectures(3), '/ongoing-courses/3'],
    [paths.courseLectures(3, 9), '/ongoing-courses/3/9'],
    [paths.courseLectures(3, 'grades'), '/ongoing-courses/3/grades'],
    [paths.issueList({ page: 2, issue: 5 }), '/issue-list?page=2&issue=5'],
    [paths.issueList({ page: 1 }), '/issue-list'],
    [paths.makeAttendance(12), '/trainee/make-attendance/12'],
    [paths.checkoutCourse(4), '/checkout/4'],
  ];
  it.each(builds)('builds %s', (built, expected) => expect(built).toBe(expected));

  it('builds addresses the route table opens, for every route', () => {
    for (const builder of Object.values(paths)) {
      const sample =
        builder.length === 0 ? (builder as () => string)() : builder.pattern.replace(/:\w+\??/g, '1');
      const path = pathOf(sample);
      const opened = routes.filter((route) => matchRoute(parser, route.path, path)[0]);
      expect(opened.map((route) => route.path)).toContain(builder.pattern);
    }
  });

  it('takes the trailing slash and the query off a location', () => {
    expect(pathOf('/browse-course-list/?search=x')).toBe('/browse-course-list');
    expect(pathOf('/')).toBe('/');
    expect(isCurrent('/browse-course-list/', paths.catalogue())).toBe(true);
    expect(isCurrent('/search-result', paths.catalogue())).toBe(false);
  });
});
