-- Content blocks of the public pages (GET /cms/…): one JSON document per block.
CREATE TABLE cms_blocks (
  key text PRIMARY KEY,
  content jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Messages sent through the contact form and course requests; the centre's staff read them.
CREATE TABLE contact_messages (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  full_name text NOT NULL,
  email text NOT NULL,
  subject text NOT NULL,
  description text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE course_requests (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  full_name text NOT NULL,
  email text NOT NULL,
  description text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE course_categories (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  name_ar text NOT NULL,
  colour text NOT NULL,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE courses (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Stable key of a seeded course, so that seeding twice changes nothing.
  slug text UNIQUE,
  title text NOT NULL,
  title_ar text NOT NULL,
  subtitle text NOT NULL DEFAULT '',
  subtitle_ar text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  description_ar text NOT NULL DEFAULT '',
  category_id integer NOT NULL REFERENCES course_categories (id),
  cover_image text NOT NULL,
  skill_level text NOT NULL,
  languages jsonb NOT NULL DEFAULT '[]',
  captions jsonb NOT NULL DEFAULT '[]',
  weeks jsonb NOT NULL DEFAULT '[]',
  surveys jsonb NOT NULL DEFAULT '[]',
  facilitators jsonb NOT NULL DEFAULT '[]',
  routine jsonb NOT NULL DEFAULT '[]',
  female_only boolean NOT NULL DEFAULT false,
  start_date date NOT NULL,
  end_date date NOT NULL CHECK (end_date >= start_date),
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Approved')),
  created_by integer NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The public catalogue lists approved courses newest first, optionally by category and dates.
CREATE INDEX courses_catalogue_idx ON courses (id DESC) WHERE status = 'Approved';
CREATE INDEX courses_category_idx ON courses (category_id, id DESC) WHERE status = 'Approved';
CREATE INDEX courses_dates_idx ON courses (start_date, end_date) WHERE status = 'Approved';
CREATE INDEX courses_created_by_idx ON courses (created_by);

CREATE TABLE events (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text UNIQUE,
  title text NOT NULL,
  title_ar text NOT NULL,
  description text NOT NULL,
  description_ar text NOT NULL,
  location text NOT NULL,
  location_ar text NOT NULL,
  image text NOT NULL,
  event_access text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at >= starts_at),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX events_ends_at_idx ON events (ends_at, starts_at);

CREATE TABLE event_registrations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, event_id)
);

CREATE TABLE issue_reports (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  subject text NOT NULL,
  description text NOT NULL,
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Resolved')),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX issue_reports_user_idx ON issue_reports (user_id, id DESC);
