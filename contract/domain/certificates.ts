/**
 * Certificate codes (migration 020): `KFU-` and 16 characters of Crockford's base32 in four groups
 * of four (80 random bits), for example `KFU-7K3M-9QXT-2HVA-PD4R`. Crockford's alphabet has no I, L,
 * O or U, so a code read aloud or typed from paper survives the usual slips: reading accepts lower
 * case, spaces, missing dashes and missing prefix, I and L for 1, O for 0, and Arabic-Indic digits.
 */
import { toLatinDigits } from '@contract/domain/digits';

export const CERTIFICATE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 4;
const GROUP_LENGTH = 4;
export const CERTIFICATE_CODE_LENGTH = GROUPS * GROUP_LENGTH;
/** A code as issued. */
export const CERTIFICATE_CODE = /^KFU(-[0-9A-HJKMNP-TV-Z]{4}){4}$/;

/** The code written the canonical way, or undefined when `text` cannot be a code. */
export function readCertificateCode(text: string): string | undefined {
  const compact = toLatinDigits(text)
    .toUpperCase()
    .replace(/[\s\-_.]/g, '')
    .replace(/^KFU/, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  if (compact.length !== CERTIFICATE_CODE_LENGTH) return undefined;
  if ([...compact].some((char) => !CERTIFICATE_ALPHABET.includes(char))) return undefined;
  const groups = Array.from({ length: GROUPS }, (_, index) =>
    compact.slice(index * GROUP_LENGTH, (index + 1) * GROUP_LENGTH),
  );
  return `KFU-${groups.join('-')}`;
}

/** A code from random bytes (at least 10: 80 bits): one character per 5 bits. */
export function certificateCodeOf(bytes: Uint8Array): string {
  if (bytes.length < 10) throw new Error('A certificate code needs 10 random bytes');
  let bits = 0;
  let value = 0;
  let chars = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && chars.length < CERTIFICATE_CODE_LENGTH) {
      chars += CERTIFICATE_ALPHABET[(value >> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  const code = readCertificateCode(chars);
  if (!code) throw new Error('A certificate code could not be made');
  return code;
}
