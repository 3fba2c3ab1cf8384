import type { ComponentType } from 'react';
import type { RouteView } from '@/routing/route-view';

/**
 * The back office's screens by name, each loaded when first opened, and only by the centre's staff
 * (their routes are for the role ADMIN): the route table imports this one module for all of them.
 */
const screens = {
  approvals: () => import('@/features/staff/approvals/ApprovalsPage'),
  audit: () => import('@/features/staff/audit/AuditPage'),
  people: () => import('@/features/staff/people/PeoplePage'),
  person: () => import('@/features/staff/people/PersonPage'),
  certificates: () => import('@/features/staff/certificates/CertificatesPage'),
  payments: () => import('@/features/staff/payments/PaymentsPage'),
  categories: () => import('@/features/staff/categories/CategoriesPage'),
  issues: () => import('@/features/staff/issues/IssuesPage'),
} satisfies Record<string, () => Promise<{ default: ComponentType<RouteView> }>>;

export type StaffScreen = keyof typeof screens;

export function loadScreen(name: StaffScreen): Promise<{ default: ComponentType<RouteView> }> {
  return screens[name]();
}
