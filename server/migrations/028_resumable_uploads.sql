-- Resumable (tus) uploads under way: whose, of what, how large, and when started. A finished one
-- becomes an uploads row with the same id; an unfinished one is removed after 24 hours.
CREATE TABLE resumable_uploads (
  id uuid PRIMARY KEY,
  owner_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  extension text NOT NULL,
  size integer NOT NULL CHECK (size > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX resumable_uploads_owner_idx ON resumable_uploads (owner_id);
CREATE INDEX resumable_uploads_created_idx ON resumable_uploads (created_at);
CREATE INDEX uploads_created_idx ON uploads (created_at);
