import { describe, expect, it } from 'vitest';
import { dayKey, initials, listTime, messageTime } from '@/features/messages/screen/chat-text';
import { paths } from '@/routing/paths';

describe('the chat screen’s texts', () => {
  it('shows times in the centre’s zone, in each language’s digits', () => {
    // 21:30 UTC is 00:30 the next day in Riyadh (UTC+3).
    expect(dayKey('2026-11-23T21:30:00Z')).toBe('2026-11-24');
    expect(messageTime('2026-11-23T21:30:00Z', 'en')).toBe('00:30');
    expect(messageTime('2026-11-23T21:30:00Z', 'ar')).toMatch(/^[\u0660-\u0669]{1,2}:[\u0660-\u0669]{2}/);
  });

  it('lists today’s messages by their time and older ones by their date', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(listTime('2026-11-24T08:05:00Z', 'en', now)).toBe('11:05');
    expect(listTime('2026-11-20T08:05:00Z', 'en', now)).toBe('20 Nov');
    expect(listTime('2026-11-20T08:05:00Z', 'ar', now)).toContain('٢٠');
  });

  it('makes avatars’ initials of the first and last names', () => {
    expect(initials('Sara Al-Qahtani')).toBe('SA');
    expect(initials('  Dr. Khalid Al-Mulhim ')).toBe('DA');
    expect(initials('سارة القحطاني')).toBe('سا');
    expect(initials('Noura')).toBe('N');
  });

  it('names a conversation in the address', () => {
    expect(paths.messages()).toBe('/messages');
    expect(paths.messages(42)).toBe('/messages?conversation=42');
  });
});
