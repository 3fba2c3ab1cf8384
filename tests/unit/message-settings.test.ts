import { describe, expect, it } from 'vitest';
import { DEFAULT_SMS_SENDER, messageSettingsFromEnv } from '../../server/messages/settings';

describe('the message settings (server/messages/settings.ts)', () => {
  it('keeps mail in the outbox and sends texts to the simulated provider in development', () => {
    expect(messageSettingsFromEnv({})).toEqual({
      publicOrigin: undefined,
      mail: { transport: 'outbox', from: 'KFU Training <no-reply@localhost>' },
      sms: { transport: 'simulated', sender: DEFAULT_SMS_SENDER },
    });
  });

  it('reads SMTP_URL, MAIL_FROM, SMS_URL, SMS_TOKEN, SMS_SENDER and PUBLIC_ORIGIN', () => {
    expect(
      messageSettingsFromEnv({
        PUBLIC_ORIGIN: 'https://training.example.edu.sa/some/path',
        SMTP_URL: 'smtps://user:pass@relay.example:465',
        SMS_URL: 'https://api.taqnyat.sa/',
        SMS_TOKEN: ' t0k3n ',
        SMS_SENDER: 'KFU',
      }),
    ).toEqual({
      publicOrigin: 'https://training.example.edu.sa',
      mail: {
        transport: 'smtp',
        url: 'smtps://user:pass@relay.example:465',
        from: 'KFU Training <no-reply@training.example.edu.sa>',
      },
      sms: { transport: 'provider', url: 'https://api.taqnyat.sa', token: 't0k3n', sender: 'KFU' },
    });
    expect(messageSettingsFromEnv({ MAIL_FROM: 'Centre <centre@kfu.example>' }).mail.from).toBe(
      'Centre <centre@kfu.example>',
    );
  });

  it('refuses to start in production without PUBLIC_ORIGIN and transports, naming each one', () => {
    let message = '';
    try {
      messageSettingsFromEnv({ NODE_ENV: 'production' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('PUBLIC_ORIGIN');
    expect(message).toContain('SMTP_URL');
    expect(message).toContain('MAIL_TRANSPORT=outbox');
    expect(message).toContain('SMS_URL');
    expect(() =>
      messageSettingsFromEnv({
        NODE_ENV: 'production',
        PUBLIC_ORIGIN: 'https://training.example.edu.sa',
        MAIL_TRANSPORT: 'outbox',
        SMS_TRANSPORT: 'outbox',
      }),
    ).not.toThrow();
    expect(() =>
      messageSettingsFromEnv({
        NODE_ENV: 'production',
        PUBLIC_ORIGIN: 'https://t.example',
        MAIL_TRANSPORT: 'outbox',
      }),
    ).toThrow(/SMS_URL/);
  });

  it('refuses addresses it cannot use, without repeating a password', () => {
    expect(() => messageSettingsFromEnv({ PUBLIC_ORIGIN: 'training.example' })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => messageSettingsFromEnv({ PUBLIC_ORIGIN: 'ftp://training.example' })).toThrow(/https/);
    let message = '';
    try {
      messageSettingsFromEnv({ SMTP_URL: 'http://user:s3cret@relay' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/SMTP_URL must start with smtp/);
    expect(message).not.toContain('s3cret');
    expect(() => messageSettingsFromEnv({ SMS_URL: 'https://api.taqnyat.sa' })).toThrow(/SMS_TOKEN/);
  });
});
