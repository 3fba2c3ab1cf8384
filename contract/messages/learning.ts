/** Learning (the calls: wire/learning.ts). */

/** The spec's upload toasts (section 8). */
export const UPLOAD_SUCCESS = 'File has been uploaded successfully';
export const UPLOAD_FAILURE = 'Error uploading file';
