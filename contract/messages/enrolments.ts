/** The answer to a withdrawal request (POST /course/enroll-status-update/): the spec's success toast. */
export const WITHDRAWAL_SENT = 'Request Sent Successfully';
