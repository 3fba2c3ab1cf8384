import { VERIFICATION_VALIDATION } from '@contract/forms/verification';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { addKnownMessages } from '@/i18n/api-messages';

/**
 * The certificate code form's sentences (contract/forms/verification.ts), translated like
 * KNOWN_MESSAGES in src/i18n/api-messages.ts but loaded with the page rather than on every page.
 */
export const VERIFICATION_TEXTS: Record<string, MessageDescriptor> = {
  [VERIFICATION_VALIDATION.codeRequired]: msg`Enter the certificate code`,
  [VERIFICATION_VALIDATION.codeInvalid]: msg`A certificate code looks like KFU-7K3M-9QXT-2HVA-PD4R`,
};

addKnownMessages(VERIFICATION_TEXTS);
