import { AUTHORING_VALIDATION } from '@contract/forms/authoring';
import { GRADING_VALIDATION } from '@contract/forms/grading';
import { AUTHORING_MESSAGES } from '@contract/messages/authoring';
import { GRADING_MESSAGES } from '@contract/messages/grading';
import { UPLOAD_FAILURE, UPLOAD_MESSAGES, UPLOAD_SUCCESS } from '@contract/messages/learning';
import { describe, expect, it } from 'vitest';
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
      UPLOAD_MESSAGES.uploadType,
      UPLOAD_MESSAGES.uploadTooLarge,
      UPLOAD_MESSAGES.uploadRequired,
      UPLOAD_SUCCESS,
      UPLOAD_FAILURE,
    ].filter((message) => !KNOWN[message]);
    expect(missing).toEqual([]);
  });
});
