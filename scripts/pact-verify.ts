/**
 * `npm run pact:verify -- --provider-base-url URL [--provider-states-setup-url URL] [--pact-dir DIR]`
 *
 * Verifies every pact in pacts/ against a running backend. Provider states are set up by the
 * backend itself at --provider-states-setup-url (POST {state, params, action}, answering a JSON
 * object of values to inject); without it, interactions that need a state may fail.
 */
import { parseArgs } from 'node:util';
import {
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
  const files = await readPactFiles(values['pact-dir'] ?? PACT_DIR);
  if (files.length === 0) {
    console.error(`No pact files found in ${values['pact-dir'] ?? PACT_DIR}.`);
    return 1;
  }
  const setupUrl = values['provider-states-setup-url'];
  if (!setupUrl) console.warn('No --provider-states-setup-url: the provider states are not set up.');
  const failed = await verifyAll(files, {
    providerBaseUrl: baseUrl.replace(/\/+$/, ''),
    stateHandlers: setupUrl ? forwardingStateHandlers(setupUrl, files) : {},
  });
  if (failed.length > 0) {
    console.error(`Verification failed for: ${failed.join(', ')}`);
    return 1;
  }
  console.log('Every pact verified.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
