import type { ChatPerson } from '@contract/wire/chat';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ConversationItemView } from '@machines/chat.view';
import { CENTRE_TIME_ZONE } from '@/i18n/dates';
import type { Language } from '@/i18n/languages';
import { formattingLocale } from '@/i18n/numbers';
import { pick } from '@/i18n/pick';

/** A conversation's name: the other person's, or the channel's course title in the page's language. */
export function conversationTitle(item: ConversationItemView, language: Language): string {
  if (item.peer) return item.peer.name;
  if (item.course) return pick(item.course, 'title', language);
  return '';
}

const ROLES = {
  TRAINEE: msg`Trainee`,
  TRAINER: msg`Trainer`,
  ADMIN: msg`Centre staff`,
} as const;

/** "Trainer" / "Trainee" in the page's language. */
export function roleName(role: ChatPerson['role'], i18n: I18n): string {
  return i18n._(ROLES[role]);
}

const dayKeyFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CENTRE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The centre's calendar day of an instant ("2026-11-24"), to compare days. */
export function dayKey(iso: string): string {
  return dayKeyFormat.format(new Date(iso));
}

/** A message's time of day ("14:05"), in the centre's time zone and the language's digits. */
export function messageTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(formattingLocale(language), {
    timeStyle: 'short',
    timeZone: CENTRE_TIME_ZONE,
  }).format(new Date(iso));
}

/** A day heading in a thread ("24 Nov 2026"). */
export function messageDay(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(formattingLocale(language), {
    dateStyle: 'medium',
    timeZone: CENTRE_TIME_ZONE,
  }).format(new Date(iso));
}

/** The list's time: the time of day for today's messages, else the short date. */
export function listTime(iso: string, language: Language, now = new Date()): string {
  if (dayKey(iso) === dayKey(now.toISOString())) return messageTime(iso, language);
  return new Intl.DateTimeFormat(formattingLocale(language), {
    day: 'numeric',
    month: 'short',
    timeZone: CENTRE_TIME_ZONE,
  }).format(new Date(iso));
}

/** Up to two letters standing for a name on its avatar. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}
