import {
  type CategoryChange,
  type StaffCategoriesResponse,
  type StaffCategory,
  staffCategoriesResponseSchema,
} from '@contract/wire/staff-categories';
import type { ApiClient } from './client';

/** GET /staff/categories/: every category in its order, hidden ones too, with their courses. */
export async function getStaffCategories(api: ApiClient): Promise<StaffCategory[]> {
  return (await api.authed(staffCategoriesResponseSchema, '/staff/categories/')).data;
}

/**
 * POST /staff/categories/ (add), PATCH …/{id}/ (rename), POST …/{id}/move/, …/{id}/hide/,
 * …/{id}/show/, DELETE …/{id}/ (an empty category only).
 */
export function changeStaffCategories(
  api: ApiClient,
  change: CategoryChange,
): Promise<StaffCategoriesResponse> {
  const send = (path: string, method: 'POST' | 'PATCH' | 'DELETE', body?: Record<string, unknown>) =>
    api.authed(staffCategoriesResponseSchema, `/staff/categories/${path}`, {
      method,
      ...(body === undefined ? {} : { body }),
    });
  switch (change.kind) {
    case 'add':
      return send('', 'POST', change.form);
    case 'rename':
      return send(`${change.id}/`, 'PATCH', change.form);
    case 'move':
      return send(`${change.id}/move/`, 'POST', { direction: change.direction });
    case 'delete':
      return send(`${change.id}/`, 'DELETE');
    default:
      return send(`${change.id}/${change.kind}/`, 'POST', {});
  }
}
