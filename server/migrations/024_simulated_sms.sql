-- The simulated SMS provider (server/messages/sms-provider.ts) keeps here every text message it
-- accepted, one row per recipient, for development and tests to read. It stands apart from the
-- product's data like the simulated gateway's ledger: the product never reads it.
CREATE SEQUENCE simulated_sms_message_id_seq START WITH 1000000001;

CREATE TABLE simulated_sms (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The provider's id of the request: shared by the rows of a message sent to several numbers.
  message_id bigint NOT NULL,
  sender text NOT NULL,
  -- International form, digits only (9665XXXXXXXX).
  recipient text NOT NULL,
  body text NOT NULL,
  encoding text NOT NULL CHECK (encoding IN ('GSM-7', 'UCS-2')),
  parts integer NOT NULL CHECK (parts >= 1),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX simulated_sms_recipient_idx ON simulated_sms (recipient, id DESC);
