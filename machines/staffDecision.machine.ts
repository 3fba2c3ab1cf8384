import { longerThan } from '@contract/forms/rules';
import { STAFF_MESSAGES } from '@contract/messages/staff';
import type { DecisionResponse, QueueKind } from '@contract/wire/staff';
import { REASON_MAX } from '@contract/wire/staff';
import { assign, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, failureOf, statusOf } from './forms';

export interface StaffDecisionInput {
  kind: QueueKind;
  /** The item's id in the queue (a user, course, enrolment or payment id). */
  id: string;
}

export interface StaffDecisionContext<TItem = unknown> {
  kind: QueueKind;
  id: string;
  /** The item as read for the decision; null until read. */
  item: TItem | null;
  reason: string;
  /** What is wrong with the reason (English; the view translates it), or null. */
  reasonError: string | null;
  /** The refusal of the last decision sent, or null. */
  alert: string | null;
  /** Why the read failed. */
  error: unknown;
}

export type StaffDecisionEvent =
  | { type: 'decision.retry' }
  /** Approve (Confirm, for cash). */
  | { type: 'decision.approve' }
  /** Reject: the reason form opens (not for cash). */
  | { type: 'decision.reject' }
  | { type: 'reason.change'; value: string }
  | { type: 'reason.submit' }
  | { type: 'reason.cancel' };

/** The reason's problem (required, at most REASON_MAX characters), the server's own rule. */
export function reasonProblem(reason: string): string | null {
  const text = reason.trim();
  return !text || longerThan(text, REASON_MAX) ? STAFF_MESSAGES.reasonInvalid : null;
}

const GONE = new Set([404, 409]);

/**
 * Deciding one item of the approvals queue: the item is read (a trainer's application, a course
 * as trainees will see it, a withdrawal with its payment and refund, a cash payment), then
 * approved, or rejected with a reason the person is told. A refused read offers Try again (a 404
 * says it is gone); a refused decision keeps the reason typed and says why; an item decided
 * meanwhile by someone else (409, 404) ends in `gone`. Pure: the view provides `loadItem` and
 * `decide`, and the actions that tell the user and the queue.
 */
export function createStaffDecisionMachine<TItem>() {
  return setup({
    types: {
      input: {} as StaffDecisionInput,
      context: {} as StaffDecisionContext<TItem>,
      events: {} as StaffDecisionEvent,
    },
    actors: {
      loadItem: fromPromise<TItem, { kind: QueueKind; id: string }>(async () => {
        throw new Error('loadItem is supplied by the view');
      }),
      decide: fromPromise<
        DecisionResponse,
        { kind: QueueKind; id: string; verdict: { approve: true } | { approve: false; reason: string } }
      >(async () => {
        throw new Error('decide is supplied by the view');
      }),
    },
    guards: {
      canReject: ({ context }) => context.kind !== 'cash',
      reasonValid: ({ context }) => reasonProblem(context.reason) === null,
      isGone: (_, { error }: Failure) => GONE.has(statusOf(error) ?? 0),
      isMissing: (_, { error }: Failure) => statusOf(error) === 404,
    },
    actions: {
      keepItem: assign((_, params: { item: TItem }) => ({ item: params.item, error: null })),
      keepError: assign((_, { error }: Failure) => ({ error })),
      changeReason: assign((_, params: { value: string }) => ({ reason: params.value, reasonError: null })),
      showReasonError: assign(({ context }) => ({ reasonError: reasonProblem(context.reason) })),
      showAlert: assign((_, { error }: Failure) => ({ alert: alertOf(error, STAFF_MESSAGES.notWaiting) })),
      clearAlert: assign({ alert: null }),
      /** Moves focus to the reason field. */
      focusReason: () => {},
      /** The toast with the server's sentence ("The trainer is approved and has been told"…). */
      announceDecided: (_, _params: { message: string }) => {},
      /** The queue reads itself again: the item left it. */
      itemDecided: () => {},
    },
  }).createMachine({
    id: 'staffDecision',
    context: ({ input }) => ({
      kind: input.kind,
      id: input.id,
      item: null,
      reason: '',
      reasonError: null,
      alert: null,
      error: null,
    }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'loadItem',
          src: 'loadItem',
          input: ({ context }) => ({ kind: context.kind, id: context.id }),
          onDone: {
            target: 'reviewing',
            actions: { type: 'keepItem', params: ({ event }) => ({ item: event.output }) },
          },
          onError: [
            {
              guard: { type: 'isMissing', params: failureOf },
              target: 'gone',
              actions: [{ type: 'keepError', params: failureOf }, 'itemDecided'],
            },
            { target: 'failed', actions: { type: 'keepError', params: failureOf } },
          ],
        },
      },
      /** The reason and Try again. */
      failed: { on: { 'decision.retry': { target: 'loading' } } },
      reviewing: {
        on: {
          'decision.approve': { target: 'approving', actions: 'clearAlert' },
          'decision.reject': { guard: 'canReject', target: 'rejecting', actions: 'clearAlert' },
        },
      },
      approving: {
        invoke: {
          id: 'decide',
          src: 'decide',
          input: ({ context }) => ({
            kind: context.kind,
            id: context.id,
            verdict: { approve: true } as const,
          }),
          onDone: {
            target: 'decided',
            actions: { type: 'announceDecided', params: ({ event }) => ({ message: event.output.message }) },
          },
          onError: [
            {
              guard: { type: 'isGone', params: failureOf },
              target: 'gone',
              actions: [{ type: 'showAlert', params: failureOf }, 'itemDecided'],
            },
            { target: 'reviewing', actions: { type: 'showAlert', params: failureOf } },
          ],
        },
      },
      /** The reason form: what the person is told. */
      rejecting: {
        on: {
          'reason.change': {
            actions: { type: 'changeReason', params: ({ event }) => ({ value: event.value }) },
          },
          'reason.submit': [
            { guard: 'reasonValid', target: 'sendingRejection', actions: 'clearAlert' },
            { actions: ['showReasonError', 'focusReason'] },
          ],
          'reason.cancel': { target: 'reviewing' },
        },
      },
      sendingRejection: {
        invoke: {
          id: 'decide',
          src: 'decide',
          input: ({ context }) => ({
            kind: context.kind,
            id: context.id,
            verdict: { approve: false, reason: context.reason.trim() },
          }),
          onDone: {
            target: 'decided',
            actions: { type: 'announceDecided', params: ({ event }) => ({ message: event.output.message }) },
          },
          onError: [
            {
              guard: { type: 'isGone', params: failureOf },
              target: 'gone',
              actions: [{ type: 'showAlert', params: failureOf }, 'itemDecided'],
            },
            { target: 'rejecting', actions: [{ type: 'showAlert', params: failureOf }, 'focusReason'] },
          ],
        },
      },
      decided: { type: 'final', entry: 'itemDecided' },
      /** Decided meanwhile (by someone else), or no longer there: nothing to decide. */
      gone: { type: 'final' },
    },
  });
}

/** The machine as the queue's decision dialog runs it (the item's type is the view's). */
export const staffDecisionMachine = createStaffDecisionMachine<unknown>();
