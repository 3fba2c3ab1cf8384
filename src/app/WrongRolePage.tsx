import { useLingui } from '@lingui/react/macro';
import type { SessionRole } from '@machines/session.machine';
import { Link } from 'wouter';
import { startPageOf } from '@/routing/start-pages';
import { useSessionRole } from '@/session';
import { PageTitle } from '@/ui/PageTitle';

/**
 * A protected screen opened by a signed-in user of the other role: whom it is for, and the way to
 * their own start page, instead of a screen that would fail on every call.
 */
export function WrongRolePage({ roles }: { roles: readonly SessionRole[] }) {
  const { t } = useLingui();
  const role = useSessionRole();
  const forRole = roles.length === 1 ? roles[0] : roles.includes('TRAINER') ? 'both' : 'TRAINEE';
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center" data-testid="wrong-role">
      <PageTitle>
        {forRole === 'TRAINER'
          ? t`This page is for trainers`
          : forRole === 'ADMIN'
            ? t`This page is for the centre's staff`
            : forRole === 'both'
              ? t`This page is for trainees and trainers`
              : t`This page is for trainees`}
      </PageTitle>
      <p className="mt-3 text-slate-600">
        {role === 'TRAINER'
          ? t`You are signed in with a trainer account.`
          : role === 'ADMIN'
            ? t`You are signed in with a staff account.`
            : t`You are signed in with a trainee account.`}
      </p>
      {role && (
        <Link
          href={startPageOf(role)}
          className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {role === 'TRAINER'
            ? t`Go to my courses`
            : role === 'ADMIN'
              ? t`Go to the approvals`
              : t`Go to my enrolled courses`}
        </Link>
      )}
    </section>
  );
}
