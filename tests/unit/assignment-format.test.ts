import { UPLOAD_MAX_BYTES } from '@contract/wire/learning';
import { describe, expect, it } from 'vitest';
import { acceptedTypes, formatFileSize, formatPercent } from '../../src/i18n/files.ts';

describe('what the assignment modal says of files and progress', () => {
  it('says sizes in kilobytes or megabytes, in the page’s digits', () => {
    expect(formatFileSize(45_923, 'en')).toBe('44.8 kB');
    expect(formatFileSize(UPLOAD_MAX_BYTES, 'en')).toBe('25 MB');
    expect(formatFileSize(3, 'en')).toBe('0.1 kB');
    expect(formatFileSize(UPLOAD_MAX_BYTES, 'ar')).toMatch(/^٢٥\s/);
    expect(formatFileSize(45_923, 'ar')).toContain('٤٤٫٨');
  });

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
