import { describe, expect, it } from 'vitest';
import { acceptedTypes, formatPercent } from '../../src/i18n/files.ts';

describe('what the assignment modal says of files and progress', () => {
  it('says the progress as a whole percentage, in the page’s digits', () => {
    expect(formatPercent(0.426, 'en')).toBe('43%');
    expect(formatPercent(1, 'en')).toBe('100%');
    expect(formatPercent(0.5, 'ar')).toContain('٥٠');
  });

  it('lists every accepted type', () => {
    const list = acceptedTypes('en');
    expect(list.startsWith('PDF, CSV, XLSX')).toBe(true);
    expect(list.endsWith('OGG and MOV')).toBe(true);
    expect(acceptedTypes('ar')).toContain(' و');
  });
});
