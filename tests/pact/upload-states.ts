/**
 * Provider states of the resumable-upload contracts (tests/pact/uploads.pact.test.ts), set up by
 * tests/provider/upload-states.ts. Keep the wording stable: it is written into the pact files the
 * backend team reads.
 */
export const UPLOAD_STATES = {
  noUploadUnderWay: 'the trainee is signed in and has no upload under way',
  uploadUnderWay:
    "the trainee is signed in and has created an upload of the contract's PDF, nothing sent yet",
} as const;

/** Key of the id of the upload under way that the state returns (its address is /api/v1/uploads/{id}). */
export const INJECTED_UPLOAD_ID = 'uploadId';

/** The file of the contracts: a small PDF (its header, one empty page, the trailer with `%%EOF`). */
export const STATE_PDF = {
  name: 'Week 1 notes.pdf',
  bytes: Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj',
      'trailer << /Root 1 0 R >>',
      'startxref',
      '0',
      '%%EOF',
      '',
    ].join('\n'),
  ),
} as const;
