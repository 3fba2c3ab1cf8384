import { describe, expect, it } from 'vitest';
import { decideAccess } from '@/app/guard';
import { routes } from '@/app/routes';

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

describe('route table', () => {
  it('holds exactly the routes of the spec with their access', () => {
    const table = Object.fromEntries(routes.map((route) => [route.path, route.access]));
    expect(table).toEqual(SPEC_ROUTES);
  });
  it('lists no path twice', () => {
    expect(new Set(routes.map((route) => route.path)).size).toBe(routes.length);
  });
});

describe('route guard', () => {
  for (const route of routes) {
    it(`${route.path} (${route.access})`, () => {
      const signedOut = decideAccess(route.access, false);
      const signedIn = decideAccess(route.access, true);
      expect(signedIn).toEqual({ kind: 'render' });
      if (route.access === 'protected') expect(signedOut).toEqual({ kind: 'redirect', to: '/' });
      else expect(signedOut).toEqual({ kind: 'render' });
    });
  }
  it('sends a signed-in user away from a signed-out-only route', () => {
    expect(decideAccess('guest', true)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess('guest', false)).toEqual({ kind: 'render' });
  });
});
