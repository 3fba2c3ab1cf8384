-- The catalogue's version: raised in the same transaction as every write that can change a public
-- catalogue answer (a course, a category, the name or picture of a course's trainer), by whoever
-- writes (any server instance, a script, a test), and seen by everyone once it commits. Servers keep
-- their public catalogue answers in memory under the version they were read at
-- (server/courses/public-answers.ts): one read of this row per request tells whether they still hold.
CREATE TABLE catalogue_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO catalogue_version DEFAULT VALUES;

CREATE FUNCTION raise_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER courses_raise_catalogue_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON courses
  FOR EACH STATEMENT EXECUTE FUNCTION raise_catalogue_version();

CREATE TRIGGER course_categories_raise_catalogue_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON course_categories
  FOR EACH STATEMENT EXECUTE FUNCTION raise_catalogue_version();

-- Course cards show their trainer's name and picture; other changes to users (sign-ins, approvals,
-- session versions) leave the catalogue as it is.
CREATE TRIGGER users_raise_catalogue_version
  AFTER UPDATE OF full_name, image ON users
  FOR EACH ROW WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name OR OLD.image IS DISTINCT FROM NEW.image)
  EXECUTE FUNCTION raise_catalogue_version();
