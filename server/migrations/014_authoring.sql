-- Trainer authoring (spec sections 1, 2, 3, 5, 6 and 7): the course approval lifecycle, the
-- courses' facilitators, the evaluation surveys a course may have, and the marks of a question.

-- The lifecycle: Pending (sent to the admin) → Approved, or Rejected with the admin's reason → edited
-- → Pending again. A deleted course is kept as Deleted (its trainer's history shows it) and is
-- seen by no one else.
ALTER TABLE courses DROP CONSTRAINT courses_status_check;
ALTER TABLE courses ADD CONSTRAINT courses_status_check
  CHECK (status IN ('Pending', 'Approved', 'Rejected', 'Deleted'));
ALTER TABLE courses ADD COLUMN rejection_reason text;
ALTER TABLE courses ADD COLUMN decided_at timestamptz;
ALTER TABLE courses ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE courses ADD COLUMN deleted_at timestamptz;
-- The upload the cover was made from (the wizard sends its address back when the cover is kept);
-- `cover_image` stays the public address the catalogue shows.
ALTER TABLE courses ADD COLUMN cover_file_id uuid REFERENCES uploads (id) ON DELETE SET NULL;
CREATE INDEX courses_pending_idx ON courses (id) WHERE status = 'Pending';

-- The evaluation surveys a course may have before and after it (GET /course/survey-category/).
-- Questions: [{"kind": "rating" | "choice" | "text", "text": "…", "text_ar": "…", "required": true,
-- "options": [{"id": 1, "text": "…", "text_ar": "…"}]}], copied into the course's survey lecture
-- when the admin approves the course.
CREATE TABLE survey_categories (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  name_ar text NOT NULL,
  stage text NOT NULL CHECK (stage IN ('pre', 'post')),
  questions jsonb NOT NULL DEFAULT '[]',
  position integer NOT NULL DEFAULT 0
);
ALTER TABLE courses ADD COLUMN pre_survey_id integer REFERENCES survey_categories (id);
ALTER TABLE courses ADD COLUMN post_survey_id integer REFERENCES survey_categories (id);

-- Approved trainers a course's trainer names to help run it: they may do what the trainer does
-- there except delete the course.
CREATE TABLE course_facilitators (
  course_id integer NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (course_id, user_id)
);
CREATE INDEX course_facilitators_user_idx ON course_facilitators (user_id);

-- A quiz question's weight: the score out of 10 is the marks earned over the quiz's marks (spec
-- section 5: a quiz's marks total at most 10). Seeded questions weigh 1 each.
ALTER TABLE questions ADD COLUMN marks numeric(4, 2) NOT NULL DEFAULT 1 CHECK (marks > 0 AND marks <= 10);
