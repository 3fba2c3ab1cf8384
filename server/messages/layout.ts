import type { Centre } from './centre';
import { escapeHtml } from './html';

export type MailLanguage = 'en' | 'ar';

/** A value inside a sentence: shown in bold and isolated, so that a name in the other script keeps its place. */
export interface Value {
  value: string;
}

/** A sentence: its words and the values between them. */
export type Line = readonly (string | Value)[];

/** `say\`Hello ${name}\`` → the line, each interpolated value marked as a value. */
export function say(words: TemplateStringsArray, ...values: string[]): Line {
  const line: (string | Value)[] = [];
  words.forEach((word, index) => {
    if (word) line.push(word);
    const value = values[index];
    if (index < values.length && value !== undefined) line.push({ value });
  });
  return line;
}

/** What a language's part holds, top to bottom. */
export type Block =
  | { type: 'line'; line: Line }
  /** A one-time code: large, monospace, left to right. */
  | { type: 'code'; code: string }
  /** A text someone typed (a reason), quoted under its label. */
  | { type: 'quote'; label: string; text: string }
  /** A button, and the address written out beneath it. */
  | { type: 'action'; label: string; url: string };

export interface Section {
  heading: string;
  greeting: string;
  blocks: readonly Block[];
  /** For codes and invitations: what to do with a mail one did not ask for (in the footer). */
  ignore?: string | undefined;
}

/** A mail before it is written out: its subject and its two languages. */
export interface Composition {
  subject: string;
  en: Section;
  ar: Section;
  /** The notification settings page's address, for the notices' last line. */
  settingsUrl?: string | undefined;
}

interface Words {
  orOpen: string;
  phone: string;
  email: string;
  settings: string;
}

const WORDS: Record<MailLanguage, Words> = {
  en: {
    orOpen: 'If the button does not open, copy this address into your browser:',
    phone: 'Phone',
    email: 'E-mail',
    settings: 'Choose which mails you receive',
  },
  ar: {
    orOpen: 'إذا لم يعمل الزر فانسخ هذا العنوان إلى المتصفح:',
    phone: 'الهاتف',
    email: 'البريد الإلكتروني',
    settings: 'اختر الرسائل التي تصلك بالبريد',
  },
};

const BRAND = '#175e46';
const INK = '#1f2a26';
const MUTED = '#5b6b64';
const FONT: Record<MailLanguage, string> = {
  en: "'Segoe UI',Roboto,Helvetica,Arial,sans-serif",
  ar: "'IBM Plex Sans Arabic','Segoe UI',Tahoma,'Geeza Pro',Arial,sans-serif",
};
const MONO = "'SFMono-Regular',Menlo,Consolas,'Liberation Mono','Courier New',monospace";
const ALIGN: Record<MailLanguage, string> = { en: 'left', ar: 'right' };
const DIR: Record<MailLanguage, string> = { en: 'ltr', ar: 'rtl' };

// ---- Text part ----

function lineText(line: Line): string {
  return line.map((part) => (typeof part === 'string' ? part : part.value)).join('');
}

function sectionText(section: Section): string[] {
  const out: string[] = [section.heading, '', section.greeting, ''];
  for (const block of section.blocks) {
    if (block.type === 'line') out.push(lineText(block.line), '');
    else if (block.type === 'code') out.push('', block.code, '');
    else if (block.type === 'quote') out.push(`${block.label}: ${block.text}`, '');
    else out.push('', `${block.label}:`, block.url, '');
  }
  return out;
}

function footerText(centre: Centre, section: Section, language: MailLanguage): string[] {
  const words = WORDS[language];
  const out: string[] = [];
  if (section.ignore) out.push(section.ignore, '');
  out.push(language === 'en' ? centre.nameEn : centre.nameAr);
  const location = language === 'en' ? centre.locationEn : centre.locationAr;
  if (location) out.push(location);
  if (centre.phone) out.push(`${words.phone}: ${centre.phone}`);
  if (centre.email) out.push(`${words.email}: ${centre.email}`);
  return out;
}

/** Collapses the blank lines a block list leaves doubled. */
function tidy(lines: string[]): string {
  const out: string[] = [];
  for (const line of lines) {
    if (line === '' && (out.length === 0 || out[out.length - 1] === '')) continue;
    out.push(line);
  }
  while (out[out.length - 1] === '') out.pop();
  return out.join('\n');
}

