import type { SnapshotFrom } from 'xstate';
import type { PersonAccountEvent, personAccountMachine } from './personAccount.machine';

/** What a person's page shows of the account's state and its dialog. */
export interface PersonAccountView {
  /** The button's action: disable an enabled account, enable a disabled one. */
  action: 'disable' | 'enable';
  /** The dialog is open (confirming, sending, or refused). */
  open: boolean;
  reason: string;
  /** The reason's problem (English; translated by the view), or null. */
  reasonError: string | null;
  /** The server's refusal (English; translated by the view), or null. */
  alert: string | null;
  busy: boolean;
  /** Changed meanwhile or gone: the dialog shows the alert and Close only. */
  refused: boolean;
  ask(): void;
  changeReason(value: string): void;
  confirm(): void;
  /** Ignored while the change is on its way. */
  cancel(): void;
}

export function connectPersonAccount(
  snapshot: SnapshotFrom<typeof personAccountMachine>,
  send: (event: PersonAccountEvent) => void,
): PersonAccountView {
  const { disabled, reason, reasonError, alert } = snapshot.context;
  const busy = snapshot.matches('sending');
  return {
    action: disabled ? 'enable' : 'disable',
    open: snapshot.matches('confirming') || busy || snapshot.matches('refused'),
    reason,
    reasonError,
    alert,
    busy,
    refused: snapshot.matches('refused'),
    ask: () => send({ type: 'account.change' }),
    changeReason: (value) => send({ type: 'reason.change', value }),
    confirm: () => send({ type: 'account.confirm' }),
    cancel: () => {
      if (!busy) send({ type: 'account.cancel' });
    },
  };
}
