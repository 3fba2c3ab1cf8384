import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import { PageTitle } from './PageTitle';

export interface WayOut {
  href: string;
  label: string;
}

/**
 * A page whose subject does not exist (an unknown address, a course or event the server does not
 * know): what happened, in the page's heading and one sentence, and where to go instead, the first
 * way out as the main button. Nothing to retry.
 */
export function NotFound({ title, message, ways }: { title: ReactNode; message: ReactNode; ways: WayOut[] }) {
  const language = useLanguage();
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center">
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        {formatNumber(404, language)}
      </p>
      <PageTitle className="mt-4">{title}</PageTitle>
      <p className="mt-3 text-slate-600">{message}</p>
      <ul className="mt-8 flex flex-wrap items-center justify-center gap-3">
        {ways.map((way, index) => (
          <li key={way.href}>
            <Link
              href={way.href}
              className={
                index === 0
                  ? 'inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800'
                  : 'inline-block rounded-lg border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50'
              }
            >
              {way.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
