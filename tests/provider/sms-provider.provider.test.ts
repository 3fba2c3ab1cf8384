import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_PROVIDER_PACT } from '../pact/support';
import { type SimulatedProvider, startSimulatedSmsProvider } from '../support/sms-provider';
import { type PactFile, readPactFiles, verifyAll } from './pact-files';

/**
 * The server's pact with the SMS provider (tests/pact/sms-provider.pact.test.ts), verified against
 * the simulated provider over HTTP with a migrated database of its own: what development and the
 * tests run against answers as the server expects the real provider to.
 */
describe('the simulated SMS provider honours the server’s pact', () => {
  let provider: SimulatedProvider;
  let pacts: PactFile[];

  beforeAll(async () => {
    pacts = (await readPactFiles()).filter((pact) => pact.provider === SMS_PROVIDER_PACT.provider);
    provider = await startSimulatedSmsProvider();
  });

  afterAll(async () => {
    await provider?.close();
  });

  it('has the pact to verify, with no provider state to set up', () => {
    expect(pacts.map((pact) => `${pact.consumer} → ${pact.provider}`)).toEqual([
      `${SMS_PROVIDER_PACT.consumer} → ${SMS_PROVIDER_PACT.provider}`,
    ]);
    expect(pacts.flatMap((pact) => pact.states)).toEqual([]);
  });

  it('answers every interaction as the server expects', async () => {
    expect(await verifyAll(pacts, { providerBaseUrl: provider.url })).toEqual([]);
  });
});
