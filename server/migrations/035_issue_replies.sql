-- The centre's answer to an issue report: the reply its reporter reads on /issue-list, when it was
-- resolved and by whom (server/staff/issues.ts).
ALTER TABLE issue_reports
  ADD COLUMN reply text,
  ADD COLUMN resolved_at timestamptz,
  ADD COLUMN resolved_by integer REFERENCES users (id) ON DELETE SET NULL;

CREATE INDEX issue_reports_status_idx ON issue_reports (status, id DESC);
