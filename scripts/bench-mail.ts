/**
 * `npm run bench -- --mail [--messages 1000]`: 1 000 mails queued at once (one transaction, as a
 * notice to a whole course would be) on a server of its own, delivered by its outbox sender over
 * SMTP to a real SMTP server (npm's smtp-server, as the tests use). Reports when the last one
 * arrived, and the time from queued to delivered (p50, p95, max); checks each arrived exactly once.
 */
import { performance } from 'node:perf_hooks';
import { queueMessage } from '../server/messages/outbox';
import { startTestServer } from '../server/testing';
import { startTestRelay } from '../tests/support/smtp-relay';
import { percentile } from './bench-server';

export interface MailBench {
  messages: number;
  /** From the commit that queued them to the last arrival. */
  allDeliveredSeconds: number;
  perSecond: number;
  latency: { p50: number; p95: number; max: number };
  arrived: number;
  distinct: number;
}

export async function mailBench(messages = 1000): Promise<MailBench> {
  const relay = await startTestRelay();
  const server = await startTestServer({
    messages: {
      publicOrigin: 'https://training.example.edu.sa',
      mail: { transport: 'smtp', url: relay.url, from: 'KFU Training <no-reply@training.example.edu.sa>' },
      sms: { transport: 'outbox' },
    },
    // The product's sender settings; it is woken once the messages are queued, as a route's
    // transaction would be followed by the next look a second later at most.
    sender: { pollMs: 60_000, log: () => undefined },
  });
  try {
    await server.db.transaction(async (tx) => {
      for (let index = 0; index < messages; index += 1)
        await queueMessage(tx, {
          channel: 'email',
          to: `trainee.${index}@example.com`,
          kind: 'notice',
          subject: `Bench ${index}`,
          text: `A notice for trainee ${index}.\n\nإشعار للمتدرب ${index}.`,
          html: `<p>A notice for trainee ${index}.</p><p dir="rtl" lang="ar">إشعار للمتدرب ${index}.</p>`,
        });
    });
    const queuedAt = Date.now();
    const started = performance.now();
    server.sender.wake();
    await relay.waitFor(messages, 600_000);
    const allDeliveredSeconds = (performance.now() - started) / 1000;
    const latencies = relay.arrivals.map((at) => at - queuedAt).sort((a, b) => a - b);
    return {
      messages,
      allDeliveredSeconds,
      perSecond: messages / allDeliveredSeconds,
      latency: {
        p50: percentile(latencies, 0.5),
        p95: percentile(latencies, 0.95),
        max: latencies[latencies.length - 1] ?? Number.NaN,
      },
      arrived: relay.received.length,
      distinct: new Set(relay.received.map((mail) => mail.subject)).size,
    };
  } finally {
    await server.close();
    await relay.stop();
  }
}

export function mailTable(result: MailBench): string[] {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    `${result.messages} mails queued at once, delivered over SMTP by one sender (4 connections):`,
    `  all delivered after   ${result.allDeliveredSeconds.toFixed(2)} s (${result.perSecond.toFixed(0)} mails/s)`,
    `  queued → delivered    p50 ${seconds(result.latency.p50)}, p95 ${seconds(result.latency.p95)}, max ${seconds(result.latency.max)}`,
    `  arrived               ${result.arrived} (${result.distinct} distinct)${
      result.arrived === result.messages && result.distinct === result.messages
        ? ', each exactly once'
        : ' — NOT each exactly once'
    }`,
  ];
}
