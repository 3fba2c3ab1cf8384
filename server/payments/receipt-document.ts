import { receiptCode, riyals } from '@contract/domain/money';
import { html, raw } from 'hono/html';
import { centreTimeZone } from '../centre-time';
import { printableDocument, qrSvg } from '../print/document';

/** What a simplified tax invoice shows (the receipt answer of the payments API). */
export interface ReceiptDocumentData {
  receipt_number: number;
  payment_id: string;
  issued_at: string;
  seller_name: string;
  seller_name_ar: string;
  vat_number: string;
  course_title: string;
  course_title_ar: string;
  subtotal: number;
  vat: number;
  total: number;
  /** Basis points: 1500 = 15 %. */
  vat_rate: number;
  currency: string;
  method: 'card' | 'wallet' | 'cash' | 'free';
  /** The e-invoice QR payload (base64 TLV). */
  qr: string;
}

const METHODS: Record<ReceiptDocumentData['method'], { en: string; ar: string }> = {
  card: { en: 'Card', ar: 'بطاقة' },
  wallet: { en: 'Digital wallet', ar: 'محفظة رقمية' },
  cash: { en: 'Cash', ar: 'نقدًا' },
  free: { en: 'Free', ar: 'مجاني' },
};

/** A time as the centre's clock shows it, whatever the server's zone. */
function dateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: centreTimeZone(),
  }).format(new Date(iso));
}

const percent = (basisPoints: number) => `${basisPoints / 100}%`;

const STYLES = `
.head { display: flex; justify-content: space-between; gap: 16pt; border-bottom: 2px solid #175e46; padding-bottom: 10pt; }
.head h1 { font-size: 16pt; color: #175e46; }
.head p { margin: 2pt 0 0; }
.side { text-align: start; }
[dir="rtl"] { direction: rtl; }
.meta { margin: 12pt 0; }
.meta td, .lines td, .lines th { font-size: 10.5pt; }
.lines th { background: #f1f6f3; font-weight: 700; }
.amount { text-align: center; direction: ltr; unicode-bidi: isolate; white-space: nowrap; }
.total td { font-weight: 700; border-bottom: 2px solid #175e46; }
.qr { display: flex; align-items: center; gap: 12pt; margin-top: 16pt; }
.qr p { margin: 0; font-size: 9.5pt; color: #4a5a53; }
`;

/**
 * The receipt as a simplified tax invoice in English and Arabic: the seller and VAT number, date and
 * time, the course, the amount before VAT, VAT and the total, and the e-invoice QR code. Rows read
 * English label, value, Arabic label; amounts are in Latin digits, as invoices in the Kingdom print
 * them.
 */
export function receiptDocument(receipt: ReceiptDocumentData): string {
  const code = receiptCode(receipt.receipt_number);
  const money = (halalas: number) => `${riyals(halalas)} ${receipt.currency}`;
  const row = (en: string, value: string, ar: string) =>
    html`<tr><td>${en}</td><td class="amount">${value}</td><td dir="rtl" class="side">${ar}</td></tr>`;
  const method = METHODS[receipt.method];
  const body = html`
    <header class="head">
      <div>
        <h1>Simplified Tax Invoice</h1>
        <p><strong>${receipt.seller_name}</strong></p>
        <p>VAT No. <bdi>${receipt.vat_number}</bdi></p>
      </div>
      <div dir="rtl" class="side">
        <h1>فاتورة ضريبية مبسطة</h1>
        <p><strong>${receipt.seller_name_ar}</strong></p>
        <p>الرقم الضريبي <bdi>${receipt.vat_number}</bdi></p>
      </div>
    </header>
    <table class="meta">
      ${row('Invoice number', code, 'رقم الفاتورة')}
      <tr>
        <td>Date</td>
        <td class="amount">${dateTime(receipt.issued_at, 'en-GB')}</td>
        <td dir="rtl" class="side">التاريخ: ${dateTime(receipt.issued_at, 'ar-SA-u-ca-gregory-nu-arab')}</td>
      </tr>
      ${row('Payment method', method.en, `طريقة الدفع: ${method.ar}`)}
    </table>
    <table class="lines">
      <tr><th>Description</th><th class="amount">Amount</th><th dir="rtl" class="side">الوصف</th></tr>
      <tr><td>${receipt.course_title}</td><td class="amount">${money(receipt.subtotal)}</td><td dir="rtl" class="side">${receipt.course_title_ar}</td></tr>
      ${row('Amount before VAT', money(receipt.subtotal), 'المبلغ قبل الضريبة')}
      ${row(`VAT ${percent(receipt.vat_rate)}`, money(receipt.vat), `ضريبة القيمة المضافة ${percent(receipt.vat_rate)}`)}
      <tr class="total"><td>Total with VAT</td><td class="amount">${money(receipt.total)}</td><td dir="rtl" class="side">الإجمالي شامل الضريبة</td></tr>
    </table>
    <div class="qr">
      ${raw(qrSvg(receipt.qr, 120, 'E-invoice QR code'))}
      <div>
        <p>Scan to read the invoice's seller, VAT number, time, total and VAT.</p>
        <p dir="rtl">امسح الرمز لقراءة البائع والرقم الضريبي والوقت والإجمالي والضريبة.</p>
      </div>
    </div>`;
  return printableDocument({
    title: `${code} · ${receipt.seller_name}`,
    lang: 'en',
    body: String(body),
    styles: STYLES,
  });
}
