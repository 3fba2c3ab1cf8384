import { messageFromBody } from '@contract/messages/errors';
import { describe, expect, it } from 'vitest';
import { httpError } from '@/api/errors';

describe('error normalisation (spec section 8)', () => {
  it('prefers details[0].message', () => {
    expect(messageFromBody({ details: [{ message: 'Email already exists' }], detail: 'x', error: 'y' })).toBe(
      'Email already exists',
    );
  });
  it('falls back to detail, then error', () => {
    expect(messageFromBody({ detail: 'Not found', error: 'y' })).toBe('Not found');
    expect(messageFromBody({ error: 'Event is full' })).toBe('Event is full');
  });
  it('skips empty messages', () => {
    expect(messageFromBody({ details: [{ message: ' ' }], detail: '', error: 'Real reason' })).toBe(
      'Real reason',
    );
  });
  it('gives nothing for bodies without a message', () => {
    expect(messageFromBody(undefined)).toBeUndefined();
    expect(messageFromBody('<html>502</html>')).toBeUndefined();
    expect(messageFromBody({ details: [] })).toBeUndefined();
  });
  it('uses the caller fallback sentence when the body says nothing', () => {
    const error = httpError(500, '<html>', 'Could not Register at this time. Try again');
    expect(error.message).toBe('Could not Register at this time. Try again');
    expect(error.status).toBe(500);
    expect(error.isAuthFailure).toBe(false);
    expect(httpError(401, {}).isAuthFailure).toBe(true);
    expect(httpError(403, {}).isAuthFailure).toBe(true);
  });
});
