import '@/entities/account/known-messages';
import type { ProfileEditForm } from '@contract/forms/profile';
import { type Profile, USER_TYPES, type UserType } from '@contract/wire/profile';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EmailCodeView, ProfileView } from '@machines/profile.connect';
import { lazy, type ReactNode, Suspense, useId, useRef } from 'react';
import { OtpStep } from '@/entities/account/OtpStep';
import { useProfileDetails } from '@/features/profile/profile.live';
import { translateMessage } from '@/i18n/api-messages';
import type { RouteView } from '@/routing/route-view';
import { useSessionRole } from '@/session';
import { button } from '@/ui/button';
import { Failure } from '@/ui/Failure';
import { AlertBox, Form, SubmitButton, TextField } from '@/ui/forms';
import { Modal } from '@/ui/Modal';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder } from '@/ui/ResourceView';
import { AccountSecurity } from './AccountSecurity';
import { Card } from './Card';
import { NotificationSettings } from './NotificationSettings';
import { PaymentHistory } from './PaymentHistory';
import { PhotoCard } from './PhotoCard';

// The invitations card and its dialog load beside the profile.
const InviteCard = lazy(() => import('@/features/invitations/InviteCard'));

/** Spec section 3: the user types, as each language says them. */
const USER_TYPE_LABELS: Record<UserType, MessageDescriptor> = {
  Student: msg`Student`,
  'Govt Employee': msg`Govt Employee`,
  'Private Sector': msg`Private Sector`,
  Others: msg`Others`,
};

/** /profile: the person's details, photo, password and account (spec section 3 "Profile edit"). */
export default function ProfilePage({ title }: RouteView) {
  const { i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const { view, emailCode, send } = useProfileDetails(form);
  const role = useSessionRole();

  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <PageTitle>{i18n._(title)}</PageTitle>
      {/* minmax(0, 1fr): a wide table scrolls inside its card instead of widening the page. */}
      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        {view.step === 'loading' || view.step === 'failed' ? (
          <>
            <Placeholder className="h-72" />
            {view.step === 'failed' ? (
              <Failure
                error={view.error}
                retry={view.retry}
                className="rounded-xl bg-red-50 p-4 text-red-800"
              />
            ) : (
              <div aria-busy="true" className="contents">
                <Placeholder className="h-96" />
              </div>
            )}
          </>
        ) : (
          <>
            <PhotoCard
              profile={view.profile}
              onChanged={(profile) => send({ type: 'profile.replaced', profile })}
            />
            <div className="flex flex-col gap-6">
              <DetailsCard view={view} formRef={form} />
              {role === 'TRAINEE' && <PaymentHistory />}
              {role === 'TRAINEE' && (
                <Suspense fallback={null}>
                  <InviteCard />
                </Suspense>
              )}
              <NotificationSettings />
              <AccountSecurity />
            </div>
          </>
        )}
      </div>
      {emailCode && <EmailCodeDialog view={emailCode} />}
    </section>
  );
}

function DetailsCard({
  view,
  formRef,
}: {
  view: Extract<ProfileView, { step: 'viewing' | 'editing' }>;
  formRef: React.RefObject<HTMLFormElement | null>;
}) {
  const { t } = useLingui();
  return (
    <Card title={t`Details`}>
      {view.step === 'viewing' ? (
        <>
          <Details profile={view.profile} />
          <button type="button" onClick={view.edit} className={`${button('primary', 'lg')} mt-6`}>
            <Trans>Edit profile</Trans>
          </button>
        </>
      ) : (
        <EditForm view={view} formRef={formRef} />
      )}
    </Card>
  );
}

function Details({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui();
  const none = <span className="text-slate-500">{t`Not given`}</span>;
  const typed = (value: string | null) => (value ? <bdi className="ltr-whole">{value}</bdi> : none);
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Row label={t`Full name`}>{profile.full_name}</Row>
      <Row label={t`Email`}>{typed(profile.email)}</Row>
      <Row label={t`Phone number`}>{typed(profile.phone_number)}</Row>
      <Row label={t`Govt ID or Iqama number`}>{typed(profile.govt_id_or_iqama_no)}</Row>
      <Row label={t`User type`}>{profile.user_type ? i18n._(USER_TYPE_LABELS[profile.user_type]) : none}</Row>
    </dl>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 font-semibold break-words text-slate-900">{children}</dd>
    </div>
  );
}

function EditForm({
  view,
  formRef,
}: {
  view: Extract<ProfileView, { step: 'editing' }>;
  formRef: React.RefObject<HTMLFormElement | null>;
}) {
  const { t } = useLingui();
  const { values, errors } = view;
  const field = (name: keyof ProfileEditForm) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => view.change(name, event.target.value),
  });
  return (
    <Form ref={formRef} onSubmit={view.submit} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <AlertBox message={view.alert} />
      </div>
      <TextField label={t`Full name`} autoComplete="name" data-autofocus {...field('full_name')} />
      <TextField
        label={t`Email`}
        type="email"
        autoComplete="email"
        hint={t`A new address is confirmed with a code we send to it.`}
        {...field('email')}
      />
      <TextField
        label={t`Phone number`}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        {...field('phone_number')}
      />
      <TextField
        label={t`Govt ID or Iqama number`}
        dir="ltr"
        inputMode="numeric"
        {...field('govt_id_or_iqama_no')}
      />
      <UserTypeField
        value={values.user_type}
        error={errors.user_type}
        onChange={(value) => view.change('user_type', value)}
      />
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <div className="min-w-40">
          <SubmitButton busy={view.busy}>
            <Trans>Save</Trans>
          </SubmitButton>
        </div>
        <button
          type="button"
          onClick={view.cancel}
          disabled={view.busy}
          className={button('secondary', 'block')}
        >
          <Trans>Cancel</Trans>
        </button>
      </div>
    </Form>
  );
}

/** The user type: one of spec section 3's four, chosen from a list. */
function UserTypeField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {t`User type`}
      </label>
      <select
        id={id}
        name="user_type"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`w-full rounded-lg border bg-white px-3.5 py-2.5 text-slate-900 ${
          error ? 'border-red-600' : 'border-slate-300 focus:border-brand-600'
        }`}
      >
        <option value="">{t`Choose…`}</option>
        {USER_TYPES.map((type) => (
          <option key={type} value={type}>
            {i18n._(USER_TYPE_LABELS[type])}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {translateMessage(error, i18n)}
        </p>
      )}
    </div>
  );
}

function EmailCodeDialog({ view }: { view: NonNullable<EmailCodeView> }) {
  const { t } = useLingui();
  return (
    <Modal title={t`Confirm your new e-mail`} onClose={view.busy ? undefined : view.back}>
      <OtpStep
        destination={view.destination}
        code={view.code}
        error={view.error}
        complete={view.complete}
        alert={view.alert}
        busy={view.busy}
        onChange={view.change}
        onSubmit={view.submit}
        onBack={view.back}
        backLabel={t`Back to the form`}
      />
    </Modal>
  );
}
