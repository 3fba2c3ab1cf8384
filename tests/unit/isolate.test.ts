import { describe, expect, it } from 'vitest';
import { isolate } from '@/i18n/isolate';

describe('isolate', () => {
  it('wraps quoted text in first-strong isolate marks, as <bdi> does', () => {
    expect(isolate('Cloud basics.')).toBe('\u2068Cloud basics.\u2069');
    expect(isolate('')).toBe('\u2068\u2069');
  });
});
