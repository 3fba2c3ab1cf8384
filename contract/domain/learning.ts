import type { ClassTypeName } from '@contract/wire/learning';

/** The course player's lectures (the calls: wire/learning.ts): what each is, when it counts as read. */

/** What the player shows for a lecture, and the sidebar's icon (spec section 2, course sidebar). */
export type LectureKind = 'read' | 'video' | 'pdf' | 'assignment' | 'quiz' | 'survey' | 'grades';

/** The file extensions a browser's native player plays. */
export const VIDEO_EXTENSIONS = ['mp4', 'webm', 'ogg', 'mov'] as const;

/**
 * The kind of a lecture from the spec's fields: a Class is a video or a PDF by its file, and
 * text to read without one; 'Grads of Assignment' is the course's grades.
 */
export function lectureKind(lecture: {
  class_type_name: ClassTypeName;
  file_extension: string | null;
}): LectureKind {
  switch (lecture.class_type_name) {
    case 'Assignment':
      return 'assignment';
    case 'Quiz':
      return 'quiz';
    case 'Survey':
      return 'survey';
    case 'Grads of Assignment':
      return 'grades';
    case 'Class': {
      const extension = lecture.file_extension?.toLowerCase() ?? '';
      if ((VIDEO_EXTENSIONS as readonly string[]).includes(extension)) return 'video';
      if (extension === 'pdf') return 'pdf';
      return 'read';
    }
  }
}

/** A video counts as watched at this share of its length. */
export const VIDEO_READ_SHARE = 0.9;
