import { execFileSync } from 'node:child_process';
import { html } from 'hono/html';
import { afterAll, describe, expect, it } from 'vitest';
import { eInvoiceQr } from '../../server/payments/einvoice';
import { receiptDocument } from '../../server/payments/receipt-document';
import { printableDocument, qrSvg } from '../../server/print/document';
import { createPrinter, PrintUnavailable } from '../../server/print/printer';

const printer = createPrinter();
afterAll(() => printer.close());

/** The PDF's text as pdftotext (poppler-utils) reads it, without the direction marks it adds. */
function textOf(pdf: Uint8Array): string {
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
  return text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
}

describe('printing documents through Chromium', () => {
  it('joins Arabic and keeps its words in order, with amounts and codes whole', async () => {
    const name = '<script>alert(1)</script> نورة';
    const body = String(
      await html`<h1>إيصال ضريبي مبسط · Simplified tax invoice</h1>
        <p>مركز التدريب بجامعة الملك فيصل</p>
        <p>${name}</p>
        <p>الإجمالي <bdi>1150.00</bdi> ريال · رمز <bdi>KFU-2026-000123</bdi></p>`,
    );
    const pdf = await printer.pdf(printableDocument({ title: 'Receipt', lang: 'ar', body }));
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = textOf(pdf);
    expect(text).toContain('إيصال ضريبي مبسط');
    expect(text).toContain('مركز التدريب بجامعة الملك فيصل');
    expect(text).toContain('Simplified tax invoice');
    expect(text).toContain('1150.00');
    expect(text).toContain('KFU-2026-000123');
    // Values are text, never markup: the tag is printed as letters.
    expect(text).toMatch(/script.*alert\(1\).*script/);
  });

  it('prints several documents at once', async () => {
    const pdfs = await Promise.all(
      [1, 2, 3].map((n) =>
        printer.pdf(printableDocument({ title: `${n}`, lang: 'en', body: `<p>Document ${n}</p>` })),
      ),
    );
    expect(pdfs.map((pdf) => textOf(pdf).trim())).toEqual(['Document 1', 'Document 2', 'Document 3']);
  });

  it('says printing is unavailable when there is no Chromium', async () => {
    const none = createPrinter({ executablePath: '/nonexistent/chromium' });
    await expect(none.pdf('<p>x</p>')).rejects.toBeInstanceOf(PrintUnavailable);
  });

  it('draws QR codes as inline SVG', () => {
    const svg = qrSvg('AQVLRlUgVHJhaW5pbmc=', 96, 'E-invoice code');
    expect(svg).toMatch(/^<svg[^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('<title>E-invoice code</title>');
  });

  it('prints a receipt as a simplified tax invoice in both languages', async () => {
    const issuedAt = new Date('2026-11-23T09:30:00Z');
    const sellerNameAr = 'مركز التدريب بجامعة الملك فيصل';
    const pdf = await printer.pdf(
      receiptDocument({
        receipt_number: 123,
        payment_id: '0b9f8a52-3f0e-4c43-9a57-1b1f6c7c1d10',
        issued_at: issuedAt.toISOString(),
        seller_name: 'King Faisal University Training Centre',
        seller_name_ar: sellerNameAr,
        vat_number: '310122393500003',
        course_title: 'Data Analysis with Python',
        course_title_ar: 'تحليل البيانات باستخدام بايثون',
        subtotal: 100_000,
        vat: 15_000,
        total: 115_000,
        vat_rate: 1500,
        currency: 'SAR',
        method: 'card',
        qr: eInvoiceQr({
          sellerName: sellerNameAr,
          vatNumber: '310122393500003',
          issuedAt,
          total: 115_000,
          vat: 15_000,
        }),
      }),
    );
    const text = textOf(pdf);
    for (const words of [
      'Simplified Tax Invoice',
      'فاتورة ضريبية مبسطة',
      sellerNameAr,
      'الرقم الضريبي',
      '310122393500003',
      'KFU-000123',
      'تحليل البيانات باستخدام بايثون',
      '1000.00 SAR',
      '150.00 SAR',
      '1150.00 SAR',
      'الإجمالي شامل الضريبة',
      // 09:30 UTC is 12:30 in Riyadh.
      '12:30',
    ]) {
      expect(text).toContain(words);
    }
  });
});
