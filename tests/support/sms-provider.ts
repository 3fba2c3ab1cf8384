import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Db } from '../../server/db';
import type { ClaimedMessage } from '../../server/messages/outbox';
import { SIMULATED_SMS_TOKEN, smsProviderRoutes } from '../../server/messages/sms-provider';
import { migrate } from '../../server/migrate';
import { openTestDatabase } from '../../server/test-database';

/** A claimed wallet-code text to `to`, as the sender hands it to the SMS transport. */
export function textMessage(to: string, body: string): ClaimedMessage {
  return {
    id: 1,
    channel: 'sms',
    to_address: to,
    kind: 'wallet_code',
    subject: 'Wallet payment code',
    body,
    html: null,
    attempts: 1,
    expires_at: null,
    created_at: '2026-11-24T09:40:00.000Z',
  };
}

export interface Served {
  url: string;
  close(): Promise<void>;
}

/** Serves a Hono app on a free port of 127.0.0.1. */
export function serveOnFreePort(app: Hono): Promise<Served> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      server.off('error', reject);
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeAllConnections();
          }),
      });
    }) as Server;
    server.once('error', reject);
  });
}

export interface SimulatedProvider extends Served {
  db: Db;
  token: string;
}

/** The simulated SMS provider over real HTTP, with a migrated database of its own. */
export async function startSimulatedSmsProvider(token = SIMULATED_SMS_TOKEN): Promise<SimulatedProvider> {
  const database = await openTestDatabase();
  await migrate(database.db);
  const served = await serveOnFreePort(smsProviderRoutes({ db: database.db, token }));
  return {
    ...served,
    db: database.db,
    token,
    async close() {
      await served.close();
      await database.drop();
    },
  };
}
