import { MAX_INVITEES } from '@contract/forms/invitations';
import type { SnapshotFrom } from 'xstate';
import type { InviteEvent, InviteFieldError, inviteMachine } from './invite.machine';

type Snapshot = SnapshotFrom<typeof inviteMachine>;

export interface InviteFieldView {
  value: string;
  /** What is wrong with it (the view says it in the user's language), or null. */
  error: InviteFieldError | null;
  change: (value: string) => void;
  /** Absent for the only field. */
  remove: (() => void) | undefined;
}

export interface InviteView {
  open: boolean;
  fields: InviteFieldView[];
  alert: string | null;
  busy: boolean;
  /** Absent once five fields are shown. */
  add: (() => void) | undefined;
  show: () => void;
  /** Absent while sending: the dialog waits for the answer. */
  close: (() => void) | undefined;
  submit: () => void;
}

export function connectInvite(snapshot: Snapshot, send: (event: InviteEvent) => void): InviteView {
  const { entries, fieldError, alert } = snapshot.context;
  const busy = snapshot.matches('sending');
  const editable = snapshot.matches('editing');
  return {
    open: !snapshot.matches('closed'),
    fields: entries.map((value, index) => ({
      value,
      error: fieldError?.index === index ? fieldError : null,
      change: (next) => send({ type: 'field.change', index, value: next }),
      remove: editable && entries.length > 1 ? () => send({ type: 'field.remove', index }) : undefined,
    })),
    alert,
    busy,
    add: editable && entries.length < MAX_INVITEES ? () => send({ type: 'field.add' }) : undefined,
    show: () => send({ type: 'dialog.open' }),
    close: busy ? undefined : () => send({ type: 'dialog.close' }),
    submit: () => send({ type: 'form.submit' }),
  };
}
