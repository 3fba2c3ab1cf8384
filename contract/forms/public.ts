import { EMAIL_MAX, NAME_MAX } from '@contract/forms/auth';
import { atMost, field, email as isEmail, required } from '@contract/forms/rules';
import * as z from 'zod/mini';

/**
 * The public forms' rules and messages (spec section 5): contact, course request, issue report and
 * event registration. Shared by the views and the reference server; each field reports at most one
 * message, the first rule it breaks. What the server says once a form is sent: messages/public.ts.
 */
export const PUBLIC_VALIDATION = {
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  subjectRequired: 'Subject is required',
  descriptionRequired: 'description Is Required',
  nameRequired: 'Name is required',
  eventRequired: 'Event is required',
  fullNameMax: 'Full name must be at most 100 characters',
  nameMax: 'Name must be at most 100 characters',
  emailMax: 'Email must be at most 254 characters',
  subjectMax: 'Subject must be at most 150 characters',
  descriptionMax: 'Description must be at most 2000 characters',
} as const;

export type PublicValidationMessage = (typeof PUBLIC_VALIDATION)[keyof typeof PUBLIC_VALIDATION];

/** Longest subject and message a person writes in these forms, in characters (names: ./auth.ts). */
export const SUBJECT_MAX = 150;
export const DESCRIPTION_MAX = 2000;

/** Text that must not be blank, of at most `max` characters (spaces around it do not count). */
function requiredText(message: PublicValidationMessage, max: number, maxMessage: PublicValidationMessage) {
  return field(required(message), atMost(max, maxMessage));
}

const email = field<PublicValidationMessage>(
  required(PUBLIC_VALIDATION.emailRequired),
  atMost(EMAIL_MAX, PUBLIC_VALIDATION.emailMax),
  isEmail(PUBLIC_VALIDATION.emailInvalid),
);

const fullName = () =>
  requiredText(PUBLIC_VALIDATION.fullNameRequired, NAME_MAX, PUBLIC_VALIDATION.fullNameMax);
const subject = () =>
  requiredText(PUBLIC_VALIDATION.subjectRequired, SUBJECT_MAX, PUBLIC_VALIDATION.subjectMax);
const description = () =>
  requiredText(PUBLIC_VALIDATION.descriptionRequired, DESCRIPTION_MAX, PUBLIC_VALIDATION.descriptionMax);

/** POST /cms/get-in-touch/ */
export const getInTouchFormSchema = z.object({
  full_name: fullName(),
  email,
  subject: subject(),
  description: description(),
});
export type GetInTouchForm = z.infer<typeof getInTouchFormSchema>;
export const GET_IN_TOUCH_FIELDS = ['full_name', 'email', 'subject', 'description'] as const;

/** POST /cms/request-course/ */
export const courseRequestFormSchema = z.object({
  full_name: fullName(),
  email,
  description: description(),
});
export type CourseRequestForm = z.infer<typeof courseRequestFormSchema>;
export const COURSE_REQUEST_FIELDS = ['full_name', 'email', 'description'] as const;

/** POST /cms/report-an-issues/ */
export const issueReportFormSchema = z.object({
  name: requiredText(PUBLIC_VALIDATION.nameRequired, NAME_MAX, PUBLIC_VALIDATION.nameMax),
  subject: subject(),
  description: description(),
});
export type IssueReportForm = z.infer<typeof issueReportFormSchema>;
export const ISSUE_REPORT_FIELDS = ['name', 'subject', 'description'] as const;

/** POST /event-registration/ */
export const eventRegistrationSchema = /* @__PURE__ */ z.object({
  event: z.number().check(z.int(), z.positive({ message: PUBLIC_VALIDATION.eventRequired })),
});
export type EventRegistrationRequest = z.infer<typeof eventRegistrationSchema>;
