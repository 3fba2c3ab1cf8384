import { riyals } from '@contract/domain/money';

/**
 * The QR code of a simplified tax invoice (ZATCA, phase 1): base64 of five TLV fields — 1 seller
 * name, 2 VAT registration number, 3 time stamp (ISO 8601), 4 total with VAT, 5 VAT amount. Each
 * field is a tag byte, a length byte and the value's UTF-8 bytes: the length counts bytes, not
 * characters (an Arabic name takes two bytes a letter).
 */
export interface EInvoiceFields {
  sellerName: string;
  vatNumber: string;
  issuedAt: Date;
  /** Total with VAT, in halalas. */
  total: number;
  /** VAT, in halalas. */
  vat: number;
}

function field(tag: number, value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > 255) throw new RangeError(`e-invoice field ${tag} is longer than 255 bytes`);
  return Buffer.concat([Buffer.from([tag, bytes.length]), bytes]);
}

export function eInvoiceQr(fields: EInvoiceFields): string {
  return Buffer.concat([
    field(1, fields.sellerName),
    field(2, fields.vatNumber),
    // Seconds precision, in UTC with a Z, as the examples of the authority write it.
    field(3, `${fields.issuedAt.toISOString().slice(0, 19)}Z`),
    field(4, riyals(fields.total)),
    field(5, riyals(fields.vat)),
  ]).toString('base64');
}

/** The fields back from a QR payload (for tests and for checking a receipt). */
export function readEInvoiceQr(payload: string): Record<number, string> {
  const bytes = Buffer.from(payload, 'base64');
  const fields: Record<number, string> = {};
  for (let at = 0; at < bytes.length; ) {
    const tag = bytes[at] as number;
    const length = bytes[at + 1] as number;
    fields[tag] = bytes.subarray(at + 2, at + 2 + length).toString('utf8');
    at += 2 + length;
  }
  return fields;
}
