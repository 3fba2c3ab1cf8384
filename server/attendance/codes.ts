import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ATTENDANCE_GRACE_STEPS, ATTENDANCE_STEP_SECONDS } from '@contract/domain/attendance';
import { isIsoDate } from '@contract/domain/sessions';
import { centreDate } from '../centre-time';

/**
 * The attendance QR code and the ticket a signed-out trainee keeps while signing in.
 *
 * A code is HMAC-SHA256, under a key derived from the server's token secret, over the course id, the
 * centre's date and the step (`floor(time / ATTENDANCE_STEP_SECONDS)`); it carries its step: 6 bytes
 * of step then the 32 bytes of the MAC, in base64url (51 characters, nothing a person could type or
 * text as a short code). The current step and the one before are accepted; an older one has expired,
 * a newer one is not valid.
 *
 * A ticket binds a course, a date and a random nonce (its id: each ticket is used once), and ends
 * when the code it was made from does (the end of its step of grace):
 * `course.date.expiry.nonce.mac`, with a MAC under a key of its own (a code cannot pass for a
 * ticket nor the other way round). It lives in the scanning browser's httpOnly cookie only.
 */

const STEP_MS = ATTENDANCE_STEP_SECONDS * 1000;
const STEP_BYTES = 6;
const MAC_BYTES = 32;
const NONCE_BYTES = 16;
const TICKET = /^(\d{1,10})\.(\d{4}-\d{2}-\d{2})\.(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export type CodeRefusal = 'invalid' | 'expired';

export interface CurrentCode {
  code: string;
  date: string;
  step: number;
  /** When the next step begins. */
  expiresAt: Date;
}

export interface AttendanceCodes {
  /** The course's current code at `now`. */
  current(courseId: number, now: Date): CurrentCode;
  /** The centre date and step a code was made for, or why it is refused at `now`. */
  check(courseId: number, code: string, now: Date): { date: string; step: number } | CodeRefusal;
  /** A ticket for the course and date from a code of `step`: it ends with that code's grace. */
  ticket(courseId: number, date: string, step: number): { ticket: string; expiresAt: Date };
  /** The date, nonce and end of a ticket, or why it is refused at `now`. */
  checkTicket(
    courseId: number,
    ticket: string,
    now: Date,
  ): { date: string; nonce: string; expiresAt: Date } | CodeRefusal;
}

export function stepAt(now: Date): number {
  return Math.floor(now.getTime() / STEP_MS);
}

export function createAttendanceCodes(secret: Uint8Array): AttendanceCodes {
  const codeKey = createHmac('sha256', secret).update('kfu-training attendance codes').digest();
  const ticketKey = createHmac('sha256', secret).update('kfu-training attendance tickets').digest();
  const codeMac = (courseId: number, date: string, step: number) =>
    createHmac('sha256', codeKey).update(`${courseId}|${date}|${step}`).digest();
  const ticketMac = (courseId: number, date: string, expiry: number, nonce: string) =>
    createHmac('sha256', ticketKey).update(`${courseId}|${date}|${expiry}|${nonce}`).digest();
  const dateOfStep = (step: number) => centreDate(new Date(step * STEP_MS));

  return {
    current(courseId, now) {
      const step = stepAt(now);
      const date = dateOfStep(step);
      const bytes = Buffer.alloc(STEP_BYTES + MAC_BYTES);
      bytes.writeUIntBE(step, 0, STEP_BYTES);
      codeMac(courseId, date, step).copy(bytes, STEP_BYTES);
      return { code: bytes.toString('base64url'), date, step, expiresAt: new Date((step + 1) * STEP_MS) };
    },
    check(courseId, code, now) {
      if (!/^[A-Za-z0-9_-]+$/.test(code)) return 'invalid';
      const bytes = Buffer.from(code, 'base64url');
      if (bytes.length !== STEP_BYTES + MAC_BYTES) return 'invalid';
      const step = bytes.readUIntBE(0, STEP_BYTES);
      const date = dateOfStep(step);
      if (!timingSafeEqual(bytes.subarray(STEP_BYTES), codeMac(courseId, date, step))) return 'invalid';
      const current = stepAt(now);
      if (step > current) return 'invalid';
      if (step < current - ATTENDANCE_GRACE_STEPS) return 'expired';
      return { date, step };
    },
    ticket(courseId, date, step) {
      // The code of `step` is accepted up to the end of its last step of grace.
      const expiry = ((step + 1 + ATTENDANCE_GRACE_STEPS) * STEP_MS) / 1000;
      const nonce = randomBytes(NONCE_BYTES).toString('base64url');
      const mac = ticketMac(courseId, date, expiry, nonce).toString('base64url');
      return {
        ticket: `${courseId}.${date}.${expiry}.${nonce}.${mac}`,
        expiresAt: new Date(expiry * 1000),
      };
    },
    checkTicket(courseId, ticket, now) {
      const match = TICKET.exec(ticket);
      if (!match) return 'invalid';
      const [, course, date = '', expiryText = '', nonce = '', mac = ''] = match;
      const expiry = Number(expiryText);
      if (Number(course) !== courseId || !isIsoDate(date)) return 'invalid';
      if (!timingSafeEqual(Buffer.from(mac, 'base64url'), ticketMac(courseId, date, expiry, nonce)))
        return 'invalid';
      if (expiry * 1000 <= now.getTime()) return 'expired';
      return { date, nonce, expiresAt: new Date(expiry * 1000) };
    },
  };
}
