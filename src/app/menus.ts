import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SessionRole } from '@machines/session.machine';

export interface MenuLink {
  path: string;
  title: MessageDescriptor;
}

/** Header navigation; a link is active when its path equals the current path. */
export const mainNav: readonly MenuLink[] = [
  { path: '/', title: msg`Home` },
  { path: '/browse-course-list', title: msg`Courses` },
  { path: '/about-us', title: msg`About us` },
  { path: '/contact-us', title: msg`Contact us` },
];

/** Spec section 2: learner and trainer profile menus. */
export const profileMenus: Record<SessionRole, readonly MenuLink[]> = {
  TRAINEE: [
    { path: '/profile', title: msg`Profile` },
    { path: '/enrolled-courses', title: msg`Enrolled Courses` },
    { path: '/ongoing-courses', title: msg`Ongoing Courses` },
    { path: '/attendance-history', title: msg`Attendance History` },
    { path: '/course-history', title: msg`Course History` },
    { path: '/messages', title: msg`Messages` },
  ],
  TRAINER: [
    { path: '/profile', title: msg`Profile` },
    { path: '/manage-courses', title: msg`Manage Courses` },
    { path: '/trainer-course-history', title: msg`Course History` },
    { path: '/manage-schedule', title: msg`Manage Schedule` },
    { path: '/manage-class-attendance', title: msg`Manage Class Attendance` },
    { path: '/messages', title: msg`Messages` },
  ],
};

export type FooterAction = 'trainer-login';

export interface FooterItem {
  id: number;
  option: MessageDescriptor;
  /** Absent: the item is not a link (Terms of Use) or runs an action instead. */
  path?: string;
  action?: FooterAction;
}

/** Spec section 2, footer group 1 (ids 1000x). */
export const footerGroupOne: readonly FooterItem[] = [
  { id: 10001, option: msg`About us`, path: '/about-us' },
  { id: 10002, option: msg`Contact us`, path: '/contact-us' },
  { id: 10004, option: msg`Trainer Login`, action: 'trainer-login' },
  { id: 10005, option: msg`Request Course`, path: '/#request-a-course' },
];

/** Spec section 2, footer group 2, support (ids 2000x). */
export const footerGroupTwo: readonly FooterItem[] = [
  { id: 20001, option: msg`Report an Issue`, path: '/report-an-issue' },
  { id: 20002, option: msg`Privacy Policy`, path: '/contact-us' },
  { id: 20003, option: msg`Terms of Use` },
  { id: 20004, option: msg`Contact us`, path: '/contact-us' },
];
