import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { type PactFile, readPactFiles, verifyAll } from './pact-files';
import { stateHandlers } from './states';

describe('the reference server honours the pacts', () => {
  let server: TestServer;
  let pacts: PactFile[];

  beforeAll(async () => {
    pacts = await readPactFiles();
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.close();
  });

  it('has pact files to verify', () => {
    expect(pacts.map((pact) => pact.provider)).toContain('kfu-training-api');
  });

  it('can set up every provider state the pacts name', () => {
    const handled = new Set(Object.keys(stateHandlers(server)));
    const missing = pacts.flatMap((pact) => pact.states.filter((state) => !handled.has(state)));
    expect(missing).toEqual([]);
  });

  it('answers every interaction as the consumer expects', async () => {
    const failed = await verifyAll(pacts, {
      providerBaseUrl: server.url,
      stateHandlers: stateHandlers(server),
    });
    expect(failed).toEqual([]);
  });
});
