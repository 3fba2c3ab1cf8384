import type { CategoryForm } from '@contract/forms/staff';
import type { StaffCategory } from '@contract/wire/staff-categories';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { connectStaffCategories } from '@machines/staffCategories.connect';
import { type CategoryFormState, staffCategoriesMachine } from '@machines/staffCategories.machine';
import { useMachine } from '@xstate/react';
import { useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { api } from '@/api/http';
import { changeStaffCategories, getStaffCategories } from '@/api/staff-categories';
import { translateMessage } from '@/i18n/api-messages';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import type { RouteView } from '@/routing/route-view';
import { showToast } from '@/stores/toasts';
import { button } from '@/ui/button';
import { AlertBox, Form, focusFirstInvalid, SubmitButton, TextField } from '@/ui/forms';
import { Modal } from '@/ui/Modal';
import { PageTitle } from '@/ui/PageTitle';
import '@/features/staff/known-messages';
import { DialogActions } from '@/features/staff/DialogActions';
import { StaffList } from '@/features/staff/StaffList';

/** The two names side by side: the English one, and the Arabic one written right to left. */
function NameFields({
  form,
  onChange,
  autofocus = false,
}: {
  form: CategoryFormState;
  onChange: (name: keyof CategoryForm, value: string) => void;
  autofocus?: boolean;
}) {
  const { t } = useLingui();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <TextField
        label={t`Name in English`}
        name="name"
        dir="auto"
        maxLength={60}
        data-autofocus={autofocus || undefined}
        value={form.values.name}
        error={form.errors.name}
        onChange={(event) => onChange('name', event.target.value)}
      />
      <TextField
        label={t`Name in Arabic`}
        name="name_ar"
        dir="rtl"
        lang="ar"
        maxLength={60}
        value={form.values.name_ar}
        error={form.errors.name_ar}
        onChange={(event) => onChange('name_ar', event.target.value)}
      />
    </div>
  );
}

function CategoryRow({
  category,
  first,
  last,
  busy,
  view,
}: {
  category: StaffCategory;
  first: boolean;
  last: boolean;
  busy: boolean;
  view: ReturnType<typeof connectStaffCategories>;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const name = language === 'ar' ? category.name_ar : category.name;
  const other = language === 'ar' ? category.name : category.name_ar;
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold text-slate-900">
          {formatNumber(category.position, language)}. <bdi dir="auto">{name}</bdi>
        </p>
        <p dir="auto" className="wrap-anywhere text-slate-700">
          {other}
        </p>
        <p className="text-slate-600">
          {i18n._(msg({ message: plural(category.courses, { one: '# course', other: '# courses' }) }))}
        </p>
        {category.hidden && (
          <span className="w-fit rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
            {t`Hidden`}
          </span>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-3">
        <button
          type="button"
          disabled={busy || first}
          onClick={() => view.move(category, 'up')}
          className={button('secondary', 'sm')}
        >
          {t`Move up`}
          <span className="sr-only"> {name}</span>
        </button>
        <button
          type="button"
          disabled={busy || last}
          onClick={() => view.move(category, 'down')}
          className={button('secondary', 'sm')}
        >
          {t`Move down`}
          <span className="sr-only"> {name}</span>
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => view.openRename(category)}
          className={button('secondary', 'sm')}
        >
          {t`Rename`}
          <span className="sr-only"> {name}</span>
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => view.toggleHidden(category)}
          className={button('secondary', 'sm')}
        >
          {category.hidden ? t`Show` : t`Hide`}
          <span className="sr-only"> {name}</span>
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => view.openDelete(category)}
          className={button('dangerOutline', 'sm')}
        >
          {t`Delete`}
          <span className="sr-only"> {name}</span>
        </button>
      </div>
    </li>
  );
}

/**
 * The back office's course categories: add one with both names, rename, order, hide or show, and
 * delete an empty one. A change reaches the catalogue and the course form at once.
 */
export default function CategoriesPage(_: RouteView) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const addForm = useRef<HTMLFormElement>(null);
  const dialogForm = useRef<HTMLFormElement>(null);
  const [machine] = useState(() =>
    staffCategoriesMachine.provide({
      actors: {
        loadCategories: fromPromise(() => getStaffCategories(api)),
        change: fromPromise(({ input }) => changeStaffCategories(api, input)),
      },
      actions: {
        focusFirstInvalid: () => focusFirstInvalid(dialogForm.current ?? addForm.current),
        announce: (_, { message }) => {
          if (message) showToast(translateMessage(message, i18n));
        },
        announceFailure: (_, { message }) => showToast(translateMessage(message, i18n)),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const view = connectStaffCategories(snapshot, send);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <PageTitle>{t`Course categories`}</PageTitle>
      <p className="text-slate-700">
        {t`The catalogue and the course form list the categories in this order. A hidden category is not offered; its courses keep it.`}
      </p>
      <Form
        ref={addForm}
        onSubmit={view.submitAdd}
        className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 className="text-lg font-semibold text-slate-900">{t`Add a category`}</h2>
        <AlertBox message={view.add.alert} />
        <NameFields form={view.add} onChange={view.changeAdd} />
        <div>
          <SubmitButton busy={view.add.sending}>{t`Add the category`}</SubmitButton>
        </div>
      </Form>
      <StaffList
        items={view.categories}
        error={view.error}
        retry={view.retry}
        busy={view.busy}
        empty={t`No category yet: add the first above.`}
        render={(category, index, all) => (
          <CategoryRow
            key={category.id}
            category={category}
            first={index === 0}
            last={index === all.length - 1}
            busy={view.busy}
            view={view}
          />
        )}
      />
      {view.rename && (
        <Modal title={t`Rename the category`} onClose={view.cancelRename} wide>
          <Form ref={dialogForm} onSubmit={view.submitRename} className="flex flex-col gap-4">
            <p className="text-slate-700">{t`The new names show at once wherever the category is shown.`}</p>
            <AlertBox message={view.rename.alert} />
            <NameFields form={view.rename} onChange={view.changeRename} autofocus />
            <DialogActions submit={t`Save the names`} busy={view.rename.sending} onBack={view.cancelRename} />
          </Form>
        </Modal>
      )}
      {view.remove && (
        <Modal title={t`Delete the category?`} onClose={view.cancelDelete}>
          <div className="flex flex-col gap-4">
            <p dir="auto" className="font-semibold text-slate-900">
              {language === 'ar' ? view.remove.category.name_ar : view.remove.category.name}
            </p>
            <p className="text-slate-700">{t`It leaves the catalogue and the course form. This cannot be undone.`}</p>
            <AlertBox message={view.remove.alert} />
            <div className="flex flex-col gap-3 sm:flex-row-reverse">
              <button
                type="button"
                disabled={view.remove.sending}
                onClick={view.confirmDelete}
                className={button('danger', 'md')}
              >
                {t`Delete`}
              </button>
              <button
                type="button"
                data-autofocus
                disabled={view.remove.sending}
                onClick={view.cancelDelete}
                className={button('secondary', 'md')}
              >
                {t`Back`}
              </button>
            </div>
          </div>
        </Modal>
      )}
    </div>
  );
}
