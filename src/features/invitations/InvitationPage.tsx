import { DEFAULT_FAILURE } from '@contract/messages/errors';
import type { Invitation } from '@contract/wire/invitations';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { useInvitation } from '@/features/invitations/invitation.live';
import { translateMessage } from '@/i18n/api-messages';
import { formatDate } from '@/i18n/dates';
import { isolate } from '@/i18n/isolate';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { button } from '@/ui/button';
import { AlertBox } from '@/ui/forms';
import { PageTitle } from '@/ui/PageTitle';
import '@/features/invitations/known-messages';

/** "{inviter} invited you to {course}", the course's title linking to its page (or KFU Training). */
function Headline({ invitation }: { invitation: Invitation }) {
  const language = useLanguage();
  const inviter = isolate(invitation.inviter.full_name);
  const { course } = invitation;
  if (!course) {
    return (
      <PageTitle>
        <Trans>{inviter} invited you to KFU Training</Trans>
      </PageTitle>
    );
  }
  const title = pick(course, 'title', language);
  return (
    <PageTitle>
      <Trans>
        {inviter} invited you to{' '}
        <Link
          dir="auto"
          href={paths.courseDetails(course.id)}
          className="text-brand-700 underline underline-offset-4"
        >
          {title}
        </Link>
      </Trans>
    </PageTitle>
  );
}

function Panel({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-5 px-4 py-12">
      <div className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {children}
      </div>
    </section>
  );
}

/** Where to go from an invitation: its course, or the catalogue. */
function WayOn({ invitation }: { invitation: Invitation }) {
  const { t } = useLingui();
  return invitation.course ? (
    <Link href={paths.courseDetails(invitation.course.id)} className={button('primary', 'lg')}>
      {t`Open the course`}
    </Link>
  ) : (
    <Link href={paths.catalogue()} className={button('primary', 'lg')}>
      {t`Browse courses`}
    </Link>
  );
}

/** The invitation page (`/invitations/{token}`), public: who invited, to what, and what to do. */
export default function InvitationPage({ title }: RouteView) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const { token = '' } = useParams<{ token: string }>();
  const view = useInvitation(token);

  if (view.step === 'loading') {
    return (
      <Panel>
        <PageTitle className="sr-only">{i18n._(title)}</PageTitle>
        <div aria-busy="true" className="flex flex-col gap-5">
          <div className="h-9 w-4/5 rounded-lg bg-slate-200" />
          <div className="h-5 w-3/5 rounded bg-slate-200" />
          <div className="h-11 w-48 rounded-lg bg-slate-200" />
        </div>
      </Panel>
    );
  }
  if (view.step === 'failed') {
    return (
      <Panel>
        <PageTitle>{i18n._(title)}</PageTitle>
        <AlertBox message={translateMessage(view.alert ?? DEFAULT_FAILURE, i18n)} />
        <button type="button" onClick={view.retry} className={`${button('primary', 'lg')} self-start`}>
          {t`Try again`}
        </button>
      </Panel>
    );
  }
  if (view.step === 'notFound') {
    return (
      <Panel>
        <PageTitle>{t`This invitation link is not valid`}</PageTitle>
        <p className="text-slate-700">
          {t`Check that you opened the whole link from the e-mail, or ask the person who invited you to send it again.`}
        </p>
        <Link href={paths.catalogue()} className={`${button('primary', 'lg')} self-start`}>
          {t`Browse courses`}
        </Link>
      </Panel>
    );
  }
  const { invitation } = view;
  if (view.step === 'expired') {
    return (
      <Panel>
        <Headline invitation={invitation} />
        <p className="rounded-xl bg-amber-50 p-4 font-semibold text-amber-900" role="status">
          {t`This invitation has expired`}
        </p>
        <p className="text-slate-700">
          {t`Ask ${invitation.inviter.full_name} to invite you again, or have a look on your own.`}
        </p>
        <div className="self-start">
          <WayOn invitation={invitation} />
        </div>
      </Panel>
    );
  }
  if (view.step !== 'pending') {
    return (
      <Panel>
        <Headline invitation={invitation} />
        <p className="rounded-xl bg-emerald-50 p-4 font-semibold text-green-900" role="status">
          {t`This invitation has already been accepted`}
        </p>
        <div className="self-start">
          <WayOn invitation={invitation} />
        </div>
      </Panel>
    );
  }
  return (
    <Panel>
      <Headline invitation={invitation} />
      <p className="text-slate-700">
        {view.signedIn
          ? t`Accept the invitation to open the course.`
          : t`Sign up with ${invitation.email}, or log in, to accept the invitation.`}
      </p>
      <p className="text-sm text-slate-600">{t`The link works until ${formatDate(invitation.expires_at, language)}.`}</p>
      <AlertBox message={view.alert ? translateMessage(view.alert, i18n) : null} />
      {view.signedIn ? (
        <button
          type="button"
          onClick={view.accept}
          disabled={view.busy}
          aria-busy={view.busy || undefined}
          className={`${button('primary', 'lg')} self-start`}
        >
          {t`Accept invitation`}
        </button>
      ) : (
        <div className="flex flex-wrap gap-3">
          <button type="button" onClick={() => view.signIn('signUp')} className={button('primary', 'lg')}>
            {t`Sign up`}
          </button>
          <button type="button" onClick={() => view.signIn('logIn')} className={button('secondary', 'lg')}>
            {t`Log In`}
          </button>
        </div>
      )}
    </Panel>
  );
}
