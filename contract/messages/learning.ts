/** Learning (the calls: wire/learning.ts). */

/** The spec's upload toasts (section 8). */
export const UPLOAD_SUCCESS = 'File has been uploaded successfully';
export const UPLOAD_FAILURE = 'Error uploading file';

/**
 * The sentences of uploads (POST /upload/, resumable uploads, the upload machine): apart from
 * SERVER_MESSAGES so that a visitor's pages, which load those, do not carry them.
 */
export const UPLOAD_MESSAGES = {
  uploadRequired: 'Choose a file to upload',
  uploadType: 'The file must be a PDF, CSV, Excel sheet, picture (PNG, GIF, JPEG), audio or video file',
  uploadTooLarge: 'The file must not be larger than 25 MB',
  videoTooLarge: 'The video is larger than the centre accepts',
  uploadQuotaFull:
    'Your files have used all the storage you have. Remove files you no longer need, or ask the centre for more',
  uploadsInFlight: 'You have too many uploads under way. Finish or cancel one first',
  uploadNotVideo: 'This file is not a video we can play',
  uploadUnknown: 'Upload the file first, then submit it',
} as const;

export type UploadMessage = (typeof UPLOAD_MESSAGES)[keyof typeof UPLOAD_MESSAGES];
