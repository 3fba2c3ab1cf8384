import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { ClaimedMessage } from './outbox';
import { DeliveryError, type Transport } from './transport';

export interface SmtpSettings {
  /** smtp://user:pass@host:587 (STARTTLS when the relay offers it) or smtps://…:465 (TLS). */
  url: string;
  /** The From header: `Name <address>` or an address. */
  from: string;
  /** Connections kept open to the relay and used side by side. */
  maxConnections?: number | undefined;
}

/** What nodemailer's errors carry: the relay's answer code, or a connection error's code. */
interface SmtpFailure {
  responseCode?: number;
  code?: string;
  response?: string;
  message?: string;
}

/**
 * Whether trying again can help: a 5xx answer (a refused address, a refused message) cannot; a 4xx
 * answer (greylisting, a full mailbox, a busy relay), a dropped or refused connection, a timeout
 * and failed authentication (a setting to fix, the message is not at fault) can.
 */
export function smtpFailure(error: unknown): DeliveryError {
  const failure = (error ?? {}) as SmtpFailure;
  const code = typeof failure.responseCode === 'number' ? failure.responseCode : undefined;
  const what = (failure.response || failure.message || String(error)).replace(/\s+/g, ' ').slice(0, 300);
  if (code !== undefined && code >= 500 && code < 600)
    return new DeliveryError(`the relay refused it (${what})`, true);
  if (code !== undefined && code >= 400 && code < 500)
    return new DeliveryError(`the relay deferred it (${what})`, false);
  return new DeliveryError(`${failure.code ? `${failure.code}: ` : ''}${what}`, false);
}

/** The domain of an address in a From header (for Message-ID). */
function fromDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1]?.trim().toLowerCase() || 'localhost';
}

/**
 * A Message-ID of its own for each outbox row, the same on every try: a relay or mailbox that got a
 * message twice (a sender died after the relay took it) can tell it is one message.
 */
export function messageIdFor(
  message: Pick<ClaimedMessage, 'id' | 'created_at' | 'to_address'>,
  from: string,
) {
  const stamp = new Date(message.created_at).getTime().toString(36);
  const digest = createHash('sha256').update(`${message.id}:${stamp}:${message.to_address}`).digest('hex');
  return `<${message.id}.${stamp}.${digest.slice(0, 16)}@${fromDomain(from)}>`;
}

/** Mails over SMTP through one relay, with a pool of connections. */
export function createSmtpTransport(settings: SmtpSettings): Transport {
  const transporter = nodemailer.createTransport({
    url: settings.url,
    pool: true,
    maxConnections: settings.maxConnections ?? 4,
    // A relay that does not answer is a temporary failure, not a sender stuck for minutes.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    channel: 'email',
    name: 'smtp',
    async send(message) {
      try {
        const info = await transporter.sendMail({
          from: settings.from,
          to: message.to_address,
          subject: message.subject,
          text: message.body,
          ...(message.html ? { html: message.html } : {}),
          messageId: messageIdFor(message, settings.from),
          date: new Date(),
          headers: { 'Auto-Submitted': 'auto-generated' },
        });
        const accepted = (info.accepted ?? []).length;
        if (accepted === 0)
          throw Object.assign(new Error('no recipient was accepted'), { responseCode: 550 });
        return { transport: 'smtp', providerId: info.messageId };
      } catch (error) {
        throw smtpFailure(error);
      }
    },
    async close() {
      transporter.close();
    },
  };
}
