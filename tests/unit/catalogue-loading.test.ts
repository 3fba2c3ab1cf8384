import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A sentence of the signed-in screens' catalogue only, and one of the catalogue every page loads. */
const ACCOUNT_ONLY = 'Your answers are shared with the trainer without your name.';
const EVERY_PAGE = 'Log In';

describe('screen catalogues', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('document', { documentElement: {} });
    vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads a screen catalogue into the language in use and into the next one chosen', async () => {
    const { activateLanguage, changeLanguage, i18n, withCatalogue } = await import('@/i18n');
    const accountId = generateMessageId(ACCOUNT_ONLY);
    await activateLanguage('ar');
    expect(i18n.messages[accountId]).toBeUndefined();
    expect(i18n.messages[generateMessageId(EVERY_PAGE)]).toBeDefined();

    const view = await withCatalogue('account', Promise.resolve('the view'));
    expect(view).toBe('the view');
    expect(i18n._(accountId)).not.toBe(accountId);
    expect(i18n._(accountId)).toMatch(/[\u0600-\u06ff]/);

    await changeLanguage('en');
    expect(i18n._(accountId)).toBe(ACCOUNT_ONLY);
  });

  it('keeps a screen catalogue that arrives while the language is being activated', async () => {
    // The page's messages are slower than its screen's: the screen's must survive the activation.
    vi.doMock('@/i18n/locales/en/messages.po', async (importOriginal) => {
      const original = await importOriginal<{ messages: Record<string, unknown> }>();
      await new Promise((resolve) => setTimeout(resolve, 50));
      return original;
    });
    const { activateLanguage, i18n, withCatalogue } = await import('@/i18n');
    await Promise.all([activateLanguage('en'), withCatalogue('account', Promise.resolve('the view'))]);
    expect(i18n._(generateMessageId(ACCOUNT_ONLY))).toBe(ACCOUNT_ONLY);
    expect(i18n._(generateMessageId(EVERY_PAGE))).toBe(EVERY_PAGE);
    vi.doUnmock('@/i18n/locales/en/messages.po');
  });

  it('leaves a screen catalogue out of the pages that do not ask for it', async () => {
    const { activateLanguage, i18n } = await import('@/i18n');
    await activateLanguage('en');
    expect(i18n.messages[generateMessageId(ACCOUNT_ONLY)]).toBeUndefined();
  });
});
