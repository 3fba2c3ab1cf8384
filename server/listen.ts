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
  /**
   * Stops accepting connections and lets the requests under way finish: connections are closed as
   * they fall idle, and all of them after `timeoutMs`. Resolves once every connection is closed.
   */
  drain(timeoutMs: number): Promise<void>;
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
          drain: (timeoutMs) =>
            new Promise<void>((done) => {
              const idle = setInterval(() => server.closeIdleConnections(), 100);
              const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
              server.close(() => {
                clearInterval(idle);
                clearTimeout(deadline);
                done();
              });
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
