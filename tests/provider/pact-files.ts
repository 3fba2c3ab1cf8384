import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Verifier, type VerifierOptions } from '@pact-foundation/pact';
import type { StateHandlers as ProxyStateHandlers } from '@pact-foundation/pact/src/dsl/verifier/proxy/types';

/**
 * State name → setup function, or {setup, teardown}; setup may return values that the verifier
 * injects into the request (MatchersV3.fromProviderState).
 */
export type StateHandlers = ProxyStateHandlers;

export const PACT_DIR = fileURLToPath(new URL('../../pacts', import.meta.url));

export interface PactFile {
  path: string;
  consumer: string;
  provider: string;
  /** Every provider state its interactions name. */
  states: string[];
}

interface PactJson {
  consumer?: { name?: string };
  provider?: { name?: string };
  interactions?: { providerStates?: { name?: string }[]; providerState?: string }[];
}

/** Every pact file in dir, whatever its provider. */
export async function readPactFiles(dir = PACT_DIR): Promise<PactFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const files: PactFile[] = [];
  for (const name of names.filter((entry) => entry.endsWith('.json')).sort()) {
    const path = join(dir, name);
    const pact = JSON.parse(await readFile(path, 'utf8')) as PactJson;
    const provider = pact.provider?.name;
    if (!provider) throw new Error(`${path} names no provider`);
    const states = new Set<string>();
    for (const interaction of pact.interactions ?? []) {
      for (const state of interaction.providerStates ?? []) if (state.name) states.add(state.name);
      if (interaction.providerState) states.add(interaction.providerState);
    }
    files.push({ path, consumer: pact.consumer?.name ?? '?', provider, states: [...states].sort() });
  }
  return files;
}

/** The files grouped by provider name, so each provider is verified under its own name. */
export function byProvider(files: PactFile[]): Map<string, PactFile[]> {
  const groups = new Map<string, PactFile[]>();
  for (const file of files) groups.set(file.provider, [...(groups.get(file.provider) ?? []), file]);
  return groups;
}

/** The verifier rejects with its whole JSON report; keep the failed interactions and mismatches. */
function describeFailure(error: unknown): string[] {
  const message = error instanceof Error ? error.message : String(error);
  try {
    const report = JSON.parse(message) as {
      errors?: {
        interaction?: string;
        mismatch?: { mismatches?: { mismatch?: string }[]; message?: string };
      }[];
    };
    if (!report.errors?.length) return [message];
    return report.errors.map((failure) => {
      const details =
        failure.mismatch?.mismatches?.map((mismatch) => mismatch.mismatch).filter(Boolean) ?? [];
      const reason = details.length ? details.join('; ') : (failure.mismatch?.message ?? 'failed');
      return `${failure.interaction ?? 'an interaction'}: ${reason}`;
    });
  } catch {
    return [message];
  }
}

export interface VerifyOptions {
  providerBaseUrl: string;
  stateHandlers?: StateHandlers;
  /** For message (websocket) interactions: description → function producing the message. */
  messageProviders?: VerifierOptions['messageProviders'];
  logLevel?: 'trace' | 'debug' | 'info' | 'warn' | 'error';
}

/**
 * Verifies every pact file against the running provider, one Verifier per provider name.
 * Resolves with the providers that failed (empty when all pass).
 */
export async function verifyAll(files: PactFile[], options: VerifyOptions): Promise<string[]> {
  if (files.length === 0) throw new Error(`No pact files in ${PACT_DIR}: run \`npm run test:pact\` first`);
  const failed: string[] = [];
  for (const [provider, group] of byProvider(files)) {
    const verifier = new Verifier({
      provider,
      providerBaseUrl: options.providerBaseUrl,
      pactUrls: group.map((file) => file.path),
      // The exported option type also admits message-state handlers; HTTP states take this form.
      stateHandlers: (options.stateHandlers ?? {}) as VerifierOptions['stateHandlers'],
      messageProviders: options.messageProviders ?? {},
      logLevel: options.logLevel ?? 'warn',
      failIfNoPactsFound: true,
    });
    try {
      await verifier.verifyProvider();
      console.log(`✓ ${provider}: ${group.map((file) => file.path).join(', ')}`);
    } catch (error) {
      console.error(`✗ ${provider}:\n  ${describeFailure(error).join('\n  ')}`);
      failed.push(provider);
    }
  }
  return failed;
}
