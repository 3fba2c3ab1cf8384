import { checkInvitees, MAX_INVITEES } from '@contract/forms/invitations';
import { INVITATION_MESSAGES } from '@contract/messages/invitations';
import type { InvitationsSent } from '@contract/wire/invitations';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { alertOf, type Failure, failureOf } from './forms';

/**
 * The invite-friends dialog: up to five e-mail fields (one address each; a field is added or
 * removed), Send. The addresses are checked by the rule the server applies
 * (contract/forms/invitations.ts: trimmed, lower-cased, merged, each a valid address, not the
 * inviter's own); a bad one is marked at its field and nothing is sent. A refusal by the server
 * keeps everything typed: one naming an address marks that field, others show in the alert.
 */
export interface InviteInput {
  /** The course invited to (from its page); null: an invitation to the platform (from the profile). */
  courseId: number | null;
  /** The inviter's own address, refused at its field. */
  ownEmail: string;
  fallback: string;
}

/** What is wrong with one field: an address that is not valid, or the inviter's own. */
export type InviteFieldError =
  | { index: number; kind: 'invalid'; address: string }
  | { index: number; kind: 'own' };

export interface InviteContext {
  courseId: number | null;
  ownEmail: string;
  fallback: string;
  entries: string[];
  fieldError: InviteFieldError | null;
  /** A sentence of the server (English; the view translates it), or 'Enter at least one e-mail address'. */
  alert: string | null;
}

export type InviteEvent =
  | { type: 'dialog.open' }
  | { type: 'dialog.close' }
  | { type: 'field.change'; index: number; value: string }
  | { type: 'field.add' }
  | { type: 'field.remove'; index: number }
  | { type: 'form.submit' };

const INVALID_SUFFIX = ' is not a valid e-mail address';

/** The field a server refusal names: the entry whose address it quotes. */
function fieldOfRefusal(entries: readonly string[], message: string): InviteFieldError | null {
  if (!message.endsWith(INVALID_SUFFIX)) return null;
  const address = message.slice(0, -INVALID_SUFFIX.length);
  const index = entries.findIndex((entry) => entry.trim().toLowerCase() === address.trim().toLowerCase());
  return index < 0 ? null : { index, kind: 'invalid', address };
}

/** What blocks sending the entries: a field's error, an alert, or nothing. */
function problemOf(context: InviteContext): { fieldError: InviteFieldError | null; alert: string | null } {
  const checked = checkInvitees(context.entries);
  if (!checked.ok) {
    if (checked.reason === 'invalid') {
      return { fieldError: { index: checked.index, kind: 'invalid', address: checked.address }, alert: null };
    }
    return {
      fieldError: null,
      alert: checked.reason === 'none' ? INVITATION_MESSAGES.noAddress : INVITATION_MESSAGES.tooMany,
    };
  }
  const own = context.ownEmail.trim().toLowerCase();
  const index = context.entries.findIndex((entry) => own !== '' && entry.trim().toLowerCase() === own);
  return { fieldError: index < 0 ? null : { index, kind: 'own' }, alert: null };
}

export const inviteMachine = setup({
  types: {
    input: {} as InviteInput,
    context: {} as InviteContext,
    events: {} as InviteEvent,
  },
  actors: {
    send: fromPromise<InvitationsSent, { emails: string[]; course_id: number | null }>(async () => {
      throw new Error('send is supplied by the view');
    }),
  },
  guards: {
    formValid: ({ context }) => {
      const problem = problemOf(context);
      return problem.fieldError === null && problem.alert === null;
    },
    canAdd: ({ context }) => context.entries.length < MAX_INVITEES,
    canRemove: ({ context }) => context.entries.length > 1,
  },
  actions: {
    emptyForm: assign({ entries: () => [''], fieldError: null, alert: null }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const entries = context.entries.map((entry, index) => (index === event.index ? event.value : entry));
      const fieldError = context.fieldError?.index === event.index ? null : context.fieldError;
      return { entries, fieldError };
    }),
    addField: assign({ entries: ({ context }) => [...context.entries, ''] }),
    removeField: assign(({ context, event }) => {
      assertEvent(event, 'field.remove');
      const entries = context.entries.filter((_, index) => index !== event.index);
      const error = context.fieldError;
      const fieldError =
        !error || error.index === event.index
          ? null
          : { ...error, index: error.index > event.index ? error.index - 1 : error.index };
      return { entries, fieldError };
    }),
    showProblem: assign(({ context }) => problemOf(context)),
    clearAlert: assign({ alert: null }),
    showRefusal: assign(({ context }, { error }: Failure) => {
      const message = alertOf(error, context.fallback);
      const fieldError = fieldOfRefusal(context.entries, message);
      return fieldError ? { fieldError, alert: null } : { fieldError: null, alert: message };
    }),
    focusFirstInvalid: () => {},
    /** Sent: the view shows the server's sentence in a toast (and refreshes what lists invitations). */
    announceSent: (_, _params: { output: InvitationsSent }) => {},
  },
}).createMachine({
  id: 'invite',
  context: ({ input }) => ({
    courseId: input.courseId,
    ownEmail: input.ownEmail,
    fallback: input.fallback,
    entries: [''],
    fieldError: null,
    alert: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'dialog.open': { target: 'editing', actions: 'emptyForm' } },
    },
    editing: {
      on: {
        'dialog.close': { target: 'closed', actions: 'emptyForm' },
        'field.change': { actions: 'changeField' },
        'field.add': { guard: 'canAdd', actions: 'addField' },
        'field.remove': { guard: 'canRemove', actions: 'removeField' },
        'form.submit': [
          { guard: 'formValid', target: 'sending', actions: 'clearAlert' },
          { actions: ['showProblem', 'focusFirstInvalid'] },
        ],
      },
    },
    /** Sent: the dialog waits for the answer. */
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => {
          const checked = checkInvitees(context.entries);
          return { emails: checked.ok ? checked.emails : [], course_id: context.courseId };
        },
        onDone: {
          target: 'closed',
          actions: ['emptyForm', { type: 'announceSent', params: ({ event }) => ({ output: event.output }) }],
        },
        onError: {
          target: 'editing',
          actions: [{ type: 'showRefusal', params: failureOf }, 'focusFirstInvalid'],
        },
      },
    },
  },
});