export function renderText(mail: Composition, centre: Centre, order: readonly MailLanguage[]): string {
  const lines: string[] = [];
  order.forEach((language, index) => {
    if (index > 0) lines.push('', '—', '');
    lines.push(...sectionText(mail[language]));
  });
  lines.push('', '—', '');
  order.forEach((language, index) => {
    if (index > 0) lines.push('');
    lines.push(...footerText(centre, mail[language], language));
  });
  if (mail.settingsUrl) {
    lines.push('');
    for (const language of order) lines.push(`${WORDS[language].settings}: ${mail.settingsUrl}`);
  }
  return `${tidy(lines)}\n`;
}

// ---- HTML part ----

function lineHtml(line: Line): string {
  return line
    .map((part) =>
      typeof part === 'string'
        ? escapeHtml(part)
        : `<strong dir="auto" style="font-weight:600;color:${INK}">${escapeHtml(part.value)}</strong>`,
    )
    .join('');
}

function paragraph(html: string, language: MailLanguage, extra = ''): string {
  return `<p style="margin:0 0 14px;font-family:${FONT[language]};font-size:16px;line-height:${language === 'ar' ? '1.8' : '1.6'};color:${INK};text-align:${ALIGN[language]};${extra}">${html}</p>`;
}

function codeHtml(code: string): string {
  // Digits stay in order left to right inside the Arabic part; a click selects the whole code.
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="margin:4px 0 18px;border-collapse:separate">
<tr><td align="center" dir="ltr" style="padding:18px 12px;background:#eef6f2;border:1px solid #c9e0d5;border-radius:10px">
<span dir="ltr" style="display:inline-block;font-family:${MONO};font-size:34px;line-height:40px;font-weight:700;letter-spacing:8px;padding-left:8px;color:#12372a;-webkit-user-select:all;user-select:all">${escapeHtml(code)}</span>
</td></tr></table>`;
}

function quoteHtml(label: string, text: string, language: MailLanguage): string {
  const border = language === 'ar' ? 'border-right' : 'border-left';
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="margin:0 0 16px">
<tr><td style="${border}:4px solid #d9a441;background:#fbf6ea;padding:12px 14px;border-radius:6px">
${paragraph(`<strong style="font-weight:600">${escapeHtml(label)}</strong>`, language, 'margin:0 0 4px;font-size:14px;color:#6b5423')}
<p dir="auto" style="margin:0;font-family:${FONT[language]};font-size:15px;line-height:1.6;color:${INK};text-align:start;white-space:pre-line">${escapeHtml(text)}</p>
</td></tr></table>`;
}

