-- The outbox becomes a durable queue (server/messages/): every mail and text message is written in
-- the transaction that causes it, and a sender in each instance delivers it. Rows are claimed with
-- FOR UPDATE SKIP LOCKED and a lease, so instances on one database never send a row twice at once,
-- and a row whose sender died is taken again when its lease runs out.
ALTER TABLE outbox
  ADD COLUMN channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms')),
  -- What the message is about (an OTP purpose, 'invitation', a notice kind…): limits and reports.
  ADD COLUMN kind text NOT NULL DEFAULT 'notice',
  -- The HTML part of a mail; NULL for text messages.
  ADD COLUMN html text,
  ADD COLUMN status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- While 'sending': until when the claiming instance holds the row, and which instance it is.
  ADD COLUMN lease_until timestamptz,
  ADD COLUMN claimed_by text,
  -- A message carrying a code is worthless once the code expired: it is then failed, not sent.
  ADD COLUMN expires_at timestamptz,
  ADD COLUMN last_error text,
  ADD COLUMN sent_at timestamptz,
  -- How it went out: 'smtp', 'outbox' (kept here, development), 'sms'; and the relay's or provider's id.
  ADD COLUMN transport text,
  ADD COLUMN provider_id text,
  -- A text message's encoding (GSM-7, UCS-2: Arabic) and the parts it was billed as.
  ADD COLUMN sms_encoding text,
  ADD COLUMN sms_parts integer;

-- What was written before the queue existed was never going anywhere else: it stays as kept.
UPDATE outbox SET status = 'sent', transport = 'outbox', sent_at = created_at;

CREATE INDEX outbox_due_idx ON outbox (next_attempt_at, id) WHERE status IN ('queued', 'sending');
