import { DEFAULT_VAT_RATE_BASIS_POINTS, priceBreakdown, riyals, vatOf } from '@contract/domain/money';
import { describe, expect, it } from 'vitest';
import { eInvoiceQr, readEInvoiceQr } from '../../server/payments/einvoice';

describe('VAT in whole halalas', () => {
  it('is 15 % by default, rounded half up to the halala', () => {
    expect(priceBreakdown(100_000, DEFAULT_VAT_RATE_BASIS_POINTS)).toEqual({
      subtotal: 100_000,
      vat: 15_000,
      total: 115_000,
      vat_rate: 1500,
    });
    // 0.15 × 3 = 0.45 → 0; × 10 = 1.5 → 2 (half up); × 13 = 1.95 → 2; × 1 = 0.15 → 0.
    expect([3, 10, 13, 1].map((price) => vatOf(price, 1500))).toEqual([0, 2, 2, 0]);
    expect(priceBreakdown(0, 1500)).toEqual({ subtotal: 0, vat: 0, total: 0, vat_rate: 1500 });
  });

  it('refuses fractions and negative amounts', () => {
    expect(() => vatOf(10.5, 1500)).toThrow(RangeError);
    expect(() => vatOf(-1, 1500)).toThrow(RangeError);
  });

  it('writes riyals with two decimals', () => {
    expect([0, 5, 150, 115_000].map(riyals)).toEqual(['0.00', '0.05', '1.50', '1150.00']);
  });
});

describe('the e-invoice QR code (TLV, base64)', () => {
  it('counts lengths in UTF-8 bytes, so an Arabic seller name reads back whole', () => {
    const sellerName = 'مركز التدريب بجامعة الملك فيصل';
    const payload = eInvoiceQr({
      sellerName,
      vatNumber: '310122393500003',
      issuedAt: new Date('2026-11-23T09:30:15.250Z'),
      total: 115_000,
      vat: 15_000,
    });
    const bytes = Buffer.from(payload, 'base64');
    expect(bytes[0]).toBe(1);
    expect(bytes[1]).toBe(Buffer.byteLength(sellerName, 'utf8'));
    expect(bytes[1]).toBeGreaterThan(sellerName.length);
    expect(readEInvoiceQr(payload)).toEqual({
      1: sellerName,
      2: '310122393500003',
      3: '2026-11-23T09:30:15Z',
      4: '1150.00',
      5: '150.00',
    });
  });
});
