import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import QRCode from 'react-qr-code';

/**
 * The frame of every printed document: A4 pages, fonts, and the rules that keep numbers, codes and
 * amounts whole and left to right inside Arabic text. The body is HTML the caller built with Hono's
 * `html` template (which escapes every value).
 *
 * Fonts: Latin in IBM Plex Sans Arabic's Latin face (the web app's), carried inline; Arabic in the
 * system's Noto Naskh Arabic (Debian's fonts-noto-core), because a PDF viewer's copy and search (and
 * pdftotext) read its words back as written, where the web font's joined forms (lam-alef and
 * others) come back out of order. Without Noto Naskh the web font's Arabic face, also inline,
 * prints the same letters.
 */

const require = createRequire(import.meta.url);
const PLEX_FILES = join(dirname(require.resolve('@fontsource/ibm-plex-sans-arabic/package.json')), 'files');

// The subsets' character ranges (as the font's own web subsets split them).
const RANGES = {
  arabic:
    'U+0600-06FF, U+0750-077F, U+0870-088E, U+0890-0891, U+0898-08E1, U+08E3-08FF, U+200C-200E, U+2010-2011, U+204F, U+2E41, U+FB50-FDFF, U+FE70-FE74, U+FE76-FEFC',
  latin:
    'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
} as const;

const FACES = [
  { family: 'Print Latin', subset: 'latin' },
  { family: 'Print Arabic Fallback', subset: 'arabic' },
] as const;

let fontFaces: string | undefined;

function embeddedFonts(): string {
  fontFaces ??= FACES.flatMap(({ family, subset }) =>
    [400, 700].map((weight) => {
      const file = readFileSync(join(PLEX_FILES, `ibm-plex-sans-arabic-${subset}-${weight}-normal.woff2`));
      return `@font-face{font-family:'${family}';font-weight:${weight};font-style:normal;src:url(data:font/woff2;base64,${file.toString('base64')}) format('woff2');unicode-range:${RANGES[subset]};}`;
    }),
  ).join('\n');
  return fontFaces;
}

const BASE_STYLES = `
@page { size: A4; margin: 16mm; }
* { box-sizing: border-box; }
html { font-family: 'Print Latin', 'Noto Naskh Arabic', 'Print Arabic Fallback', serif; color: #1f2a26; font-size: 11pt; line-height: 1.5; }
body { margin: 0; }
h1, h2, h3 { margin: 0; line-height: 1.25; }
bdi, .nowrap { white-space: nowrap; }
.ltr { direction: ltr; unicode-bidi: isolate; white-space: nowrap; }
table { border-collapse: collapse; width: 100%; }
th, td { padding: 6pt 8pt; border-bottom: 1px solid #d7e3dc; text-align: start; vertical-align: top; }
`;

export interface PrintableDocument {
  /** The document's title (the PDF's title too). */
  title: string;
  lang: 'ar' | 'en';
  /** The body's HTML, every value escaped by Hono's `html` template. */
  body: string;
  /** The document's own styles. */
  styles?: string;
}

/** A whole HTML page, ready for the printer. */
export function printableDocument({ title, lang, body, styles = '' }: PrintableDocument): string {
  const escapedTitle = title.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title>${escapedTitle}</title><style>${embeddedFonts()}${BASE_STYLES}${styles}</style></head><body>${body}</body></html>`;
}

/** A QR code of `value` as inline SVG (react-qr-code, as the web app draws it). */
export function qrSvg(value: string, size = 128, title?: string): string {
  return renderToStaticMarkup(createElement(QRCode, { value, size, level: 'M', title }));
}
