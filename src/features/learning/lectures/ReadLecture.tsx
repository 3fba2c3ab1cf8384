import { paragraphsOf } from '@/features/learning/learning-text';
import type { LectureViewProps } from '@/features/learning/lecture-view';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';
import { LectureHeading } from './LectureHeading';
import { useMarkRead } from './useMarkRead';

/** A lecture to read: its title, description and text, in the page's language when it has one. */
export function ReadLecture(props: LectureViewProps) {
  const { lecture } = props;
  const language = useLanguage();
  useMarkRead(props);
  const paragraphs = paragraphsOf(pick(lecture, 'body', language));
  return (
    <article className="flex flex-col gap-4">
      <LectureHeading lecture={lecture} />
      <div className="flex max-w-prose flex-col gap-4 leading-relaxed whitespace-pre-line text-slate-800">
        {paragraphs.map((paragraph, index) => (
          // Paragraphs have no identity beyond their place in the text.
          // biome-ignore lint/suspicious/noArrayIndexKey: the text's order is the paragraph's identity
          <p key={index} dir="auto" className="text-start">
            {paragraph}
          </p>
        ))}
      </div>
    </article>
  );
}
