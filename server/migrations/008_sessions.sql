-- Ending sessions. Access and refresh tokens carry the user's session version (claim `sv`); raising
-- it (a password reset, a closed account) refuses every token issued before, access tokens
-- included, on their next request.
ALTER TABLE users ADD COLUMN session_version integer NOT NULL DEFAULT 0;

-- A sign-in starts a family of refresh tokens: each refresh spends its token (used_at) and issues
-- a child (parent_jti) in the same family. A spent token presented again means it was copied:
-- the whole family is revoked (revoked_at), and so is a family signed out of.
ALTER TABLE refresh_tokens ADD COLUMN family_id text;
ALTER TABLE refresh_tokens ADD COLUMN parent_jti text;
ALTER TABLE refresh_tokens ADD COLUMN revoked_at timestamptz;
-- Tokens issued before families existed each start their own.
UPDATE refresh_tokens SET family_id = jti WHERE family_id IS NULL;
ALTER TABLE refresh_tokens ALTER COLUMN family_id SET NOT NULL;

CREATE INDEX refresh_tokens_family_id_idx ON refresh_tokens (family_id);