function actionHtml(label: string, url: string, language: MailLanguage): string {
  const href = escapeHtml(url);
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:6px 0 14px">
<tr><td align="center" bgcolor="${BRAND}" style="border-radius:8px;background:${BRAND}">
<a href="${href}" target="_blank" style="display:inline-block;padding:13px 26px;font-family:${FONT[language]};font-size:16px;font-weight:600;line-height:20px;color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(label)}</a>
</td></tr></table>
${paragraph(escapeHtml(WORDS[language].orOpen), language, `margin:0 0 4px;font-size:13px;color:${MUTED}`)}
<p dir="ltr" style="margin:0 0 16px;font-family:${MONO};font-size:13px;line-height:1.5;text-align:${ALIGN[language]};word-break:break-word;overflow-wrap:anywhere"><a href="${href}" target="_blank" style="color:${BRAND};text-decoration:underline">${href}</a></p>`;
}

function sectionHtml(section: Section, language: MailLanguage): string {
  const blocks = section.blocks.map((block) => {
    if (block.type === 'line') return paragraph(lineHtml(block.line), language);
    if (block.type === 'code') return codeHtml(block.code);
    if (block.type === 'quote') return quoteHtml(block.label, block.text, language);
    return actionHtml(block.label, block.url, language);
  });
  return `<tr><td dir="${DIR[language]}" lang="${language}" style="padding:28px 28px 14px;text-align:${ALIGN[language]}">
<h1 style="margin:0 0 16px;font-family:${FONT[language]};font-size:22px;line-height:1.4;font-weight:700;color:${BRAND};text-align:${ALIGN[language]}">${escapeHtml(section.heading)}</h1>
${paragraph(escapeHtml(section.greeting), language)}
${blocks.join('\n')}
</td></tr>`;
}

function footerHtml(centre: Centre, section: Section, language: MailLanguage, settingsUrl?: string): string {
  const words = WORDS[language];
  const small = (html: string, extra = '') =>
    `<p style="margin:0 0 6px;font-family:${FONT[language]};font-size:13px;line-height:1.6;color:${MUTED};text-align:${ALIGN[language]};${extra}">${html}</p>`;
  const rows: string[] = [];
  if (section.ignore) rows.push(small(escapeHtml(section.ignore), `color:${INK};margin:0 0 12px`));
  rows.push(
    small(escapeHtml(language === 'en' ? centre.nameEn : centre.nameAr), `font-weight:700;color:${INK}`),
  );
  const about = language === 'en' ? centre.aboutEn : centre.aboutAr;
  if (about) rows.push(small(escapeHtml(about)));
  const location = language === 'en' ? centre.locationEn : centre.locationAr;
  if (location) rows.push(small(escapeHtml(location)));
  if (centre.phone)
    rows.push(
      small(`${escapeHtml(words.phone)}: <span dir="ltr">${escapeHtml(centre.phone)}</span>`, 'margin:0'),
    );
  if (centre.email)
    rows.push(
      small(`${escapeHtml(words.email)}: <span dir="ltr">${escapeHtml(centre.email)}</span>`, 'margin:0'),
    );
  if (settingsUrl)
    rows.push(
      small(
        `<a href="${escapeHtml(settingsUrl)}" target="_blank" style="color:${BRAND};text-decoration:underline">${escapeHtml(words.settings)}</a>`,
        'margin:10px 0 0',
      ),
    );
  return `<tr><td dir="${DIR[language]}" lang="${language}" style="padding:16px 28px;text-align:${ALIGN[language]}">
${rows.join('\n')}
</td></tr>`;
}

function headerHtml(centre: Centre, order: readonly MailLanguage[]): string {
  const name = order.map((language) => (language === 'en' ? centre.nameEn : centre.nameAr)).join(' | ');
  const inner = centre.logoUrl
    ? `<img src="${escapeHtml(centre.logoUrl)}" width="168" height="42" alt="${escapeHtml(name)}" style="display:block;border:0;outline:none;width:168px;max-width:100%;height:auto">`
    : `<span style="font-family:${FONT.en};font-size:18px;font-weight:700;color:${BRAND}">${escapeHtml(name)}</span>`;
  return `<tr><td align="center" style="padding:22px 28px 18px;border-bottom:3px solid #d9a441">${inner}</td></tr>`;
}

const RULE =
  '<tr><td style="padding:0 28px"><div style="height:1px;line-height:1px;font-size:1px;background:#e3ebe7">&nbsp;</div></td></tr>';

export function renderHtml(mail: Composition, centre: Centre, order: readonly MailLanguage[]): string {
  const first = order[0] ?? 'en';
  const preview = lineText([mail[first].heading]);
  const sections = order.map((language) => sectionHtml(mail[language], language)).join(`\n${RULE}\n`);
  const footers = order
    .map((language) => footerHtml(centre, mail[language], language, mail.settingsUrl))
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(mail.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f3;-webkit-text-size-adjust:100%;text-size-adjust:100%">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;font-size:1px;line-height:1px;color:#f1f5f3">${escapeHtml(preview)}</div>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" bgcolor="#f1f5f3" style="background:#f1f5f3">
<tr><td align="center" style="padding:24px 10px">
<!--[if mso]><table role="presentation" cellpadding="0" cellspacing="0" border="0" width="600"><tr><td><![endif]-->
<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="max-width:600px;background:#ffffff;border:1px solid #dde7e2;border-radius:12px;border-collapse:separate">
${headerHtml(centre, order)}
${sections}
<tr><td style="padding:12px 0 0;background:#f7faf8;border-top:1px solid #e3ebe7;border-radius:0 0 12px 12px">
<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%">
${footers}
</table>
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;
}
