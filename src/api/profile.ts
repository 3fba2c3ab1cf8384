import type {
  ChangePasswordForm,
  CloseAccountForm,
  EmailChangeRequest,
  ProfileRequest,
} from '@contract/forms/profile';
import { FAILURES } from '@contract/messages/failures';
import { type ConfirmationResponse, confirmationResponseSchema } from '@contract/wire/identity';
import {
  type NoticeMailSettings,
  type NoticeMailSettingsRequest,
  noticeMailSettingsSchema,
} from '@contract/wire/notice-mail';
import {
  type ChangePasswordResponse,
  changePasswordResponseSchema,
  type EmailConfirmRequest,
  type Profile,
  profileSchema,
} from '@contract/wire/profile';
import type { ApiClient } from './client';

/** GET /user/profile/: the signed-in person's details. */
export function getProfile(api: ApiClient): Promise<Profile> {
  return api.authed(profileSchema, '/user/profile/');
}

/** PATCH /user/profile/: name, phone, id number and user type; answers with the profile. */
export function updateProfile(api: ApiClient, body: ProfileRequest): Promise<Profile> {
  return api.authed(profileSchema, '/user/profile/', { method: 'PATCH', body });
}

/** POST /user/profile/email/: mails a code to the new address; nothing changes until it is confirmed. */
export function requestEmailChange(api: ApiClient, body: EmailChangeRequest): Promise<ConfirmationResponse> {
  return api.authed(confirmationResponseSchema, '/user/profile/email/', {
    method: 'POST',
    body,
    fallback: FAILURES.sendOtp,
  });
}

/** POST /user/profile/email/confirm/: the code from the new address; answers with the profile. */
export function confirmEmailChange(api: ApiClient, body: EmailConfirmRequest): Promise<Profile> {
  return api.authed(profileSchema, '/user/profile/email/confirm/', {
    method: 'POST',
    body: { otp_code: body.otp_code },
    fallback: FAILURES.verify,
  });
}

/** POST /user/profile/photo/ (multipart, part `image`): JPEG, PNG or WebP of at most 2 MB. */
export function uploadPhoto(api: ApiClient, image: Blob & { name?: string }): Promise<Profile> {
  const body = new FormData();
  body.append('image', image, image.name ?? 'photo');
  return api.authed(profileSchema, '/user/profile/photo/', {
    method: 'POST',
    body,
    fallback: FAILURES.upload,
  });
}

/** DELETE /user/profile/photo/: back to the stock avatar. */
export function removePhoto(api: ApiClient): Promise<Profile> {
  return api.authed(profileSchema, '/user/profile/photo/', { method: 'DELETE' });
}

/**
 * POST /user/change-password/: the other sessions end; this one goes on with the tokens answered
 * (src/session/index.ts `replaceTokens` stores them).
 */
export function changePassword(api: ApiClient, body: ChangePasswordForm): Promise<ChangePasswordResponse> {
  return api.authed(changePasswordResponseSchema, '/user/change-password/', { method: 'POST', body });
}

/** POST /user/close-account/: every session ends and the account's personal data goes. */
export function closeAccount(api: ApiClient, body: CloseAccountForm): Promise<ConfirmationResponse> {
  return api.authed(confirmationResponseSchema, '/user/close-account/', { method: 'POST', body });
}

/** GET /profile/notification-settings/: the notices of the user's role, each with whether it is mailed. */
export function getNoticeMailSettings(api: ApiClient): Promise<NoticeMailSettings> {
  return api.authed(noticeMailSettingsSchema, '/profile/notification-settings/');
}

/** PUT /profile/notification-settings/: turns the kinds named on or off; answers every kind. */
export function saveNoticeMailSettings(
  api: ApiClient,
  body: NoticeMailSettingsRequest,
): Promise<NoticeMailSettings> {
  return api.authed(noticeMailSettingsSchema, '/profile/notification-settings/', { method: 'PUT', body });
}
