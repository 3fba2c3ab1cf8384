-- Trainer operations (spec sections 1, 2, 3, 4, 5 and 8): grading by whom, a course's sessions
-- changed one at a time, attendance, private calendar feeds, closing a course early with the rule a
-- trainee's completion follows, and the reviews trainees give a course.

-- Who graded or returned an attempt (the course's trainer or a facilitator).
ALTER TABLE submissions ADD COLUMN reviewed_by integer REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX submissions_lecture_idx ON submissions (lecture_id, user_id, attempt DESC);

-- A course's sessions come from its routine (a weekday with its times) between its start and end
-- dates, in the centre's time zone. One of them may be cancelled, or moved to another date and
-- time; `session_date` is the routine's date of the session.
CREATE TABLE session_changes (
  course_id integer NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  session_date date NOT NULL,
  action text NOT NULL CHECK (action IN ('cancelled', 'moved')),
  new_date date,
  start_time text CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  end_time text CHECK (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  reason text NOT NULL DEFAULT '',
  changed_by integer REFERENCES users (id) ON DELETE SET NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (course_id, session_date),
  CHECK ((action = 'moved') = (new_date IS NOT NULL AND start_time IS NOT NULL AND end_time IS NOT NULL)),
  CHECK (end_time IS NULL OR end_time > start_time)
);

-- A trainee's attendance at the session held on `session_date` (after a move, the new date). A
-- session that has ended with no row for an enrolled trainee counts as Absent.
CREATE TABLE attendance (
  course_id integer NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  session_date date NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('Present', 'Absent')),
  -- 'qr': the trainee scanned the code; 'trainer': marked by hand.
  marked_by text NOT NULL CHECK (marked_by IN ('qr', 'trainer')),
  marked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (course_id, session_date, user_id)
);
CREATE INDEX attendance_user_idx ON attendance (user_id, course_id, session_date);

-- A user's private calendar feed: its address holds a long random secret that calendar apps fetch
-- without signing in. Making a new one ends the old.
CREATE TABLE calendar_feeds (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A course ends on its end date, or earlier when its trainer closes it. A trainee completes it when
-- they attended at least `completion_min_attendance` per cent of the sessions held and their average
-- grade over the course's assignments and quizzes (one not done counts as 0) is at least
-- `completion_min_grade` out of 10.
ALTER TABLE courses ADD COLUMN closed_at timestamptz;
ALTER TABLE courses ADD COLUMN completion_min_attendance integer NOT NULL DEFAULT 75
  CHECK (completion_min_attendance BETWEEN 0 AND 100);
ALTER TABLE courses ADD COLUMN completion_min_grade numeric(4, 2) NOT NULL DEFAULT 5
  CHECK (completion_min_grade BETWEEN 0 AND 10);

-- A trainee's review of a course they took: one per trainee and course.
CREATE TABLE course_reviews (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  course_id integer NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
  review text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (course_id, user_id)
);
