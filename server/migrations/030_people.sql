-- The staff's people screens: an account the centre disabled (its sign-in says so, and every token
-- issued to it is refused), and the account's recent sign-ins.
ALTER TABLE users ADD COLUMN disabled_at timestamptz;
ALTER TABLE users ADD COLUMN disabled_reason text;

-- One row per successful sign-in (never a token): when, from which address and browser. Only the
-- newest few of each account are kept (server/staff/people.ts).
CREATE TABLE sign_ins (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  ip text,
  user_agent text
);

CREATE INDEX sign_ins_user_idx ON sign_ins (user_id, id DESC);
