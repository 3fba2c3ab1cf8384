import { DEFAULT_FAILURE } from '@contract/messages/errors';
import { useLingui } from '@lingui/react/macro';
import { connectInvite } from '@machines/invite.connect';
import type { InviteFieldError } from '@machines/invite.machine';
import { inviteMachine } from '@machines/invite.machine';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { api } from '@/api/http';
import { sendInvitations } from '@/api/invitations';
import { translateMessage } from '@/i18n/api-messages';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import { showToast } from '@/stores/toasts';
import { button } from '@/ui/button';
import { AlertBox, Form, focusFirstInvalid, SubmitButton, TextField } from '@/ui/forms';
import { Modal } from '@/ui/Modal';
import '@/features/invitations/known-messages';

/**
 * The invite-friends dialog (its own chunk: the course page and the profile load it when asked).
 * One field per address, up to five (spec section 9): each address has its own field, so a bad one
 * is marked where it was typed, and the limit is visible rather than a count to read.
 */
export default function InviteDialog({
  courseId,
  ownEmail,
  onClose,
  onSent,
}: {
  courseId: number | null;
  ownEmail: string;
  onClose: () => void;
  onSent?: () => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const form = useRef<HTMLFormElement>(null);
  const latest = useRef({ onClose, onSent });
  latest.current = { onClose, onSent };
  const [machine] = useState(() =>
    inviteMachine.provide({
      actors: { send: fromPromise(({ input }) => sendInvitations(api, input)) },
      actions: {
        focusFirstInvalid: () => requestAnimationFrame(() => focusFirstInvalid(form.current)),
        announceSent: (_, { output }) => {
          showToast(translateMessage(output.message, i18n));
          latest.current.onSent?.();
        },
      },
    }),
  );
  const [state, send] = useMachine(machine, { input: { courseId, ownEmail, fallback: DEFAULT_FAILURE } });
  const view = connectInvite(state, send);
  const opened = useRef(false);
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      send({ type: 'dialog.open' });
    } else if (!view.open) {
      latest.current.onClose();
    }
  }, [send, view.open]);
  if (!view.open) return null;

  const errorText = (error: InviteFieldError | null) =>
    error === null
      ? undefined
      : error.kind === 'invalid'
        ? t`${error.address} is not a valid e-mail address`
        : t`You cannot invite yourself: enter the addresses of the people you want to invite`;

  return (
    <Modal title={t`Invite friends`} onClose={view.close}>
      <Form ref={form} onSubmit={view.submit} className="flex flex-col gap-4">
        <p className="text-slate-700">
          {courseId === null
            ? t`Invite up to five people to KFU Training. Each gets an e-mail with a link to accept.`
            : t`Invite up to five people to this course. Each gets an e-mail with a link to accept.`}
        </p>
        <AlertBox message={view.alert} />
        {view.fields.map((field, index) => (
          // The fields are a list the visitor edits in place: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={index} className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <TextField
                label={t`E-mail address ${formatNumber(index + 1, language)}`}
                type="email"
                name={`email-${index + 1}`}
                autoComplete="off"
                data-autofocus={index === 0 ? true : undefined}
                value={field.value}
                error={errorText(field.error)}
                onChange={(event) => field.change(event.target.value)}
              />
            </div>
            {field.remove && (
              <button type="button" onClick={field.remove} className={`${button('secondary', 'sm')} mt-6.5`}>
                {t`Remove`}
                <span className="sr-only"> {t`e-mail address ${formatNumber(index + 1, language)}`}</span>
              </button>
            )}
          </div>
        ))}
        {view.add && (
          <button
            type="button"
            onClick={view.add}
            className="self-start rounded-lg px-2 py-1 font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {t`Add another address`}
          </button>
        )}
        <SubmitButton busy={view.busy}>{t`Send`}</SubmitButton>
      </Form>
    </Modal>
  );
}
