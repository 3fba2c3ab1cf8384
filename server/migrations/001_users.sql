CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  full_name text NOT NULL,
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  phone_number text,
  govt_id_or_iqama_no text,
  role text NOT NULL CHECK (role IN ('TRAINEE', 'TRAINER')),
  image text,
  password_hash text NOT NULL,
  -- False while a trainer waits for an administrator's approval; trainees are approved on creation.
  approved boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per refresh token handed out; a token is good for one rotation only.
CREATE TABLE refresh_tokens (
  jti text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX refresh_tokens_user_id_idx ON refresh_tokens (user_id);
