import { PASSWORD_MIN } from '@contract/forms/auth';
import { Trans } from '@lingui/react/macro';
import { formatNumber } from '@/i18n/numbers';
import { useLanguage } from '@/i18n/useLanguage';

/**
 * What a new password needs. The character classes are what the user types, so each stays a
 * LTR (left to right) piece in its own order inside the Arabic sentence.
 */
export function PasswordHint() {
  const language = useLanguage();
  const minimum = formatNumber(PASSWORD_MIN, language);
  return (
    <Trans>
      At least {minimum} characters with <bdi className="ltr-text">A-Z</bdi>,{' '}
      <bdi className="ltr-text">a-z</bdi>, <bdi className="ltr-text">0-9</bdi> and one of{' '}
      <bdi className="ltr-text">@ # $ * ! +</bdi>
    </Trans>
  );
}
