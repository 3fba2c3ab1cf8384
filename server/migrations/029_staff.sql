-- The centre's staff sign in to the same application: the role ADMIN, a second factor mailed as a
-- code (otp_codes, purpose 'sign_in'), and an append-only record of every decision they make.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('TRAINEE', 'TRAINER', 'ADMIN'));

-- A trainer application the staff turned down, with the reason the applicant was told.
ALTER TABLE users ADD COLUMN rejected_at timestamptz;
ALTER TABLE users ADD COLUMN rejection_reason text;

ALTER TABLE otp_codes DROP CONSTRAINT otp_codes_purpose_check;
ALTER TABLE otp_codes ADD CONSTRAINT otp_codes_purpose_check
  CHECK (purpose IN ('registration', 'reset', 'email_change', 'sign_in'));

-- Who decided what, when, why, and what it changed. Rows are only ever added: the triggers below
-- refuse every UPDATE, DELETE and TRUNCATE, whoever sends it.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id integer NOT NULL REFERENCES users (id),
  -- Kept as written at the time, so the record still names the person after any later change.
  actor_name text NOT NULL,
  actor_email text NOT NULL,
  action text NOT NULL,
  subject_kind text NOT NULL,
  subject_id text NOT NULL,
  subject_label text NOT NULL,
  reason text,
  before jsonb,
  after jsonb,
  -- 'web' (the back office) or 'cli' (npm run admin).
  via text NOT NULL CHECK (via IN ('web', 'cli'))
);

CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at DESC);

CREATE FUNCTION refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log can only be added to';
END
$$;

CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_change();

CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_change();
