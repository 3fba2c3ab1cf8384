-- Withdrawals (spec sections 1, 2 and 7): a trainee asks to leave a course (a "drop" before its
-- start date, a "withdrawal" after); an administrator approves it (withdrawn or dropped) or refuses
-- it with a reason (enrolled again). The reason, when it was asked and the decision stay with the
-- enrolment.
ALTER TABLE enrolments ADD COLUMN withdrawal_reason text;
ALTER TABLE enrolments ADD COLUMN withdrawal_requested_at timestamptz;
-- Whether the request was made before the course's start date (a drop, refunded in full).
ALTER TABLE enrolments ADD COLUMN withdrawal_before_start boolean;
ALTER TABLE enrolments ADD COLUMN refusal_reason text;
ALTER TABLE enrolments ADD COLUMN withdrawal_decided_at timestamptz;

-- The trainee's enrolled-courses list, newest first.
CREATE INDEX enrolments_user_idx ON enrolments (user_id, created_at DESC);
