import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppEnv } from './http';

export interface Listening {
  /** The Node HTTP server, for attaching websocket upgrades. */
  server: Server;
  port: number;
  close(): Promise<void>;
}

/** Serves the app over HTTP; resolves once the port is bound. */
export function listen(app: Hono<AppEnv>, options: { port: number; hostname: string }): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: app.fetch, port: options.port, hostname: options.hostname },
      (info: AddressInfo) => {
        server.off('error', reject);
        resolve({
          server,
          port: info.port,
          close: () =>
            new Promise<void>((done, fail) => {
              server.close((error) => (error ? fail(error) : done()));
              server.closeAllConnections();
            }),
        });
      },
    ) as Server;
    // A client that sends its headers or body drip by drip must not hold a connection for long:
    // 20 s for the headers, 2 minutes for a whole request (a 5 MB CV on a slow phone line).
    server.headersTimeout = 20_000;
    server.requestTimeout = 120_000;
    server.once('error', reject);
  });
}
