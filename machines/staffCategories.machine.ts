import { type FieldErrors, validate } from '@contract/forms/rules';
import { type CategoryForm, categoryFormSchema } from '@contract/forms/staff';
import { DEFAULT_FAILURE } from '@contract/messages/errors';
import type { CategoryChange, StaffCategoriesResponse, StaffCategory } from '@contract/wire/staff-categories';
import { assign, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, failureOf } from './forms';
import { refusedFieldErrors } from './refusal';

/** A form of the two names, its messages and the refusal that names no field. */
export interface CategoryFormState {
  values: CategoryForm;
  errors: FieldErrors<CategoryForm>;
  alert: string | null;
}

export interface StaffCategoriesContext {
  categories: StaffCategory[] | null;
  /** Why the list could not be read, or null. */
  error: unknown;
  add: CategoryFormState;
  /** The category the rename dialog is for, and its form. */
  renaming: { id: number; form: CategoryFormState } | null;
  /** The category the delete dialog asks about, and the refusal it got. */
  deleting: { category: StaffCategory; alert: string | null } | null;
  /** The row change on its way (move, hide, show), for its buttons to wait. */
  pending: CategoryChange | null;
}

export type StaffCategoriesEvent =
  | { type: 'list.retry' }
  | { type: 'add.change'; name: keyof CategoryForm; value: string }
  | { type: 'add.submit' }
  | { type: 'rename.open'; category: StaffCategory }
  | { type: 'rename.change'; name: keyof CategoryForm; value: string }
  | { type: 'rename.submit' }
  | { type: 'rename.cancel' }
  | { type: 'move'; id: number; direction: 'up' | 'down' }
  | { type: 'visibility.toggle'; category: StaffCategory }
  | { type: 'delete.open'; category: StaffCategory }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

const EMPTY_FORM: CategoryFormState = { values: { name: '', name_ar: '' }, errors: {}, alert: null };

function edited(form: CategoryFormState, name: keyof CategoryForm, value: string): CategoryFormState {
  const errors = { ...form.errors };
  delete errors[name];
  return { values: { ...form.values, [name]: value }, errors, alert: null };
}

const formErrors = (form: CategoryFormState) => validate<CategoryForm>(categoryFormSchema, form.values);

/** A refusal at the form's fields, or as its alert when it names none. */
function refused(form: CategoryFormState, error: unknown): CategoryFormState {
  const errors = refusedFieldErrors(error, (field) =>
    field === 'name' || field === 'name_ar' ? field : undefined,
  );
  return Object.keys(errors).length > 0
    ? { ...form, errors, alert: null }
    : { ...form, errors: {}, alert: alertOf(error, DEFAULT_FAILURE) };
}

/**
 * The back office's course categories: the list in its order, hidden ones too, with their courses;
 * a form to add one (both names, checked as the server checks them, what was typed kept on a
 * refusal); a dialog to rename; up and down; hide and show; and a dialog that asks before deleting
 * and says why a category that holds courses cannot go. One change at a time; each answers the
 * list after it. Pure: the view provides `loadCategories` and `change`, and the actions that tell
 * the user.
 */
