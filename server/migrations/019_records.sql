-- A course's end (spec item 7): it ends once its end date is past, or when its trainer closes it
-- (courses.closed_at, migration 015). Every query that asks whether a course has ended calls this one
-- function, so the trainer's Completed status, the catalogue's availability, learning and the
-- authoring checks agree.
CREATE FUNCTION course_ended(end_date date, closed_at timestamptz) RETURNS boolean
  LANGUAGE sql STABLE
  AS $$ SELECT closed_at IS NOT NULL OR end_date < current_date $$;

-- Who closed the course (its trainer).
ALTER TABLE courses ADD COLUMN closed_by integer REFERENCES users (id) ON DELETE SET NULL;

-- A course's reviews, newest first.
CREATE INDEX course_reviews_course_idx ON course_reviews (course_id, created_at DESC);
