-- Attendance tickets already used (server/attendance/codes.ts): a ticket gives attendance once. A
-- row is needed only until the ticket's own end; older rows are removed as new ones are added.
CREATE TABLE attendance_tickets_used (
  nonce text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX attendance_tickets_used_expiry ON attendance_tickets_used (expires_at);
