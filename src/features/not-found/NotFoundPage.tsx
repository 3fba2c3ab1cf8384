import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '@/routing/paths';
import { PageTitle } from '@/ui/PageTitle';

export default function NotFoundPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center">
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <PageTitle className="mt-4">
        <Trans>Page not found</Trans>
      </PageTitle>
      <p className="mt-3 text-slate-600">
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <Link
        href={paths.home()}
        className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <Trans>Back to home</Trans>
      </Link>
    </section>
  );
}
