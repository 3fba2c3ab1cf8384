import * as z from 'zod/mini';

/**
 * The public forms' rules and messages (spec section 5): contact, course request, issue report and
 * event registration. Shared by the views and the reference server; each field reports at most one
 * message, the first rule it breaks.
 */
export const PUBLIC_VALIDATION = {
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  subjectRequired: 'Subject is required',
  descriptionRequired: 'description Is Required',
  nameRequired: 'Name is required',
  eventRequired: 'Event is required',
} as const;

/** Sentences the reference server sends for the public site's calls. */
export const PUBLIC_MESSAGES = {
  contactSent: 'Request Sent Successfully',
  courseRequested: 'Course Request is Successfully',
  eventRegistered: 'You have registered for this event successfully',
  alreadyRegistered: 'You are already registered for this event',
  eventEnded: 'This event has ended',
} as const;

export type PublicValidationMessage = (typeof PUBLIC_VALIDATION)[keyof typeof PUBLIC_VALIDATION];
export type PublicMessage = (typeof PUBLIC_MESSAGES)[keyof typeof PUBLIC_MESSAGES];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function requiredText(message: PublicValidationMessage) {
  return z.string().check(z.refine((value) => value.trim().length > 0, { message }));
}

const email = z.string().check(
  z.superRefine((value, ctx) => {
    const trimmed = value.trim();
    if (!trimmed) ctx.issues.push({ code: 'custom', message: PUBLIC_VALIDATION.emailRequired, input: value });
    else if (!EMAIL.test(trimmed)) {
      ctx.issues.push({ code: 'custom', message: PUBLIC_VALIDATION.emailInvalid, input: value });
    }
  }),
);

/** POST /cms/get-in-touch/ */
export const getInTouchFormSchema = z.object({
  full_name: requiredText(PUBLIC_VALIDATION.fullNameRequired),
  email,
  subject: requiredText(PUBLIC_VALIDATION.subjectRequired),
  description: requiredText(PUBLIC_VALIDATION.descriptionRequired),
});
export type GetInTouchForm = z.infer<typeof getInTouchFormSchema>;
export const GET_IN_TOUCH_FIELDS = ['full_name', 'email', 'subject', 'description'] as const;

/** POST /cms/request-course/ */
export const courseRequestFormSchema = z.object({
  full_name: requiredText(PUBLIC_VALIDATION.fullNameRequired),
  email,
  description: requiredText(PUBLIC_VALIDATION.descriptionRequired),
});
export type CourseRequestForm = z.infer<typeof courseRequestFormSchema>;
export const COURSE_REQUEST_FIELDS = ['full_name', 'email', 'description'] as const;

/** POST /cms/report-an-issues/ */
export const issueReportFormSchema = z.object({
  name: requiredText(PUBLIC_VALIDATION.nameRequired),
  subject: requiredText(PUBLIC_VALIDATION.subjectRequired),
  description: requiredText(PUBLIC_VALIDATION.descriptionRequired),
});
export type IssueReportForm = z.infer<typeof issueReportFormSchema>;
export const ISSUE_REPORT_FIELDS = ['name', 'subject', 'description'] as const;

/** POST /event-registration/ */
export const eventRegistrationSchema = z.object({
  event: z.number().check(z.int(), z.positive({ message: PUBLIC_VALIDATION.eventRequired })),
});
export type EventRegistrationRequest = z.infer<typeof eventRegistrationSchema>;
