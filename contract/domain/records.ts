/**
 * A trainer's records (the calls: wire/records.ts).
 *
 * A course ends on its end date, or earlier when its trainer closes it (only the course's trainer,
 * only an approved course that has started and not ended). A trainee completes a course when they
 * attended at least `min_attendance` per cent of its sessions that have ended (a session with no mark
 * counts as Absent) and their average grade over every assignment and quiz of the course (one not
 * done counts as 0; an assignment's grade is its last attempt's, a quiz's the best score) is at least
 * `min_grade` out of 10. With no session held (or no assignment or quiz) that half of the rule holds.
 */

/** The rule's defaults (migration 015). */
export const DEFAULT_COMPLETION_RULE = { min_attendance: 75, min_grade: 5 } as const;
