-- The counters of the rate limits (server/rate-limits.ts). They live in the database so that a limit
-- holds across restarts and across every server instance that shares this database.
--
-- One row per limit (bucket) and key: a fixed window that opens at the first hit. `hits` counts the
-- hits since then; once it passes the limit's maximum the key is refused until `resets_at`, which the
-- first refused hit may push further out (a lock). A row whose `resets_at` has passed counts as
-- empty: the next hit starts a new window in place. One INSERT … ON CONFLICT … DO UPDATE … RETURNING
-- counts a hit and answers whether it was refused and for how long, so concurrent hits from several
-- instances cannot race between a read and a write.
CREATE TABLE rate_limits (
  bucket text NOT NULL,
  -- An HMAC of the client address, e-mail address or phone number: never the plain value.
  key text NOT NULL,
  hits integer NOT NULL CHECK (hits > 0),
  resets_at timestamptz NOT NULL,
  PRIMARY KEY (bucket, key)
);

-- Old rows are deleted now and then by the limiter (oldest first, a batch at a time).
CREATE INDEX rate_limits_resets_at_idx ON rate_limits (resets_at);
