import { Trans, useLingui } from '@lingui/react/macro';
import { connectPasswordReset } from '@machines/passwordReset.connect';
import { passwordResetMachine } from '@machines/passwordReset.machine';
import type { Audience } from '@machines/signIn.machine';
import { useMachine } from '@xstate/react';
import { useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { api } from '@/api/http';
import { requestPasswordReset, setPassword, verifyOtp } from '@/api/identity';
import { OtpStep } from '@/entities/account/OtpStep';
import { PasswordHint } from '@/entities/account/PasswordHint';
import { closeDialog, openDialog } from '@/stores/dialogs';
import { showToast } from '@/stores/toasts';
import { AlertBox, Form, focusFirstInvalid, LinkButton, SubmitButton, TextField } from '@/ui/forms';
import { Modal } from '@/ui/Modal';
import { AUDIENCE } from './audience';
import { NewCode } from './NewCode';

/** Forgot password → OTP (reset mode) → new password. */
export function PasswordResetFlow({ audience }: { audience: Audience }) {
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [machine] = useState(() =>
    passwordResetMachine.provide({
      actors: {
        requestReset: fromPromise(({ input }) => requestPasswordReset(api, input)),
        verifyOtp: fromPromise(({ input }) => verifyOtp(api, input)),
        setPassword: fromPromise(({ input }) => setPassword(api, input)),
      },
      actions: {
        focusFirstInvalid: () => focusFirstInvalid(form.current),
        announceOtpSent: () => showToast(t`OTP sent successfully`),
        announceOtpVerified: () => showToast(t`Successfully OTP Verified`),
        announceInvalidOtp: () => showToast(t`Invalid OTP Code`, 'error'),
        announcePasswordReset: () => showToast(t`Password Reset successfully`),
        openLogin: () => openDialog(AUDIENCE[audience].login),
      },
    }),
  );
  const [state, send] = useMachine(machine, { input: { audience } });
  const view = connectPasswordReset(state);

  if (view.step === 'otp') {
    return (
      <Modal title={t`Verify it's you`} onClose={closeDialog}>
        <OtpStep
          destination={view.destination}
          code={view.code}
          error={view.error}
          complete={view.complete}
          alert={view.alert}
          busy={view.busy}
          onChange={(value) => send({ type: 'otp.change', value })}
          onSubmit={() => send({ type: 'otp.submit' })}
          onBack={() => send({ type: 'otp.back' })}
          backLabel={t`Change e-mail or phone`}
          newCode={<NewCode resending={view.resending} onResend={() => send({ type: 'otp.resend' })} />}
        />
      </Modal>
    );
  }

  if (view.step === 'reset') {
    const { values, errors, alert, busy } = view;
    return (
      <Modal title={t`Reset password`} onClose={closeDialog}>
        <Form ref={form} onSubmit={() => send({ type: 'form.submit' })} className="flex flex-col gap-4">
          <AlertBox message={alert} />
          <TextField
            label={t`New password`}
            type="password"
            name="new_password"
            data-autofocus
            autoComplete="new-password"
            value={values.new_password}
            error={errors.new_password}
            hint={<PasswordHint />}
            onChange={(event) =>
              send({ type: 'field.change', name: 'new_password', value: event.target.value })
            }
          />
          <TextField
            label={t`Confirm password`}
            type="password"
            name="confirm_password"
            autoComplete="new-password"
            value={values.confirm_password}
            error={errors.confirm_password}
            onChange={(event) =>
              send({ type: 'field.change', name: 'confirm_password', value: event.target.value })
            }
          />
          <SubmitButton busy={busy}>
            <Trans>Reset password</Trans>
          </SubmitButton>
        </Form>
      </Modal>
    );
  }

  const { request, errors, alert, busy } = view;
  return (
    <Modal title={t`Forgot password`} onClose={closeDialog}>
      <Form ref={form} onSubmit={() => send({ type: 'request.submit' })} className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">
          <Trans>Enter the e-mail or phone number of your account and we will send you a code.</Trans>
        </p>
        <AlertBox message={alert} />
        <TextField
          label={t`Email or phone number`}
          name="email_or_phone"
          dir="ltr"
          data-autofocus
          autoComplete="username"
          value={request.email_or_phone}
          error={errors.email_or_phone}
          onChange={(event) => send({ type: 'request.change', value: event.target.value })}
        />
        <SubmitButton busy={busy}>
          <Trans>Send code</Trans>
        </SubmitButton>
        <p className="text-center text-sm">
          <LinkButton onClick={() => openDialog(AUDIENCE[audience].login)}>
            <Trans>Back to Log In</Trans>
          </LinkButton>
        </p>
      </Form>
    </Modal>
  );
}
