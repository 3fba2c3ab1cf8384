import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Centre,
  centreForMail,
  escapeHtml,
  MAIL_KINDS,
  type MailContent,
  mailLogo,
  NOTICE_KINDS,
  readCentreForMail,
  renderMail,
} from '../../server/messages/templates';
import { CENTRE_DETAILS } from '../../server/seed';
import { startTestServer, type TestServer } from '../../server/testing';

const ORIGIN = 'https://training.example.sa';
const SETTINGS = `${ORIGIN}/profile#notification-settings`;
const centre: Centre = centreForMail(CENTRE_DETAILS, ORIGIN);
const course = { id: 12, title: 'Data Analysis with Python', title_ar: 'تحليل البيانات باستخدام بايثون' };

/** One mail of each kind, with the values a test looks for. */
const SAMPLES: MailContent[] = [
  { kind: 'registration', code: '048213', name: 'Sara' },
  { kind: 'reset', code: '771904' },
  { kind: 'email_change', code: '305561', name: 'سارة' },
  { kind: 'email_changed', newAddress: 'sara.new@example.com', name: 'Sara' },
  {
    kind: 'invitation',
    inviter: 'Ahmed',
    course,
    link: `${ORIGIN}/invitations/f3a9c0d1`,
    expiresOn: '2026-11-24',
  },
  { kind: 'trainer_approved', name: 'Khalid' },
  { kind: 'course_approved', course },
  { kind: 'course_rejected', course, reason: 'No assessment is listed.' },
  { kind: 'payment_receipt', course, amount: 115050, paymentId: 'b7e1-42', receiptCode: 'KFU-000123' },
  { kind: 'withdrawal_decided', course, approved: false, reason: 'Past the second week.' },
  { kind: 'grade_released', course, item: { title: 'Assignment 2', title_ar: 'الواجب الثاني' } },
  { kind: 'invitation_accepted', invitee: 'Noura', course: null },
  { kind: 'certificate_issued', course, link: '/verify/KFU-7Q2M' },
  { kind: 'sign_in', code: '5521907', name: 'Staff' },
  { kind: 'staff_invitation', inviter: 'Centre Administrator', link: '/', name: 'Huda' },
  { kind: 'application_rejected', reason: 'No teaching experience yet.', name: 'Faisal' },
  { kind: 'revision_approved', course },
  { kind: 'revision_rejected', course, reason: 'The new price needs the board’s approval.' },
];

/** An event handler attribute inside a tag (values are escaped, so every `<…>` is a real tag). */
const ON_ATTRIBUTE = /<[^>]*\son[a-z]+\s*=/i;

const attributes = (html: string, tag: string, name: string) =>
  [...html.matchAll(new RegExp(`<${tag}\\b[^>]*\\s${name}="([^"]*)"`, 'gi'))].map((match) => match[1] ?? '');

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeHtml('مرحبًا Sara')).toBe('مرحبًا Sara');
  });
});

