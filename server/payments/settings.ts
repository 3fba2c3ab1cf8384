import { randomBytes } from 'node:crypto';
import { DEFAULT_VAT_RATE_BASIS_POINTS } from '@contract/domain/money';

/** The settings of payments, read once when the server starts (paymentSettingsFromEnv). */
export interface PaymentSettings {
  /** VAT in basis points (VAT_RATE is a percentage: 15 → 1500). */
  vatRate: number;
  /**
   * PAYMENT_BASE_URL: the card gateway's address; when absent, the gateway this server serves under
   * /gateway (server/payments/gateway.ts), reached in-process.
   */
  gatewayBaseUrl: string | undefined;
  /** PAYMENT_NOTICE_SECRET: signs the gateway's notices (HMAC-SHA256) and its merchant calls. */
  noticeSecret: string;
  sellerName: string;
  sellerNameAr: string;
  /** SELLER_VAT_NUMBER: 15 digits, starting and ending with 3 (ZATCA). */
  vatNumber: string;
}

export const DEFAULT_SELLER_NAME = 'KFU Training Centre';
export const DEFAULT_SELLER_NAME_AR = 'مركز التدريب بجامعة الملك فيصل';
/** A demonstration number of the right form; the centre's own goes in SELLER_VAT_NUMBER. */
export const DEFAULT_VAT_NUMBER = '300000000000003';

export function randomNoticeSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** VAT_RATE as basis points: a percentage from 0 to 100 with at most two decimals. */
export function vatRateFromPercent(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return DEFAULT_VAT_RATE_BASIS_POINTS;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text.trim())) throw new Error(`VAT_RATE is not a percentage: ${text}`);
  const basisPoints = Math.round(Number(text.trim()) * 100);
  if (basisPoints > 10_000) throw new Error(`VAT_RATE is over 100: ${text}`);
  return basisPoints;
}

/** The settings from the environment; `noticeSecret` comes from the data folder when unset there. */
export function paymentSettingsFromEnv(env: NodeJS.ProcessEnv, noticeSecret: string): PaymentSettings {
  const vatNumber = env.SELLER_VAT_NUMBER?.trim() || DEFAULT_VAT_NUMBER;
  if (!/^3\d{13}3$/.test(vatNumber))
    throw new Error('SELLER_VAT_NUMBER must be 15 digits starting and ending with 3');
  const base = env.PAYMENT_BASE_URL?.trim();
  if (base && !/^https?:\/\//.test(base)) throw new Error(`PAYMENT_BASE_URL is not an address: ${base}`);
  return {
    vatRate: vatRateFromPercent(env.VAT_RATE),
    gatewayBaseUrl: base ? base.replace(/\/+$/, '') : undefined,
    noticeSecret: env.PAYMENT_NOTICE_SECRET?.trim() || noticeSecret,
    sellerName: env.SELLER_NAME?.trim() || DEFAULT_SELLER_NAME,
    sellerNameAr: env.SELLER_NAME_AR?.trim() || DEFAULT_SELLER_NAME_AR,
    vatNumber,
  };
}

/** What a server (or a test) gets when it names no settings. */
export function defaultPaymentSettings(): PaymentSettings {
  return paymentSettingsFromEnv({}, randomNoticeSecret());
}
