import { html } from 'hono/html';
import { centreDate } from '../centre-time';
import { printableDocument } from '../print/document';
import type { TranscriptRow } from './queries';

/** The centre's day of `instant`, YYYY-MM-DD: documents are dated on the centre's calendar. */
export const centreDay = centreDate;

/** A YYYY-MM-DD day in words, in English or in Arabic (Gregorian, Arabic-Indic digits). */
export function dayInWords(day: string, language: 'en' | 'ar'): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'ar-SA-u-ca-gregory-nu-arab', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** What the transcript states. */
export interface TranscriptData {
  centre: { en: string; ar: string };
  holder: { name: string; email: string };
  /** When it was made. */
  generated_at: Date;
  rows: readonly TranscriptRow[];
}

const STYLES = `
.head { display: flex; justify-content: space-between; gap: 16pt; border-bottom: 2px solid #175e46; padding-bottom: 10pt; }
.head h1 { font-size: 17pt; color: #175e46; }
.head p { margin: 2pt 0 0; }
[dir="rtl"] { direction: rtl; text-align: start; }
.who { display: flex; justify-content: space-between; gap: 16pt; margin: 12pt 0; }
.who dl { margin: 0; display: grid; grid-template-columns: auto auto; gap: 2pt 10pt; }
.who dt { color: #4a5a53; }
.who dd { margin: 0; font-weight: 700; }
.courses th { background: #f1f6f3; font-size: 9pt; font-weight: 700; }
.courses td { font-size: 9.5pt; }
.courses { table-layout: fixed; }
.courses th:nth-child(1) { width: 27%; }
.courses th:nth-child(2) { width: 12%; }
.courses th:nth-child(3) { width: 8%; }
.courses th:nth-child(4), .courses th:nth-child(5), .courses th:nth-child(6) { width: 11%; }
.courses th:nth-child(7) { width: 20%; }
.courses .code { font-size: 8.5pt; }
.courses th.num { white-space: normal; }
.courses th .ar, .courses td .ar { display: block; direction: rtl; }
.num { text-align: center; white-space: nowrap; }
.total td { font-weight: 700; border-top: 2px solid #175e46; }
.ok { color: #175e46; font-weight: 700; }
.no { color: #9b2c2c; font-weight: 700; }
.foot { margin-top: 14pt; font-size: 9pt; color: #4a5a53; display: flex; justify-content: space-between; gap: 16pt; }
`;

const number = (value: number, digits: number) =>
  new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(value);

/**
 * The trainee's transcript in English and Arabic: the centre, the trainee, the day it was made, a row
 * per course that has ended (titles in both languages, dates, hours, attendance, average grade,
 * result, certificate code) and the hours of the completed ones. Labels read "English | Arabic";
 * figures, dates and codes are left-to-right pieces in Latin digits.
 */
export function transcriptDocument(data: TranscriptData): string {
  const day = centreDay(data.generated_at);
  const completedHours = data.rows.reduce((sum, row) => sum + (row.completed ? row.hours : 0), 0);
  const label = (en: string, ar: string) => html`${en}<span class="ar" dir="rtl" lang="ar">${ar}</span>`;
  const rows = data.rows.map(
    (row) => html`<tr>
      <td>${row.title}<span class="ar" dir="rtl" lang="ar">${row.title_ar}</span></td>
      <td class="num"><bdi>${row.start_date}</bdi><br /><bdi>${row.end_date}</bdi></td>
      <td class="num"><bdi>${number(row.hours, 1)}</bdi></td>
      <td class="num"><bdi>${row.attendance_rate === null ? '–' : `${number(row.attendance_rate, 1)}%`}</bdi></td>
      <td class="num"><bdi>${row.average_grade === null ? '–' : `${number(row.average_grade, 2)} / 10`}</bdi></td>
      <td class="${row.completed ? 'ok' : 'no'}">${
        row.completed ? label('Completed', 'مكتملة') : label('Not completed', 'غير مكتملة')
      }</td>
      <td class="num code">${
        row.certificate_code
          ? html`<bdi>${row.certificate_code.slice(0, 14)}</bdi><br /><bdi>${row.certificate_code.slice(14)}</bdi>`
          : '–'
      }</td>
    </tr>`,
  );
  const body = html`
    <header class="head">
      <div>
        <h1>Academic Transcript</h1>
        <p><strong>${data.centre.en}</strong></p>
      </div>
      <div dir="rtl" lang="ar">
        <h1>السجل الأكاديمي</h1>
        <p><strong>${data.centre.ar}</strong></p>
      </div>
    </header>
    <section class="who">
      <dl>
        <dt>Trainee | المتدرب</dt><dd>${data.holder.name}</dd>
        <dt>E-mail | البريد الإلكتروني</dt><dd><bdi>${data.holder.email}</bdi></dd>
      </dl>
      <dl>
        <dt>Generated on | تاريخ الإصدار</dt><dd><bdi>${day}</bdi></dd>
      </dl>
    </section>
    <table class="courses">
      <thead>
        <tr>
          <th>${label('Course', 'الدورة')}</th>
          <th class="num">${label('Dates', 'التواريخ')}</th>
          <th class="num">${label('Hours', 'الساعات')}</th>
          <th class="num">${label('Attendance', 'الحضور')}</th>
          <th class="num">${label('Average grade', 'متوسط الدرجات')}</th>
          <th>${label('Result', 'النتيجة')}</th>
          <th class="num">${label('Certificate', 'الشهادة')}</th>
        </tr>
      </thead>
      <tbody>
        ${rows}
        <tr class="total">
          <td colspan="2">${label('Total hours of completed courses', 'مجموع ساعات الدورات المكتملة')}</td>
          <td class="num"><bdi>${number(completedHours, 1)}</bdi></td>
          <td colspan="4"></td>
        </tr>
      </tbody>
    </table>
    <div class="foot">
      <p>Certificates can be verified at the centre's verification page with their code.</p>
      <p dir="rtl" lang="ar">يمكن التحقق من الشهادات برموزها في صفحة التحقق لدى المركز.</p>
    </div>`;
  return printableDocument({
    title: `Transcript · ${data.holder.name}`,
    lang: 'en',
    body: String(body),
    styles: STYLES,
  });
}
