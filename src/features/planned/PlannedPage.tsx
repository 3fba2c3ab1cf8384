import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { RouteView } from '@/routing/route-view';
import { PageTitle } from '@/ui/PageTitle';

/** A screen that is still being built: its title and one plain sentence. */
export default function PlannedPage({ title }: RouteView) {
  const { i18n } = useLingui();
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <PageTitle>{i18n._(title)}</PageTitle>
      <p className="mt-4 text-slate-600">
        <Trans>This page will open soon.</Trans>
      </p>
    </section>
  );
}
