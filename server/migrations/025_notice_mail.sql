-- The kinds of notice (contract/wire/notice-mail.ts) a user does not want by mail: one row per kind
-- turned off on the profile. No row: the kind is mailed (every kind is on by default). The bell
-- notice is stored either way.
CREATE TABLE notice_mail_opt_outs (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);
