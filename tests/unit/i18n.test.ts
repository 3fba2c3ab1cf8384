import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { directionOf, readStoredLanguage } from '@/i18n/languages';
import { pick } from '@/i18n/pick';

interface Entry {
  id: string;
  translation: string;
}

/** Reads msgid/msgstr pairs from a PO file (single- and multi-line strings). */
function readPo(path: string): Entry[] {
  const entries: Entry[] = [];
  let field: 'id' | 'str' | null = null;
  let id = '';
  let str = '';
  const flush = () => {
    if (id) entries.push({ id, translation: str });
    id = '';
    str = '';
  };
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('msgid ')) {
      flush();
      field = 'id';
      id = JSON.parse(line.slice(6)) as string;
    } else if (line.startsWith('msgstr ')) {
      field = 'str';
      str = JSON.parse(line.slice(7)) as string;
    } else if (line.startsWith('"') && field) {
      const part = JSON.parse(line) as string;
      if (field === 'id') id += part;
      else str += part;
    } else if (!line.trim()) {
      field = null;
    }
  }
  flush();
  return entries;
}

/** Every catalogue of lingui.config.ts, by the English files extracted. */
const CATALOGUES = readdirSync('src/i18n/locales/en')
  .filter((file) => file.endsWith('.po'))
  .map((file) => file.slice(0, -'.po'.length));

describe.each(CATALOGUES)('catalogue %s', (catalogue) => {
  const arabic = readPo(`src/i18n/locales/ar/${catalogue}.po`);
  const english = readPo(`src/i18n/locales/en/${catalogue}.po`);
  it('has an Arabic translation for every message', () => {
    const missing = arabic.filter((entry) => !entry.translation.trim()).map((entry) => entry.id);
    expect(missing, `run \`npm run i18n:extract\` and translate these in ar/${catalogue}.po`).toEqual([]);
  });
  it('has the same messages in both languages', () => {
    expect(arabic.map((entry) => entry.id).sort()).toEqual(english.map((entry) => entry.id).sort());
    expect(arabic.length).toBeGreaterThan(0);
  });
  it('writes Arabic in Arabic script', () => {
    const latinOnly = arabic.filter(
      // A message of placeholders and signs only ("{0} / {1}") has nothing to write in Arabic.
      (entry) =>
        !/[\u0600-\u06FF]/.test(entry.translation) && /[A-Za-z]/.test(entry.id.replace(/\{\w+\}/g, '')),
    );
    expect(latinOnly.map((entry) => entry.id)).toEqual([]);
  });
});

describe('language helpers', () => {
  it('gives each language its direction', () => {
    expect(directionOf('en')).toBe('ltr');
    expect(directionOf('ar')).toBe('rtl');
  });
  it('defaults to English and ignores unknown stored values', () => {
    expect(readStoredLanguage({ getItem: () => null })).toBe('en');
    expect(readStoredLanguage({ getItem: () => 'fr' })).toBe('en');
    expect(readStoredLanguage({ getItem: () => 'ar' })).toBe('ar');
  });
  it('picks the Arabic field of a bilingual record when Arabic is active', () => {
    const record = { title: 'Data Science', title_ar: 'علم البيانات' };
    expect(pick(record, 'title', 'ar')).toBe('علم البيانات');
    expect(pick(record, 'title', 'en')).toBe('Data Science');
    expect(pick({ title: 'Data Science', title_ar: '' }, 'title', 'ar')).toBe('Data Science');
  });
});
