import { Trans, useLingui } from '@lingui/react/macro';
import { connectSignIn } from '@machines/signIn.connect';
import { type Audience, signInMachine } from '@machines/signIn.machine';
import { useMachine } from '@xstate/react';
import { useRef, useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { fromPromise } from 'xstate';
import { logout } from '@/api/auth';
import { api } from '@/api/http';
import { login, resendLoginCode, verifyLoginCode } from '@/api/identity';
import { OtpStep } from '@/entities/account/OtpStep';
import { paths } from '@/routing/paths';
import { beginSession, forgetCourseId, storedCourseId } from '@/session/sign-in';
import { closeDialog, dialogReturnTo, openCodeStep, openDialog } from '@/stores/dialogs';
import { showToast } from '@/stores/toasts';
import { button } from '@/ui/button';
import { AlertBox, Form, focusFirstInvalid, LinkButton, SubmitButton, TextField } from '@/ui/forms';
import { Modal } from '@/ui/Modal';
import { AUDIENCE } from './audience';
import { NewCode } from './NewCode';

/**
 * Said in Trainer Login instead of the form when a trainee's account signed in: whose sign-in this
 * is, and what the account is. Nobody is signed in until they choose to continue as a trainee.
 */
function TraineeInTrainerLogin({ email }: { email: string }) {
  return (
    <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <Trans>
        This is the trainer sign-in, and <bdi className="ltr-whole">{email}</bdi> is a trainee account.
        Continue as a trainee, or go back to sign in with a trainer account.
      </Trans>
    </p>
  );
}

/** The way from each sign-in dialog to its registration. */
function SignUpInvitation({ audience }: { audience: Audience }) {
  const open = () => openDialog(AUDIENCE[audience].registration);
  return audience === 'trainer' ? (
    <Trans>
      Want to teach with us? <LinkButton onClick={open}>Become a Trainer</LinkButton>
    </Trans>
  ) : (
    <Trans>
      Don't have an account? <LinkButton onClick={open}>Sign Up</LinkButton>
    </Trans>
  );
}

export function SignInDialog({ audience }: { audience: Audience }) {
  const { t, i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [machine] = useState(() =>
    signInMachine.provide({
      actors: {
        login: fromPromise(({ input }) => login(api, input)),
        verifyCode: fromPromise(({ input }) => verifyLoginCode(api, input)),
        resendCode: fromPromise(({ input }) => resendLoginCode(api, input)),
      },
      actions: {
        focusFirstInvalid: () => focusFirstInvalid(form.current),
        startSession: (_, { reply }) => beginSession(reply),
        announceSignedIn: () => showToast(t`Successfully signed in`),
        announceCodeSent: () => showToast(t`OTP sent successfully`),
        forgetCourseId,
        // Best effort: the session the login opened and the user did not take ends on the server.
        endUnusedSession: (_, { reply }) => void logout(api, reply.refresh_token).catch(() => {}),
        closeDialog,
        openCodeStep: ({ context }) => {
          if (context.awaitingCode) openCodeStep(AUDIENCE[audience].verification, context.awaitingCode);
        },
        goToAttendance: ({ context }) => {
          closeDialog();
          if (context.courseId) navigate(paths.makeAttendance(context.courseId));
        },
        goOn: ({ context }) => {
          closeDialog();
          // Signing in from the page itself keeps that page (and what was typed on it) as it is.
          if (window.location.pathname + window.location.search !== context.returnTo) {
            navigate(context.returnTo);
          }
        },
      },
    }),
  );
  const [state, send] = useMachine(machine, {
    input: { audience, storedCourseId: storedCourseId(), returnTo: dialogReturnTo() },
  });
  const { values, errors, alert, busy, dismissable, kfuIdNotice, otherRole, awaitingCode, secondFactor } =
    connectSignIn(state);
  const texts = AUDIENCE[audience];
  const close = dismissable ? () => send({ type: 'dialog.close' }) : undefined;

  if (secondFactor) {
    return (
      <Modal title={t`Verify it's you`} onClose={close}>
        <OtpStep
          destination={secondFactor.destination}
          code={secondFactor.code}
          error={secondFactor.error}
          complete={secondFactor.complete}
          alert={secondFactor.alert}
          busy={secondFactor.busy}
          onChange={(value) => send({ type: 'secondFactor.change', value })}
          onSubmit={() => send({ type: 'secondFactor.submit' })}
          onBack={() => send({ type: 'secondFactor.back' })}
          backLabel={t`Back to Log In`}
          newCode={
            <NewCode
              resending={secondFactor.resending}
              onResend={() => send({ type: 'secondFactor.resend' })}
            />
          }
        />
      </Modal>
    );
  }

  if (otherRole) {
    return (
      <Modal title={i18n._(texts.signInTitle)} onClose={close}>
        <div className="flex flex-col gap-4">
          <TraineeInTrainerLogin email={values.username.trim()} />
          <button
            type="button"
            data-autofocus
            onClick={() => send({ type: 'otherRole.continue' })}
            className="w-full rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800"
          >
            <Trans>Continue as a trainee</Trans>
          </button>
          <button
            type="button"
            onClick={() => send({ type: 'otherRole.back' })}
            className="w-full rounded-lg border border-slate-300 px-4 py-3 font-semibold text-slate-800 hover:bg-slate-50"
          >
            <Trans>Back</Trans>
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={i18n._(texts.signInTitle)} onClose={close}>
      <Form ref={form} onSubmit={() => send({ type: 'form.submit' })} className="flex flex-col gap-4">
        <AlertBox message={alert} />
        {awaitingCode && (
          <button
            type="button"
            onClick={() => send({ type: 'code.open' })}
            className={button('outline', 'block')}
          >
            <Trans>Enter the verification code</Trans>
          </button>
        )}
        <TextField
          label={t`Email`}
          type="email"
          name="username"
          data-autofocus
          autoComplete="username"
          value={values.username}
          error={errors.username}
          onChange={(event) => send({ type: 'field.change', name: 'username', value: event.target.value })}
        />
        <TextField
          label={t`Password`}
          type="password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          onChange={(event) => send({ type: 'field.change', name: 'password', value: event.target.value })}
        />
        <div className="-mt-1 text-end text-sm">
          <LinkButton onClick={() => openDialog(texts.forgotPassword)}>
            <Trans>Forgot password?</Trans>
          </LinkButton>
        </div>
        <SubmitButton busy={busy}>{i18n._(texts.signInSubmit)}</SubmitButton>
        {texts.kfuId && (
          <>
            <button
              type="button"
              onClick={() => send({ type: 'kfuId.select' })}
              className="w-full rounded-lg border border-slate-300 px-4 py-3 font-semibold text-slate-800 hover:bg-slate-50"
            >
              <Trans>Continue with KFU ID</Trans>
            </button>
            {kfuIdNotice && (
              <p role="status" className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">
                <Trans>
                  Signing in with KFU ID is not available yet. Please use your e-mail and password.
                </Trans>
              </p>
            )}
          </>
        )}
        <p className="text-center text-sm text-slate-700">
          <SignUpInvitation audience={audience} />
        </p>
      </Form>
    </Modal>
  );
}
