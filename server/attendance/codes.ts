import { createHmac, timingSafeEqual } from 'node:crypto';
import { ATTENDANCE_STEP_SECONDS, ATTENDANCE_TICKET_SECONDS } from '@contract/domain/attendance';
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
 * A ticket binds a course and a date and lasts ATTENDANCE_TICKET_SECONDS: `course.date.expiry.mac`,
 * with a MAC under a key of its own (a code cannot pass for a ticket nor the other way round).
 */

const STEP_MS = ATTENDANCE_STEP_SECONDS * 1000;
const STEP_BYTES = 6;
const MAC_BYTES = 32;
const TICKET = /^(\d{1,10})\.(\d{4}-\d{2}-\d{2})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

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
  /** The centre date a code was made for, or why it is refused at `now`. */
  check(courseId: number, code: string, now: Date): { date: string } | CodeRefusal;
  /** A ticket for the course and date, valid ATTENDANCE_TICKET_SECONDS from `now`. */
  ticket(courseId: number, date: string, now: Date): { ticket: string; expiresAt: Date };
  /** The date a ticket was made for, or why it is refused at `now`. */
  checkTicket(courseId: number, ticket: string, now: Date): { date: string } | CodeRefusal;
}

export function stepAt(now: Date): number {
  return Math.floor(now.getTime() / STEP_MS);
}

export function createAttendanceCodes(secret: Uint8Array): AttendanceCodes {
  const codeKey = createHmac('sha256', secret).update('kfu-training attendance codes').digest();
  const ticketKey = createHmac('sha256', secret).update('kfu-training attendance tickets').digest();
  const codeMac = (courseId: number, date: string, step: number) =>
    createHmac('sha256', codeKey).update(`${courseId}|${date}|${step}`).digest();
  const ticketMac = (courseId: number, date: string, expiry: number) =>
    createHmac('sha256', ticketKey).update(`${courseId}|${date}|${expiry}`).digest();
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
      if (step < current - 1) return 'expired';
      return { date };
    },
    ticket(courseId, date, now) {
      const expiry = Math.floor(now.getTime() / 1000) + ATTENDANCE_TICKET_SECONDS;
      const mac = ticketMac(courseId, date, expiry).toString('base64url');
      return { ticket: `${courseId}.${date}.${expiry}.${mac}`, expiresAt: new Date(expiry * 1000) };
    },
    checkTicket(courseId, ticket, now) {
      const match = TICKET.exec(ticket);
      if (!match) return 'invalid';
      const [, course, date = '', expiryText = '', mac = ''] = match;
      const expiry = Number(expiryText);
      if (Number(course) !== courseId || !isIsoDate(date)) return 'invalid';
      if (!timingSafeEqual(Buffer.from(mac, 'base64url'), ticketMac(courseId, date, expiry)))
        return 'invalid';
      if (expiry * 1000 <= now.getTime()) return 'expired';
      return { date };
    },
  };
}
