/**
 * `npm run pact:verify -- --provider-base-url URL [--provider-states-setup-url URL] [--pact-dir DIR]`
 *
 * Verifies the pacts in pacts/ whose provider is the API (kfu-training-api,
 * kfu-training-api-extensions and kfu-training-api-admin: PROVIDERS in tests/pact/support.ts)
 * against a running backend. Provider states are set up by the
 * backend itself at --provider-states-setup-url (POST {state, params, action}, answering a JSON
 * object of values to inject); without it, interactions that need a state may fail.
 *
 * Only the HTTP interactions are verified here: the websocket messages of the pacts (and the pact
 * in which the web app is the provider) are verified against the reference server by
 * `npm run test:provider`; the script lists what it left out.
 */
import { parseArgs } from 'node:util';
import { PROVIDERS } from '../tests/pact/support';
import {
  httpPactsOf,
  PACT_DIR,
  type PactFile,
  readPactFiles,
  type StateHandlers,
  verifyAll,
} from '../tests/provider/pact-files';

const usage =
  'Usage: npm run pact:verify -- --provider-base-url URL [--provider-states-setup-url URL] [--pact-dir DIR]';

type Injected = { [key: string]: never } | undefined;

/** Forwards each state of the pacts to the backend's own state-setup endpoint. */
function forwardingStateHandlers(setupUrl: string, files: PactFile[]): StateHandlers {
  async function post(state: string, action: 'setup' | 'teardown', params: unknown): Promise<Injected> {
    const response = await fetch(setupUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ state, params: params ?? {}, action }),
    });
    if (!response.ok) throw new Error(`State "${state}" (${action}) failed: HTTP ${response.status}`);
    const text = await response.text();
    if (!text) return undefined;
    const body: unknown = JSON.parse(text);
    return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Injected) : undefined;
  }
  const handlers: StateHandlers = {};
  for (const state of new Set(files.flatMap((file) => file.states))) {
    handlers[state] = {
      setup: (params: unknown) => post(state, 'setup', params),
      teardown: (params: unknown) => post(state, 'teardown', params),
    };
  }
  return handlers;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'provider-base-url': { type: 'string' },
      'provider-states-setup-url': { type: 'string' },
      'pact-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const baseUrl = values['provider-base-url'];
  if (!baseUrl) {
    console.error(usage);
    return 2;
  }
  const all = await readPactFiles(values['pact-dir'] ?? PACT_DIR);
  const apiProviders: string[] = Object.values(PROVIDERS);
  for (const other of all.filter((file) => !apiProviders.includes(file.provider))) {
    console.log(`Not verified here (the provider is ${other.provider}, not the API): ${other.path}`);
  }
  const http = await httpPactsOf(all, apiProviders);
  for (const message of http.skippedMessages) {
    console.log(`Not verified here (a websocket message; npm run test:provider checks it): ${message}`);
  }
  const { files } = http;
  if (files.length === 0) {
    await http.dispose();
    console.error(`No pact with HTTP interactions of the API found in ${values['pact-dir'] ?? PACT_DIR}.`);
    return 1;
  }
  const setupUrl = values['provider-states-setup-url'];
  if (!setupUrl) console.warn('No --provider-states-setup-url: the provider states are not set up.');
  const failed = await verifyAll(files, {
    providerBaseUrl: baseUrl.replace(/\/+$/, ''),
    stateHandlers: setupUrl ? forwardingStateHandlers(setupUrl, files) : {},
  }).finally(() => http.dispose());
  if (failed.length > 0) {
    console.error(`Verification failed for: ${failed.join(', ')}`);
    return 1;
  }
  console.log('Every HTTP interaction of the API pacts verified.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
