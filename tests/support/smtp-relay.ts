import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** What the relay answers to a message's DATA: accept it, or an SMTP reply code with a text. */
export type RelayAnswer = 'accept' | 'hold' | { code: number; text: string };

export interface TestRelay {
  /** smtp://user:secret@127.0.0.1:PORT */
  url: string;
  port: number;
  /** The mails accepted, parsed with mailparser, in the order they arrived. */
  received: ParsedMail[];
  /** When each of `received` arrived (Date.now()). */
  arrivals: number[];
  /** Decides the answer to each message in turn (the default accepts every one). */
  answer: (index: number) => RelayAnswer;
  /** Messages whose DATA began, accepted or not. */
  attempts: number;
  /** Resolves once `count` mails were accepted (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** Stops listening and drops the open connections (a relay that went down). */
  stop(): Promise<void>;
}

export const RELAY_USER = 'relay-user';
export const RELAY_PASSWORD = 'relay-secret';

/**
 * A real SMTP server (npm's smtp-server) on 127.0.0.1, asking for a user name and password, whose
 * accepted mails are parsed with mailparser. `port`: listen there (a relay coming back up).
 * STARTTLS is not offered: its certificate would be a test one the client rightly refuses.
 */
export async function startTestRelay(options: { port?: number } = {}): Promise<TestRelay> {
  const received: ParsedMail[] = [];
  const arrivals: number[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const relay: Partial<TestRelay> & { received: ParsedMail[]; attempts: number } = {
    received,
    arrivals,
    attempts: 0,
    answer: () => 'accept',
  };
  const server = new SMTPServer({
    logger: false,
    hideSTARTTLS: true,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === RELAY_USER && auth.password === RELAY_PASSWORD)
        callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, _session, callback) {
      const index = relay.attempts;
      relay.attempts += 1;
      const answer = (relay.answer as TestRelay['answer'])(index);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (answer === 'hold') return;
        if (answer !== 'accept') {
          callback(Object.assign(new Error(answer.text), { responseCode: answer.code }));
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            received.push(mail);
            arrivals.push(Date.now());
            for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve();
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return Object.assign(relay, {
    port,
    url: `smtp://${RELAY_USER}:${RELAY_PASSWORD}@127.0.0.1:${port}`,
    waitFor(count: number, timeoutMs = 15_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise<ParsedMail[]>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${received.length} of ${count} mails arrived within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const connection of server.connections) connection.close();
        server.close(() => resolve());
      }),
  }) as TestRelay;
}
