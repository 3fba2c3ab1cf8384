import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { paths } from '@/routing/paths';

export interface MenuLink {
  path: string;
  title: MessageDescriptor;
}

/** Header navigation; a link is active when its path equals the current path. */
export const mainNav: readonly MenuLink[] = [
  { path: paths.home(), title: msg`Home` },
  { path: paths.catalogue(), title: msg`Courses` },
  { path: paths.about(), title: msg`About us` },
  { path: paths.contact(), title: msg`Contact us` },
];

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
  { id: 10001, option: msg`About us`, path: paths.about() },
  { id: 10002, option: msg`Contact us`, path: paths.contact() },
  { id: 10004, option: msg`Trainer Login`, action: 'trainer-login' },
  { id: 10005, option: msg`Request Course`, path: paths.requestCourse() },
];

/** Spec section 2, footer group 2, support (ids 2000x). */
export const footerGroupTwo: readonly FooterItem[] = [
  { id: 20001, option: msg`Report an Issue`, path: paths.reportIssue() },
  { id: 20002, option: msg`Privacy Policy`, path: paths.contact() },
  { id: 20003, option: msg`Terms of Use` },
  { id: 20004, option: msg`Contact us`, path: paths.contact() },
];