describe('every kind of mail', () => {
  it('has a sample of each kind', () => {
    expect(new Set(SAMPLES.map((sample) => sample.kind))).toEqual(new Set(MAIL_KINDS));
  });

  for (const sample of SAMPLES) {
    for (const language of ['en', 'ar'] as const) {
      it(`${sample.kind} (${language} first) is a safe, bilingual, complete mail`, () => {
        const mail = renderMail({ ...sample, language }, centre);
        expect(mail.subject).toMatch(/^KFU Training: .+ \| .+$/);
        expect(mail.subject).not.toMatch(/[\r\n]/);

        const { html, text } = mail;
        expect(html.startsWith('<!DOCTYPE html>\n<html lang="en"')).toBe(true);
        expect(html.trimEnd().endsWith('</html>')).toBe(true);
        expect(html).not.toMatch(/<script/i);
        expect(html).not.toMatch(ON_ATTRIBUTE);
        expect(html).not.toMatch(/<(form|input|style|iframe|object|embed|link)\b/i);
        for (const src of attributes(html, 'img', 'src')) expect(src.startsWith(`${ORIGIN}/`)).toBe(true);
        expect(attributes(html, 'img', 'src')).toEqual([`${ORIGIN}/brand/logo-mail.png`]);

        const hrefs = attributes(html, 'a', 'href');
        const linkless = [
          'registration',
          'reset',
          'email_change',
          'email_changed',
          'sign_in',
          'application_rejected',
        ].includes(sample.kind);
        expect(hrefs.length > 0).toBe(!linkless);
        for (const href of hrefs) {
          expect(href.startsWith(`${ORIGIN}/`)).toBe(true);
          // Written out in full in the text part too.
          expect(text).toContain(href.replaceAll('&amp;', '&'));
        }

        // Both languages, each marked, the recipient's first.
        const arabic = html.indexOf('dir="rtl" lang="ar"');
        const english = html.indexOf('dir="ltr" lang="en"');
        expect(arabic).toBeGreaterThan(0);
        expect(english).toBeGreaterThan(0);
        expect(language === 'ar' ? arabic < english : english < arabic).toBe(true);
        const hello = { en: text.indexOf('Hello'), ar: text.indexOf('مرحبًا') };
        expect(hello.en).toBeGreaterThan(0);
        expect(hello.ar).toBeGreaterThan(0);
        expect(language === 'ar' ? hello.ar < hello.en : hello.en < hello.ar).toBe(true);

        // The footer: the centre, in both languages.
        for (const part of [html, text]) {
          expect(part).toContain(centre.nameEn);
          expect(part).toContain(centre.nameAr);
          expect(part).toContain(CENTRE_DETAILS.location);
          expect(part).toContain(CENTRE_DETAILS.location_ar);
          expect(part).toContain(CENTRE_DETAILS.phone_number);
          expect(part).toContain(CENTRE_DETAILS.email);
        }

        const notice = (NOTICE_KINDS as readonly string[]).includes(sample.kind);
        if (notice) {
          expect(hrefs).toContain(SETTINGS);
          expect(hrefs.at(-1)).toBe(SETTINGS);
          expect(text.trimEnd().split('\n').at(-1)).toContain(SETTINGS);
          expect(text).toContain('Choose which mails you receive');
          expect(text).toContain('اختر الرسائل التي تصلك بالبريد');
        } else {
          expect(html).not.toContain(SETTINGS);
          expect(text).not.toContain(SETTINGS);
        }
      });
    }
  }
});

describe('code mails', () => {
  for (const sample of SAMPLES) {
    if (!('code' in sample)) continue;
    it(`${sample.kind} shows the code on its own line and in a left-to-right box`, () => {
      const { html, text } = renderMail(sample, centre);
      const lines = text.split('\n');
      expect(lines.filter((line) => line === sample.code)).toHaveLength(2);
      const boxes = [...html.matchAll(/<span dir="ltr" style="([^"]*)">(\d+)<\/span>/g)];
      expect(boxes.map((box) => box[2])).toEqual([sample.code, sample.code]);
      for (const box of boxes) {
        expect(box[1]).toContain('monospace');
        expect(box[1]).toContain('letter-spacing');
        expect(box[1]).toContain('font-size:34px');
        expect(box[1]).toContain('user-select:all');
      }
      expect(text).toContain('ignore this e-mail');
      expect(text).toContain('فتجاهل هذه الرسالة');
      expect(html).toContain('ignore this e-mail');
      expect(text).toContain('It expires in 10 minutes.');
      expect(text).toContain('تنتهي صلاحيته خلال ١٠ دقائق.');
    });
  }
});

