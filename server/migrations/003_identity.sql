-- Sign-up: an account can sign in once its e-mail address is confirmed with a mailed code.
ALTER TABLE users ADD COLUMN verified boolean NOT NULL DEFAULT false;
-- Accounts made before sign-up existed (the demo accounts) count as confirmed.
UPDATE users SET verified = true;

-- A trainer's CV: its path under DATA_DIR/uploads and the name it was uploaded with.
ALTER TABLE users ADD COLUMN cv_file text;
ALTER TABLE users ADD COLUMN cv_name text;

CREATE UNIQUE INDEX users_govt_id_or_iqama_no_key ON users (govt_id_or_iqama_no)
  WHERE govt_id_or_iqama_no IS NOT NULL;
CREATE INDEX users_phone_number_idx ON users (phone_number);

-- One-time codes mailed for sign-up and password reset; only a salted scrypt hash is kept.
CREATE TABLE otp_codes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('registration', 'reset')),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set when the code is accepted, or when a newer code replaces it.
  used_at timestamptz
);

CREATE INDEX otp_codes_user_id_idx ON otp_codes (user_id, id DESC);

-- One row per password-reset token handed out; a token sets a password once only.
CREATE TABLE reset_tokens (
  jti text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX reset_tokens_user_id_idx ON reset_tokens (user_id);

-- Mail the server sends; stands in for an SMTP relay (development: GET /api/v1/dev/outbox/).
CREATE TABLE outbox (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX outbox_to_address_idx ON outbox (to_address, id DESC);
