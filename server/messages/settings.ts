/** How mail and text messages leave the server, read once at start from the environment. */
export interface MessageSettings {
  /**
   * PUBLIC_ORIGIN: the address people open (https://training.example.edu.sa). Every link in a mail
   * or text starts here, never at a request's Host header.
   */
  publicOrigin: string | undefined;
  /** SMTP_URL and MAIL_FROM; or mail kept in the outbox table (development, MAIL_TRANSPORT=outbox). */
  mail: { transport: 'smtp'; url: string; from: string } | { transport: 'outbox'; from: string };
  /**
   * SMS_URL, SMS_TOKEN and SMS_SENDER: the provider's API; or the simulated provider this server
   * serves (development); or texts kept in the outbox table (SMS_TRANSPORT=outbox).
   */
  sms:
    | { transport: 'provider'; url: string; token: string; sender: string }
    | { transport: 'simulated'; sender: string }
    | { transport: 'outbox' };
}

export const DEFAULT_SMS_SENDER = 'KFU-Training';

/** An environment setting that cannot be used, with what to set instead. */
export class SettingsError extends Error {
  override name = 'SettingsError';
  /** The settings a production start lacks, each with what to set; empty for a malformed one. */
  readonly missing: string[];
  constructor(message: string, missing: string[] = []) {
    super(message);
    this.missing = missing;
  }
}

/** The refusal of a start that lacks `missing`, naming each one. */
export function missingSettings(missing: string[]): SettingsError {
  return new SettingsError(`The server cannot start: set ${missing.join('; ')}.`, missing);
}

function origin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SettingsError(`PUBLIC_ORIGIN is not an address: ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new SettingsError(`PUBLIC_ORIGIN must start with https:// (or http://): ${value}`);
  return url.origin;
}

function smtpUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SettingsError('SMTP_URL is not an address (smtp://user:password@host:587 or smtps://…:465)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new SettingsError('SMTP_URL must start with smtp:// (STARTTLS) or smtps:// (TLS)');
  return value;
}

/**
 * The message settings of `env`. In production (NODE_ENV=production) the server refuses to start
 * without PUBLIC_ORIGIN, a mail transport (SMTP_URL, or MAIL_TRANSPORT=outbox on purpose) and a text
 * transport (SMS_URL with SMS_TOKEN, or SMS_TRANSPORT=outbox): the error names each one missing.
 * Elsewhere mail stays in the outbox and texts go to the simulated provider unless they are set.
 */
export function messageSettingsFromEnv(env: NodeJS.ProcessEnv): MessageSettings {
  const production = env.NODE_ENV === 'production';
  const read = (name: string) => env[name]?.trim() || undefined;
  const publicOrigin = read('PUBLIC_ORIGIN') ? origin(read('PUBLIC_ORIGIN') as string) : undefined;
  const mailTransport = read('MAIL_TRANSPORT')?.toLowerCase();
  const smsTransport = read('SMS_TRANSPORT')?.toLowerCase();
  if (mailTransport && mailTransport !== 'smtp' && mailTransport !== 'outbox')
    throw new SettingsError(`MAIL_TRANSPORT is smtp or outbox, not ${mailTransport}`);
  if (smsTransport && smsTransport !== 'provider' && smsTransport !== 'outbox')
    throw new SettingsError(`SMS_TRANSPORT is provider or outbox, not ${smsTransport}`);

  const missing: string[] = [];
  if (production && !publicOrigin)
    missing.push('PUBLIC_ORIGIN (the address people open, e.g. https://training.example.edu.sa)');

  const host = publicOrigin ? new URL(publicOrigin).hostname : 'localhost';
  const from = read('MAIL_FROM') ?? `KFU Training <no-reply@${host}>`;
  let mail: MessageSettings['mail'];
  const url = read('SMTP_URL');
  if (mailTransport === 'outbox') mail = { transport: 'outbox', from };
  else if (url) mail = { transport: 'smtp', url: smtpUrl(url), from };
  else {
    if (production || mailTransport === 'smtp')
      missing.push(
        'SMTP_URL (smtp://user:password@relay:587), or MAIL_TRANSPORT=outbox to keep mail in the outbox',
      );
    mail = { transport: 'outbox', from };
  }

  const sender = read('SMS_SENDER') ?? DEFAULT_SMS_SENDER;
  let sms: MessageSettings['sms'];
  const smsUrl = read('SMS_URL');
  const token = read('SMS_TOKEN');
  if (smsTransport === 'outbox') sms = { transport: 'outbox' };
  else if (smsUrl && token) sms = { transport: 'provider', url: smsUrl.replace(/\/+$/, ''), token, sender };
  else {
    if (smsUrl && !token) missing.push("SMS_TOKEN (the SMS provider's API token)");
    else if (production || smsTransport === 'provider')
      missing.push(
        "SMS_URL and SMS_TOKEN (the SMS provider's API), or SMS_TRANSPORT=outbox to keep texts in the outbox",
      );
    sms = { transport: 'simulated', sender };
  }

  if (missing.length > 0) throw missingSettings(missing);
  return { publicOrigin, mail, sms };
}
