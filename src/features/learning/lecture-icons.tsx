import type { LectureKind } from '@contract/domain/learning';
import { type IconProps, Outline } from '@/ui/icons';

/** An open book: text to read. */
const ReadIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M3 5.5C5.5 4.5 8.5 4.5 12 6.5c3.5-2 6.5-2 9-1V19c-2.5-1-5.5-1-9 1-3.5-2-6.5-2-9-1V5.5z" />
    <path d="M12 6.5V20" />
  </Outline>
);
/** A play button in a frame. */
const VideoIcon = (p: IconProps) => (
  <Outline {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2.5" />
    <path d="M10 9.5v5l4.5-2.5L10 9.5z" fill="currentColor" />
  </Outline>
);
/** A page with a folded corner and the letters' line. */
const PdfIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M6 3h8l4 4v14H6V3z" />
    <path d="M14 3v4h4M9 13h6M9 16.5h4" />
  </Outline>
);
/** A clipboard with a pencil line: hand something in. */
const AssignmentIcon = (p: IconProps) => (
  <Outline {...p}>
    <rect x="5" y="4.5" width="14" height="16.5" rx="2" />
    <path d="M9 4.5V3h6v1.5M8.5 11h7M8.5 14.5h7M8.5 18h4" />
  </Outline>
);
/** A question mark in a circle. */
const QuizIcon = (p: IconProps) => (
  <Outline {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.4 2.3c-.6.3-.9.8-.9 1.4v.6" />
    <circle cx="12" cy="17" r=".6" fill="currentColor" />
  </Outline>
);
/** A speech bubble with stars: tell us what you think. */
const SurveyIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M4 5h16v11H9l-5 4V5z" />
    <path d="M8.5 10.5h7" />
  </Outline>
);
/** The icon of a lecture's kind (spec section 2: a graded assignment has the assignment icon). */
export function LectureIcon({ kind, ...props }: IconProps & { kind: LectureKind }) {
  switch (kind) {
    case 'read':
      return <ReadIcon {...props} />;
    case 'video':
      return <VideoIcon {...props} />;
    case 'pdf':
      return <PdfIcon {...props} />;
    case 'assignment':
      return <AssignmentIcon {...props} />;
    case 'quiz':
      return <QuizIcon {...props} />;
    case 'survey':
      return <SurveyIcon {...props} />;
    case 'grades':
      return <AssignmentIcon {...props} />;
  }
}

/** A tick in a filled circle: the lecture is read. */
export function ReadMark(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" width="1em" height="1em" {...props}>
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path
        d="M7.5 12.5l3 3 6-6.5"
        fill="none"
        stroke="white"
        strokeWidth={2.2}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** An arrow pointing to where reading goes (mirrored in Arabic): `next` forwards, else back. */
export function DirectionArrow({ next, ...props }: IconProps & { next: boolean }) {
  return (
    <Outline {...props} className={`rtl:-scale-x-100 ${props.className ?? ''}`}>
      {next ? <path d="M5 12h14M13 6l6 6-6 6" /> : <path d="M19 12H5M11 6l-6 6 6 6" />}
    </Outline>
  );
}
