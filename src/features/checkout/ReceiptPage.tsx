import '@/entities/account/known-messages';
import { receiptCode } from '@contract/domain/money';
import type { Receipt } from '@contract/wire/payments';
import { useLingui } from '@lingui/react/macro';
import { downloadMachine } from '@machines/download.machine';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import QRCode from 'react-qr-code';
import { useParams } from 'wouter';
import { fromPromise } from 'xstate';
import { api } from '@/api/http';
import { downloadReceiptPdf, getReceipt } from '@/api/payments';
import { PAYMENT_METHOD_LABELS } from '@/entities/payment/labels';
import { translateMessage } from '@/i18n/api-messages';
import { formatDateTime } from '@/i18n/dates';
import { formatMoney, formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';
import type { RouteView } from '@/routing/route-view';
import { button } from '@/ui/button';
import { AlertBox } from '@/ui/forms';
import { PageTitle } from '@/ui/PageTitle';
import { Placeholder, ResourceView } from '@/ui/ResourceView';
import { saveFile } from '@/ui/save-file';
import { useResource } from '@/ui/useResource';

/** Download PDF and Print; when the server cannot print, the page itself is the printable receipt. */
function Actions({ receipt }: { receipt: Receipt }) {
  const { t, i18n } = useLingui();
  const [machine] = useState(() =>
    downloadMachine.provide({
      actors: { fetchFile: fromPromise(() => downloadReceiptPdf(api, receipt.payment_id)) },
      actions: {
        saveFile: (_, { file }) => saveFile(file, `receipt-${receiptCode(receipt.receipt_number)}.pdf`),
      },
    }),
  );
  const [state, send] = useMachine(machine);
  const unavailable = state.matches('unavailable');
  return (
    <div className="flex flex-col gap-3 print:hidden">
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => send({ type: 'download' })}
          disabled={state.matches('downloading')}
          className={button('primary', 'lg')}
        >
          {state.matches('downloading') ? t`Preparing the PDF…` : t`Download PDF`}
        </button>
        <button type="button" onClick={() => window.print()} className={button('outline', 'lg')}>
          {t`Print`}
        </button>
      </div>
      {unavailable && (
        <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {translateMessage(
            'The receipt cannot be made into a PDF right now. Print the receipt page instead',
            i18n,
          )}
        </p>
      )}
      <AlertBox message={state.context.alert} />
    </div>
  );
}

/**
 * The receipt as a simplified tax invoice: the seller and VAT number, date and time, the course, the
 * amount before VAT, VAT and the total, and the e-invoice QR code (react-qr-code). Both languages,
 * as the printed PDF; the page's language leads.
 */
function Invoice({ receipt }: { receipt: Receipt }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const rate = formatNumber(receipt.vat_rate / 100, language);
  const other = language === 'ar' ? 'en' : 'ar';
  const seller = { en: receipt.seller_name, ar: receipt.seller_name_ar };
  const course = { en: receipt.course_title, ar: receipt.course_title_ar };
  const rows: [string, string][] = [
    [t`Amount before VAT`, formatMoney(receipt.subtotal, language)],
    [t`VAT (${rate}%)`, formatMoney(receipt.vat, language)],
  ];
  return (
    <article
      aria-labelledby="receipt-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 print:border-0 print:p-0"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-brand-700 pb-4">
        <div>
          <h2 id="receipt-title" className="text-xl font-bold text-brand-800">
            {t`Simplified tax invoice`}
          </h2>
          <p className="font-semibold text-slate-900">{seller[language]}</p>
          <p lang={other} dir={other === 'ar' ? 'rtl' : 'ltr'} className="text-slate-600">
            {seller[other]}
          </p>
        </div>
        <dl className="text-sm text-slate-700">
          <div className="flex gap-2">
            <dt>{t`VAT number`}</dt>
            <dd className="ltr-text">{receipt.vat_number}</dd>
          </div>
          <div className="flex gap-2">
            <dt>{t`Invoice number`}</dt>
            <dd className="ltr-text">{receiptCode(receipt.receipt_number)}</dd>
          </div>
          <div className="flex gap-2">
            <dt>{t`Date`}</dt>
            <dd>{formatDateTime(receipt.issued_at, language)}</dd>
          </div>
          <div className="flex gap-2">
            <dt>{t`Payment method`}</dt>
            <dd>{i18n._(PAYMENT_METHOD_LABELS[receipt.method])}</dd>
          </div>
        </dl>
      </header>
      <div className="mt-4">
        <p className="font-semibold text-slate-900">{course[language]}</p>
        <p lang={other} dir={other === 'ar' ? 'rtl' : 'ltr'} className="text-slate-600">
          {course[other]}
        </p>
      </div>
      <dl className="mt-4 flex flex-col gap-2 text-slate-700">
        {rows.map(([label, amount]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt>{label}</dt>
            <dd className="whitespace-nowrap">{amount}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-lg font-bold text-slate-900">
          <dt>{t`Total with VAT`}</dt>
          <dd className="whitespace-nowrap">{formatMoney(receipt.total, language)}</dd>
        </div>
      </dl>
      <div className="mt-6 flex items-center gap-4">
        <QRCode value={receipt.qr} size={128} level="M" title={t`E-invoice QR code`} className="shrink-0" />
        <p className="text-sm text-slate-600">
          {t`Scan to read the invoice's seller, VAT number, time, total and VAT.`}
        </p>
      </div>
    </article>
  );
}

/** /receipts/{paymentId}: a paid payment's receipt, to keep, print or download. */
export default function ReceiptPage(_: RouteView) {
  const { t } = useLingui();
  const { id = '' } = useParams<{ id: string }>();
  const receipt = useResource(() => getReceipt(api, id));
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <PageTitle className="mb-6 print:hidden">{t`Receipt`}</PageTitle>
      <ResourceView state={receipt} loading={<Placeholder className="h-[32rem]" />}>
        {(found) => (
          <div className="flex flex-col gap-6">
            <Actions receipt={found} />
            <Invoice receipt={found} />
          </div>
        )}
      </ResourceView>
    </section>
  );
}