export const staffCategoriesMachine = setup({
  types: {
    context: {} as StaffCategoriesContext,
    events: {} as StaffCategoriesEvent,
  },
  actors: {
    loadCategories: fromPromise<StaffCategory[]>(async () => {
      throw new Error('loadCategories is supplied by the view');
    }),
    change: fromPromise<StaffCategoriesResponse, CategoryChange>(async () => {
      throw new Error('change is supplied by the view');
    }),
  },
  guards: {
    addValid: ({ context }) => Object.keys(formErrors(context.add)).length === 0,
    renameValid: ({ context }) =>
      context.renaming !== null && Object.keys(formErrors(context.renaming.form)).length === 0,
  },
  actions: {
    keepList: assign((_, params: { categories: StaffCategory[] }) => ({
      categories: params.categories,
      error: null,
    })),
    keepError: assign((_, { error }: Failure) => ({ error })),
    changeAdd: assign(({ context }, params: { name: keyof CategoryForm; value: string }) => ({
      add: edited(context.add, params.name, params.value),
    })),
    showAddErrors: assign(({ context }) => ({ add: { ...context.add, errors: formErrors(context.add) } })),
    clearAdd: assign({ add: EMPTY_FORM }),
    refuseAdd: assign(({ context }, { error }: Failure) => ({ add: refused(context.add, error) })),
    openRename: assign((_, params: { category: StaffCategory }) => ({
      renaming: {
        id: params.category.id,
        form: { ...EMPTY_FORM, values: { name: params.category.name, name_ar: params.category.name_ar } },
      },
    })),
    changeRename: assign(({ context }, params: { name: keyof CategoryForm; value: string }) => ({
      renaming: context.renaming && {
        ...context.renaming,
        form: edited(context.renaming.form, params.name, params.value),
      },
    })),
    showRenameErrors: assign(({ context }) => ({
      renaming: context.renaming && {
        ...context.renaming,
        form: { ...context.renaming.form, errors: formErrors(context.renaming.form) },
      },
    })),
    refuseRename: assign(({ context }, { error }: Failure) => ({
      renaming: context.renaming && { ...context.renaming, form: refused(context.renaming.form, error) },
    })),
    closeRename: assign({ renaming: null }),
    openDelete: assign((_, params: { category: StaffCategory }) => ({
      deleting: { category: params.category, alert: null },
    })),
    refuseDelete: assign(({ context }, { error }: Failure) => ({
      deleting: context.deleting && { ...context.deleting, alert: alertOf(error, DEFAULT_FAILURE) },
    })),
    closeDelete: assign({ deleting: null }),
    setPending: assign((_, params: { request: CategoryChange }) => ({ pending: params.request })),
    clearPending: assign({ pending: null }),
    /** Moves focus to the first field the form refused (the add form or the dialog's). */
    focusFirstInvalid: () => {},
    /** The toast with the server's sentence. */
    announce: (_, _params: { message: string | undefined }) => {},
    /** The toast saying a row change failed, and why. */
    announceFailure: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'staffCategories',
  context: {
    categories: null,
    error: null,
    add: EMPTY_FORM,
    renaming: null,
    deleting: null,
    pending: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCategories',
        src: 'loadCategories',
        onDone: {
          target: 'ready',
          actions: { type: 'keepList', params: ({ event }) => ({ categories: event.output }) },
        },
        onError: { target: 'failed', actions: { type: 'keepError', params: failureOf } },
      },
    },
    /** The reason and Try again. */
    failed: { on: { 'list.retry': { target: 'loading' } } },
    ready: {
      on: {
        'add.change': {
          actions: { type: 'changeAdd', params: ({ event }) => ({ name: event.name, value: event.value }) },
        },
        'add.submit': [
          { guard: 'addValid', target: 'adding' },
          { actions: ['showAddErrors', 'focusFirstInvalid'] },
        ],
        'rename.open': {
          target: 'renaming',
          actions: { type: 'openRename', params: ({ event }) => ({ category: event.category }) },
        },
        move: {
          target: 'changing',
          actions: {
            type: 'setPending',
            params: ({ event }) => ({ request: { kind: 'move', id: event.id, direction: event.direction } }),
          },
        },
        'visibility.toggle': {
          target: 'changing',
          actions: {
            type: 'setPending',
            params: ({ event }) => ({
              request: { kind: event.category.hidden ? 'show' : 'hide', id: event.category.id },
            }),
          },
        },
        'delete.open': {
          target: 'deleting',
          actions: { type: 'openDelete', params: ({ event }) => ({ category: event.category }) },
        },
      },
    },
    adding: {
      invoke: {
        id: 'add',
        src: 'change',
        input: ({ context }) => ({ kind: 'add' as const, form: context.add.values }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'keepList', params: ({ event }) => ({ categories: event.output.data }) },
            'clearAdd',
            { type: 'announce', params: ({ event }) => ({ message: event.output.message }) },
          ],
        },
        onError: {
          target: 'ready',
          actions: [{ type: 'refuseAdd', params: failureOf }, 'focusFirstInvalid'],
        },
      },
    },
    /** The dialog with the two names. */
    renaming: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'rename.change': {
              actions: {
                type: 'changeRename',
                params: ({ event }) => ({ name: event.name, value: event.value }),
              },
            },
            'rename.submit': [
              { guard: 'renameValid', target: 'sending' },
              { actions: ['showRenameErrors', 'focusFirstInvalid'] },
            ],
            'rename.cancel': { target: '#staffCategories.ready', actions: 'closeRename' },
          },
        },
        sending: {
          invoke: {
            id: 'rename',
            src: 'change',
            input: ({ context }) => ({
              kind: 'rename' as const,
              id: context.renaming?.id ?? 0,
              form: context.renaming?.form.values ?? EMPTY_FORM.values,
            }),
            onDone: {
              target: '#staffCategories.ready',
              actions: [
                { type: 'keepList', params: ({ event }) => ({ categories: event.output.data }) },
                'closeRename',
                { type: 'announce', params: ({ event }) => ({ message: event.output.message }) },
              ],
            },
            onError: {
              target: 'editing',
              actions: [{ type: 'refuseRename', params: failureOf }, 'focusFirstInvalid'],
            },
          },
        },
      },
    },
    /** A move, hide or show on its way. */
    changing: {
      invoke: {
        id: 'rowChange',
        src: 'change',
        input: ({ context }) => context.pending ?? { kind: 'show' as const, id: 0 },
        onDone: {
          target: 'ready',
          actions: [
            { type: 'keepList', params: ({ event }) => ({ categories: event.output.data }) },
            'clearPending',
            { type: 'announce', params: ({ event }) => ({ message: event.output.message }) },
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            'clearPending',
            {
              type: 'announceFailure',
              params: ({ event }) => ({ message: alertOf(event.error, DEFAULT_FAILURE) }),
            },
          ],
        },
      },
    },
    /** The dialog that asks before deleting. */
    deleting: {
      initial: 'confirming',
      states: {
        confirming: {
          on: {
            'delete.confirm': { target: 'sending' },
            'delete.cancel': { target: '#staffCategories.ready', actions: 'closeDelete' },
          },
        },
        sending: {
          invoke: {
            id: 'delete',
            src: 'change',
            input: ({ context }) => ({ kind: 'delete' as const, id: context.deleting?.category.id ?? 0 }),
            onDone: {
              target: '#staffCategories.ready',
              actions: [
                { type: 'keepList', params: ({ event }) => ({ categories: event.output.data }) },
                'closeDelete',
                { type: 'announce', params: ({ event }) => ({ message: event.output.message }) },
              ],
            },
            onError: { target: 'confirming', actions: { type: 'refuseDelete', params: failureOf } },
          },
        },
      },
    },
  },
});
