import { DEFAULT_FAILURE } from '@contract/messages/errors';
import { STAFF_MESSAGES } from '@contract/messages/staff';
import type { IssueStatus } from '@contract/wire/issues';
import {
  ISSUE_REPLY_MAX,
  type IssueResolveResponse,
  type StaffIssue,
  type StaffIssuePage,
} from '@contract/wire/staff-issues';
import { assign, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, failureOf, statusOf } from './forms';

/** What is wrong with a reply, or null: written, and at most ISSUE_REPLY_MAX characters. */
export function replyProblem(reply: string): string | null {
  const text = reply.trim();
  return text && text.length <= ISSUE_REPLY_MAX ? null : STAFF_MESSAGES.issueReplyInvalid;
}

export interface StaffIssuesContext {
  /** The reports shown: those waiting (the default), those resolved, or all (null). */
  status: IssueStatus | null;
  page: number;
  data: StaffIssuePage | null;
  /** Why the list could not be read, or null. */
  error: unknown;
  /** The report the dialog answers, or null. */
  target: StaffIssue | null;
  reply: string;
  /** What is wrong with the reply (English; the view translates it), or null. */
  replyError: string | null;
  /** The refusal of the last reply sent, or null. */
  alert: string | null;
}

export type StaffIssuesEvent =
  | { type: 'status.select'; status: IssueStatus | null }
  | { type: 'page.select'; page: number }
  | { type: 'list.retry' }
  | { type: 'resolve.open'; issue: StaffIssue }
  | { type: 'reply.change'; value: string }
  | { type: 'resolve.submit' }
  | { type: 'resolve.cancel' };

const GONE = new Set([404, 409]);

/**
 * The back office's issue reports: those waiting (or resolved, or all), a page at a time, and
 * Resolve with a reply in a dialog. The reply follows the server's rule (written, at most 2000
 * characters); a refusal keeps the dialog open with the reply typed and says why; a report resolved
 * meanwhile or gone (409, 404) closes it, says so and reads the list again. Once resolved, the list
 * is read again. Pure: the view provides `loadIssues` and `resolve`, and the actions that tell the
 * user.
 */
export const staffIssuesMachine = setup({
  types: {
    context: {} as StaffIssuesContext,
    events: {} as StaffIssuesEvent,
  },
  actors: {
    loadIssues: fromPromise<StaffIssuePage, { status: IssueStatus | null; page: number }>(async () => {
      throw new Error('loadIssues is supplied by the view');
    }),
    resolve: fromPromise<IssueResolveResponse, { id: number; reply: string }>(async () => {
      throw new Error('resolve is supplied by the view');
    }),
  },
  guards: {
    replyValid: ({ context }) => replyProblem(context.reply) === null,
    isGone: (_, { error }: Failure) => GONE.has(statusOf(error) ?? 0),
  },
  actions: {
    selectStatus: assign((_, params: { status: IssueStatus | null }) => ({ status: params.status, page: 1 })),
    selectPage: assign((_, params: { page: number }) => ({ page: params.page })),
    keepPage: assign((_, params: { data: StaffIssuePage }) => ({ data: params.data, error: null })),
    keepError: assign((_, { error }: Failure) => ({ error })),
    clearError: assign({ error: null }),
    openDialog: assign((_, params: { issue: StaffIssue }) => ({
      target: params.issue,
      reply: '',
      replyError: null,
      alert: null,
    })),
    closeDialog: assign({ target: null, reply: '', replyError: null, alert: null }),
    changeReply: assign((_, params: { value: string }) => ({ reply: params.value, replyError: null })),
    showReplyError: assign(({ context }) => ({ replyError: replyProblem(context.reply) })),
    showAlert: assign((_, { error }: Failure) => ({ alert: alertOf(error, DEFAULT_FAILURE) })),
    clearAlert: assign({ alert: null }),
    /** Moves focus to the reply field. */
    focusReply: () => {},
    /** The toast with the server's sentence. */
    announceResolved: (_, _params: { message: string }) => {},
    /** The toast saying it was resolved meanwhile, or is gone. */
    announceGone: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'staffIssues',
  context: {
    status: 'Pending',
    page: 1,
    data: null,
    error: null,
    target: null,
    reply: '',
    replyError: null,
    alert: null,
  },
  initial: 'loading',
  states: {
    loading: {
      entry: 'clearError',
      invoke: {
        id: 'loadIssues',
        src: 'loadIssues',
        input: ({ context }) => ({ status: context.status, page: context.page }),
        onDone: {
          target: 'ready',
          actions: { type: 'keepPage', params: ({ event }) => ({ data: event.output }) },
        },
        onError: { target: 'failed', actions: { type: 'keepError', params: failureOf } },
      },
    },
    /** The reason and Try again. */
    failed: {
      on: {
        'list.retry': { target: 'loading' },
        'status.select': {
          target: 'loading',
          actions: { type: 'selectStatus', params: ({ event }) => ({ status: event.status }) },
        },
      },
    },
    ready: {
      on: {
        'status.select': {
          target: 'loading',
          actions: { type: 'selectStatus', params: ({ event }) => ({ status: event.status }) },
        },
        'page.select': {
          target: 'loading',
          actions: { type: 'selectPage', params: ({ event }) => ({ page: event.page }) },
        },
        'resolve.open': {
          target: 'resolving',
          actions: { type: 'openDialog', params: ({ event }) => ({ issue: event.issue }) },
        },
      },
    },
    /** The dialog: the reply the reporter reads. */
    resolving: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'reply.change': {
              actions: { type: 'changeReply', params: ({ event }) => ({ value: event.value }) },
            },
            'resolve.submit': [
              { guard: 'replyValid', target: 'sending', actions: 'clearAlert' },
              { actions: ['showReplyError', 'focusReply'] },
            ],
            'resolve.cancel': { target: '#staffIssues.ready', actions: 'closeDialog' },
          },
        },
        sending: {
          invoke: {
            id: 'resolve',
            src: 'resolve',
            input: ({ context }) => ({ id: context.target?.id ?? 0, reply: context.reply.trim() }),
            onDone: {
              target: '#staffIssues.loading',
              actions: [
                { type: 'announceResolved', params: ({ event }) => ({ message: event.output.message }) },
                'closeDialog',
              ],
            },
            onError: [
              {
                guard: { type: 'isGone', params: failureOf },
                target: '#staffIssues.loading',
                actions: [
                  {
                    type: 'announceGone',
                    params: ({ event }) => ({
                      message: alertOf(event.error, STAFF_MESSAGES.issueAlreadyResolved),
                    }),
                  },
                  'closeDialog',
                ],
              },
              { target: 'editing', actions: [{ type: 'showAlert', params: failureOf }, 'focusReply'] },
            ],
          },
        },
      },
    },
  },
});
