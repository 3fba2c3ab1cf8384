-- A category the centre hides: the catalogue does not offer it and a course cannot choose it; the
-- courses already in it keep it (server/staff/categories.ts).
ALTER TABLE course_categories ADD COLUMN hidden_at timestamptz;
