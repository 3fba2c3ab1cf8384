import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { randomTokenSecret } from '../../server/auth/secret';
import { openDb } from '../../server/db';
import { ROOT } from '../../server/paths';
import { paymentSettingsFromEnv, randomNoticeSecret } from '../../server/payments/settings';
import { productionRefusals, startSettings } from '../../server/production';

/** Everything a production start needs, each test taking one away. */
const PRODUCTION: NodeJS.ProcessEnv = {
  NODE_ENV: 'production',
  PUBLIC_ORIGIN: 'https://training.example.edu.sa',
  SMTP_URL: 'smtp://relay.example.edu.sa:587',
  SMS_URL: 'https://api.sms.example',
  SMS_TOKEN: 'sms-token',
  PAYMENT_BASE_URL: 'https://gateway.example',
  TOKEN_SECRET: 'x'.repeat(32),
};

function refusal(env: NodeJS.ProcessEnv): string {
  try {
    startSettings(env);
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

describe('a production start refuses unsafe defaults (server/production.ts)', () => {
  it('starts in development with none of the settings', () => {
    expect(productionRefusals({})).toEqual([]);
    expect(startSettings({}).messages.sms.transport).toBe('simulated');
  });

  it('starts in production with every setting given', () => {
    expect(startSettings(PRODUCTION).messages.publicOrigin).toBe('https://training.example.edu.sa');
    // The simulated gateway on purpose.
    expect(
      productionRefusals({ ...PRODUCTION, PAYMENT_BASE_URL: undefined, PAYMENT_SIMULATION: '1' }),
    ).toEqual([]);
  });

  it('names the card gateway when the simulated one would take payments', () => {
    const message = refusal({ ...PRODUCTION, PAYMENT_BASE_URL: undefined });
    expect(message).toContain('PAYMENT_BASE_URL');
    expect(message).toContain('PAYMENT_SIMULATION=1');
    expect(refusal({ ...PRODUCTION, PAYMENT_BASE_URL: ' ', PAYMENT_SIMULATION: 'yes' })).toContain(
      'PAYMENT_BASE_URL',
    );
  });

  it('names TOKEN_SECRET when it is missing or shorter than 32 bytes', () => {
    expect(refusal({ ...PRODUCTION, TOKEN_SECRET: undefined })).toContain('TOKEN_SECRET');
    expect(refusal({ ...PRODUCTION, TOKEN_SECRET: 'x'.repeat(31) })).toContain('at least 32 bytes');
    // Bytes, not characters: 16 Arabic letters are 32 bytes.
    expect(productionRefusals({ ...PRODUCTION, TOKEN_SECRET: 'ب'.repeat(16) })).toEqual([]);
  });

  it('names the simulated SMS provider and PUBLIC_ORIGIN, every missing setting at once', () => {
    const message = refusal({ NODE_ENV: 'production' });
    for (const name of ['PUBLIC_ORIGIN', 'SMTP_URL', 'SMS_URL', 'PAYMENT_BASE_URL', 'TOKEN_SECRET'])
      expect(message).toContain(name);
    expect(refusal({ ...PRODUCTION, SMS_URL: undefined, SMS_TOKEN: undefined })).toContain('SMS_URL');
  });

  it('`npm start` under NODE_ENV=production exits before opening anything, naming each setting', () => {
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PUBLIC_ORIGIN: 'https://training.example.edu.sa',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain('The server cannot start');
    for (const name of ['SMTP_URL', 'SMS_URL', 'PAYMENT_BASE_URL', 'TOKEN_SECRET'])
      expect(started.stderr).toContain(name);
    expect(started.stdout).not.toContain('running at');
  });

  it('serves no simulated gateway beside a real one', async () => {
    const db = await openDb({});
    const app = (gatewayBaseUrl?: string) =>
      createApp({
        db,
        secret: randomTokenSecret(),
        payments: paymentSettingsFromEnv(
          gatewayBaseUrl ? { PAYMENT_BASE_URL: gatewayBaseUrl } : {},
          randomNoticeSecret(),
        ),
      });
    const pay = () =>
      new Request('http://localhost/gateway/v1/payments', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    expect((await app().fetch(pay())).status).not.toBe(404);
    expect((await app('https://gateway.example').fetch(pay())).status).toBe(404);
    await db.close();
  });
});
