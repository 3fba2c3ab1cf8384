/** Sentences the reference server sends for the profile's calls. */
export const PROFILE_MESSAGES = {
  phoneTaken: 'A user with this phone number already exists',
  sameEmail: 'This is already your e-mail address',
  noEmailChange: 'There is no e-mail change to confirm. Ask for a new code',
  wrongPassword: 'The password is not correct',
  passwordChanged: 'Your password has been changed',
  accountClosed: 'Your account has been closed',
  closedAccountSignIn: 'This account has been closed. You can sign up again with this e-mail address',
  photoRequired: 'Choose a photo to upload',
  photoType: 'The photo must be a JPEG, PNG or WebP image',
  photoTooLarge: 'The photo must not be larger than 2 MB',
  photoMultipart: 'The photo must be sent as multipart/form-data',
  noticeKindsInvalid: 'Choose only the notices of your account, each once, with mail on or off',
} as const;

export type ProfileMessage = (typeof PROFILE_MESSAGES)[keyof typeof PROFILE_MESSAGES];
