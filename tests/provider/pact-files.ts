import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MessageProviders, Verifier, type VerifierOptions } from '@pact-foundation/pact';
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
  /** How many of its interactions are HTTP requests. */
  httpInteractions: number;
  /** The descriptions of its message (websocket) interactions. */
  messages: string[];
}

interface PactInteraction {
  type?: string;
  description?: string;
  providerStates?: { name?: string }[];
  providerState?: string;
}

interface PactJson {
  consumer?: { name?: string };
  provider?: { name?: string };
  interactions?: PactInteraction[];
}

/** V4 names its interaction types; older pact files hold HTTP interactions only. */
function isHttp(interaction: PactInteraction): boolean {
  return interaction.type === undefined || interaction.type === 'Synchronous/HTTP';
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
    const interactions = pact.interactions ?? [];
    for (const interaction of interactions) {
      for (const state of interaction.providerStates ?? []) if (state.name) states.add(state.name);
      if (interaction.providerState) states.add(interaction.providerState);
    }
    files.push({
      path,
      consumer: pact.consumer?.name ?? '?',
      provider,
      states: [...states].sort(),
      httpInteractions: interactions.filter(isHttp).length,
      messages: interactions.filter((interaction) => !isHttp(interaction)).map((m) => m.description ?? '?'),
    });
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
  /** Where the HTTP interactions go; a provider whose pacts hold messages only needs none. */
  providerBaseUrl?: string;
  stateHandlers?: StateHandlers;
  /**
   * For message (websocket) interactions, by provider name: description → function producing the
   * message as that provider sends it.
   */
  messageProviders?: Record<string, MessageProviders>;
  logLevel?: 'trace' | 'debug' | 'info' | 'warn' | 'error';
}

/**
 * Verifies every pact file against its provider, one Verifier per provider name: HTTP interactions
 * against providerBaseUrl, message interactions through that provider's messageProviders.
 * Resolves with the providers that failed (empty when all pass).
 */
export async function verifyAll(files: PactFile[], options: VerifyOptions): Promise<string[]> {
  if (files.length === 0) throw new Error(`No pact files in ${PACT_DIR}: run \`npm run test:pact\` first`);
  const failed: string[] = [];
  for (const [provider, group] of byProvider(files)) {
    const needsHttp = group.some((file) => file.httpInteractions > 0);
    if (needsHttp && !options.providerBaseUrl) {
      throw new Error(`${provider}: no providerBaseUrl for its HTTP interactions`);
    }
    const verifier = new Verifier({
      provider,
      ...(needsHttp ? { providerBaseUrl: options.providerBaseUrl } : {}),
      pactUrls: group.map((file) => file.path),
      // The exported option type also admits message-state handlers; HTTP states take this form.
      stateHandlers: (options.stateHandlers ?? {}) as VerifierOptions['stateHandlers'],
      messageProviders: options.messageProviders?.[provider] ?? {},
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

/** What a backend verified from outside can be checked for: its HTTP interactions. */
export interface HttpPacts {
  /** The pacts of the given providers, with their HTTP interactions only. */
  files: PactFile[];
  /** `provider: description` of each message interaction left out. */
  skippedMessages: string[];
  /** Removes the temporary copies. */
  dispose(): Promise<void>;
}

/**
 * The pacts of these providers, narrowed to their HTTP interactions: a file that also holds message
 * interactions is copied without them to a temporary folder, and one that holds messages only is
 * left out. A websocket message cannot be asked of a backend the way a response can.
 */
export async function httpPactsOf(files: PactFile[], providers: readonly string[]): Promise<HttpPacts> {
  const selected = files.filter((file) => providers.includes(file.provider));
  const skippedMessages = selected.flatMap((file) =>
    file.messages.map((description) => `${file.provider}: ${description}`),
  );
  const withMessages = selected.filter((file) => file.messages.length > 0);
  const dir = withMessages.length > 0 ? await mkdtemp(join(tmpdir(), 'kfu-http-pacts-')) : undefined;
  const narrowed: PactFile[] = [];
  for (const file of selected) {
    if (file.httpInteractions === 0) continue;
    if (!dir || file.messages.length === 0) {
      narrowed.push(file);
      continue;
    }
    const pact = JSON.parse(await readFile(file.path, 'utf8')) as PactJson;
    const path = join(dir, basename(file.path));
    await writeFile(
      path,
      JSON.stringify({ ...pact, interactions: (pact.interactions ?? []).filter(isHttp) }),
    );
    narrowed.push({ ...file, path, messages: [] });
  }
  return {
    files: narrowed,
    skippedMessages,
    dispose: async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}
