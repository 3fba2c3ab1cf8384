/**
 * A sender in a process of its own (server/messages/sender.ts), for the test that kills it with
 * SIGKILL while it sends: SENDER_DATABASE_URL, SENDER_SMTP_URL. Its lease is two seconds.
 */
import { openPostgres } from '../../../server/db';
import { startSender } from '../../../server/messages/sender';
import { createSmtpTransport } from '../../../server/messages/smtp';

const db = openPostgres(process.env.SENDER_DATABASE_URL as string, { max: 2 });
startSender({
  db,
  transports: [
    createSmtpTransport({ url: process.env.SENDER_SMTP_URL as string, from: 'no-reply@example.com' }),
  ],
  instance: 'doomed',
  pollMs: 50,
  leaseMs: 2000,
  log: () => undefined,
});
