/**
 * Money as the centre keeps it: whole halalas (1 riyal = 100 halalas), never fractions, and VAT
 * worked out on the whole price once.
 *
 * Rounding rule: VAT = price × rate, rounded half up to the halala (the rate in basis points,
 * 1500 = 15 %); total = price + VAT. A price of 0 is a free course: no VAT, total 0.
 */

/** The default VAT rate in basis points: 15 % (Saudi Arabia, since July 2020). */
export const DEFAULT_VAT_RATE_BASIS_POINTS = 1500;

export interface PriceBreakdown {
  /** Amount before VAT, in halalas. */
  subtotal: number;
  vat: number;
  total: number;
  /** The rate applied, in basis points. */
  vat_rate: number;
}

function wholeHalalas(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be whole halalas, not ${value}`);
  return value;
}

/** VAT on a price, both in halalas, rounded half up. */
export function vatOf(subtotal: number, rateBasisPoints: number): number {
  wholeHalalas(subtotal, 'a price');
  wholeHalalas(rateBasisPoints, 'a VAT rate');
  return Math.floor((subtotal * rateBasisPoints + 5000) / 10000);
}

export function priceBreakdown(subtotal: number, rateBasisPoints: number): PriceBreakdown {
  const vat = vatOf(subtotal, rateBasisPoints);
  return { subtotal, vat, total: subtotal + vat, vat_rate: rateBasisPoints };
}

/** Halalas as riyals with two decimals and a point, Latin digits ("1150" → "11.50"), as invoices write them. */
export function riyals(halalas: number): string {
  wholeHalalas(halalas, 'an amount');
  const whole = Math.floor(halalas / 100);
  const cents = halalas % 100;
  return `${whole}.${String(cents).padStart(2, '0')}`;
}

/** A receipt's number as printed on it and in its file name: 123 → "KFU-000123". */
export function receiptCode(receiptNumber: number): string {
  return `KFU-${String(receiptNumber).padStart(6, '0')}`;
}
