-- What happened for a user (an approval, a registration, a grade …), newest first in the bell panel.
-- The English and Arabic wording are both kept; the list call answers both.
CREATE TABLE notifications (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL,
  title_ar text NOT NULL,
  text text NOT NULL,
  text_ar text NOT NULL,
  link text,
  seen boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
