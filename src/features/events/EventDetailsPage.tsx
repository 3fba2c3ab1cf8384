import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { EventDetails } from '@contract/wire/events';
import { useLingui } from '@lingui/react/macro';
import { connectEventRegistration } from '@machines/eventRegistration.connect';
import { eventRegistrationMachine } from '@machines/eventRegistration.machine';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { fromPromise } from 'xstate';
import { httpError } from '@/api/errors';
import { getEvent, getEventRegistration, registerForEvent } from '@/api/events';
import { api } from '@/api/http';
import { translateMessage } from '@/i18n/api-messages';
import { formatDateTimeRange } from '@/i18n/dates';
import { pick } from '@/i18n/pick';
import { term } from '@/i18n/terms';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import type { RouteView } from '@/routing/route-view';
import { useSignedIn } from '@/session';
import { useSignInDismissed } from '@/session/sign-in';
import { askToSignIn } from '@/stores/dialogs';
import { showToast } from '@/stores/toasts';
import { AlertBox } from '@/ui/forms';
import { NotFound } from '@/ui/NotFound';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder, ResourceView } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';

function Registration({ event }: { event: EventDetails }) {
  const { t, i18n } = useLingui();
  const signedIn = useSignedIn();
  const [machine] = useState(() =>
    eventRegistrationMachine.provide({
      actors: {
        readRegistration: fromPromise(() => getEventRegistration(api, event.id)),
        register: fromPromise(() => registerForEvent(api, event.id)),
      },
      actions: {
        askToSignIn,
        announceRegistered: (_, { reply }) => showToast(translateMessage(reply.message, i18n)),
      },
    }),
  );
  const [state, send] = useMachine(machine, {
    input: { endsAt: event.date_range.end, now: Date.now(), signedIn },
  });
  // Signing in (from the dialog 'Register' opened, or another tab) registers or shows the registration.
  useEffect(() => send({ type: 'session.change', signedIn }), [send, signedIn]);
  useSignInDismissed(() => send({ type: 'signIn.dismissed' }));
  const view = connectEventRegistration(state);
  if (view.status === 'ended') {
    return <p className="font-semibold text-brand-100">{t`This event has ended`}</p>;
  }
  if (view.status === 'checking') {
    return <Placeholder className="h-12 w-56 bg-white/10" />;
  }
  if (view.status === 'registered') {
    return (
      <p role="status" className="rounded-lg bg-white/10 px-4 py-3 font-semibold">
        {t`You are registered for this event.`}
      </p>
    );
  }
  return (
    <div className="flex flex-col items-start gap-3">
      <AlertBox message={view.alert} />
      <button
        type="button"
        disabled={view.busy}
        onClick={() => send({ type: 'registration.submit' })}
        className="rounded-lg bg-gold-500 px-6 py-3 font-semibold text-brand-900 hover:bg-gold-400 disabled:opacity-60"
      >
        {view.busy ? t`Registering…` : t`Register for this event`}
      </button>
      {view.signInFirst && <p className="text-sm text-brand-100">{t`You will be asked to log in first.`}</p>}
    </div>
  );
}

/** /event-details/{id}: the event, its dates and access, and registration. */
export default function EventDetailsPage({ title }: RouteView) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const { id } = useParams<{ id: string }>();
  const eventId = Number(id);
  const event = useResource(() =>
    Number.isInteger(eventId) && eventId > 0
      ? getEvent(api, eventId)
      : // An address that cannot name an event is answered as the server would: no such event.
        Promise.reject(httpError(404, undefined, SERVER_MESSAGES.notFound)),
  );
  if (event.status === 'missing') {
    return (
      <NotFound
        title={t`Event not found`}
        message={t`This event does not exist or has been removed. The home page lists the coming events.`}
        ways={[
          { href: paths.home(), label: t`Back to home` },
          { href: paths.catalogue(), label: t`Browse courses` },
        ]}
      />
    );
  }
  return (
    <section className="bg-brand-900 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 lg:grid-cols-2">
        {event.status !== 'ready' && <PageTitle className="text-white">{i18n._(title)}</PageTitle>}
        <ResourceView state={event} loading={<Placeholder className="h-56 bg-brand-800" />}>
          {(data) => (
            <>
              <div className="flex flex-col items-start gap-4">
                <p className="text-sm font-semibold tracking-wide text-gold-400 uppercase">{t`Event`}</p>
                <PageTitle dir="auto" className="text-4xl text-white">
                  {pick(data, 'title', language)}
                </PageTitle>
                <dl className="grid gap-3 text-brand-100 sm:grid-cols-[auto_1fr] sm:gap-x-4">
                  <dt className="font-semibold text-white">{t`When`}</dt>
                  <dd>
                    {formatDateTimeRange(data.date_range.start, data.date_range.end, language)}{' '}
                    <span className="text-sm whitespace-nowrap text-brand-200">({t`Riyadh time`})</span>
                  </dd>
                  <dt className="font-semibold text-white">{t`Where`}</dt>
                  <dd dir="auto">{pick(data, 'location', language)}</dd>
                  <dt className="font-semibold text-white">{t`Who can attend`}</dt>
                  <dd>{term(data.event_access, i18n)}</dd>
                </dl>
                <p dir="auto" className="text-start leading-relaxed text-brand-100">
                  {pick(data, 'description', language)}
                </p>
                <Registration event={data} />
              </div>
              <img
                src={data.image}
                alt=""
                width={480}
                height={270}
                fetchPriority="high"
                className="aspect-[16/10] h-auto w-full rounded-3xl object-cover"
              />
            </>
          )}
        </ResourceView>
      </div>
    </section>
  );
}
