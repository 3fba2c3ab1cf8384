-- Personal tokens of the centre's staff for `npm run admin` (npm run admin -- login): the command-line
-- tool acts under the person who signed in, so the audit log names them. Only the SHA-256 of a
-- token is kept; a token lasts 90 days unless its owner signs out (revoked_at) first.
CREATE TABLE staff_tokens (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  expires_at timestamptz NOT NULL
);

CREATE INDEX staff_tokens_user_idx ON staff_tokens (user_id);
