-- Changes to an approved course's details (title, subtitle, description, price, category, dates)
-- wait for the staff: the live course stays as it was until a revision is approved. One pending
-- revision per course at most; a new edit replaces its proposal.
CREATE TABLE course_revisions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  course_id integer NOT NULL REFERENCES courses (id),
  -- The changed fields only, by the names of the course payload (price_halalas, category, ...).
  proposed jsonb NOT NULL,
  -- The same fields as the live course had them when the change was sent.
  before jsonb NOT NULL,
  submitted_by integer NOT NULL REFERENCES users (id),
  submitted_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Approved', 'Rejected')),
  decided_by integer REFERENCES users (id),
  decided_at timestamptz,
  reason text
);

CREATE UNIQUE INDEX course_revisions_one_pending ON course_revisions (course_id) WHERE status = 'Pending';
CREATE INDEX course_revisions_course_idx ON course_revisions (course_id, submitted_at DESC, id DESC);
