import { createServer, type Server } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmsTransport, numberList, smsParts, toInternational } from '../../server/messages/sms';
import { readSimulatedSms, SIMULATED_SMS_TOKEN, simulatedSmsToken } from '../../server/messages/sms-provider';
import { DeliveryError } from '../../server/messages/transport';
import {
  type Served,
  type SimulatedProvider,
  serveOnFreePort,
  startSimulatedSmsProvider,
  textMessage,
} from '../support/sms-provider';

/** The DeliveryError a send throws. */
async function failureOf(sending: Promise<unknown>): Promise<DeliveryError> {
  const outcome = await sending.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof DeliveryError))
    throw new Error(`expected a DeliveryError, got ${String(outcome)}`);
  return outcome;
}

describe('smsParts', () => {
  it('sends English in GSM-7: 160 characters in one message, 153 a part beyond', () => {
    expect(smsParts('Your code is 123456')).toEqual({ encoding: 'GSM-7', units: 19, parts: 1 });
    expect(smsParts('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, parts: 1 });
    expect(smsParts('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, parts: 2 });
    expect(smsParts('a'.repeat(306)).parts).toBe(2);
    expect(smsParts('a'.repeat(307)).parts).toBe(3);
    expect(smsParts('')).toEqual({ encoding: 'GSM-7', units: 0, parts: 1 });
  });

  it('knows the GSM 03.38 set: accented letters, Greek capitals, @ £ ¥ § and new lines are in it', () => {
    expect(smsParts('@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¤¡¿ÄÖÑÜ§äöñüà\r\n').encoding).toBe('GSM-7');
    // Not in it: a backtick, a lower-case ç, typographic quotes.
    for (const text of ['a`b', 'ça', 'it’s', '“quoted”']) expect(smsParts(text).encoding).toBe('UCS-2');
  });

  it('counts extension characters twice and never splits one between parts', () => {
    expect(smsParts('{}[]~|^\\€\f')).toEqual({ encoding: 'GSM-7', units: 20, parts: 1 });
    expect(smsParts('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, parts: 1 });
    expect(smsParts('€'.repeat(81))).toEqual({ encoding: 'GSM-7', units: 162, parts: 2 });
    // 306 septets would fit two parts, but the euro sign at the end of the first starts the second.
    expect(smsParts(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toEqual({
      encoding: 'GSM-7',
      units: 306,
      parts: 3,
    });
  });

  it('sends Arabic in UCS-2: 70 characters in one message, 67 a part beyond', () => {
    expect(smsParts('رمز الدفع بالمحفظة هو: 123456').encoding).toBe('UCS-2');
    expect(smsParts('م'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, parts: 1 });
    expect(smsParts('م'.repeat(71))).toEqual({ encoding: 'UCS-2', units: 71, parts: 2 });
    expect(smsParts('م'.repeat(134)).parts).toBe(2);
    expect(smsParts('م'.repeat(135)).parts).toBe(3);
  });

  it('sends a text mixing English and Arabic in UCS-2, the English letters counting one each', () => {
    const mixed = `Your code ${'x'.repeat(50)} رمزك`;
    expect(smsParts(mixed)).toEqual({ encoding: 'UCS-2', units: mixed.length, parts: 1 });
    expect(smsParts(`KFU Training | ${'م'.repeat(56)}`)).toEqual({ encoding: 'UCS-2', units: 71, parts: 2 });
  });

  it('counts an emoji as two code units and keeps its pair in one part', () => {
    expect(smsParts('😀'.repeat(35))).toEqual({ encoding: 'UCS-2', units: 70, parts: 1 });
    expect(smsParts(`a${'😀'.repeat(35)}`)).toEqual({ encoding: 'UCS-2', units: 71, parts: 2 });
    expect(smsParts(`Done 👍`)).toEqual({ encoding: 'UCS-2', units: 7, parts: 1 });
    // 134 code units would fit two parts; the emoji does not fit at the end of the first.
    expect(smsParts(`${'م'.repeat(66)}😀${'م'.repeat(66)}`)).toEqual({
      encoding: 'UCS-2',
      units: 134,
      parts: 3,
    });
  });
});

describe('toInternational', () => {
  it('writes Saudi mobiles as 9665XXXXXXXX however they were typed', () => {
    for (const typed of [
      '0501234567',
      '501234567',
      '966501234567',
      '00966501234567',
      '+966501234567',
      '+966 0501234567',
      '050 123 4567',
      '050-123-4567',
      '(050) 123 4567',
      '٠٥٠١٢٣٤٥٦٧',
      '+٩٦٦٥٠١٢٣٤٥٦٧',
      '۰۵۰۱۲۳۴۵۶۷',
    ]) {
      expect(toInternational(typed), typed).toBe('966501234567');
    }
  });

  it('keeps other numbers with a country code as digits', () => {
    expect(toInternational('+20 100 123 4567')).toBe('201001234567');
    expect(toInternational('00201001234567')).toBe('201001234567');
    expect(toInternational('447911123456')).toBe('447911123456');
    expect(toInternational('+966 13 580 0000')).toBe('966135800000');
  });

  it('finds no number in a national number that is not a Saudi mobile, or in what is not a number', () => {
    for (const typed of [
      '0135800000',
      '05012345',
      '',
      '   ',
      'phone',
      '12345',
      '+1234567890123456',
      '+0501234567',
    ])
      expect(toInternational(typed), typed).toBeNull();
  });
});

describe('the simulated provider token', () => {
  it('is SMS_TOKEN when set, else the development one', () => {
    expect(simulatedSmsToken({})).toBe(SIMULATED_SMS_TOKEN);
    expect(simulatedSmsToken({ SMS_TOKEN: 'mine' })).toBe('mine');
  });
});

describe('the SMS transport against the simulated provider', () => {
  let provider: SimulatedProvider;
  const extra: Served[] = [];

  beforeAll(async () => {
    provider = await startSimulatedSmsProvider();
  });

  afterAll(async () => {
    for (const served of extra) await served.close();
    await provider?.close();
  });

  const transport = (token = provider.token, url = provider.url) =>
    createSmsTransport({ url, token, sender: 'KFU-Training', timeoutMs: 2000 });

  it('sends an Arabic message and answers the provider’s message id', async () => {
    const body = 'رمز الدفع بالمحفظة هو: 482913\nيؤكد دفع 574.85 ريال وتنتهي صلاحيته خلال 10 دقائق.';
    const delivery = await transport().send(textMessage('0501234567', body));
    expect(delivery).toMatchObject({ transport: 'sms', encoding: 'UCS-2', parts: smsParts(body).parts });
    expect(delivery.providerId).toMatch(/^\d+$/);
    const [kept] = await readSimulatedSms(provider.db, { to: '0501234567' });
    expect(kept).toMatchObject({
      messageId: delivery.providerId,
      sender: 'KFU-Training',
      recipient: '966501234567',
      body,
      encoding: 'UCS-2',
      parts: 2,
    });
  });

  it('sends English in GSM-7, as one part', async () => {
    const delivery = await transport().send(
      textMessage('966501234568', 'Your wallet payment code is: 482913'),
    );
    expect(delivery).toMatchObject({ encoding: 'GSM-7', parts: 1, cost: 0.026, currency: 'SAR' });
  });

  it('fails for good with a wrong token, naming the setting and never the token', async () => {
    const wrong = 'wrong-token-0123456789';
    const error = await failureOf(transport(wrong).send(textMessage('0501234567', 'hello')));
    expect(error.permanent).toBe(true);
    expect(error.message).toContain('401');
    expect(error.message).toContain('SMS_TOKEN');
    expect(error.message).not.toContain(wrong);
  });

  it('fails for good for a number the provider refuses, and for one no SMS can reach', async () => {
    const landline = await failureOf(transport().send(textMessage('966135800000', 'hello')));
    expect(landline).toMatchObject({ permanent: true });
    expect(landline.message).toContain('400');
    const national = await failureOf(transport().send(textMessage('0135800000', 'hello')));
    expect(national).toMatchObject({ permanent: true });
  });

  it('fails for now when the provider is down (a closed port)', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server: Server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const error = await failureOf(
      transport(provider.token, `http://127.0.0.1:${closed}`).send(textMessage('0501234567', 'hi')),
    );
    expect(error.permanent).toBe(false);
    expect(error.message).toContain('could not be reached');
  });

  it('fails for now on a 500, a 503 and a 429, and for good on other refusals', async () => {
    const status = { value: 500 };
    const broken = new Hono().post('/v1/messages', (c) =>
      c.json({ statusCode: status.value, message: `refused, Bearer ${provider.token}` }, status.value as 500),
    );
    const served = await serveOnFreePort(broken);
    extra.push(served);
    for (const [code, permanent] of [
      [500, false],
      [503, false],
      [429, false],
      [400, true],
      [403, true],
      [404, true],
      [422, true],
    ] as const) {
      status.value = code;
      const error = await failureOf(
        transport(provider.token, served.url).send(textMessage('0501234567', 'hi')),
      );
      expect(error.permanent, String(code)).toBe(permanent);
      expect(error.message).toContain(String(code));
      // The provider echoed the token: it is not carried into the outbox or the logs.
      expect(error.message).not.toContain(provider.token);
    }
  });

  it('fails for now when the provider does not answer in time', async () => {
    const silent = new Hono().post('/v1/messages', () => new Promise<Response>(() => {}));
    const served = await serveOnFreePort(silent);
    extra.push(served);
    const slow = createSmsTransport({ url: served.url, token: 't', sender: 'KFU-Training', timeoutMs: 300 });
    const error = await failureOf(slow.send(textMessage('0501234567', 'hi')));
    expect(error).toMatchObject({ permanent: false });
    expect(error.message).toContain('did not answer');
  });

  it('fails for good when a 201 lists the number as rejected', async () => {
    const refusing = new Hono().post('/v1/messages', (c) =>
      c.json(
        {
          statusCode: 201,
          messageId: 77,
          cost: 0,
          currency: 'SAR',
          totalCount: 0,
          msgLength: 1,
          accepted: '[]',
          rejected: '[966501234567,]',
        },
        201,
      ),
    );
    const served = await serveOnFreePort(refusing);
    extra.push(served);
    const error = await failureOf(
      transport(provider.token, served.url).send(textMessage('0501234567', 'hi')),
    );
    expect(error).toMatchObject({ permanent: true, message: 'the SMS provider rejected the number' });
  });
});

describe('the simulated provider', () => {
  let provider: SimulatedProvider;

  beforeAll(async () => {
    provider = await startSimulatedSmsProvider();
  });

  afterAll(async () => {
    await provider?.close();
  });

  const post = (body: unknown, token: string | null = provider.token) =>
    fetch(`${provider.url}/v1/messages`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('answers 401 without a token or with a wrong one', async () => {
    const message = { recipients: ['966501234567'], body: 'hi', sender: 'KFU-Training' };
    for (const token of [null, 'wrong', `${provider.token}x`]) {
      const answer = await post(message, token);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ statusCode: 401, message: 'invalid credentials information' });
    }
  });

  it('answers 400 to a body it cannot take', async () => {
    for (const body of [
      'not json',
      {},
      { recipients: [], body: 'hi', sender: 'S' },
      { recipients: ['966501234567'], body: '', sender: 'S' },
    ]) {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ statusCode: 400 });
    }
  });

  it('keeps the valid numbers of a message and lists the others as rejected', async () => {
    const answer = await post({
      recipients: ['966501110001', '0501110002', '966135800000', '966501110003'],
      body: 'Session moved to 10:00',
      sender: 'KFU-Training',
    });
    expect(answer.status).toBe(201);
    const json = (await answer.json()) as Record<string, unknown>;
    expect(json).toMatchObject({ statusCode: 201, currency: 'SAR', totalCount: 2, msgLength: 1 });
    expect(numberList(json.accepted as string)).toEqual(['966501110001', '966501110003']);
    expect(numberList(json.rejected as string)).toEqual(['0501110002', '966135800000']);
    const kept = await readSimulatedSms(provider.db, { limit: 2 });
    expect(kept.map((sms) => sms.recipient).sort()).toEqual(['966501110001', '966501110003']);
    expect(new Set(kept.map((sms) => sms.messageId))).toEqual(new Set([String(json.messageId)]));
  });

  it('reads the kept messages newest first, to one number or to all', async () => {
    for (const body of ['first', 'second', 'third'])
      await post({ recipients: ['966509990001'], body, sender: 'KFU-Training' });
    expect((await readSimulatedSms(provider.db, { to: '+966 50 999 0001' })).map((sms) => sms.body)).toEqual([
      'third',
      'second',
      'first',
    ]);
    expect(await readSimulatedSms(provider.db, { to: '0509990001', limit: 1 })).toHaveLength(1);
    expect(await readSimulatedSms(provider.db, { to: '0509990009' })).toEqual([]);
  });
});
