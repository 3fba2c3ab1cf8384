import { randomBytes } from 'node:crypto';
import { CERTIFICATE_CODE, certificateCodeOf, readCertificateCode } from '@contract/domain/certificates';
import { describe, expect, it } from 'vitest';

describe('certificate codes', () => {
  it('makes codes of 80 random bits in four groups of Crockford base32', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => certificateCodeOf(randomBytes(10))));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(CERTIFICATE_CODE);
    expect(certificateCodeOf(new Uint8Array(10))).toBe('KFU-0000-0000-0000-0000');
    expect(certificateCodeOf(new Uint8Array(10).fill(255))).toBe('KFU-ZZZZ-ZZZZ-ZZZZ-ZZZZ');
  });

  it('refuses fewer than 80 bits', () => {
    expect(() => certificateCodeOf(new Uint8Array(9))).toThrow();
  });

  it('reads a code however it was typed', () => {
    const code = 'KFU-7K3M-9QXT-2HVA-PD4R';
    expect(readCertificateCode(code)).toBe(code);
    expect(readCertificateCode(' kfu 7k3m 9qxt 2hva pd4r ')).toBe(code);
    expect(readCertificateCode('7K3M9QXT2HVAPD4R')).toBe(code);
    expect(readCertificateCode('KFU-7K3M-9QXT-2HVA-PD4R'.replace('3', '٣'))).toBe(code);
    expect(readCertificateCode('KFU-OIL0-0000-0000-0000')).toBe('KFU-0110-0000-0000-0000');
  });

  it('refuses what cannot be a code', () => {
    expect(readCertificateCode('')).toBeUndefined();
    expect(readCertificateCode('KFU-7K3M-9QXT-2HVA')).toBeUndefined();
    expect(readCertificateCode('KFU-7K3M-9QXT-2HVA-PD4RX')).toBeUndefined();
    expect(readCertificateCode('KFU-7K3M-9QXT-2HVA-PD4U')).toBeUndefined();
    expect(readCertificateCode('<script>alert(1)</script>')).toBeUndefined();
  });
});
