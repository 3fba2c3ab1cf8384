import { UPLOAD_MESSAGES } from '@contract/messages/learning';
import {
  UPLOAD_ACCEPT,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_VIDEO_BYTES,
} from '@contract/wire/learning';
import { describe, expect, it } from 'vitest';
import { extensionOf, fileProblem } from '../../machines/upload.machine.ts';

describe('the client-side check of an assignment file', () => {
  it('reads the extension in any case, and none from a bare or dot name', () => {
    expect(extensionOf('Report.Final.PDF')).toBe('pdf');
    expect(extensionOf('photo.jpeg')).toBe('jpeg');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('.pdf')).toBe('');
    expect(extensionOf('notes.')).toBe('');
  });

  it('accepts every type of spec section 5 up to 25 MB', () => {
    for (const extension of UPLOAD_EXTENSIONS) {
      expect(fileProblem({ name: `work.${extension}`, size: 1 }), extension).toBeNull();
      expect(UPLOAD_ACCEPT.split(',')).toContain(`.${extension}`);
    }
    expect(fileProblem({ name: 'work.pdf', size: UPLOAD_MAX_BYTES })).toBeNull();
  });

  it('refuses another type with the server’s sentence, whatever its size', () => {
    for (const name of ['setup.exe', 'essay.docx', 'page.html', 'script.svg', 'README', 'report.pdf.exe']) {
      expect(fileProblem({ name, size: 10 }), name).toBe(UPLOAD_MESSAGES.uploadType);
    }
  });

  it('refuses a file over 25 MB, a video over 2 GB, and an empty one', () => {
    expect(fileProblem({ name: 'slides.pdf', size: UPLOAD_MAX_BYTES + 1 })).toBe(
      UPLOAD_MESSAGES.uploadTooLarge,
    );
    expect(fileProblem({ name: 'talk.mp4', size: UPLOAD_MAX_BYTES + 1 })).toBeNull();
    expect(fileProblem({ name: 'talk.mp4', size: UPLOAD_MAX_VIDEO_BYTES + 1 })).toBe(
      UPLOAD_MESSAGES.videoTooLarge,
    );
    expect(fileProblem({ name: 'blank.pdf', size: 0 })).toBe(UPLOAD_MESSAGES.uploadRequired);
  });
});
