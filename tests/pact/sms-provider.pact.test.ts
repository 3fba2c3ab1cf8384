import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { createSmsTransport } from '../../server/messages/sms';
import { SIMULATED_SMS_TOKEN } from '../../server/messages/sms-provider';
import { DeliveryError } from '../../server/messages/transport';
import { textMessage } from '../support/sms-provider';
import { pactOfSmsProvider } from './support';

/**
 * The reference server is the consumer here: its SMS transport calls the provider's
 * POST /v1/messages (Taqnyat's model). tests/provider/sms-provider.provider.test.ts verifies this
 * pact against the simulated provider.
 */

const { integer, like, number, regex } = MatchersV3;

const provider = pactOfSmsProvider();
const SENDER = 'KFU-Training';
/** The provider writes numbers as a list in text: "[966501234567,]". */
const NUMBER_LIST = '^\\[(\\d+,)*\\d*\\]$';

const ARABIC_CODE =
  'رمز الدفع بالمحفظة هو: 482913\nيؤكد دفع 574.85 ريال وتنتهي صلاحيته خلال 10 دقائق.\nمركز التدريب بجامعة الملك فيصل';

const request = (token: string, recipient: string, body: string) => ({
  headers: {
    Authorization: `Bearer ${token}`,
    'Content-Type': 'application/json',
    Accept: 'application/json',
  },
  body: { recipients: [recipient], body, sender: SENDER },
});

async function failureOf(sending: Promise<unknown>): Promise<DeliveryError> {
  const outcome = await sending.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof DeliveryError))
    throw new Error(`expected a DeliveryError, got ${String(outcome)}`);
  return outcome;
}

describe('the SMS provider’s API, as the server calls it', () => {
  it('accepts a text message in Arabic to a Saudi mobile', async () => {
    const sent = request(SIMULATED_SMS_TOKEN, '966501234567', ARABIC_CODE);
    await provider
      .addInteraction()
      .uponReceiving('a text message in Arabic to a Saudi mobile')
      .withRequest('POST', '/v1/messages', (b) => b.headers(sent.headers).jsonBody(sent.body))
      .willRespondWith(201, (b) =>
        b.headers({ 'Content-Type': 'application/json' }).jsonBody({
          statusCode: 201,
          messageId: integer(1000000001),
          cost: number(0.052),
          currency: like('SAR'),
          totalCount: 1,
          msgLength: integer(2),
          accepted: regex(NUMBER_LIST, '[966501234567,]'),
          rejected: '[]',
        }),
      )
      .executeTest(async (mockServer) => {
        const transport = createSmsTransport({
          url: mockServer.url,
          token: SIMULATED_SMS_TOKEN,
          sender: SENDER,
        });
        const delivery = await transport.send(textMessage('0501234567', ARABIC_CODE));
        expect(delivery).toMatchObject({
          transport: 'sms',
          providerId: '1000000001',
          encoding: 'UCS-2',
          parts: 2,
          cost: 0.052,
          currency: 'SAR',
        });
      });
  });

  it('refuses a token it does not know', async () => {
    const token = 'a-token-the-provider-does-not-know';
    const sent = request(token, '966501234567', 'Your wallet payment code is: 482913');
    await provider
      .addInteraction()
      .uponReceiving('a text message with a token the provider does not know')
      .withRequest('POST', '/v1/messages', (b) => b.headers(sent.headers).jsonBody(sent.body))
      .willRespondWith(401, (b) =>
        b
          .headers({ 'Content-Type': 'application/json' })
          .jsonBody({ statusCode: 401, message: like('invalid credentials information') }),
      )
      .executeTest(async (mockServer) => {
        const transport = createSmsTransport({ url: mockServer.url, token, sender: SENDER });
        const error = await failureOf(transport.send(textMessage('966501234567', sent.body.body)));
        expect(error.permanent).toBe(true);
        expect(error.message).toContain('SMS_TOKEN');
      });
  });

  it('refuses a number that is not a mobile', async () => {
    // A Saudi landline: in international form, but no SMS reaches it.
    const sent = request(SIMULATED_SMS_TOKEN, '966135800000', 'Your wallet payment code is: 482913');
    await provider
      .addInteraction()
      .uponReceiving('a text message to a number that is not a mobile')
      .withRequest('POST', '/v1/messages', (b) => b.headers(sent.headers).jsonBody(sent.body))
      .willRespondWith(400, (b) =>
        b
          .headers({ 'Content-Type': 'application/json' })
          .jsonBody({ statusCode: 400, message: like('invalid recipients: no valid mobile number') }),
      )
      .executeTest(async (mockServer) => {
        const transport = createSmsTransport({
          url: mockServer.url,
          token: SIMULATED_SMS_TOKEN,
          sender: SENDER,
        });
        const error = await failureOf(transport.send(textMessage('+966 13 580 0000', sent.body.body)));
        expect(error.permanent).toBe(true);
        expect(error.message).toContain('400');
      });
  });
});
