import type { CategoryForm } from '@contract/forms/staff';
import type { StaffCategory } from '@contract/wire/staff-categories';
import type { SnapshotFrom } from 'xstate';
import type {
  CategoryFormState,
  StaffCategoriesEvent,
  staffCategoriesMachine,
} from './staffCategories.machine';

/** What the categories screen shows. */
export interface StaffCategoriesView {
  /** The list (kept while a change is on its way), or null until first read. */
  categories: StaffCategory[] | null;
  /** Why the list could not be read, or null. */
  error: unknown;
  add: CategoryFormState & { sending: boolean };
  /** The rename dialog, when open. */
  rename: (CategoryFormState & { category: StaffCategory | undefined; sending: boolean }) | null;
  /** The delete dialog, when open. */
  remove: { category: StaffCategory; alert: string | null; sending: boolean } | null;
  /** The list is read, or a change is on its way: the rows' buttons wait (an open dialog is not busy). */
  busy: boolean;
  retry: () => void;
  changeAdd: (name: keyof CategoryForm, value: string) => void;
  submitAdd: () => void;
  openRename: (category: StaffCategory) => void;
  changeRename: (name: keyof CategoryForm, value: string) => void;
  submitRename: () => void;
  cancelRename: () => void;
  move: (category: StaffCategory, direction: 'up' | 'down') => void;
  toggleHidden: (category: StaffCategory) => void;
  openDelete: (category: StaffCategory) => void;
  confirmDelete: () => void;
  cancelDelete: () => void;
}

export function connectStaffCategories(
  snapshot: SnapshotFrom<typeof staffCategoriesMachine>,
  send: (event: StaffCategoriesEvent) => void,
): StaffCategoriesView {
  const { categories, error, add, renaming, deleting } = snapshot.context;
  const renameSending = snapshot.matches({ renaming: 'sending' });
  const deleteSending = snapshot.matches({ deleting: 'sending' });
  return {
    categories,
    error: snapshot.matches('failed') ? error : null,
    add: { ...add, sending: snapshot.matches('adding') },
    rename:
      snapshot.matches('renaming') && renaming
        ? {
            ...renaming.form,
            category: categories?.find((category) => category.id === renaming.id),
            sending: renameSending,
          }
        : null,
    remove: snapshot.matches('deleting') && deleting ? { ...deleting, sending: deleteSending } : null,
    busy:
      snapshot.matches('loading') ||
      snapshot.matches('adding') ||
      snapshot.matches('changing') ||
      renameSending ||
      deleteSending,
    retry: () => send({ type: 'list.retry' }),
    changeAdd: (name, value) => send({ type: 'add.change', name, value }),
    submitAdd: () => send({ type: 'add.submit' }),
    openRename: (category) => send({ type: 'rename.open', category }),
    changeRename: (name, value) => send({ type: 'rename.change', name, value }),
    submitRename: () => send({ type: 'rename.submit' }),
    cancelRename: () => {
      if (!renameSending) send({ type: 'rename.cancel' });
    },
    move: (category, direction) => send({ type: 'move', id: category.id, direction }),
    toggleHidden: (category) => send({ type: 'visibility.toggle', category }),
    openDelete: (category) => send({ type: 'delete.open', category }),
    confirmDelete: () => send({ type: 'delete.confirm' }),
    cancelDelete: () => {
      if (!deleteSending) send({ type: 'delete.cancel' });
    },
  };
}