describe('what the mails say', () => {
  it('escapes every value in the HTML and keeps it as typed in the text', () => {
    const hostile = '<script>alert(1)</script>';
    const mail = renderMail(
      {
        kind: 'invitation',
        inviter: hostile,
        course: { title: 'Intro" onmouseover="alert(1)', title_ar: '<img src=x onerror=alert(1)>' },
        link: '/invitations/abc?x=1&y=2',
        expiresOn: '2026-11-24',
        name: '<b>Sara</b>',
      },
      centre,
    );
    expect(mail.html).not.toMatch(/<script/i);
    expect(mail.html).not.toMatch(ON_ATTRIBUTE);
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<b>Sara');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Intro&quot; onmouseover=&quot;alert(1)');
    expect(mail.html).toContain(`href="${ORIGIN}/invitations/abc?x=1&amp;y=2"`);
    expect(mail.text).toContain(`${hostile} invited you`);
    expect(mail.text).toContain(`${ORIGIN}/invitations/abc?x=1&y=2`);
    expect(mail.subject).toContain(hostile);
  });

  it('keeps a subject on one line', () => {
    const mail = renderMail(
      { kind: 'invitation_accepted', invitee: 'Noura\r\nBcc: x@example.com', course },
      centre,
    );
    expect(mail.subject).toBe(
      'KFU Training: Noura Bcc: x@example.com accepted your invitation | تم قبول دعوتك',
    );
  });

  it('refuses a link outside the origin', () => {
    for (const link of ['https://evil.example/invitations/abc', '//evil.example/x', 'javascript:alert(1)'])
      expect(() => renderMail({ kind: 'certificate_issued', course, link }, centre)).toThrow(
        /links only under/,
      );
  });

  it('writes amounts in riyals with two decimals, dates in each language', () => {
    const receipt = renderMail(SAMPLES[8] as MailContent, centre);
    expect(receipt.text).toContain('1150.50 SAR');
    expect(receipt.text).toContain('١١٥٠٫٥٠ ريال');
    expect(receipt.text).toContain(`${ORIGIN}/receipts/b7e1-42`);
    const invitation = renderMail(SAMPLES[4] as MailContent, centre);
    expect(invitation.text).toContain('until 24 November 2026');
    expect(invitation.text).toContain('حتى ٢٤ نوفمبر ٢٠٢٦');
  });

  it('quotes a reason in both languages', () => {
    const mail = renderMail(SAMPLES[7] as MailContent, centre);
    expect(mail.text).toContain('Reason: No assessment is listed.');
    expect(mail.text).toContain('السبب: No assessment is listed.');
    expect(mail.html).toContain(`href="${ORIGIN}/edit-course/12"`);
  });

  it('greets without a name when none is known', () => {
    const mail = renderMail({ kind: 'reset', code: '123456' }, centre);
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain('مرحبًا،');
  });
});

describe('the centre in a mail', () => {
  it('takes the logo only from under the origin, the default SVG as its PNG', () => {
    expect(mailLogo('/brand/logo.svg', ORIGIN)).toBe(`${ORIGIN}/brand/logo-mail.png`);
    expect(mailLogo(`${ORIGIN}/brand/logo.svg`, `${ORIGIN}/`)).toBe(`${ORIGIN}/brand/logo-mail.png`);
    expect(mailLogo('/uploads/logo.png', ORIGIN)).toBe(`${ORIGIN}/uploads/logo.png`);
    expect(mailLogo('uploads/logo.png', ORIGIN)).toBe(`${ORIGIN}/uploads/logo.png`);
    expect(mailLogo(`${ORIGIN}/uploads/logo.png`, ORIGIN)).toBe(`${ORIGIN}/uploads/logo.png`);
    for (const elsewhere of [
      'https://cdn.example.com/logo.png',
      '//cdn.example.com/logo.png',
      'http://training.example.sa/logo.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/brand/other.svg',
      '',
    ])
      expect(mailLogo(elsewhere, ORIGIN)).toBeUndefined();
  });

  it('shows no remote image even from a Centre made by hand', () => {
    const mail = renderMail(
      { kind: 'trainer_approved' },
      { ...centre, logoUrl: 'https://tracker.example.com/pixel.png' },
    );
    expect(mail.html).not.toMatch(/<img/i);
    expect(mail.html).toContain(centre.nameEn);
  });

  it('builds the Centre from the details row', () => {
    expect(centreForMail(CENTRE_DETAILS, `${ORIGIN}/`)).toEqual({
      nameEn: 'KFU Training Centre',
      nameAr: 'مركز التدريب بجامعة الملك فيصل',
      aboutEn: CENTRE_DETAILS.footer_header,
      aboutAr: CENTRE_DETAILS.footer_header_ar,
      email: CENTRE_DETAILS.email,
      phone: CENTRE_DETAILS.phone_number,
      locationEn: CENTRE_DETAILS.location,
      locationAr: CENTRE_DETAILS.location_ar,
      logoUrl: `${ORIGIN}/brand/logo-mail.png`,
      origin: ORIGIN,
    });
  });

  it('ships the logo as a small PNG', () => {
    const png = readFileSync(new URL('../../public/brand/logo-mail.png', import.meta.url));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.length).toBeLessThan(10_000);
  });
});

describe('readCentreForMail', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 90_000);
  afterAll(async () => {
    await server?.close();
  });

  it('reads the centre from the database', async () => {
    await expect(readCentreForMail(server.db, ORIGIN)).resolves.toEqual(
      centreForMail(CENTRE_DETAILS, ORIGIN),
    );
  });
});
