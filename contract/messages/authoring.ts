import type { BuilderClassType } from '@contract/forms/authoring';

/** Trainer authoring (the calls: wire/authoring.ts; the forms' own sentences: forms/authoring.ts). */

/** Sentences the reference server sends for authoring (403s and refusals the rules cannot make). */
export const AUTHORING_MESSAGES = {
  notYourCourse: 'You do not teach this course',
  onlyOwnerDeletes: 'Only the trainer who created this course can delete it',
  courseHasTrainees: 'Trainees are enrolled in this course, so it cannot be deleted',
  courseNotApproved: 'Classes, assignments and quizzes can be added once the admin approves the course',
  courseDeleted: 'The course has been deleted',
  courseEnded: 'This course has ended, so its classes can no longer change',
  courseSubmitted: 'Your course has been sent to the admin for approval',
  courseSaved: 'Your changes have been saved',
  revisionSubmitted: "Your changes to the course details wait for the admin's approval",
  classCreated: 'The class has been added',
  classUpdated: 'The class has been updated',
  assignmentCreated: 'The assignment has been added',
  assignmentUpdated: 'The assignment has been updated',
  quizCreated: 'The quiz has been added',
  quizUpdated: 'The quiz has been updated',
  quizHasAttempts: 'Trainees have taken this quiz, so its questions can no longer change',
  typeHasWork: 'Trainees have handed in work for this lecture, so its type can no longer change',
  notEditable: 'Surveys and grades cannot be edited here',
  facilitatorNotFound: 'No approved trainer has this e-mail address',
  rejectReasonInvalid: 'Give the reason for rejecting the course, at most 500 characters',
  courseNotPending: 'This course is not waiting for approval',
  courseCompleted: 'This course has ended, so it can no longer be edited',
} as const;
export type AuthoringMessage = (typeof AUTHORING_MESSAGES)[keyof typeof AUTHORING_MESSAGES];

const LECTURE_SAVED = {
  Class: { create: AUTHORING_MESSAGES.classCreated, edit: AUTHORING_MESSAGES.classUpdated },
  Assignment: { create: AUTHORING_MESSAGES.assignmentCreated, edit: AUTHORING_MESSAGES.assignmentUpdated },
  Quiz: { create: AUTHORING_MESSAGES.quizCreated, edit: AUTHORING_MESSAGES.quizUpdated },
} as const;

/** What saving a class, an assignment or a quiz says: added when it is new, updated when edited. */
export function lectureSavedMessage(kind: BuilderClassType, mode: 'create' | 'edit'): AuthoringMessage {
  return LECTURE_SAVED[kind][mode];
}
