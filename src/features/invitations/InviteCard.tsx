import type { InvitationState } from '@contract/wire/invitations';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'wouter';
import { api } from '@/api/http';
import { getSentInvitations } from '@/api/invitations';
import { formatDate } from '@/i18n/dates';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import { useProfile } from '@/session';
import { button } from '@/ui/button';
import { Placeholder, ResourceView } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';

const InviteDialog = lazy(() => import('@/features/invitations/InviteDialog'));

const STATE_STYLE: Record<InvitationState, string> = {
  pending: 'bg-amber-100 text-amber-900',
  accepted: 'bg-green-100 text-green-900',
  expired: 'bg-slate-200 text-slate-800',
};

function SentList() {
  const { t } = useLingui();
  const language = useLanguage();
  const sent = useResource(() => getSentInvitations(api, { page: 1, limit: 20 }));
  const stateLabel: Record<InvitationState, string> = {
    pending: t`Not accepted yet`,
    accepted: t`Accepted`,
    expired: t`Expired`,
  };
  return (
    <ResourceView state={sent} loading={<Placeholder className="h-24" />}>
      {(page) =>
        page.results.length ? (
          <ul className="flex flex-col divide-y divide-slate-100">
            {page.results.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <p className="font-semibold break-all text-slate-900" dir="ltr">
                    <span className="ltr-text">{invitation.email}</span>
                  </p>
                  <p className="text-sm text-slate-600">
                    {invitation.course ? (
                      <Link dir="auto" href={paths.courseDetails(invitation.course.id)} className="underline">
                        {pick(invitation.course, 'title', language)}
                      </Link>
                    ) : (
                      t`KFU Training`
                    )}
                    {' · '}
                    {formatDate(invitation.created_at, language)}
                  </p>
                </div>
                <span
                  className={`rounded-full px-3 py-1 text-sm font-semibold ${STATE_STYLE[invitation.state]}`}
                >
                  {stateLabel[invitation.state]}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">{t`You have not invited anyone yet.`}</p>
        )
      }
    </ResourceView>
  );
}

/** The profile's "Invite friends" card (trainees): the invitations sent and their states, and the dialog. */
export default function InviteCard() {
  const { t } = useLingui();
  const titleId = useId();
  const profile = useProfile();
  const [open, setOpen] = useState(false);
  // A new list after sending: the key starts the read again.
  const [version, setVersion] = useState(0);
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={titleId} className="mb-4 text-xl font-bold text-slate-900">
        {t`Invite friends`}
      </h2>
      <div className="flex flex-col gap-4">
        <p className="text-slate-700">{t`Invite up to five people at a time to KFU Training. Each gets an e-mail with a link to accept.`}</p>
        <button
          type="button"
          onClick={() => setOpen(true)}
          className={`${button('primary', 'lg')} self-start`}
        >
          {t`Invite friends`}
        </button>
        <SentList key={version} />
        {open && (
          <Suspense fallback={null}>
            <InviteDialog
              courseId={null}
              ownEmail={profile?.email ?? ''}
              onClose={() => setOpen(false)}
              onSent={() => setVersion((value) => value + 1)}
            />
          </Suspense>
        )}
      </div>
    </section>
  );
}
