import type { CentreDetails } from '@contract/wire/cms';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { getCentreDetails } from '@/api/cms';
import { api } from '@/api/http';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { openDialog } from '@/stores/dialogs';
import { Failure } from '@/ui/Failure';
import { FacebookIcon, LinkedInIcon, MailIcon, MapPinIcon, PhoneIcon, XIcon } from '@/ui/icons';
import { useResource } from '@/ui/useResource';
import { type FooterItem, footerGroupOne, footerGroupTwo } from '../menus';

const itemClass = 'rounded text-sm text-brand-100 hover:text-white hover:underline';

function FooterEntry({ item }: { item: FooterItem }) {
  const { i18n } = useLingui();
  const label = i18n._(item.option);
  if (item.action === 'trainer-login') {
    return (
      <button type="button" onClick={() => openDialog('trainerLogin')} className={itemClass}>
        {label}
      </button>
    );
  }
  if (!item.path) return <span className="text-sm text-brand-100">{label}</span>;
  // An address with an anchor (/#request-a-course) lands on it: see useScrollRestoration.
  return (
    <Link href={item.path} className={itemClass}>
      {label}
    </Link>
  );
}

function FooterGroup({ id, heading, items }: { id: string; heading: string; items: readonly FooterItem[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-base font-bold text-white">
        {heading}
      </h2>
      <ul className="flex flex-col gap-2.5">
        {items.map((item) => (
          <li key={item.id} data-menu-id={item.id}>
            <FooterEntry item={item} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ContactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2.5 text-sm text-brand-100">
      <span className="mt-0.5 shrink-0 text-gold-400">{icon}</span>
      <span>{children}</span>
    </li>
  );
}

function CentreBlock({ details }: { details: CentreDetails }) {
  const language = useLanguage();
  return (
    <div className="flex flex-col gap-4">
      <img
        src={details.logo}
        alt=""
        width={224}
        height={56}
        loading="lazy"
        className="h-12 w-fit rounded-lg bg-white px-3 py-1.5"
      />
      <p className="max-w-sm text-sm leading-relaxed text-brand-100">
        {pick(details, 'footer_header', language)}
      </p>
      <ul className="flex flex-col gap-2.5">
        <ContactLine icon={<MapPinIcon />}>{pick(details, 'location', language)}</ContactLine>
        <ContactLine icon={<PhoneIcon />}>
          <a href={`tel:${details.phone_number.replace(/\s+/g, '')}`} className="ltr-whole hover:text-white">
            {/* Left to right digit by digit: spaced Arabic-Indic groups would otherwise run right to left. */}
            <bdo dir="ltr">{pick(details, 'phone_number', language)}</bdo>
          </a>
        </ContactLine>
        <ContactLine icon={<MailIcon />}>
          <a href={`mailto:${details.email}`} className="ltr-whole hover:text-white">
            {details.email}
          </a>
        </ContactLine>
      </ul>
    </div>
  );
}

function SocialLinks({ details }: { details: CentreDetails }) {
  const { t } = useLingui();
  const links = [
    { href: details.facebook_url, label: t`Facebook`, icon: <FacebookIcon className="size-5" /> },
    { href: details.twitter_url, label: t`X (Twitter)`, icon: <XIcon className="size-5" /> },
    { href: details.linkedin_url, label: t`LinkedIn`, icon: <LinkedInIcon className="size-5" /> },
  ];
  return (
    <ul className="flex gap-3">
      {links.map((link) => (
        <li key={link.label}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className="grid size-10 place-items-center rounded-full bg-brand-800 text-white hover:bg-gold-500"
          >
            {link.icon}
            <span className="sr-only">{link.label}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Footer() {
  const { t } = useLingui();
  const language = useLanguage();
  const details = useResource(() => getCentreDetails(api));

  return (
    <footer className="mt-16 bg-brand-900 text-white print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          {details.status === 'ready' && <CentreBlock details={details.data} />}
          {details.status === 'loading' && (
            <div className="flex animate-pulse flex-col gap-3" aria-busy="true">
              <span className="sr-only">{t`Loading…`}</span>
              <div className="h-12 w-36 rounded-lg bg-brand-800" />
              <div className="h-4 w-64 rounded bg-brand-800" />
              <div className="h-4 w-48 rounded bg-brand-800" />
            </div>
          )}
          {details.status === 'failed' && (
            <Failure error={details.error} retry={details.retry} className="text-sm text-brand-100" />
          )}
        </div>
        <FooterGroup id="footer-quick-links" heading={t`Quick Links`} items={footerGroupOne} />
        <FooterGroup id="footer-support" heading={t`Support`} items={footerGroupTwo} />
        <div>
          <h2 className="mb-4 text-base font-bold text-white">{t`Follow us`}</h2>
          {details.status === 'ready' && <SocialLinks details={details.data} />}
        </div>
      </div>
      <div className="border-t border-brand-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-sm text-brand-200">
          {details.status === 'ready' ? pick(details.data, 'copyright', language) : '\u00a0'}
        </p>
      </div>
    </footer>
  );
}
