import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * Spec section 2. public: open to all; protected: signed in only (others go to /);
 * guest: signed out only (signed-in users go to /). The spec's table has no guest route today.
 */
export type Access = 'public' | 'protected' | 'guest';

export interface RouteView {
  title: MessageDescriptor;
}

export interface AppRoute {
  path: string;
  access: Access;
  title: MessageDescriptor;
  view: LazyExoticComponent<ComponentType<RouteView>>;
}

// Screens that later work builds show their title until then. Every view is lazy-loaded, so a
// visitor downloads only the screens they open.
const Planned = lazy(() => import('@/features/planned/PlannedPage'));
const Home = lazy(() => import('@/features/home/HomePage'));
const About = lazy(() => import('@/features/about/AboutPage'));
const Contact = lazy(() => import('@/features/contact/ContactPage'));
const Catalogue = lazy(() => import('@/features/catalogue/CataloguePage'));
const CourseDetails = lazy(() => import('@/features/course/CourseDetailsPage'));
const EventDetails = lazy(() => import('@/features/events/EventDetailsPage'));
const ReportIssue = lazy(() => import('@/features/issues/ReportIssuePage'));
const IssueList = lazy(() => import('@/features/issues/IssueListPage'));

export const routes: readonly AppRoute[] = [
  { path: '/', access: 'public', title: msg`Home`, view: Home },
  { path: '/about-us', access: 'public', title: msg`About us`, view: About },
  { path: '/contact-us', access: 'public', title: msg`Contact us`, view: Contact },
  { path: '/checkout', access: 'protected', title: msg`Checkout`, view: Planned },
  { path: '/checkout/:id', access: 'protected', title: msg`Checkout`, view: Planned },
  { path: '/browse-course-list', access: 'public', title: msg`Browse courses`, view: Catalogue },
  { path: '/search-result', access: 'public', title: msg`Search results`, view: Catalogue },
  { path: '/profile', access: 'protected', title: msg`Profile`, view: Planned },
  { path: '/ongoing-courses', access: 'protected', title: msg`Ongoing Courses`, view: Planned },
  {
    path: '/ongoing-courses/:courseId/:lectureId?',
    access: 'protected',
    title: msg`Course lectures`,
    view: Planned,
  },
  { path: '/enrolled-courses', access: 'protected', title: msg`Enrolled Courses`, view: Planned },
  { path: '/course-details/:id', access: 'public', title: msg`Course details`, view: CourseDetails },
  { path: '/course-history', access: 'protected', title: msg`Course History`, view: Planned },
  { path: '/course-history/:id', access: 'protected', title: msg`Course History`, view: Planned },
  { path: '/report-an-issue', access: 'public', title: msg`Report an Issue`, view: ReportIssue },
  { path: '/issue-list', access: 'protected', title: msg`My reported issues`, view: IssueList },
  { path: '/attendance-history', access: 'protected', title: msg`Attendance History`, view: Planned },
  { path: '/messages', access: 'protected', title: msg`Messages`, view: Planned },
  { path: '/manage-schedule', access: 'protected', title: msg`Manage Schedule`, view: Planned },
  { path: '/manage-courses', access: 'protected', title: msg`Manage Courses`, view: Planned },
  {
    path: '/manage-courses/:courseId/:lectureId?',
    access: 'protected',
    title: msg`Manage course lectures`,
    view: Planned,
  },
  { path: '/student-assignment/:id', access: 'protected', title: msg`Student assignments`, view: Planned },
  { path: '/add-new-class/:id', access: 'protected', title: msg`Add New Class`, view: Planned },
  { path: '/add-new-assignment', access: 'protected', title: msg`Add New Assignment`, view: Planned },
  { path: '/add-new-quiz', access: 'protected', title: msg`Add New Quiz`, view: Planned },
  {
    path: '/manage-class-attendance',
    access: 'protected',
    title: msg`Manage Class Attendance`,
    view: Planned,
  },
  {
    path: '/trainer-course-history',
    access: 'protected',
    title: msg`Trainer Course History`,
    view: Planned,
  },
  {
    path: '/completed-course-details-page',
    access: 'protected',
    title: msg`Completed course details`,
    view: Planned,
  },
  { path: '/add-new-course', access: 'protected', title: msg`Add New Course`, view: Planned },
  { path: '/edit-course/:id', access: 'protected', title: msg`Edit course`, view: Planned },
  { path: '/edit-lecture/:id', access: 'protected', title: msg`Edit lecture`, view: Planned },
  { path: '/event-details/:id', access: 'public', title: msg`Event details`, view: EventDetails },
  { path: '/trainee/make-attendance/:id', access: 'public', title: msg`Make attendance`, view: Planned },
];
