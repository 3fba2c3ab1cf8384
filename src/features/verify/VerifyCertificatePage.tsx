import { readCertificateCode } from '@contract/domain/certificates';
import { VERIFICATION_MESSAGES } from '@contract/messages/verification';
import type { CertificateCheck } from '@contract/wire/verification';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useParams } from 'wouter';
import { httpError } from '@/api/errors';
import { api } from '@/api/http';
import { checkCertificate } from '@/api/verification';
import { CertificateCodeForm } from '@/features/verify/CertificateCodeForm';
import { formatDate, formatDateRange } from '@/i18n/dates';
import { formatNumber } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import type { RouteView } from '@/routing/route-view';
import { Failure } from '@/ui/Failure';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder } from '@/ui/ResourceView';
import { useResource } from '@/ui/useResource';

/** A date, isolated from the text around it (its own direction: Arabic dates read right to left). */
function Isolated({ children }: { children: ReactNode }) {
  return <bdi className="whitespace-nowrap">{children}</bdi>;
}

/** A certificate code: left to right and whole, also in an Arabic sentence. */
function Code({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" className="ltr-whole font-mono">
      {children}
    </bdi>
  );
}

type Tone = 'valid' | 'revoked' | 'loading';

const TONES: Record<Tone, string> = {
  valid: 'border-emerald-700 bg-emerald-50',
  revoked: 'border-red-700 bg-red-50',
  loading: 'border-slate-200 bg-white',
};

interface Row {
  label: string;
  value: ReactNode;
}

/**
 * The answer for one code, as a card: a heading that says valid or revoked, then what the
 * certificate states. The loading card is the same card with placeholders, so nothing moves when
 * the answer arrives.
 */
function CertificateCard({
  tone,
  heading,
  notice,
  rows,
}: {
  tone: Tone;
  heading: ReactNode;
  notice?: ReactNode;
  rows: Row[];
}) {
  return (
    <section aria-live="polite" className={`rounded-2xl border-2 p-5 sm:p-7 ${TONES[tone]}`}>
      <div className="flex min-h-9 items-center gap-3">{heading}</div>
      {notice}
      <dl className="mt-5 grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(9rem,auto)_1fr]">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-sm font-semibold text-slate-600 sm:text-base">{row.label}</dt>
            <dd className="min-h-6 text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function useLabels() {
  const { t } = useLingui();
  return {
    holder: t`Awarded to`,
    course: t`Course`,
    hours: t`Training hours`,
    dates: t`Course dates`,
    trainer: t`Trainer`,
    issued: t`Issued on`,
    code: t`Certificate code`,
  };
}

function Loading() {
  const labels = useLabels();
  const value = <Placeholder className="h-6 w-2/3 max-w-64" />;
  return (
    <CertificateCard
      tone="loading"
      heading={<Placeholder className="h-8 w-3/4 max-w-80" />}
      rows={Object.values(labels).map((label) => ({ label, value }))}
    />
  );
}

function Answer({ certificate }: { certificate: CertificateCheck }) {
  const { t } = useLingui();
  const language = useLanguage();
  const labels = useLabels();
  const rows: Row[] = [
    {
      label: labels.holder,
      value: (
        <span dir="auto" className="font-semibold">
          {certificate.holder_name}
        </span>
      ),
    },
    { label: labels.course, value: <bdi>{pick(certificate.course, 'title', language)}</bdi> },
    { label: labels.hours, value: formatNumber(certificate.hours, language) },
    {
      label: labels.dates,
      value: <Isolated>{formatDateRange(certificate.start_date, certificate.end_date, language)}</Isolated>,
    },
    { label: labels.trainer, value: certificate.trainer_name },
    { label: labels.issued, value: <Isolated>{formatDate(certificate.issued_at, language)}</Isolated> },
    {
      label: labels.code,
      value: <Code>{certificate.code}</Code>,
    },
  ];
  if (certificate.status === 'revoked') {
    return (
      <CertificateCard
        tone="revoked"
        heading={
          <>
            <CrossMark />
            <h2 className="text-xl font-bold text-red-800 sm:text-2xl">{t`This certificate was revoked`}</h2>
          </>
        }
        notice={
          <div className="mt-3 flex flex-col gap-1 text-red-900">
            {certificate.revoked_at && (
              <p>
                {t`Revoked on`} <Isolated>{formatDate(certificate.revoked_at, language)}</Isolated>
              </p>
            )}
            {certificate.revoke_reason && (
              <p>
                <span className="font-semibold">{t`Reason:`}</span> <bdi>{certificate.revoke_reason}</bdi>
              </p>
            )}
          </div>
        }
        rows={rows}
      />
    );
  }
  return (
    <CertificateCard
      tone="valid"
      heading={
        <>
          <CheckMark />
          <h2 className="text-xl font-bold text-green-800 sm:text-2xl">{t`This certificate is valid`}</h2>
        </>
      }
      rows={rows}
    />
  );
}

function CheckMark() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-8 shrink-0 text-emerald-700"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="12" cy="12" r="10" />
      <path d="m7.5 12.5 3 3 6-6.5" />
    </svg>
  );
}

function CrossMark() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-8 shrink-0 text-red-700"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
    >
      <circle cx="12" cy="12" r="10" />
      <path d="m8.5 8.5 7 7m0-7-7 7" />
    </svg>
  );
}

/** The answer for the code in the address: loading, valid, revoked, unknown (with the form), or a failure. */
function CodeCheck({ code }: { code: string }) {
  const { t } = useLingui();
  const readable = readCertificateCode(code);
  const answer = useResource(() =>
    readable
      ? checkCertificate(api, readable)
      : // An address that cannot hold a code is answered as the server would: no certificate has it.
        Promise.reject(httpError(404, undefined, VERIFICATION_MESSAGES.unknown)),
  );
  if (answer.status === 'loading') {
    return (
      <div aria-busy="true">
        <Loading />
      </div>
    );
  }
  if (answer.status === 'ready') return <Answer certificate={answer.data} />;
  if (answer.status === 'failed') {
    return (
      <Failure error={answer.error} retry={answer.retry} className="rounded-xl bg-red-50 p-4 text-red-800" />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <div role="alert" className="rounded-2xl border-2 border-amber-600 bg-amber-50 p-5 sm:p-7">
        <h2 className="text-xl font-bold text-amber-900">{t`No certificate has this code`}</h2>
        <p className="mt-2 text-amber-900">{t`Check the code and try again.`}</p>
      </div>
      <CertificateCodeForm text={code} />
    </div>
  );
}

/** /verify and /verify/{code}: anyone checks a certificate by its code (its QR code leads here). */
export default function VerifyCertificatePage({ title }: RouteView) {
  const { i18n, t } = useLingui();
  const { code } = useParams<{ code?: string }>();
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:py-14">
      <div className="flex flex-col gap-2">
        <PageTitle>{i18n._(title)}</PageTitle>
        <p className="text-slate-600">{t`Enter the code printed on a certificate to check it.`}</p>
      </div>
      {code === undefined ? <CertificateCodeForm /> : <CodeCheck key={code} code={code} />}
    </section>
  );
}
