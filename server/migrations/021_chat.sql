-- Chat (/messages over /ws/chat): one-to-one conversations between a trainee and a trainer or
-- facilitator of a course the trainee is in, and one channel per course for its trainer,
-- facilitators and enrolled trainees. Every message carries the sender's client id (a UUID), so a
-- resend is recognised, and a sequence number per conversation, so a client that reconnects asks
-- for what came after the last one it saw.

-- `kind` 'direct': the two members are user_low < user_high (one conversation per pair).
-- `kind` 'course': the course's channel; who belongs is decided by chat_member() below.
-- `last_seq` is the sequence of the newest message (0: none yet); a new message takes
-- last_seq + 1 in the same transaction that stores it.
CREATE TABLE conversations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('direct', 'course')),
  course_id integer REFERENCES courses (id) ON DELETE CASCADE,
  user_low integer REFERENCES users (id) ON DELETE CASCADE,
  user_high integer REFERENCES users (id) ON DELETE CASCADE,
  last_seq integer NOT NULL DEFAULT 0 CHECK (last_seq >= 0),
  last_message_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'course') = (course_id IS NOT NULL)),
  CHECK ((kind = 'direct') = (user_low IS NOT NULL AND user_high IS NOT NULL)),
  CHECK (user_low IS NULL OR user_low < user_high)
);
CREATE UNIQUE INDEX conversations_course_idx ON conversations (course_id) WHERE kind = 'course';
CREATE UNIQUE INDEX conversations_pair_idx ON conversations (user_low, user_high) WHERE kind = 'direct';
CREATE INDEX conversations_high_idx ON conversations (user_high) WHERE kind = 'direct';

-- Messages, in order of `seq` within their conversation. `client_id` is the sender's id for the
-- message: sending it again answers the stored message instead of storing a second one. The body is
-- plain text as typed (trimmed); the web app renders it as text, never as HTML.
CREATE TABLE chat_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  conversation_id integer NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq > 0),
  sender_id integer REFERENCES users (id) ON DELETE SET NULL,
  client_id uuid NOT NULL,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 4000),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (conversation_id, seq),
  UNIQUE (conversation_id, client_id)
);

-- How far each member has got in a conversation: `delivered_seq` is the newest message one of
-- their devices received, `read_seq` the newest they read. Only ever raised. `notified_seq` is the
-- newest message a bell notification was raised for (one unread-chat notification at a time).
CREATE TABLE chat_positions (
  conversation_id integer NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  delivered_seq integer NOT NULL DEFAULT 0 CHECK (delivered_seq >= 0),
  read_seq integer NOT NULL DEFAULT 0 CHECK (read_seq >= 0),
  notified_seq integer NOT NULL DEFAULT 0 CHECK (notified_seq >= 0),
  PRIMARY KEY (conversation_id, user_id)
);
CREATE INDEX chat_positions_user_idx ON chat_positions (user_id);

-- Whether a user belongs to a conversation: a direct conversation's two people; a course channel's
-- trainer (the course's creator), its facilitators and its trainees whose enrolment is current
-- ('enrolled' or 'withdrawal_requested'), while the course is Approved. Everyone who reads or
-- writes a conversation is checked with this one function.
CREATE FUNCTION chat_member(conversation integer, member integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM conversations c
    WHERE c.id = conversation AND (
      (c.kind = 'direct' AND member IN (c.user_low, c.user_high))
      OR (c.kind = 'course' AND EXISTS (
        SELECT 1 FROM courses k WHERE k.id = c.course_id AND k.status = 'Approved' AND (
          k.created_by = member
          OR EXISTS (SELECT 1 FROM course_facilitators f WHERE f.course_id = k.id AND f.user_id = member)
          OR EXISTS (
            SELECT 1 FROM enrolments e
            WHERE e.course_id = k.id AND e.user_id = member AND e.status IN ('enrolled', 'withdrawal_requested')
          )
        )
      ))
    )
  )
$$;
