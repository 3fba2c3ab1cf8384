import type { IssueStatus } from '@contract/wire/issues';
import type { StaffIssue } from '@contract/wire/staff-issues';
import type { SnapshotFrom } from 'xstate';
import type { StaffIssuesEvent, staffIssuesMachine } from './staffIssues.machine';

/** What the issue reports screen shows. */
export interface StaffIssuesView {
  status: IssueStatus | null;
  /** The list (while it is read again, the one before), or null until first read. */
  issues: StaffIssue[] | null;
  count: number;
  page: number;
  limit: number;
  busy: boolean;
  /** Why the list could not be read, or null. */
  error: unknown;
  /** The dialog, when open. */
  dialog: {
    issue: StaffIssue;
    reply: string;
    replyError: string | null;
    alert: string | null;
    /** The reply is on its way: the dialog cannot be dismissed. */
    sending: boolean;
  } | null;
  selectStatus: (status: IssueStatus | null) => void;
  selectPage: (page: number) => void;
  retry: () => void;
  open: (issue: StaffIssue) => void;
  changeReply: (value: string) => void;
  submit: () => void;
  cancel: () => void;
}

export function connectStaffIssues(
  snapshot: SnapshotFrom<typeof staffIssuesMachine>,
  send: (event: StaffIssuesEvent) => void,
): StaffIssuesView {
  const { status, data, page, error, target, reply, replyError, alert } = snapshot.context;
  const sending = snapshot.matches({ resolving: 'sending' });
  return {
    status,
    issues: data?.results ?? null,
    count: data?.count ?? 0,
    page,
    limit: data?.limit ?? 25,
    busy: snapshot.matches('loading'),
    error: snapshot.matches('failed') ? error : null,
    dialog:
      snapshot.matches('resolving') && target ? { issue: target, reply, replyError, alert, sending } : null,
    selectStatus: (next) => send({ type: 'status.select', status: next }),
    selectPage: (next) => send({ type: 'page.select', page: next }),
    retry: () => send({ type: 'list.retry' }),
    open: (issue) => send({ type: 'resolve.open', issue }),
    changeReply: (value) => send({ type: 'reply.change', value }),
    submit: () => send({ type: 'resolve.submit' }),
    cancel: () => {
      if (!sending) send({ type: 'resolve.cancel' });
    },
  };
}
