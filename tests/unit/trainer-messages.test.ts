import { describe, expect, it } from 'vitest';
import { AUTHORING_MESSAGES, AUTHORING_VALIDATION } from '@/contract/authoring';
import { GRADING_MESSAGES, GRADING_VALIDATION } from '@/contract/grading';
import { UPLOAD_FAILURE, UPLOAD_SUCCESS } from '@/contract/learning';
import { SERVER_MESSAGES } from '@/contract/server-messages';
import { TRAINER_MESSAGES } from '@/features/trainer/known-messages';
import { KNOWN_MESSAGES } from '@/i18n/api-messages';

/** The sentences every page translates, and those the trainer's screens add when they load. */
const KNOWN = { ...KNOWN_MESSAGES, ...TRAINER_MESSAGES };

describe("the trainer's screens' sentences that come from outside the views", () => {
  it('can translate every authoring rule and server sentence', () => {
    const missing = [...Object.values(AUTHORING_VALIDATION), ...Object.values(AUTHORING_MESSAGES)].filter(
      (message) => !KNOWN[message],
    );
    expect(missing).toEqual([]);
  });
  it('can translate every grading rule and server sentence', () => {
    const missing = [...Object.values(GRADING_VALIDATION), ...Object.values(GRADING_MESSAGES)].filter(
      (message) => !KNOWN[message],
    );
    expect(missing).toEqual([]);
  });
  it("can translate what the upload widget says of a file, and the spec's upload toasts", () => {
    const missing = [
      SERVER_MESSAGES.uploadType,
      SERVER_MESSAGES.uploadTooLarge,
      SERVER_MESSAGES.uploadRequired,
      UPLOAD_SUCCESS,
      UPLOAD_FAILURE,
    ].filter((message) => !KNOWN[message]);
    expect(missing).toEqual([]);
  });
});
