-- What is read from an uploaded video (server/media/video-facts.ts): its length in seconds and a
-- poster frame, itself stored as an upload of the video's owner (served by a signed link like the
-- video). Both stay null until the background work has run, or when it could not read them.
ALTER TABLE uploads ADD COLUMN duration_seconds integer CHECK (duration_seconds > 0);
ALTER TABLE uploads ADD COLUMN poster_id uuid REFERENCES uploads (id) ON DELETE SET NULL;

-- Background work on a stored file (a video's facts, a cover's copies), claimed by one instance of
-- those sharing the database, so that it runs once per file (server/media/file-jobs.ts). A claim
-- whose work neither finished nor failed within a few minutes (its instance stopped) may be taken
-- again.
CREATE TABLE file_jobs (
  -- The file's path in the upload store.
  path text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('video_facts', 'cover_copy')),
  state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 1,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz,
  PRIMARY KEY (path, kind)
);
CREATE INDEX file_jobs_running_idx ON file_jobs (claimed_at) WHERE state = 'running';
