import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { api } from '@/api/http';
import { listPayments } from '@/api/payments';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '@/entities/payment/labels';
import { formatDate } from '@/i18n/dates';
import { formatMoney } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { paths } from '@/routing/paths';
import { Placeholder, ResourceView } from '@/ui/ResourceView';
import { ScrollTable } from '@/ui/ScrollTable';
import { useResource } from '@/ui/useResource';
import { Card } from './Card';

/** The trainee's payments (spec section 3: date, amount, course name, enrolment type, method), with receipts. */
export function PaymentHistory() {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const payments = useResource(() => listPayments(api, { page: 1, limit: 50 }));
  return (
    <Card title={t`Payment history`}>
      <ResourceView state={payments} loading={<Placeholder className="h-40" />}>
        {(page) =>
          page.results.length ? (
            <ScrollTable label={t`Payment history`} className="-mx-6 px-6">
              <table className="w-full min-w-[40rem] text-start text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="py-2 pe-3 text-start font-semibold">{t`Date`}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-semibold">{t`Course`}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-semibold">{t`Amount`}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-semibold">{t`Enrolment type`}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-semibold">{t`Payment method`}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-semibold">{t`Status`}</th>
                    <th scope="col" className="py-2 text-start font-semibold">{t`Receipt`}</th>
                  </tr>
                </thead>
                <tbody>
                  {page.results.map((payment) => (
                    <tr key={payment.id} className="border-b border-slate-100 align-top">
                      <td className="py-2 pe-3 whitespace-nowrap">{formatDate(payment.date, language)}</td>
                      <td dir="auto" className="py-2 pe-3">
                        {pick(payment.course, 'title', language)}
                      </td>
                      <td className="py-2 pe-3 whitespace-nowrap">{formatMoney(payment.amount, language)}</td>
                      <td className="py-2 pe-3">{payment.enrolment_type === 'free' ? t`Free` : t`Paid`}</td>
                      <td className="py-2 pe-3">{i18n._(PAYMENT_METHOD_LABELS[payment.method])}</td>
                      <td className="py-2 pe-3">{i18n._(PAYMENT_STATUS_LABELS[payment.status])}</td>
                      <td className="py-2">
                        {payment.receipt_number !== null ? (
                          <Link
                            href={paths.receipt(payment.id)}
                            className="font-semibold text-brand-800 underline"
                          >
                            {t`View receipt`}
                          </Link>
                        ) : (
                          <span className="text-slate-500">–</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollTable>
          ) : (
            <p className="text-slate-600">{t`You have no payment yet.`}</p>
          )
        }
      </ResourceView>
    </Card>
  );
}
