import type { Messages } from '@lingui/core';
import { messages as arabicAccount } from '@/i18n/locales/ar/account.po';
import { messages as arabicCommunity } from '@/i18n/locales/ar/community.po';
import { messages as arabicMain } from '@/i18n/locales/ar/messages.po';
import { messages as arabicTrainer } from '@/i18n/locales/ar/trainer.po';
import { messages as englishAccount } from '@/i18n/locales/en/account.po';
import { messages as englishCommunity } from '@/i18n/locales/en/community.po';
import { messages as englishMain } from '@/i18n/locales/en/messages.po';
import { messages as englishTrainer } from '@/i18n/locales/en/trainer.po';

/**
 * Every compiled message of a language, from all its catalogues (lingui.config.ts): the tests read
 * the product's texts wherever they are loaded from.
 */
export const english: Messages = {
  ...englishMain,
  ...englishAccount,
  ...englishTrainer,
  ...englishCommunity,
};
export const arabic: Messages = { ...arabicMain, ...arabicAccount, ...arabicTrainer, ...arabicCommunity };
