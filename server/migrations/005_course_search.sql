-- Catalogue search matches any part of the English or Arabic title, ignoring case. A trigram index
-- on the lower-cased titles lets that match use an index instead of reading every course.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX courses_search_trgm_idx ON courses
  USING gin ((lower(title || ' ' || title_ar)) gin_trgm_ops) WHERE status = 'Approved';
