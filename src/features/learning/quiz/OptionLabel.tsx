import type { QuestionKind, QuestionOption } from '@contract/wire/learning';
import { useLingui } from '@lingui/react/macro';
import { pick } from '@/i18n/pick';
import { useLanguage } from '@/i18n/useLanguage';

/** An option's text in the page's language; a true/false question's options are 'True' and 'False'. */
export function OptionLabel({
  question,
  option,
}: {
  question: { kind: QuestionKind; options: QuestionOption[] };
  option: QuestionOption;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  if (question.kind === 'true_false') {
    const english = option.text.trim().toLowerCase();
    if (english === 'true') return <>{t`True`}</>;
    if (english === 'false') return <>{t`False`}</>;
  }
  return <bdi>{pick(option, 'text', language)}</bdi>;
}
