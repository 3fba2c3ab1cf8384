import { lazy, Suspense } from 'react';
import { withScreenCatalogue } from '@/i18n/screen-catalogue';
import { paths } from '@/routing/paths';
import type { MenuLink } from '../menus';

// Loaded only when the staff's menu shows it, with the back office's messages.
const QueueCount = lazy(() => withScreenCatalogue('staff', import('@/features/staff/QueueCount')));

/** After the staff's Approvals entry: how many items wait. */
export function staffCount(link: MenuLink) {
  return link.path === paths.staffApprovals() ? (
    <Suspense fallback={null}>
      <QueueCount />
    </Suspense>
  ) : null;
}
