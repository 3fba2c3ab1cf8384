import type { RegistrationForm } from '@contract/forms/auth';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Audience } from '@machines/signIn.machine';
import { useId, useRef } from 'react';
import { OtpStep } from '@/entities/account/OtpStep';
import { PasswordHint } from '@/entities/account/PasswordHint';
import { useSignUp } from '@/features/auth/signUp.live';
import { openDialog } from '@/stores/dialogs';
import { AlertBox, Form, LinkButton, SubmitButton, TextField } from '@/ui/forms';
import { Modal } from '@/ui/Modal';
import { AUDIENCE } from './audience';
import { NewCode } from './NewCode';

/** Registration → OTP → success, for trainees (Sign Up) and trainers (Become a Trainer). */
export function SignUpFlow({ audience, verify = false }: { audience: Audience; verify?: boolean }) {
  const { t, i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const cvId = useId();
  const { view, send, returnTo } = useSignUp(audience, form, verify);
  const texts = AUDIENCE[audience];
  const dismiss = () => send({ type: 'dialog.close' });

  if (view.step === 'closed') return null;

  if (view.step === 'otp') {
    return (
      <Modal title={t`Verify your e-mail`} onClose={dismiss}>
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
          backLabel={view.back === 'signIn' ? t`Back to Log In` : t`Change e-mail address`}
          newCode={<NewCode resending={view.resending} onResend={() => send({ type: 'otp.resend' })} />}
        />
      </Modal>
    );
  }

  if (view.step === 'success') {
    const close = () => send({ type: 'success.close' });
    const awaitingApproval = view.outcome === 'awaitingApproval';
    return (
      <Modal title={t`Registration complete`} onClose={close}>
        <div className="flex flex-col items-center gap-5 text-center">
          <span
            className="grid size-16 place-items-center rounded-full bg-brand-100 text-3xl text-brand-700"
            aria-hidden="true"
          >
            ✓
          </span>
          <p className="text-slate-800">
            {awaitingApproval ? (
              <Trans>
                Your registration for Trainer has been taken. Once admin approve you will notify and then able
                to login.
              </Trans>
            ) : (
              <Trans>Your registration is successfully completed!</Trans>
            )}
          </p>
          <button
            type="button"
            onClick={close}
            className="w-full rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800"
          >
            {awaitingApproval || returnTo ? t`Close` : t`Go to my profile`}
          </button>
        </div>
      </Modal>
    );
  }

  const { values, errors, alert, cvName, busy, codeSent } = view;
  /** A field's name, value, message and typing, bound to the machine. */
  const field = (name: keyof RegistrationForm) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      send({ type: 'field.change', name, value: event.target.value }),
  });
  return (
    <Modal title={i18n._(texts.signUpTitle)} onClose={dismiss} wide>
      <Form ref={form} onSubmit={() => send({ type: 'form.submit' })} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <AlertBox message={alert} />
        </div>
        <TextField label={t`Full name`} {...field('full_name')} data-autofocus autoComplete="name" />
        <TextField
          label={t`Email`}
          type="email"
          {...field('email')}
          autoComplete="email"
          hint={
            codeSent && (
              <LinkButton onClick={() => send({ type: 'otp.open' })}>
                <Trans>Enter the code we sent</Trans>
              </LinkButton>
            )
          }
        />
        <TextField
          label={t`Phone number (optional)`}
          type="tel"
          {...field('phone_number')}
          autoComplete="tel"
          inputMode="tel"
        />
        <TextField
          label={t`Govt ID or Iqama number`}
          {...field('govt_id_or_iqama_no')}
          inputMode="numeric"
          dir="ltr"
        />
        <TextField
          label={t`Password`}
          type="password"
          {...field('password')}
          autoComplete="new-password"
          hint={<PasswordHint />}
        />
        <TextField
          label={t`Confirm password`}
          type="password"
          {...field('confirm_password')}
          autoComplete="new-password"
        />
        {texts.cv && (
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <label htmlFor={cvId} className="text-sm font-semibold text-slate-800">
              <Trans>CV (optional)</Trans>
            </label>
            <input
              id={cvId}
              type="file"
              name="cv"
              accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
              onChange={(event) => send({ type: 'cv.change', file: event.target.files?.[0] ?? null })}
              className="text-sm file:me-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
            />
            {cvName && <p className="text-xs text-slate-600">{cvName}</p>}
          </div>
        )}
        <div className="sm:col-span-2">
          <SubmitButton busy={busy}>{i18n._(texts.signUpSubmit)}</SubmitButton>
        </div>
        <p className="text-center text-sm text-slate-700 sm:col-span-2">
          <Trans>
            Already have an account? <LinkButton onClick={() => openDialog(texts.login)}>Log In</LinkButton>
          </Trans>
        </p>
      </Form>
    </Modal>
  );
}
