import type { StaffCertificate } from '@contract/wire/staff-certificates';
import type { SnapshotFrom } from 'xstate';
import type { CertificateRevokeEvent, certificateRevokeMachine } from './certificateRevoke.machine';

/** What the certificates screen shows. */
export interface CertificateRevokeView {
  query: string;
  /** The list (while it is read again, the one before), or null until first read. */
  certificates: StaffCertificate[] | null;
  count: number;
  page: number;
  limit: number;
  busy: boolean;
  /** Why the list could not be read, or null. */
  error: unknown;
  /** The dialog, when open. */
  dialog: {
    certificate: StaffCertificate;
    reason: string;
    reasonError: string | null;
    alert: string | null;
    /** The revocation is on its way: the dialog cannot be dismissed. */
    sending: boolean;
  } | null;
  changeQuery: (value: string) => void;
  search: () => void;
  selectPage: (page: number) => void;
  retry: () => void;
  open: (certificate: StaffCertificate) => void;
  changeReason: (value: string) => void;
  submit: () => void;
  cancel: () => void;
}

export function connectCertificateRevoke(
  snapshot: SnapshotFrom<typeof certificateRevokeMachine>,
  send: (event: CertificateRevokeEvent) => void,
): CertificateRevokeView {
  const { query, data, page, error, target, reason, reasonError, alert } = snapshot.context;
  const sending = snapshot.matches({ revoking: 'sending' });
  return {
    query,
    certificates: data?.results ?? null,
    count: data?.count ?? 0,
    page,
    limit: data?.limit ?? 25,
    busy: snapshot.matches('loading'),
    error: snapshot.matches('failed') ? error : null,
    dialog:
      snapshot.matches('revoking') && target
        ? { certificate: target, reason, reasonError, alert, sending }
        : null,
    changeQuery: (value) => send({ type: 'query.change', value }),
    search: () => send({ type: 'search.submit' }),
    selectPage: (next) => send({ type: 'page.select', page: next }),
    retry: () => send({ type: 'list.retry' }),
    open: (certificate) => send({ type: 'revoke.open', certificate }),
    changeReason: (value) => send({ type: 'reason.change', value }),
    submit: () => send({ type: 'revoke.submit' }),
    cancel: () => {
      if (!sending) send({ type: 'revoke.cancel' });
    },
  };
}
