import {
  type MessageSettings,
  messageSettingsFromEnv,
  missingSettings,
  SettingsError,
} from './messages/settings';

/** The shortest TOKEN_SECRET a production start accepts, in bytes (HS256 wants a 256-bit key). */
export const TOKEN_SECRET_MIN_BYTES = 32;

/**
 * What a production start (NODE_ENV=production) lacks besides the message settings: a real card
 * gateway (or PAYMENT_SIMULATION=1 on purpose) and a TOKEN_SECRET of at least 32 bytes, shared by every
 * instance. Each entry names the setting and what to put in it; none outside production.
 */
export function productionRefusals(env: NodeJS.ProcessEnv): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const missing: string[] = [];
  if (!env.PAYMENT_BASE_URL?.trim() && env.PAYMENT_SIMULATION?.trim() !== '1')
    missing.push(
      "PAYMENT_BASE_URL (the card gateway's address), or PAYMENT_SIMULATION=1 to take payments on the simulated gateway on purpose",
    );
  if (new TextEncoder().encode(env.TOKEN_SECRET ?? '').byteLength < TOKEN_SECRET_MIN_BYTES)
    missing.push(
      `TOKEN_SECRET (at least ${TOKEN_SECRET_MIN_BYTES} bytes, the same on every instance: openssl rand -base64 48)`,
    );
  return missing;
}

/**
 * The settings a start reads before anything else, refused all at once: in production the error
 * names every missing setting (the message settings' and productionRefusals'), not the first only.
 */
export function startSettings(env: NodeJS.ProcessEnv): { messages: MessageSettings } {
  const missing: string[] = [];
  let messages: MessageSettings | undefined;
  try {
    messages = messageSettingsFromEnv(env);
  } catch (error) {
    if (!(error instanceof SettingsError) || error.missing.length === 0) throw error;
    missing.push(...error.missing);
  }
  missing.push(...productionRefusals(env));
  if (missing.length > 0 || !messages) throw missingSettings(missing);
  return { messages };
}
