-- The schedule and the calendar feeds (spec section 2, /manage-schedule). A feed is written in the
-- language its owner chose when making its address (calendar apps send no language of their own).
ALTER TABLE calendar_feeds ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ar'));

-- The sessions moved onto a date, looked up when another move targets it.
CREATE INDEX session_changes_new_date_idx ON session_changes (course_id, new_date) WHERE new_date IS NOT NULL;
