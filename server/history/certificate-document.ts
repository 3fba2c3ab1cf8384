import { html, raw } from 'hono/html';
import { printableDocument, qrSvg } from '../print/document';
import type { Certificate } from '../records/certificates';
import { centreDay, dayInWords } from './transcript-document';

/** What the certificate states besides the stored certificate. */
export interface CertificateDocumentData {
  certificate: Certificate;
  centre: { en: string; ar: string };
  /** The absolute address of the certificate's public verification page. */
  verifyUrl: string;
}

const STYLES = `
@page { size: A4 landscape; margin: 0; }
html, body { height: 100%; }
.page { box-sizing: border-box; width: 297mm; height: 210mm; padding: 12mm; }
.frame { height: 100%; border: 3pt double #175e46; border-radius: 6pt; padding: 10mm 14mm; display: flex; flex-direction: column; }
.top { display: flex; justify-content: space-between; gap: 16pt; align-items: baseline; color: #175e46; }
.top p { margin: 0; font-weight: 700; font-size: 12pt; }
.halves { flex: 1; display: grid; grid-template-columns: 1fr 1fr; gap: 14mm; margin-top: 8mm; }
.half h1 { font-size: 24pt; color: #175e46; margin-bottom: 8pt; }
.half .lead { margin: 0 0 4pt; color: #4a5a53; }
.half .name { font-size: 20pt; font-weight: 700; margin: 0 0 8pt; }
.half .course { font-size: 15pt; font-weight: 700; margin: 0 0 8pt; color: #175e46; }
.half dl { margin: 6pt 0 0; display: grid; grid-template-columns: auto 1fr; gap: 3pt 10pt; font-size: 10.5pt; }
.half dt { color: #4a5a53; }
.half dd { margin: 0; }
[dir="rtl"] { direction: rtl; text-align: start; }
.bottom { display: flex; align-items: center; gap: 12pt; border-top: 1px solid #d7e3dc; padding-top: 6mm; }
.bottom p { margin: 0; font-size: 9.5pt; color: #4a5a53; }
.bottom .code { font-size: 13pt; font-weight: 700; color: #1f2a26; letter-spacing: 0.5pt; }
`;

const hours = (value: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(value);
const hoursAr = (value: number) =>
  new Intl.NumberFormat('ar-SA-u-nu-arab', { maximumFractionDigits: 1 }).format(value);

/**
 * A certificate of completion on one A4 landscape page, in English and Arabic side by side: the
 * holder, the course (both titles), hours, dates, trainer, issue date, the code and a QR code of the
 * public verification address. Everything it states is the certificate as issued (migration 020).
 */
export function certificateDocument({ certificate, centre, verifyUrl }: CertificateDocumentData): string {
  const issuedDay = centreDay(new Date(certificate.issued_at));
  const body = html`
    <div class="page"><div class="frame">
      <div class="top"><p>${centre.en}</p><p dir="rtl" lang="ar">${centre.ar}</p></div>
      <div class="halves">
        <section class="half">
          <h1>Certificate of Completion</h1>
          <p class="lead">This certifies that</p>
          <p class="name">${certificate.holder_name}</p>
          <p class="lead">has completed the course</p>
          <p class="course">${certificate.course_title}</p>
          <dl>
            <dt>Hours</dt><dd><bdi>${hours(certificate.hours)}</bdi></dd>
            <dt>Dates</dt><dd><bdi>${certificate.start_date}</bdi> – <bdi>${certificate.end_date}</bdi></dd>
            <dt>Trainer</dt><dd>${certificate.trainer_name}</dd>
            <dt>Issued on</dt><dd><bdi>${dayInWords(issuedDay, 'en')}</bdi></dd>
          </dl>
        </section>
        <section class="half" dir="rtl" lang="ar">
          <h1>شهادة إتمام</h1>
          <p class="lead">يشهد المركز بأن</p>
          <p class="name">${certificate.holder_name}</p>
          <p class="lead">أتم الدورة التدريبية</p>
          <p class="course">${certificate.course_title_ar}</p>
          <dl>
            <dt>عدد الساعات</dt><dd><bdi>${hoursAr(certificate.hours)}</bdi></dd>
            <dt>التواريخ</dt><dd><bdi class="ltr">${certificate.start_date}</bdi> – <bdi class="ltr">${certificate.end_date}</bdi></dd>
            <dt>المدرب</dt><dd>${certificate.trainer_name}</dd>
            <dt>تاريخ الإصدار</dt><dd>${dayInWords(issuedDay, 'ar')}</dd>
          </dl>
        </section>
      </div>
      <div class="bottom">
        ${raw(qrSvg(verifyUrl, 96, 'Verification QR code'))}
        <div>
          <p>Certificate code | رمز الشهادة</p>
          <p class="code"><bdi>${certificate.code}</bdi></p>
          <p>Verify at | للتحقق: <bdi>${verifyUrl}</bdi></p>
        </div>
      </div>
    </div></div>`;
  return printableDocument({
    title: `Certificate ${certificate.code}`,
    lang: 'en',
    body: String(body),
    styles: STYLES,
  });
}
