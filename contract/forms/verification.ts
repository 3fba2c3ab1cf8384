import { readCertificateCode } from '@contract/domain/certificates';

/** The certificate code form's sentences (shown next to the field; the check: wire/verification.ts). */
export const VERIFICATION_VALIDATION = {
  codeRequired: 'Enter the certificate code',
  codeInvalid: 'A certificate code looks like KFU-7K3M-9QXT-2HVA-PD4R',
} as const;
export type VerificationValidationMessage =
  (typeof VERIFICATION_VALIDATION)[keyof typeof VERIFICATION_VALIDATION];

/** The code as typed, checked: the canonical code, or the sentence that says what is wrong. */
export function checkCertificateCode(
  text: string,
): { code: string } | { error: VerificationValidationMessage } {
  if (!text.trim()) return { error: VERIFICATION_VALIDATION.codeRequired };
  const code = readCertificateCode(text);
  return code ? { code } : { error: VERIFICATION_VALIDATION.codeInvalid };
}
