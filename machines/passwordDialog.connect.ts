import type { SnapshotFrom } from 'xstate';
import type { PasswordDialogEvent, passwordDialogMachine } from './passwordDialog.machine';

type Snapshot = SnapshotFrom<typeof passwordDialogMachine>;

/** A field of the dialog: its value, its message (English; the view translates it), and typing in it. */
export interface PasswordFieldView {
  name: string;
  value: string;
  error: string | undefined;
  change: (value: string) => void;
}

export interface PasswordDialogView {
  open: boolean;
  fields: PasswordFieldView[];
  alert: string | null;
  busy: boolean;
  show: () => void;
  /** Absent while the form is being sent: the dialog waits for the answer. */
  close: (() => void) | undefined;
  submit: () => void;
}

/** The dialog's view model, its fields in the order the view lists them. */
export function connectPasswordDialog(
  snapshot: Snapshot,
  send: (event: PasswordDialogEvent) => void,
  names: readonly string[],
): PasswordDialogView {
  const { values, errors, alert } = snapshot.context;
  const busy = snapshot.matches('sending');
  return {
    open: !snapshot.matches('closed'),
    fields: names.map((name) => ({
      name,
      value: values[name] ?? '',
      error: errors[name],
      change: (value) => send({ type: 'field.change', name, value }),
    })),
    alert,
    busy,
    show: () => send({ type: 'dialog.open' }),
    close: busy ? undefined : () => send({ type: 'dialog.close' }),
    submit: () => send({ type: 'form.submit' }),
  };
}
