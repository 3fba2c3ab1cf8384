-- The centre's calendar: "today" is the date in the centre's time zone (CENTRE_TIME_ZONE, which the
-- server writes here at start; server/centre-time.ts), never the database session's, which is UTC.
-- Every query that compares a day asks centre_today() or centre_date(instant).
CREATE TABLE centre_settings (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  time_zone text NOT NULL DEFAULT 'Asia/Riyadh'
);
INSERT INTO centre_settings DEFAULT VALUES;

CREATE FUNCTION centre_time_zone() RETURNS text
  LANGUAGE sql STABLE
  AS $$ SELECT time_zone FROM centre_settings $$;

-- The centre's date at an instant.
CREATE FUNCTION centre_date(instant timestamptz) RETURNS date
  LANGUAGE sql STABLE
  AS $$ SELECT (instant AT TIME ZONE centre_time_zone())::date $$;

CREATE FUNCTION centre_today() RETURNS date
  LANGUAGE sql STABLE
  AS $$ SELECT centre_date(now()) $$;

-- Migration 019's rule, on the centre's calendar: a course ends once its end date is past, or when
-- its trainer closes it.
CREATE OR REPLACE FUNCTION course_ended(end_date date, closed_at timestamptz) RETURNS boolean
  LANGUAGE sql STABLE
  AS $$ SELECT closed_at IS NOT NULL OR end_date < centre_today() $$;
