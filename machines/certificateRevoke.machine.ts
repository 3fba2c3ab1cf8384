import { STAFF_MESSAGES } from '@contract/messages/staff';
import type {
  RevokeCertificateResponse,
  StaffCertificate,
  StaffCertificatePage,
} from '@contract/wire/staff-certificates';
import { CERTIFICATE_SEARCH_MAX } from '@contract/wire/staff-certificates';
import { assign, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, failureOf, statusOf } from './forms';
import { reasonProblem } from './staffDecision.machine';

/**
 * The back office's certificates: a search by code or holder (name or e-mail), a page at a time,
 * and Revoke with a reason in a dialog. The reason follows the server's rule (required, at most
 * 500 characters); a refusal keeps the dialog open with the reason typed and says why; a
 * certificate revoked meanwhile or gone (409, 404) closes it, says so and reads the list again.
 * Once revoked, the list is read again and shows it revoked. Pure: the view provides
 * `loadCertificates` and `revoke`, and the actions that tell the user.
 */
export interface CertificateRevokeContext {
  /** The search as typed, and as last applied to the list. */
  query: string;
  applied: string;
  page: number;
  data: StaffCertificatePage | null;
  /** Why the list could not be read, or null. */
  error: unknown;
  /** The certificate the dialog revokes, or null. */
  target: StaffCertificate | null;
  reason: string;
  /** What is wrong with the reason (English; the view translates it), or null. */
  reasonError: string | null;
  /** The refusal of the last revocation sent, or null. */
  alert: string | null;
}

export type CertificateRevokeEvent =
  | { type: 'query.change'; value: string }
  | { type: 'search.submit' }
  | { type: 'page.select'; page: number }
  | { type: 'list.retry' }
  | { type: 'revoke.open'; certificate: StaffCertificate }
  | { type: 'reason.change'; value: string }
  | { type: 'revoke.submit' }
  | { type: 'revoke.cancel' };

const GONE = new Set([404, 409]);

export const certificateRevokeMachine = setup({
  types: {
    context: {} as CertificateRevokeContext,
    events: {} as CertificateRevokeEvent,
  },
  actors: {
    loadCertificates: fromPromise<StaffCertificatePage, { q: string; page: number }>(async () => {
      throw new Error('loadCertificates is supplied by the view');
    }),
    revoke: fromPromise<RevokeCertificateResponse, { code: string; reason: string }>(async () => {
      throw new Error('revoke is supplied by the view');
    }),
  },
  guards: {
    reasonValid: ({ context }) => reasonProblem(context.reason) === null,
    isGone: (_, { error }: Failure) => GONE.has(statusOf(error) ?? 0),
  },
  actions: {
    changeQuery: assign((_, params: { value: string }) => ({
      query: params.value.slice(0, CERTIFICATE_SEARCH_MAX),
    })),
    applyQuery: assign(({ context }) => ({ applied: context.query.trim(), page: 1 })),
    selectPage: assign((_, params: { page: number }) => ({ page: params.page })),
    keepPage: assign((_, params: { data: StaffCertificatePage }) => ({ data: params.data, error: null })),
    keepError: assign((_, { error }: Failure) => ({ error })),
    clearError: assign({ error: null }),
    openDialog: assign((_, params: { certificate: StaffCertificate }) => ({
      target: params.certificate,
      reason: '',
      reasonError: null,
      alert: null,
    })),
    closeDialog: assign({ target: null, reason: '', reasonError: null, alert: null }),
    changeReason: assign((_, params: { value: string }) => ({ reason: params.value, reasonError: null })),
    showReasonError: assign(({ context }) => ({ reasonError: reasonProblem(context.reason) })),
    showAlert: assign((_, { error }: Failure) => ({
      alert: alertOf(error, STAFF_MESSAGES.certificateAlreadyRevoked),
    })),
    clearAlert: assign({ alert: null }),
    /** Moves focus to the reason field. */
    focusReason: () => {},
    /** The toast with the server's sentence. */
    announceRevoked: (_, _params: { message: string }) => {},
    /** The toast saying it was revoked meanwhile, or is gone. */
    announceGone: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'certificateRevoke',
  context: {
    query: '',
    applied: '',
    page: 1,
    data: null,
    error: null,
    target: null,
    reason: '',
    reasonError: null,
    alert: null,
  },
  initial: 'loading',
  states: {
    loading: {
      entry: 'clearError',
      invoke: {
        id: 'loadCertificates',
        src: 'loadCertificates',
        input: ({ context }) => ({ q: context.applied, page: context.page }),
        onDone: {
          target: 'ready',
          actions: { type: 'keepPage', params: ({ event }) => ({ data: event.output }) },
        },
        onError: { target: 'failed', actions: { type: 'keepError', params: failureOf } },
      },
      on: {
        'query.change': { actions: { type: 'changeQuery', params: ({ event }) => ({ value: event.value }) } },
      },
    },
    /** The reason and Try again. */
    failed: {
      on: {
        'list.retry': { target: 'loading' },
        'query.change': { actions: { type: 'changeQuery', params: ({ event }) => ({ value: event.value }) } },
        'search.submit': { target: 'loading', actions: 'applyQuery' },
      },
    },
    ready: {
      on: {
        'query.change': { actions: { type: 'changeQuery', params: ({ event }) => ({ value: event.value }) } },
        'search.submit': { target: 'loading', actions: 'applyQuery' },
        'page.select': {
          target: 'loading',
          actions: { type: 'selectPage', params: ({ event }) => ({ page: event.page }) },
        },
        'revoke.open': {
          target: 'revoking',
          actions: { type: 'openDialog', params: ({ event }) => ({ certificate: event.certificate }) },
        },
      },
    },
    /** The dialog: the reason the holder is told. */
    revoking: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'reason.change': {
              actions: { type: 'changeReason', params: ({ event }) => ({ value: event.value }) },
            },
            'revoke.submit': [
              { guard: 'reasonValid', target: 'sending', actions: 'clearAlert' },
              { actions: ['showReasonError', 'focusReason'] },
            ],
            'revoke.cancel': { target: '#certificateRevoke.ready', actions: 'closeDialog' },
          },
        },
        sending: {
          invoke: {
            id: 'revoke',
            src: 'revoke',
            input: ({ context }) => ({ code: context.target?.code ?? '', reason: context.reason.trim() }),
            onDone: {
              target: '#certificateRevoke.loading',
              actions: [
                { type: 'announceRevoked', params: ({ event }) => ({ message: event.output.message }) },
                'closeDialog',
              ],
            },
            onError: [
              {
                guard: { type: 'isGone', params: failureOf },
                target: '#certificateRevoke.loading',
                actions: [
                  {
                    type: 'announceGone',
                    params: ({ event }) => ({
                      message: alertOf(event.error, STAFF_MESSAGES.certificateAlreadyRevoked),
                    }),
                  },
                  'closeDialog',
                ],
              },
              { target: 'editing', actions: [{ type: 'showAlert', params: failureOf }, 'focusReason'] },
            ],
          },
        },
      },
    },
  },
});
