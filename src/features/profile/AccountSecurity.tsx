import { changePasswordFormSchema, closeAccountFormSchema } from '@contract/forms/profile';
import { DEFAULT_FAILURE } from '@contract/messages/errors';
import { Trans, useLingui } from '@lingui/react/macro';
import { connectPasswordDialog, type PasswordDialogView } from '@machines/passwordDialog.connect';
import { passwordDialogMachine } from '@machines/passwordDialog.machine';
import { useMachine } from '@xstate/react';
import { type ReactNode, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type * as z from 'zod/mini';
import { api } from '@/api/http';
import { changePassword, closeAccount } from '@/api/profile';
import { PasswordHint } from '@/entities/account/PasswordHint';
import { endClosedAccount, replaceTokens } from '@/session';
import { showToast } from '@/stores/toasts';
import { button } from '@/ui/button';
import { AlertBox, Form, focusFirstInvalid, SubmitButton, TextField } from '@/ui/forms';
import { Modal } from '@/ui/Modal';
import { Card } from './Card';

interface DialogField {
  name: string;
  label: string;
  autoComplete: string;
  hint?: ReactNode;
}

/** A dialog of the password-dialog machine: its form, its alert, its button. */
function usePasswordDialog<T extends Record<string, string>>(options: {
  schema: z.ZodMiniType<T>;
  fields: readonly DialogField[];
  send: (values: T) => Promise<unknown>;
  done: () => void;
  form: React.RefObject<HTMLFormElement | null>;
}): PasswordDialogView {
  const latest = useRef(options);
  latest.current = options;
  const [machine] = useState(() =>
    passwordDialogMachine.provide({
      // The machine sends only values the schema accepts; parsing them again gives their type.
      actors: { submit: fromPromise(({ input }) => latest.current.send(options.schema.parse(input))) },
      actions: {
        focusFirstInvalid: () => focusFirstInvalid(latest.current.form.current),
        announceDone: () => latest.current.done(),
      },
    }),
  );
  const names = options.fields.map((field) => field.name);
  const [state, send] = useMachine(machine, {
    input: {
      initial: Object.fromEntries(names.map((name) => [name, ''])),
      schema: options.schema,
      fallback: DEFAULT_FAILURE,
    },
  });
  return connectPasswordDialog(state, send, names);
}

function PasswordDialog({
  title,
  view,
  fields,
  form,
  intro,
  submitLabel,
  danger = false,
}: {
  title: string;
  view: PasswordDialogView;
  fields: readonly DialogField[];
  form: React.RefObject<HTMLFormElement | null>;
  intro?: ReactNode;
  submitLabel: ReactNode;
  danger?: boolean;
}) {
  if (!view.open) return null;
  return (
    <Modal title={title} onClose={view.close}>
      <Form ref={form} onSubmit={view.submit} className="flex flex-col gap-4">
        {intro}
        <AlertBox message={view.alert} />
        {fields.map((field, index) => {
          const shown = view.fields[index];
          if (!shown) return null;
          return (
            <TextField
              key={field.name}
              label={field.label}
              type="password"
              name={field.name}
              autoComplete={field.autoComplete}
              data-autofocus={index === 0 ? true : undefined}
              value={shown.value}
              error={shown.error}
              hint={field.hint}
              onChange={(event) => shown.change(event.target.value)}
            />
          );
        })}
        {danger ? (
          <button
            type="submit"
            disabled={view.busy}
            aria-busy={view.busy || undefined}
            className={button('danger', 'block')}
          >
            {submitLabel}
          </button>
        ) : (
          <SubmitButton busy={view.busy}>{submitLabel}</SubmitButton>
        )}
      </Form>
    </Modal>
  );
}

/** Change password, and close the account: each confirmed with the password in a dialog. */
export function AccountSecurity() {
  const { t } = useLingui();
  const passwordForm = useRef<HTMLFormElement>(null);
  const closeForm = useRef<HTMLFormElement>(null);
  const passwordFields: DialogField[] = [
    { name: 'current_password', label: t`Current password`, autoComplete: 'current-password' },
    { name: 'new_password', label: t`New password`, autoComplete: 'new-password', hint: <PasswordHint /> },
    { name: 'confirm_password', label: t`Confirm password`, autoComplete: 'new-password' },
  ];
  const closeFields: DialogField[] = [
    { name: 'password', label: t`Password`, autoComplete: 'current-password' },
  ];
  const password = usePasswordDialog({
    schema: changePasswordFormSchema,
    fields: passwordFields,
    form: passwordForm,
    // The other sessions end; this one goes on with the new tokens.
    send: (values) => replaceTokens(() => changePassword(api, values)),
    done: () => showToast(t`Your password has been changed`),
  });
  const closing = usePasswordDialog({
    schema: closeAccountFormSchema,
    fields: closeFields,
    form: closeForm,
    send: (values) => closeAccount(api, values),
    done: () => {
      showToast(t`Your account has been closed`);
      endClosedAccount();
    },
  });
  const outline = 'rounded-lg border px-4 py-2.5 font-semibold';
  return (
    <Card title={t`Password and account`}>
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="max-w-md text-sm text-slate-700">
            <Trans>Changing your password signs you out on your other devices.</Trans>
          </p>
          <button
            type="button"
            onClick={password.show}
            className={`${outline} border-brand-700 text-brand-800 hover:bg-brand-50`}
          >
            <Trans>Change password</Trans>
          </button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-6">
          <p className="max-w-md text-sm text-slate-700">
            <Trans>Closing your account ends every session and removes your personal details.</Trans>
          </p>
          <button
            type="button"
            onClick={closing.show}
            className={`${outline} border-red-300 text-red-700 hover:bg-red-50`}
          >
            <Trans>Close account</Trans>
          </button>
        </div>
      </div>
      <PasswordDialog
        title={t`Change password`}
        view={password}
        fields={passwordFields}
        form={passwordForm}
        submitLabel={<Trans>Change password</Trans>}
      />
      <PasswordDialog
        title={t`Close account`}
        view={closing}
        fields={closeFields}
        form={closeForm}
        danger
        intro={
          <div className="flex flex-col gap-2 text-sm text-slate-700">
            <p>
              <Trans>
                Your name, e-mail address, phone number, id number and photo will be removed, and you will be
                signed out everywhere. You will not be able to sign in again.
              </Trans>
            </p>
            <p>
              <Trans>
                Records of payments and enrolments stay, without your details, as the law requires. You can
                sign up again later with the same e-mail address.
              </Trans>
            </p>
            <p className="font-semibold text-slate-900">
              <Trans>Enter your password to close your account.</Trans>
            </p>
          </div>
        }
        submitLabel={<Trans>Close my account</Trans>}
      />
    </Card>
  );
}
