import type { Channel, ClaimedMessage } from './outbox';

/** How a message went out: the transport's name and the relay's or provider's id for it. */
export interface Delivery {
  transport: string;
  providerId?: string | undefined;
  /** A text message's encoding (GSM-7 or UCS-2) and how many parts it took. */
  encoding?: string | undefined;
  parts?: number | undefined;
}

/**
 * A delivery that did not happen. `permanent`: trying again cannot help (the relay answered 5xx,
 * the address or number is refused); otherwise it is tried again later (a 4xx answer, a dropped
 * connection, a relay or provider that is down).
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** Delivers the messages of one channel. */
export interface Transport {
  readonly channel: Channel;
  /** Its name in the outbox and logs: 'smtp', 'outbox', 'sms'. */
  readonly name: string;
  /** Sends one message; throws DeliveryError (anything else counts as temporary). */
  send(message: ClaimedMessage): Promise<Delivery>;
  close?(): Promise<void>;
}

/**
 * Development without a relay (MAIL_TRANSPORT=outbox, SMS_TRANSPORT=outbox): the messages stay in the
 * outbox table, where `npm run outbox` reads them.
 */
export function keepInOutbox(channel: Channel = 'email'): Transport {
  return {
    channel,
    name: 'outbox',
    send: async () => ({ transport: 'outbox' }),
  };
}
