-- Records and community (spec sections 1, 3, 7 and 9): certificates anyone can verify, invitations
-- by e-mail, and reviews a trainee can edit.

-- A certificate of a completed course, one per trainee and course. What it states is kept as it was
-- when issued (the holder's name, the course, its trainer, dates and hours), so the printed page and
-- the public verification page agree whatever changes later. `code` is random (80 bits, Crockford
-- base32 in groups: contract/domain/certificates.ts) and is the only way to look a certificate up
-- publicly. Revoking keeps the row: verification then says it was revoked, when and why.
CREATE TABLE certificates (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  course_id integer NOT NULL REFERENCES courses (id) ON DELETE RESTRICT,
  holder_name text NOT NULL,
  course_title text NOT NULL,
  course_title_ar text NOT NULL,
  trainer_name text NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  -- Hours of the sessions held (one decimal).
  hours numeric(6, 1) NOT NULL CHECK (hours >= 0),
  -- The trainee's attendance rate (per cent) and average grade (out of 10) when issued; null: none.
  attendance_rate numeric(4, 1),
  average_grade numeric(4, 2),
  issued_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoke_reason text,
  CHECK ((revoked_at IS NULL) = (revoke_reason IS NULL)),
  UNIQUE (user_id, course_id)
);

-- Invitations: a signed-in user invites up to five e-mail addresses at a time, to a course or to the
-- platform (course_id null). Each address gets its own row and mail; the mail's link carries a random
-- token of which only the SHA-256 is kept. An invitation is accepted once, by a signed-in account,
-- before it expires.
CREATE TABLE invitations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  inviter_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  course_id integer REFERENCES courses (id) ON DELETE CASCADE,
  -- Lower-cased.
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by integer REFERENCES users (id) ON DELETE SET NULL,
  CHECK (expires_at > created_at),
  CHECK (accepted_by IS NULL OR accepted_at IS NOT NULL)
);
CREATE INDEX invitations_inviter_idx ON invitations (inviter_id, created_at DESC);
CREATE INDEX invitations_email_idx ON invitations (email);

-- Reviews are editable: the last edit's time. The course page lists them newest first (by their last
-- edit) with a summary of the ratings.
ALTER TABLE course_reviews ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
UPDATE course_reviews SET updated_at = created_at;
CREATE INDEX course_reviews_course_updated_idx ON course_reviews (course_id, updated_at DESC, id DESC);
