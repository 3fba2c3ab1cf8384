-- Learning (spec sections 2, 3, 5 and 7): a course's lectures by week, the trainee's read state and
-- video positions, uploaded files, assignment submissions with their attempts, quizzes with
-- questions, attempts and answers, and surveys with their responses.

-- Every uploaded file (POST /upload/ and the seed's lecture files). The bytes live in the upload
-- store under `path`; the row says whose it is. A file is served to its owner, and through what it
-- is attached to: a lecture's file to the course's trainer, facilitators and enrolled trainees; a
-- submission's file to its trainee and the course's trainer and facilitators.
CREATE TABLE uploads (
  id uuid PRIMARY KEY,
  owner_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  path text NOT NULL UNIQUE,
  name text NOT NULL,
  extension text NOT NULL,
  content_type text NOT NULL,
  size integer NOT NULL CHECK (size >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_owner_idx ON uploads (owner_id, created_at DESC);

-- A lecture (the spec's class): 'Class' (text, video or PDF by its file), 'Assignment', 'Quiz' or
-- 'Survey', in a week of the course at a position.
CREATE TABLE lectures (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  course_id integer NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  -- Stable key of a seeded lecture, so that seeding twice changes nothing.
  slug text UNIQUE,
  week integer NOT NULL CHECK (week >= 1),
  position integer NOT NULL,
  class_type text NOT NULL CHECK (class_type IN ('Class', 'Assignment', 'Quiz', 'Survey')),
  title text NOT NULL,
  title_ar text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  description_ar text NOT NULL DEFAULT '',
  -- Text to read, plain (paragraphs split by blank lines), never HTML.
  body text NOT NULL DEFAULT '',
  body_ar text NOT NULL DEFAULT '',
  file_id uuid REFERENCES uploads (id) ON DELETE SET NULL,
  -- A video's length in seconds.
  duration_seconds integer CHECK (duration_seconds > 0),
  -- WebVTT caption tracks of a video: [{"language": "en" | "ar", "label": "…", "file_id": "…"}].
  captions jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (course_id, week, position)
);

CREATE TABLE lecture_reads (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  lecture_id integer NOT NULL REFERENCES lectures (id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, lecture_id)
);
CREATE INDEX lecture_reads_lecture_idx ON lecture_reads (lecture_id);

CREATE TABLE video_positions (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  lecture_id integer NOT NULL REFERENCES lectures (id) ON DELETE CASCADE,
  seconds double precision NOT NULL CHECK (seconds >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, lecture_id)
);

-- Attempts at an assignment: a new one only when there is none or the last was returned.
CREATE TABLE submissions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lecture_id integer NOT NULL REFERENCES lectures (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  attempt integer NOT NULL CHECK (attempt >= 1),
  file_id uuid NOT NULL REFERENCES uploads (id) ON DELETE RESTRICT,
  status text NOT NULL DEFAULT 'Submitted' CHECK (status IN ('Submitted', 'Reviewed', 'Returned')),
  grade numeric(4, 2) CHECK (grade >= 0 AND grade <= 10),
  feedback text,
  feedback_file_id uuid REFERENCES uploads (id) ON DELETE SET NULL,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz,
  UNIQUE (lecture_id, user_id, attempt),
  CHECK ((status = 'Reviewed') = (grade IS NOT NULL))
);
-- At most one attempt of a trainee waits for a grade.
CREATE UNIQUE INDEX submissions_one_waiting_idx ON submissions (lecture_id, user_id) WHERE status = 'Submitted';

-- A quiz's settings: one row per 'Quiz' lecture.
CREATE TABLE quizzes (
  lecture_id integer PRIMARY KEY REFERENCES lectures (id) ON DELETE CASCADE,
  time_limit_seconds integer CHECK (time_limit_seconds > 0),
  attempts_allowed integer NOT NULL DEFAULT 1 CHECK (attempts_allowed >= 1),
  closes_at timestamptz,
  shows_answers boolean NOT NULL DEFAULT true
);

-- A question of a quiz or a survey. Options: [{"id": 1, "text": "…", "text_ar": "…"}]; `correct` the
-- ids of the right options (quizzes only).
CREATE TABLE questions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lecture_id integer NOT NULL REFERENCES lectures (id) ON DELETE CASCADE,
  position integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('single', 'multiple', 'true_false', 'rating', 'choice', 'text')),
  text text NOT NULL,
  text_ar text NOT NULL DEFAULT '',
  options jsonb NOT NULL DEFAULT '[]',
  correct jsonb NOT NULL DEFAULT '[]',
  required boolean NOT NULL DEFAULT true,
  UNIQUE (lecture_id, position)
);

CREATE TABLE quiz_attempts (
  id uuid PRIMARY KEY,
  lecture_id integer NOT NULL REFERENCES lectures (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  number integer NOT NULL CHECK (number >= 1),
  started_at timestamptz NOT NULL DEFAULT now(),
  -- The earlier of start + time limit and the quiz's close time; null when neither applies.
  deadline timestamptz,
  submitted_at timestamptz,
  submitted_by text CHECK (submitted_by IN ('trainee', 'timeout')),
  -- The key of the request that submitted it: a retried request with it gets the same review.
  submit_key text UNIQUE,
  score numeric(4, 2) CHECK (score >= 0 AND score <= 10),
  correct_count integer,
  UNIQUE (lecture_id, user_id, number),
  CHECK ((submitted_at IS NULL) = (score IS NULL))
);
-- At most one attempt of a trainee is in progress.
CREATE UNIQUE INDEX quiz_attempts_one_open_idx ON quiz_attempts (lecture_id, user_id) WHERE submitted_at IS NULL;
-- The sweep finds attempts past their deadline.
CREATE INDEX quiz_attempts_deadline_idx ON quiz_attempts (deadline) WHERE submitted_at IS NULL;

CREATE TABLE quiz_answers (
  attempt_id uuid NOT NULL REFERENCES quiz_attempts (id) ON DELETE CASCADE,
  question_id integer NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  choice jsonb NOT NULL DEFAULT '[]',
  version integer NOT NULL CHECK (version >= 1),
  saved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (attempt_id, question_id)
);

-- A survey's stage: one row per 'Survey' lecture.
CREATE TABLE surveys (
  lecture_id integer PRIMARY KEY REFERENCES lectures (id) ON DELETE CASCADE,
  stage text NOT NULL CHECK (stage IN ('pre', 'post'))
);

-- One response per trainee and survey. The trainee is kept only so that a survey is answered
-- once; what the trainers see is the answers without names.
CREATE TABLE survey_responses (
  lecture_id integer NOT NULL REFERENCES lectures (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  answers jsonb NOT NULL,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (lecture_id, user_id)
);
